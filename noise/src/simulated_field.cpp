// The simulation's result as a field every path reads: see simulated_field.hpp.
#include "noise/simulated_field.hpp"

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

#include "noise/fractal.hpp"
#include "noise/render.hpp"
#include "stack_stage.hpp"
#include "worker_pool.hpp"

namespace noise {

std::string simulation_needs_frame(const Params& params, std::string_view window) {
    const std::string frame = params.placement == Placement::world
                                  ? " (placement = world, but the simulation runs on its frame: offset_x " +
                                        format_number(params.offset_x) + ", offset_y " +
                                        format_number(params.offset_y) + ", frequency " +
                                        format_number(params.frequency) + ")"
                                  : "";
    return "erosion.method: 'simulate' needs its whole frame at once" + frame +
           ": expected render with a Region" + (frame.empty() ? "" : " of that frame") +
           " (which simulates the region's full image), or another erosion.method for " + std::string(window);
}
namespace {

// Hillslope creep in m^2 per step, the same for every preset until it has a key of its own: on
// 12 km frames of 1500 m relief (river-canyons) it brings the land within 2 degrees of the talus
// angle from about 21 % to about 8 % (40 steps), and channels and fans keep their shape.
constexpr double hillslope_diffusivity = 100.0;

}  // namespace

SimulationSettings simulation_settings(const Params& params, int width) {
    SimulationSettings settings;
    settings.cell_size       = params.erosion_extent / width;
    settings.height_scale    = params.erosion_relief;
    settings.hydraulic_steps = params.erosion_steps;
    settings.erodibility     = params.erosion_erodibility;
    settings.area_exponent   = params.erosion_area_exponent;
    settings.talus_degrees   = params.erosion_talus;
    settings.diffusivity     = hillslope_diffusivity;
    settings.deposition      = params.erosion_deposition;
    return settings;
}

Params eroded_params(const Params& params, int width, int height, std::vector<float> unit_heights) {
    auto samples    = std::make_shared<HeightSamples>();
    samples->width  = width;
    samples->height = height;
    samples->values = std::move(unit_heights);

    StackLayer eroded;
    eroded.name            = "eroded";
    eroded.source          = LayerSource::heightmap;
    eroded.heightmap       = "(the simulation's result)";
    eroded.heightmap_image = {std::move(samples)};
    eroded.map_x           = 0.0;
    eroded.map_y           = 0.0;
    eroded.map_width       = 1.0;  // one texel per pixel: texel centres on pixel centres
    eroded.map_edges       = MapEdges::clamp;

    Params result          = params;
    result.erosion_method  = ErosionMethod::none;
    result.base_layer.mute = true;   // the stack starts from 0: blend normal at opacity 1 gives
    result.base_layer.solo = false;  // the eroded height itself, bit for bit
    result.stack           = {std::move(eroded)};
    return result;
}

std::optional<SimulatedField> simulate_field(const Params& params, int width, int height,
                                             const SimulationControl& control) {
    const detail::DefaultFloatingPoint default_fp;  // the caller's rounding mode must change no value
    if (params.erosion_method != ErosionMethod::simulate)
        throw std::invalid_argument("erosion.method: simulate_field needs 'simulate'");
    if (auto error = validate(params); !error.empty()) throw std::invalid_argument(error);
    if (auto error = validate(Region::full(width, height)); !error.empty())
        throw std::invalid_argument(error);
    if (width > max_simulated_side || height > max_simulated_side)
        throw std::invalid_argument("size " + std::to_string(width) + "x" + std::to_string(height) +
                                    " is too large for erosion.method = simulate: expected at most " +
                                    std::to_string(max_simulated_side) + "x" +
                                    std::to_string(max_simulated_side) +
                                    " (the simulation holds the whole image, about 64 bytes a pixel)");

    // Step 1: the field before erosion, as unit heights.
    std::vector<float> heights(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
    RenderOptions options;
    options.threads = control.threads;
    options.cancel  = control.cancel;
    if (!render(FractalNoise(params), Region::full(width, height), heights, options)) return std::nullopt;
    const Range range = nominal_range(params);  // the stack's own conversion (stack_stage.hpp)
    for (float& h : heights) h = static_cast<float>(detail::unit_height(static_cast<double>(h), range));

    // Step 2.
    std::optional<SimulationMaps> maps =
        simulate_erosion(heights, width, height, simulation_settings(params, width), control);
    if (!maps) return std::nullopt;

    // Step 3.
    SimulatedField field;
    field.params = eroded_params(params, width, height, maps->height);
    field.maps   = std::move(*maps);
    return field;
}

}  // namespace noise
