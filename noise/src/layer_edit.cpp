// The layer stack's edits (layer_edit.hpp): each edit is a new order of the old layers, and the
// masks follow their layers through that order.
#include "noise/layer_edit.hpp"

#include <utility>
#include <vector>

#include "noise/shaping.hpp"

namespace noise {
namespace {

std::string out_of_range(std::string_view what, int number, int lo, int hi) {
    return std::string(what) + ": layer " + std::to_string(number) +
           " is not allowed: expected a layer from " + std::to_string(lo) + " to " + std::to_string(hi);
}

std::string stack_full() {
    return "layers: the stack holds " + std::to_string(max_stack_layers) +
           " layers already: expected at most " + std::to_string(max_stack_layers);
}

// The stack rebuilt as `order` says: order[i] is the old number of the new layer i + 2, or 0 for
// `added`. Every mask_layer is renumbered; a layer masked by a layer left out loses its mask.
void reorder(Params& params, const std::vector<int>& order, StackLayer added = {}) {
    std::vector<int> new_number(params.stack.size() + 2, 0);  // by old number; 0: removed
    new_number[1] = 1;
    for (std::size_t i = 0; i < order.size(); ++i)
        if (order[i] != 0) new_number[static_cast<std::size_t>(order[i])] = static_cast<int>(i) + 2;
    std::vector<StackLayer> stack;
    stack.reserve(order.size());
    for (const int old : order)
        stack.push_back(old == 0 ? std::move(added)
                                 : std::move(params.stack[static_cast<std::size_t>(old - 2)]));
    for (StackLayer& layer : stack) {
        if (layer.mask_layer < 1 || layer.mask_layer >= static_cast<int>(new_number.size()))
            continue;  // names no layer: left as it is
        const int renumbered = new_number[static_cast<std::size_t>(layer.mask_layer)];
        if (renumbered != 0) {
            layer.mask_layer = renumbered;
        } else {  // its mask was removed
            if (layer.mask == LayerMask::layer) layer.mask = LayerMask::none;
            layer.mask_layer = 1;
        }
    }
    params.stack = std::move(stack);
}

// The old numbers in their order: 2, 3, ..., layer_count.
std::vector<int> identity(const Params& params) {
    std::vector<int> order;
    for (int number = 2; number <= layer_count(params); ++number) order.push_back(number);
    return order;
}

// Layer 1 as a layer above it: its noise and shaping, none of what a layer's field cannot have.
StackLayer field_as_layer(const Params& params) {
    Params field = params;
    field.mask   = MaskMode::none;
    field.mask_field.clear();
    field.erosion_method = ErosionMethod::none;
    field.stack.clear();
    field.base_layer = {};
    // A field has no placement of its own; in the world its frequency is the multiplier of the
    // point, 1 where layer 1 reads (placement.hpp).
    field.placement = Placement::frame;
    if (params.placement == Placement::world) field.frequency = 1.0;
    StackLayer layer;
    layer.field.push_back(std::move(field));
    return layer;
}

}  // namespace

std::string add_layer(Params& params, StackLayer layer) {
    return insert_layer(params, layer_count(params) + 1, std::move(layer));
}

std::string insert_layer(Params& params, int number, StackLayer layer) {
    if (layer_count(params) >= max_stack_layers) return stack_full();
    if (number < 2 || number > layer_count(params) + 1)
        return out_of_range("insert", number, 2, layer_count(params) + 1);
    std::vector<int> order = identity(params);
    order.insert(order.begin() + (number - 2), 0);
    reorder(params, order, std::move(layer));
    return {};
}

std::string remove_layer(Params& params, int number) {
    if (number == 1) return "remove: layer 1 is the field itself: it cannot be removed";
    if (number < 2 || number > layer_count(params))
        return out_of_range("remove", number, 2, layer_count(params));
    std::vector<int> order = identity(params);
    order.erase(order.begin() + (number - 2));
    reorder(params, order);
    return {};
}

std::string duplicate_layer(Params& params, int number) {
    if (number < 1 || number > layer_count(params))
        return out_of_range("duplicate", number, 1, layer_count(params));
    if (layer_count(params) >= max_stack_layers) return stack_full();
    StackLayer copy =
        number == 1 ? field_as_layer(params) : params.stack[static_cast<std::size_t>(number - 2)];
    copy.name = layer_name(params, number) + " copy";
    if (number == 1) {
        copy.mute = params.base_layer.mute;
        copy.solo = params.base_layer.solo;
    }
    // Inserted above the original, the copy's mask (the original's, in the old numbers) is
    // renumbered with the others: order 0 is the copy, its mask_layer an old number.
    return insert_layer(params, number + 1, std::move(copy));
}

std::string move_layer(Params& params, int from, int to) {
    if (from == 1 || to == 1) return "move: layer 1 is the field itself: it stays at the bottom";
    if (from < 2 || from > layer_count(params)) return out_of_range("move", from, 2, layer_count(params));
    if (to < 2 || to > layer_count(params)) return out_of_range("move", to, 2, layer_count(params));
    std::vector<int> order = identity(params);
    order.erase(order.begin() + (from - 2));
    order.insert(order.begin() + (to - 2), from);
    reorder(params, order);
    return {};
}

std::string layer_name(const Params& params, int number) {
    std::string name;
    if (number == 1) name = params.base_layer.name;
    if (number >= 2 && number <= layer_count(params))
        name = params.stack[static_cast<std::size_t>(number - 2)].name;
    return name.empty() ? "Layer " + std::to_string(number) : name;
}

}  // namespace noise
