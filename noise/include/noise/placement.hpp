// noise/placement.hpp: a preset placed in its frame or in the world (Params::placement), and the
// conversion from the one to the other.
//
//     noise::Params params = preset.params;                 // placement frame: an island per frame
//     if (auto error = noise::place_in_world(params); !error.empty()) throw ...;
//     noise::render_grid(params, chunk, heights);            // one island, wherever chunks are cut
//
// With placement frame (the default, and every preset written before the key) a layer's shape
// and heightmap sit in frame units, the frame being the image of render.hpp's pixel model (1 wide,
// x right and y down from offset_x, offset_y, `frequency` noise units across), and the mask
// field's and the layers' fields' frequencies are relative to `frequency`. So they move and scale
// when the frame does, and windows cut elsewhere than the frame (GridWindow, Sampler, a changed
// offset) see them where their own frame would put them.
//
// With placement world they are in noise units: a shape's centre and radius, a heightmap's corner
// and width are coordinates and lengths of noise space, read at the noise-space point itself
// (LayerStack::frame_x(x) is x), and a mask or layer field's `frequency` is the multiplier of the
// noise-space point it reads (field_scale, params.hpp; whole while tiling). Then the field is a
// function of the noise-space point alone and any window gives the same samples there: offset_x,
// offset_y and frequency only choose what a Region shows. The simulation (erosion.method =
// simulate) is still a function of its frame, which render_grid and Sampler refuse.
//
// place_in_world turns a frame preset into a world one showing the same picture in its frame:
//     centre_world = offset + centre_frame * frequency       (x and y, shapes and heightmaps)
//     length_world = length_frame * frequency                 (radius, map_width, shape_warp)
//     frequency_world = frequency_field / frequency           (mask field, layers' fields and masks,
//                                                              shape_warp_frequency)
// (shape_warp and shape_warp_frequency only when the warp is on: an unused one keeps its numbers).
// A plateau's edge is a share of the radius and a ramp's angle a direction: they stay. The
// values are the same up to rounding: the frame divides (x - offset) by frequency where the world
// multiplies the centre by it, so samples may differ in their last bits (world_conversion_note).
// Nothing converts silently: a preset keeps its placement until asked.
#pragma once

#include <string>
#include <string_view>

#include "noise/params.hpp"

namespace noise {

// What the conversion changes besides the numbers: a sentence the front ends show once it is done.
inline constexpr std::string_view world_conversion_note =
    "placed in the world: shapes, heightmaps and field frequencies are in noise units now; the picture "
    "is the same, its values may differ from the frame's in the last bits (rounding)";

// A new field read beside `root` (a mask field, a layer's noise): root unshaped, without mask,
// stack or erosion (without_shaping), with placement frame (a field has none of its own), reading
// the same noise-space point as root: its frequency root's (frame) or 1 (world).
Params field_beside(const Params& root);

// `layer` of a frame preset `root`, placed in the world as place_in_world places it (root's own
// placement is not read: its offsets and frequency are the frame).
StackLayer layer_in_world(const Params& root, StackLayer layer);

// Turns params (placement frame) into placement world with the same picture, as above. "" on
// success, else one line (already in the world; a converted value out of its range, naming the
// key) and params unchanged.
std::string place_in_world(Params& params);

}  // namespace noise
