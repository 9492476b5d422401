// Erosion simulated on a grid: stream power, talus, lakes. See erosion_sim.hpp.
#include "noise/erosion_sim.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <numeric>
#include <optional>
#include <queue>
#include <stdexcept>
#include <string>
#include <utility>

#include "noise/field_table.hpp"

namespace noise {
namespace {

// The D8 neighbours, in the fixed order every tie is broken by: east, then clockwise.
constexpr std::array<int, 8> d8_x{1, 1, 0, -1, -1, -1, 0, 1};
constexpr std::array<int, 8> d8_y{0, 1, 1, 1, 0, -1, -1, -1};
constexpr double diagonal = 1.4142135623730951;
constexpr std::array<double, 8> d8_distance{1.0, diagonal, 1.0, diagonal, 1.0, diagonal, 1.0, diagonal};
constexpr double pi = 3.14159265358979323846;

struct Grid {
    int width, height;
    std::size_t at(int x, int y) const { return static_cast<std::size_t>(y) * width + x; }
    bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
    bool border(int x, int y) const { return x == 0 || y == 0 || x == width - 1 || y == height - 1; }
    std::size_t cells() const { return static_cast<std::size_t>(width) * height; }
};

// Step 3, Priority-Flood+epsilon: from the border inwards, lowest first (ties by index), a cell
// not above the one it is reached from is raised to the next representable number above it.
// `raised` (when given) gets what each cell was raised by.
template <class T>
void fill_pits(const Grid& grid, std::vector<T>& z, std::vector<double>* raised) {
    using Entry = std::pair<T, std::size_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open;
    std::vector<char> reached(z.size(), 0);
    for (int y = 0; y < grid.height; ++y)
        for (int x = 0; x < grid.width; ++x)
            if (grid.border(x, y)) {
                reached[grid.at(x, y)] = 1;
                open.push({z[grid.at(x, y)], grid.at(x, y)});
            }
    while (!open.empty()) {
        const std::size_t c = open.top().second;
        open.pop();
        const int cx = static_cast<int>(c % grid.width), cy = static_cast<int>(c / grid.width);
        for (std::size_t k = 0; k < 8; ++k) {
            const int nx = cx + d8_x[k], ny = cy + d8_y[k];
            if (!grid.inside(nx, ny) || reached[grid.at(nx, ny)]) continue;
            const std::size_t n = grid.at(nx, ny);
            reached[n]          = 1;
            const T above       = std::nextafter(z[c], std::numeric_limits<T>::infinity());
            if (z[n] < above) {
                if (raised != nullptr) (*raised)[n] += static_cast<double>(above - z[n]);
                z[n] = above;
            }
            open.push({z[n], n});
        }
    }
}

// Each cell's D8 steepest-descent neighbour (itself on the border and where none is lower), with
// the distance to it in cells.
template <class T>
void find_receivers(const Grid& grid, const std::vector<T>& z, std::vector<std::size_t>& receiver,
                    std::vector<double>& distance) {
    for (int y = 0; y < grid.height; ++y) {
        for (int x = 0; x < grid.width; ++x) {
            const std::size_t i = grid.at(x, y);
            receiver[i]         = i;
            distance[i]         = 1.0;
            if (grid.border(x, y)) continue;  // the border is where water leaves
            double steepest = 0.0;
            for (std::size_t k = 0; k < 8; ++k) {
                const std::size_t n = grid.at(x + d8_x[k], y + d8_y[k]);
                const double slope = (static_cast<double>(z[i]) - static_cast<double>(z[n])) / d8_distance[k];
                if (slope > steepest) {
                    steepest    = slope;
                    receiver[i] = n;
                    distance[i] = d8_distance[k];
                }
            }
        }
    }
}

// The cells lowest first, ties by index: one order on every run.
template <class T>
std::vector<std::size_t> lowest_first(const std::vector<T>& z) {
    std::vector<std::size_t> order(z.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return z[a] < z[b] || (z[a] == z[b] && a < b); });
    return order;
}

// The area drained through each cell (in cells), donors before receivers.
std::vector<double> drained_area(const std::vector<std::size_t>& order,
                                 const std::vector<std::size_t>& receiver) {
    std::vector<double> area(order.size(), 1.0);
    for (auto it = order.rbegin(); it != order.rend(); ++it)
        if (receiver[*it] != *it) area[receiver[*it]] += area[*it];
    return area;
}

// Step 1: one implicit step of the stream-power law, receivers first.
void stream_power_step(const Grid& grid, const SimulationSettings& settings, std::vector<double>& z,
                       std::vector<double>& deposit, std::vector<double>& wear) {
    fill_pits(grid, z, &deposit);
    std::vector<std::size_t> receiver(z.size());
    std::vector<double> distance(z.size());
    find_receivers(grid, z, receiver, distance);
    const std::vector<std::size_t> order = lowest_first(z);
    const std::vector<double> area       = drained_area(order, receiver);
    const double cell_area               = settings.cell_size * settings.cell_size;
    for (const std::size_t i : order) {
        if (receiver[i] == i) continue;
        const double f = settings.erodibility * std::pow(area[i] * cell_area, settings.area_exponent) /
                         (distance[i] * settings.cell_size);
        // Never above where it was (the weighted mean can round up by an ulp).
        const double lowered = std::min(z[i], (z[i] + f * z[receiver[i]]) / (1.0 + f));
        wear[i] += z[i] - lowered;
        z[i] = lowered;
    }
}

// Step 2: pairs steeper than the talus angle give half their excess downhill, pass after pass.
void thermal_passes(const Grid& grid, const SimulationSettings& settings, std::vector<double>& z,
                    std::vector<double>& deposit, std::vector<double>& wear) {
    if (settings.talus_degrees >= 90.0) return;
    const double tangent = std::tan(settings.talus_degrees * pi / 180.0);
    // Each pair once per pass: east, south-west, south, south-east.
    constexpr std::array<std::size_t, 4> forward{0, 3, 2, 1};
    for (int pass = 0; pass < settings.thermal_passes_max; ++pass) {
        double worst = 0.0;  // the largest excess over the talus angle seen in this pass, degrees
        for (int y = 0; y < grid.height; ++y) {
            for (int x = 0; x < grid.width; ++x) {
                for (const std::size_t k : forward) {
                    const int nx = x + d8_x[k], ny = y + d8_y[k];
                    if (!grid.inside(nx, ny)) continue;
                    const std::size_t i = grid.at(x, y), n = grid.at(nx, ny);
                    const double run = d8_distance[k] * settings.cell_size, rise = z[i] - z[n];
                    const double excess = std::abs(rise) - tangent * run;
                    if (!(excess > 0.0)) continue;
                    worst                  = std::max(worst,
                                                      std::atan(std::abs(rise) / run) * 180.0 / pi - settings.talus_degrees);
                    const std::size_t high = rise > 0.0 ? i : n, low = rise > 0.0 ? n : i;
                    z[high] -= excess * 0.5;
                    z[low] += excess * 0.5;
                    wear[high] += excess * 0.5;
                    deposit[low] += excess * 0.5;
                }
            }
        }
        if (worst <= settings.talus_tolerance_degrees) break;
    }
}

std::string out_of_range(std::string_view key, double value, std::string_view expected) {
    return std::string(key) + ": '" + format_number(value) + "' is out of range: expected " +
           std::string(expected);
}

}  // namespace

std::string validate(const SimulationSettings& s, std::span<const float> heights, int width, int height) {
    if (width < 1 || height < 1)
        return "size: '" + std::to_string(width) + "x" + std::to_string(height) +
               "' is not allowed: expected a positive width and height";
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
    if (s.thermal_passes_max < 0 || s.thermal_passes_max > 1000000)
        return out_of_range("thermal_passes_max", s.thermal_passes_max, "an integer from 0 to 1000000");
    return {};
}

std::optional<SimulationMaps> simulate_erosion(std::span<const float> heights, int width, int height,
                                               const SimulationSettings& settings,
                                               const SimulationControl& control) {
    if (auto error = validate(settings, heights, width, height); !error.empty())
        throw std::invalid_argument(error);
    const auto cancelled = [&] { return control.cancel != nullptr && control.cancel->load(); };
    const Grid grid{width, height};
    std::vector<double> z(grid.cells()), wear(grid.cells(), 0.0), deposit(grid.cells(), 0.0);
    for (std::size_t i = 0; i < z.size(); ++i) z[i] = static_cast<double>(heights[i]) * settings.height_scale;
    std::vector<float> preview;
    const auto snapshot = [&] {
        if (!control.snapshot) return;
        preview.resize(grid.cells());
        for (std::size_t i = 0; i < z.size(); ++i)
            preview[i] = static_cast<float>(z[i] / settings.height_scale);
        control.snapshot(preview);
    };
    const double steps = settings.hydraulic_steps + 1.0;
    for (int step = 0; step < settings.hydraulic_steps; ++step) {
        if (cancelled()) return std::nullopt;
        stream_power_step(grid, settings, z, deposit, wear);
        snapshot();
        if (control.progress) control.progress((step + 1) / (steps + 1.0));
    }
    if (cancelled()) return std::nullopt;
    thermal_passes(grid, settings, z, deposit, wear);
    snapshot();
    if (control.progress) control.progress(steps / (steps + 1.0));
    if (cancelled()) return std::nullopt;

    SimulationMaps maps;
    maps.width        = width;
    maps.height_cells = height;
    maps.height.resize(grid.cells());
    for (std::size_t i = 0; i < z.size(); ++i)
        maps.height[i] = static_cast<float>(z[i] / settings.height_scale);
    // Step 3 on the heights as they are handed over, so that rounding to float leaves no pit.
    std::vector<double> lakes(grid.cells(), 0.0);
    fill_pits(grid, maps.height, &lakes);
    std::vector<std::size_t> receiver(grid.cells());
    std::vector<double> distance(grid.cells());
    find_receivers(grid, maps.height, receiver, distance);
    const std::vector<double> area = drained_area(lowest_first(maps.height), receiver);
    maps.flow.resize(grid.cells());
    maps.wear.resize(grid.cells());
    maps.deposit.resize(grid.cells());
    for (std::size_t i = 0; i < z.size(); ++i) {
        maps.flow[i]    = static_cast<float>(area[i]);
        maps.wear[i]    = static_cast<float>(wear[i] / settings.height_scale);
        maps.deposit[i] = static_cast<float>(deposit[i] / settings.height_scale + lakes[i]);
    }
    return maps;
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
