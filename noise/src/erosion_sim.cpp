// Erosion simulated on a grid: the run, the settings' check and the measures. The stages are in
// erosion_sim_flow.cpp (water, lakes) and erosion_sim_thermal.cpp (talus). See erosion_sim.hpp.
#include "noise/erosion_sim.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "erosion_sim_grid.hpp"
#include "noise/field_table.hpp"

namespace noise {
namespace {

using detail::d8_distance;
using detail::d8_x;
using detail::d8_y;
using detail::Grid;
using detail::pi;
using detail::Run;

std::string out_of_range(std::string_view key, double value, std::string_view expected) {
    return std::string(key) + ": '" + format_number(value) + "' is out of range: expected " +
           std::string(expected);
}

}  // namespace

std::string validate(const SimulationSettings& s, std::span<const float> heights, int width, int height) {
    if (width < 1 || height < 1)
        return "size: '" + std::to_string(width) + "x" + std::to_string(height) +
               "' is not allowed: expected a positive width and height";
    if (static_cast<std::size_t>(width) * static_cast<std::size_t>(height) >
        std::numeric_limits<std::uint32_t>::max())
        return "size: '" + std::to_string(width) + "x" + std::to_string(height) +
               "' is not allowed: expected at most 4294967295 cells";
    if (heights.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height))
        return "heights: " + std::to_string(heights.size()) + " values given: expected width x height = " +
               std::to_string(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
    for (const float h : heights)
        if (!std::isfinite(h))
            return "heights: '" + format_number(h) + "' is not allowed: expected finite numbers";
    if (!(s.cell_size > 0.0) || !std::isfinite(s.cell_size))
        return out_of_range("cell_size", s.cell_size, "a finite number above 0");
    if (!(s.height_scale > 0.0) || !std::isfinite(s.height_scale))
        return out_of_range("height_scale", s.height_scale, "a finite number above 0");
    if (s.hydraulic_steps < 0 || s.hydraulic_steps > 10000)
        return out_of_range("hydraulic_steps", s.hydraulic_steps, "an integer from 0 to 10000");
    if (!(s.erodibility >= 0.0 && s.erodibility <= 1e6))
        return out_of_range("erodibility", s.erodibility, "a number from 0 to 1000000");
    if (!(s.area_exponent >= 0.0 && s.area_exponent <= 2.0))
        return out_of_range("area_exponent", s.area_exponent, "a number from 0 to 2");
    if (!(s.talus_degrees > 0.0 && s.talus_degrees <= 90.0))
        return out_of_range("talus_degrees", s.talus_degrees,
                            "a number above 0, up to 90 (90: no thermal erosion)");
    if (!(s.talus_tolerance_degrees > 0.0 && s.talus_tolerance_degrees <= 10.0))
        return out_of_range("talus_tolerance_degrees", s.talus_tolerance_degrees,
                            "a number above 0, up to 10");
    if (!(s.flow_exponent >= 0.5 && s.flow_exponent <= 10.0))
        return out_of_range("flow_exponent", s.flow_exponent, "a number from 0.5 to 10");
    if (!(s.deposition >= 0.0 && s.deposition <= 10.0))
        return out_of_range("deposition", s.deposition, "a number from 0 to 10");
    if (!(s.diffusivity >= 0.0 && s.diffusivity <= 1e6))
        return out_of_range("diffusivity", s.diffusivity, "a number from 0 to 1000000");
    if (s.thermal_passes_max < 0 || s.thermal_passes_max > 1000000)
        return out_of_range("thermal_passes_max", s.thermal_passes_max, "an integer from 0 to 1000000");
    return {};
}

std::optional<SimulationMaps> simulate_erosion(std::span<const float> heights, int width, int height,
                                               const SimulationSettings& settings,
                                               const SimulationControl& control) {
    if (auto error = validate(settings, heights, width, height); !error.empty())
        throw std::invalid_argument(error);
    const Grid grid{width, height};
    const std::size_t cells = grid.cells();
    const Run run{control.threads != 0 ? control.threads : detail::WorkerPool::shared().hardware_threads(),
                  control.cancel};
    const auto each_cell = [&](auto&& fn) {
        run.for_each_block(cells, std::size_t{1} << 16, [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) fn(i);
        });
    };
    // Progress counts stages: the first lakes, each hydraulic step, the thermal stage, the end.
    const double stages = settings.hydraulic_steps + 3.0;
    const auto done     = [&](double stage) {
        if (control.progress) control.progress(stage / stages);
    };
    try {
        // The outputs, 16 bytes a cell, double as scratch until the end: flow holds the drained
        // areas, height the snapshots. With z (8), the lower neighbours, the donors and the
        // walks' counts (1 each), what a cell hands on (4), what each step eroded (4) and the
        // flood's queues; the thermal stage adds a copy of z.
        SimulationMaps maps;
        maps.width        = width;
        maps.height_cells = height;
        maps.height.resize(cells);
        maps.flow.resize(cells);
        maps.wear.assign(cells, 0.0f);
        maps.deposit.assign(cells, 0.0f);
        std::vector<double> z(cells);
        std::vector<float> eroded(cells);
        detail::Routing routing;
        const double scale = settings.height_scale;
        each_cell([&](std::size_t i) { z[i] = static_cast<double>(heights[i]) * scale; });
        const auto snapshot = [&] {
            if (!control.snapshot) return;
            each_cell([&](std::size_t i) { maps.height[i] = static_cast<float>(z[i] / scale); });
            control.snapshot(maps.height);
        };

        // 3. (first) The lakes of the input, once: the steps make no new ones that matter (the
        // last flood takes what diffusion leaves).
        routing.lower.resize(cells);
        detail::fill_pits<double>(grid, run, z, maps.deposit, 1.0, routing.lower);
        done(1.0);
        // 1. Hydraulic steps.
        for (int step = 0; step < settings.hydraulic_steps; ++step) {
            const std::span<const double> now(z);
            detail::route(grid, run, now, settings.cell_size, routing);
            detail::drained_area(grid, run, now, routing, settings.flow_exponent, maps.flow);
            detail::stream_power_step(grid, run, settings, z, routing, maps.flow, eroded, maps.wear);
            if (settings.deposition > 0.0)
                detail::deposit_sediment(grid, run, settings, z, routing, maps.flow, eroded, maps.wear,
                                         maps.deposit);
            if (settings.diffusivity > 0.0) {
                // Creep can lift a channel's floor above the cell below it; those pits would stop
                // the next step's water short, so they are raised now (as deposit).
                detail::diffuse_hillslopes(grid, run, settings, z);
                detail::keep_draining(grid, run, z, routing, maps.deposit);
            }
            snapshot();
            done(step + 2.0);
        }
        std::vector<float>().swap(eroded);
        routing.share   = {};
        routing.waiting = {};
        routing.order   = {};
        routing.runs    = {};
        // 2. Thermal.
        detail::thermal_erosion(grid, run, settings, z, maps.wear, maps.deposit);
        each_cell([&](std::size_t i) {
            maps.height[i]  = static_cast<float>(z[i] / scale);
            maps.wear[i]    = static_cast<float>(maps.wear[i] / scale);
            maps.deposit[i] = static_cast<float>(maps.deposit[i] / scale);
        });
        std::vector<double>().swap(z);  // the flood's queue may take its place
        // 3. (last) The lakes left, on the floats handed over, so that neither the deposits nor
        // diffusion nor rounding to float leave a pit.
        detail::fill_pits<float>(grid, run, maps.height, maps.deposit, 1.0, routing.lower);
        if (control.snapshot) control.snapshot(maps.height);
        done(settings.hydraulic_steps + 2.0);
        // The flow map, on the final heights.
        const std::span<const float> final_heights(maps.height);
        detail::route(grid, run, final_heights, settings.cell_size, routing);
        detail::drained_area(grid, run, final_heights, routing, settings.flow_exponent, maps.flow);
        return maps;
    } catch (const detail::Cancelled&) {
        return std::nullopt;
    }
}

int count_pits(std::span<const float> heights, int width, int height) {
    const Grid grid{width, height};
    int pits = 0;
    for (int y = 1; y + 1 < height; ++y) {
        for (int x = 1; x + 1 < width; ++x) {
            bool way_out = false;
            for (std::size_t k = 0; k < 8 && !way_out; ++k)
                way_out = heights[grid.at(x + d8_x[k], y + d8_y[k])] < heights[grid.at(x, y)];
            pits += way_out ? 0 : 1;
        }
    }
    return pits;
}

double steepest_slope_degrees(std::span<const float> heights, int width, int height, double cell_size,
                              double height_scale) {
    const Grid grid{width, height};
    double steepest = 0.0;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            for (std::size_t k = 0; k < 8; ++k) {
                const int nx = x + d8_x[k], ny = y + d8_y[k];
                if (!grid.inside(nx, ny)) continue;
                const double rise = std::abs(static_cast<double>(heights[grid.at(x, y)]) -
                                             static_cast<double>(heights[grid.at(nx, ny)])) *
                                    height_scale;
                steepest = std::max(steepest, std::atan(rise / (d8_distance[k] * cell_size)) * 180.0 / pi);
            }
    return steepest;
}

}  // namespace noise
