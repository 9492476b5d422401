// noise/layer_edit.hpp: the layer stack's edits (layer_stack.hpp): add, remove, duplicate and move
// a layer, with every mask that names a layer still naming the same one.
//
//     noise::Params params;                                   // layer 1: the field
//     noise::add_layer(params, noise::new_stack_layer(params, 2));       // layer 2: noise
//     params.stack[0].mask = noise::LayerMask::layer;                    // masked by layer 1
//     noise::add_layer(params, noise::new_stack_layer(params, 3));       // layer 3
//     noise::move_layer(params, 3, 2);     // layer 3 goes under layer 2: it is layer 2 now, and
//                                          // the old layer 2, now layer 3, is still masked by 1
//
// Layers are numbered as the panel and layer.N.KEY number them: 1 is the field itself
// (Params itself plus Params::base_layer), 2 .. 1 + stack.size() are Params::stack[N - 2], the
// higher numbers lying above the lower ones.
//
// The invariant every edit keeps: a layer's `mask_layer` names the same layer afterwards, under its
// new number. The exceptions, stated plainly:
//   - a layer masked by the layer an edit removes loses its mask: `mask` becomes none and
//     `mask_layer` 1 (its default); its threshold, falloff and invert stay, for when the user
//     picks another mask;
//   - a `mask_layer` that names no layer (a dormant number while `mask` is not `layer`, beyond
//     the stack) is left as it is;
//   - layer 1 is the field: it cannot be removed or moved, and no layer can be moved below it.
// A duplicate is a copy of everything (name + " copy"), placed just above its original; it is
// masked by what masked the original. Duplicating layer 1 gives a noise layer with the field's own
// noise and shaping (without its mask field, erosion or stack, which a layer's field cannot
// have), so it reads the same heights as layer 1 alone.
//
// Each edit returns "" or one line saying why it did nothing (a layer number out of range, the
// stack full at max_stack_layers); on error `params` is unchanged. The edits do not validate the
// rest of the settings: validate(params) still does that.
#pragma once

#include <string>

#include "noise/layer_stack.hpp"
#include "noise/params.hpp"

namespace noise {

// The number of layers: 1 (the field) + stack.size().
inline int layer_count(const Params& params) { return 1 + static_cast<int>(params.stack.size()); }

// Puts `layer` on top of the stack: it becomes layer layer_count(params) + 1.
std::string add_layer(Params& params, StackLayer layer);

// Puts `layer` in as layer `number` (2 .. layer_count + 1); the layers from `number` up move up one.
// The new layer's own mask_layer names a layer as numbered before the insertion, like the others'.
std::string insert_layer(Params& params, int number, StackLayer layer);

// Removes layer `number` (2 .. layer_count); the layers above it move down one, and a layer it
// masked loses its mask.
std::string remove_layer(Params& params, int number);

// Puts a copy of layer `number` (1 .. layer_count) just above it, as layer number + 1.
std::string duplicate_layer(Params& params, int number);

// Moves layer `from` to be layer `to` (both 2 .. layer_count); the layers between move one step
// towards `from`'s old place. from == to does nothing.
std::string move_layer(Params& params, int from, int to);

// Gives layer `number` the noise fields its source and mask read when it has none yet: a noise
// source new_stack_layer's field, a field mask the one layer.N.mask.KEY would create (the layer's
// own noise, or layer 1's, unshaped, with the next seed). For a panel whose source or mask
// choice has just switched to one of those; a layer that has its fields keeps them.
void give_layer_fields(const Params& params, StackLayer& layer, int number);

// The display name of layer `number`: its name, or "Layer N" when it has none.
std::string layer_name(const Params& params, int number);

}  // namespace noise
