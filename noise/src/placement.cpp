// A preset in its frame or in the world: see placement.hpp.
#include "noise/placement.hpp"

#include "noise/shaping.hpp"

namespace noise {

Params field_beside(const Params& root) {
    Params field    = without_shaping(root);
    field.placement = Placement::frame;
    field.mask_field.clear();
    // The multiplier of root's point: frequency / frequency is exactly 1 in the frame.
    if (root.placement == Placement::world) field.frequency = 1.0;
    return field;
}

StackLayer layer_in_world(const Params& root, StackLayer layer) {
    const double f     = root.frequency;
    layer.shape_x      = root.offset_x + layer.shape_x * f;
    layer.shape_y      = root.offset_y + layer.shape_y * f;
    layer.shape_radius = layer.shape_radius * f;
    layer.map_x        = root.offset_x + layer.map_x * f;
    layer.map_y        = root.offset_y + layer.map_y * f;
    layer.map_width    = layer.map_width * f;
    // The coast's warp, when on: its displacement a length, its frequency per unit of length (an
    // unused warp keeps its numbers, which nothing reads).
    if (layer.shape_warp > 0.0) {
        layer.shape_warp           = layer.shape_warp * f;
        layer.shape_warp_frequency = layer.shape_warp_frequency / f;
    }
    for (Params& field : layer.field) field.frequency /= f;
    for (Params& field : layer.mask_field) field.frequency /= f;
    return layer;
}

std::string place_in_world(Params& params) {
    if (params.placement == Placement::world)
        return "placement: 'world' is already the preset's placement: expected a preset placed in its frame";
    Params placed    = params;
    placed.placement = Placement::world;
    for (Params& mask : placed.mask_field) mask.frequency /= params.frequency;
    for (StackLayer& layer : placed.stack) layer = layer_in_world(params, std::move(layer));
    if (auto error = validate(placed); !error.empty())
        return "placement: 'world' cannot hold this preset's frame: " + error;
    params = std::move(placed);
    return {};
}

}  // namespace noise
