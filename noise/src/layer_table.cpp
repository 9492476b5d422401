// The layer stack's settings: the key table, layer.N.KEY and the rules (layer_stack.hpp).
#include <algorithm>
#include <charconv>
#include <cmath>

#include "noise/layer_edit.hpp"
#include "noise/layer_stack.hpp"
#include "noise/placement.hpp"
#include "noise/shaping.hpp"

namespace noise {
namespace {

template <auto Member, std::size_t N>
constexpr LayerInfo choice(std::string_view key, std::string_view label, std::string_view tooltip,
                           const std::array<std::string_view, N>& names) {
    return {{key, label, tooltip, FieldKind::choice, 0.0, static_cast<double>(N - 1), names},
            &get_field<Member>,
            &set_field<Member>};
}

template <auto Member>
constexpr LayerInfo number(FieldKind kind, std::string_view key, std::string_view label,
                           std::string_view tooltip, double min, double max) {
    return {{key, label, tooltip, kind, min, max, {}}, &get_field<Member>, &set_field<Member>};
}

// Placed units (placement.hpp): frame units, the image 1 wide, where a shape or a heightmap may lie
// well outside it; or noise units in the world, as far out as offset_x may look (params.cpp's
// coordinate limit), and as long as a frame's length times the highest frequency.
constexpr double place_limit  = 1e12;
constexpr double length_limit = 1e12;

const std::array<LayerInfo, 25> table{
    choice<&StackLayer::source>(
        "source", "Source",
        "Where the layer's heights come from: noise of its own, a shape placed in the frame, "
        "one height everywhere, or an imported heightmap.",
        layer_source_names),
    choice<&StackLayer::blend>("blend", "Blend",
                               "How the layer meets the heights below it: in their place, added, subtracted, "
                               "multiplied, the lower or higher, screen, or their difference.",
                               blend_mode_names),
    number<&StackLayer::opacity>(FieldKind::real, "opacity", "Opacity",
                                 "How much of the blend is kept: 0 leaves the heights below as they are.", 0,
                                 1),
    number<&StackLayer::mute>(FieldKind::toggle, "mute", "Mute", "Leave the layer out of the stack.", 0, 1),
    number<&StackLayer::solo>(FieldKind::toggle, "solo", "Solo", "Show this layer's own heights alone.", 0,
                              1),
    choice<&StackLayer::shape>("shape", "Shape",
                               "Shape source: an island's smooth falloff, a flat top with a smooth edge, a "
                               "cone, or a ramp rising along a direction.",
                               layer_shape_names),
    number<&StackLayer::shape_x>(FieldKind::real, "shape_x", "Centre x",
                                 "Shape source: the centre across the image (0 left edge, 1 right edge); "
                                 "placement world: its noise-space x.",
                                 -place_limit, place_limit),
    number<&StackLayer::shape_y>(FieldKind::real, "shape_y", "Centre y",
                                 "Shape source: the centre down the image, in image widths from the top; "
                                 "placement world: its noise-space y.",
                                 -place_limit, place_limit),
    number<&StackLayer::shape_radius>(FieldKind::real, "shape_radius", "Radius",
                                      "Shape source: where the shape reaches 0, in image widths (placement "
                                      "world: noise units); the ramp rises across twice this.",
                                      1e-6, length_limit),
    number<&StackLayer::shape_falloff>(FieldKind::real, "shape_falloff", "Edge",
                                       "Plateau shape: the share of the radius the edge falls across.", 0.001,
                                       1),
    number<&StackLayer::shape_angle>(FieldKind::real, "shape_angle", "Direction",
                                     "Ramp shape: the direction it rises towards, in degrees from the right "
                                     "towards the bottom.",
                                     -360, 360),
    number<&StackLayer::shape_warp>(
        FieldKind::real, "shape_warp", "Coast warp",
        "Shape source: how far, in image widths (placement world: noise units), a "
        "noise field moves the shape so its coast is not a circle; 0 is off.",
        0, length_limit),
    number<&StackLayer::shape_warp_frequency>(FieldKind::real, "shape_warp_frequency", "Warp frequency",
                                              "Coast warp: the warp's cycles across the image (placement "
                                              "world: per noise unit): low bends the coast, high frays it.",
                                              0.001, 100000),
    number<&StackLayer::shape_warp_octaves>(FieldKind::integer, "shape_warp_octaves", "Warp octaves",
                                            "Coast warp: octaves of the warp's own fBm: more give a "
                                            "ragged coast with bays and capes.",
                                            1, 8),
    number<&StackLayer::shape_warp_seed>(FieldKind::integer, "shape_warp_seed", "Warp seed",
                                         "Coast warp: another seed gives another coast of the same kind.", 0,
                                         4294967295.0),
    number<&StackLayer::constant>(FieldKind::real, "constant", "Height",
                                  "Constant source: the unit height everywhere.", 0, 1),
    number<&StackLayer::map_x>(FieldKind::real, "map_x", "Map x",
                               "Heightmap source: its left edge, in image widths (placement world: its "
                               "noise-space x).",
                               -place_limit, place_limit),
    number<&StackLayer::map_y>(FieldKind::real, "map_y", "Map y",
                               "Heightmap source: its top edge, in image widths from the top (placement "
                               "world: its noise-space y).",
                               -place_limit, place_limit),
    number<&StackLayer::map_width>(FieldKind::real, "map_width", "Map width",
                                   "Heightmap source: its width in image widths (placement world: noise "
                                   "units); its texels are square.",
                                   1e-6, length_limit),
    choice<&StackLayer::map_edges>("map_edges", "Map edges",
                                   "Heightmap source: past its edges, the edge heights or the image again.",
                                   map_edges_names),
    choice<&StackLayer::mask>("mask", "Mask",
                              "Where the layer applies: everywhere, where another layer is high, or where a "
                              "noise field of its own is high.",
                              layer_mask_names),
    number<&StackLayer::mask_layer>(FieldKind::integer, "mask_layer", "Mask layer",
                                    "Mask from a layer: the layer whose own heights say where.", 1,
                                    max_stack_layers),
    number<&StackLayer::mask_threshold>(FieldKind::real, "mask_threshold", "Mask threshold",
                                        "The mask's unit height where the layer is half in.", 0, 1),
    number<&StackLayer::mask_falloff>(FieldKind::real, "mask_falloff", "Mask falloff",
                                      "Half the width of the mask's soft edge; 0 a hard edge.", 0, 0.5),
    number<&StackLayer::mask_invert>(FieldKind::toggle, "mask_invert", "Invert mask",
                                     "Apply the layer where the mask is low instead.", 0, 1),
};

// A layer's name and a heightmap's file name: short texts.
constexpr std::size_t name_limit = 1024;
constexpr std::size_t path_limit = 4096;

std::string layer_prefix(int number) { return "layer." + std::to_string(number) + "."; }

// A noise field a layer reads (its source or its mask) as FractalNoise reads it: on layer 1's
// slice and tile, with no mask, stack or erosion of its own. `name` is its key: "layer.2." or
// "layer.2.mask.".
std::string check_layer_field(const Params& params, const Params& field, const std::string& name) {
    if (field.mask != MaskMode::none || !field.mask_field.empty())
        return name + "mask: '" + std::string(mask_mode_names[static_cast<std::size_t>(field.mask)]) +
               "' is not allowed: a layer's field has no mask field of its own, expected none (the layer's "
               "own mask is layer.N.mask)";
    if (field.erosion_method != ErosionMethod::none)
        return name + "erosion.method: '" +
               std::string(erosion_method_names[static_cast<std::size_t>(field.erosion_method)]) +
               "' is not allowed: a layer is not eroded on its own (the stack is, after its last layer), "
               "expected none";
    if (!field.stack.empty() || field.base_layer != BaseLayer{})
        return name + "layer: a layer's field has no layers of its own: expected none";
    Params as_read       = field;
    as_read.tile         = params.tile;
    as_read.tile_y       = params.tile_y;
    as_read.tile_octaves = params.tile_octaves;
    if (auto error = validate(as_read); !error.empty()) return name + error;
    const double ratio = field_scale(params, field);
    if (params.tile != 0 && ratio != std::floor(ratio))
        return name + "frequency: '" + format_number(field.frequency) +
               "' is not allowed while tiling: " + whole_scale_expected(params) +
               ", so that the layer repeats with the tile";
    return {};
}

std::string check_layer(const Params& params, const StackLayer& layer, int number) {
    const std::string prefix = layer_prefix(number);
    for (const LayerInfo& info : table)
        if (auto error = check_field_value(info, info.get(layer)); !error.empty()) return prefix + error;
    if (layer.name.size() > name_limit)
        return prefix + "name: " + std::to_string(layer.name.size()) + " bytes: expected at most " +
               std::to_string(name_limit);
    if (!layer.height_curve.empty())
        if (auto error = check_curve(layer.height_curve); !error.empty())
            return prefix + "height_" + error;  // "curve: point 3 ..." -> "layer.N.height_curve: ..."
    if (layer.field.size() > 1 || layer.mask_field.size() > 1)
        return prefix + "field: several fields given: expected one set of parameters";
    if (params.tile != 0 && (layer.source == LayerSource::shape || layer.source == LayerSource::heightmap))
        return prefix + "source: '" +
               std::string(layer_source_names[static_cast<std::size_t>(layer.source)]) +
               "' is not allowed while tiling: expected noise or constant, since a shape or an image placed "
               "in "
               "the frame does not repeat with the tile";
    if (layer.source == LayerSource::noise) {
        if (layer.field.empty())
            return prefix + "source: 'noise' needs the layer's noise: expected a noise key such as " +
                   prefix + "octaves";
        if (auto error = check_layer_field(params, layer.field.front(), prefix); !error.empty()) return error;
    }
    if (layer.source == LayerSource::heightmap) {
        const auto& samples = layer.heightmap_image.samples;
        if (!samples)
            return prefix +
                   "heightmap: " + (layer.heightmap.empty() ? "no file" : quote_text(layer.heightmap)) +
                   " has not been read: expected " + prefix +
                   "heightmap=FILE, a PNG, r16, r32 or EXR heightmap";
        if (samples->width < 1 || samples->height < 1 ||
            samples->values.size() !=
                static_cast<std::size_t>(samples->width) * static_cast<std::size_t>(samples->height))
            return prefix + "heightmap: the image's samples do not match its size";
        if (layer.heightmap.size() > path_limit)
            return prefix + "heightmap: the file name is " + std::to_string(layer.heightmap.size()) +
                   " bytes long: expected at most " + std::to_string(path_limit);
    }
    if (layer.mask == LayerMask::field) {
        if (layer.mask_field.empty())
            return prefix + "mask: 'field' needs the mask's noise: expected a key such as " + prefix +
                   "mask.frequency";
        if (auto error = check_layer_field(params, layer.mask_field.front(), prefix + "mask.");
            !error.empty())
            return error;
    }
    const int layers = static_cast<int>(params.stack.size()) + 1;
    if (layer.mask == LayerMask::layer && (layer.mask_layer == number || layer.mask_layer > layers))
        return prefix + "mask_layer: '" + std::to_string(layer.mask_layer) +
               "' is not allowed: expected another layer's number, from 1 to " + std::to_string(layers) +
               " but not " + std::to_string(number);
    return {};
}

// The keys a message lists for layer N.
std::string layer_keys_text(int number) {
    std::string keys;
    if (number == 1)
        return "name, mute, solo or a key of the field itself (" + layer_prefix(1) + "octaves, ...)";
    for (const LayerInfo& info : table) keys += std::string(info.key) + ", ";
    return keys + "name, heightmap, height_curve, mask.KEY (its mask field's noise) or a noise key (" +
           layer_prefix(number) + "octaves, ...)";
}

// Layer N's number from "layer.N.KEY"; 0 when it is not one from 1 to max_stack_layers.
int layer_number(std::string_view digits) {
    int number        = 0;
    const auto result = std::from_chars(digits.data(), digits.data() + digits.size(), number);
    if (result.ec != std::errc{} || result.ptr != digits.data() + digits.size() || digits.starts_with('0'))
        return 0;
    return number >= 1 && number <= max_stack_layers ? number : 0;
}

// Layer N's setting `inner` (name, mute, solo; or a key of the field) on layer 1, the field itself.
std::string set_base_layer_param(Params& params, std::string_view inner, std::string_view text) {
    const std::string prefix = layer_prefix(1);
    if (inner == "name") {
        if (text.size() > name_limit)
            return prefix + "name: " + std::to_string(text.size()) + " bytes: expected at most " +
                   std::to_string(name_limit);
        params.base_layer.name = std::string(text);
        return {};
    }
    if (inner == "mute" || inner == "solo") {
        static constexpr LayerInfo toggles[] = {
            number<&StackLayer::mute>(FieldKind::toggle, "mute", "", "", 0, 1),
            number<&StackLayer::solo>(FieldKind::toggle, "solo", "", "", 0, 1)};
        StackLayer scratch;
        if (auto error = set_field_text(scratch, toggles[inner == "mute" ? 0 : 1], text); !error.empty())
            return prefix + error;
        (inner == "mute" ? params.base_layer.mute : params.base_layer.solo) =
            inner == "mute" ? scratch.mute : scratch.solo;
        return {};
    }
    if (inner.starts_with("layer."))
        return "unknown key " + quote_text(std::string(prefix) + std::string(inner)) +
               ": a layer holds no layers: expected layer.N.KEY once";
    if (inner != "curve" && !inner.starts_with("mask.") && find_param(inner) == nullptr)
        return "unknown key " + quote_text(prefix + std::string(inner)) + ": expected " + prefix +
               "KEY, KEY one of " + layer_keys_text(1);
    if (auto error = set_param(params, inner, text); !error.empty()) return prefix + error;
    return {};
}

// The mask field of a layer, created as the layer's own noise (or layer 1's) with the next seed.
Params& layer_mask_field(const Params& params, StackLayer& layer) {
    if (layer.mask_field.empty()) {
        Params mask = layer.field.empty() ? field_beside(params) : without_shaping(layer.field.front());
        mask.mask_field.clear();
        mask.seed += 1;  // wraps past 2^32 - 1
        layer.mask_field.push_back(std::move(mask));
    }
    return layer.mask_field.front();
}

std::string set_stack_layer_param(const Params& params, StackLayer& layer, int number, std::string_view inner,
                                  std::string_view text) {
    const std::string prefix = layer_prefix(number);
    const std::string whole  = prefix + std::string(inner);
    if (inner == "height_curve") {
        if (auto error = parse_curve(text, layer.height_curve); !error.empty())
            return prefix + "height_" + error;
        return {};
    }
    if (inner == "name" || inner == "heightmap") {
        const std::size_t limit = inner == "name" ? name_limit : path_limit;
        if (text.size() > limit)
            return whole + ": " + std::to_string(text.size()) + " bytes: expected at most " +
                   std::to_string(limit);
        if (inner == "name") {
            layer.name = std::string(text);
        } else {  // the app reads the file into heightmap_image
            layer.heightmap       = std::string(text);
            layer.heightmap_image = {};
            layer.source          = LayerSource::heightmap;
        }
        return {};
    }
    if (const LayerInfo* info = find_layer_key(inner)) {
        if (auto error = set_field_text(layer, *info, text); !error.empty()) return prefix + error;
        return {};
    }
    const bool masked          = inner.starts_with("mask.");
    const std::string_view key = masked ? inner.substr(5) : inner;
    if (key.starts_with("erosion."))
        return "key " + quote_text(whole) +
               " is not allowed: a layer is not eroded on its own (the stack is, after its last layer), "
               "expected erosion.KEY";
    if (key.starts_with("layer.") || key.starts_with("mask."))
        return "key " + quote_text(whole) + " is not allowed: a layer's field has no " +
               (key.starts_with("layer.") ? "layers" : "mask field") + " of its own";
    if (key != "curve" && find_param(key) == nullptr)
        return "unknown key " + quote_text(whole) + ": expected " + prefix + "KEY, KEY one of " +
               layer_keys_text(number);
    if (masked) {
        if (auto error = set_param(layer_mask_field(params, layer), key, text); !error.empty())
            return prefix + "mask." + error;
        return {};
    }
    if (layer.field.empty()) layer.field.push_back(new_stack_layer(params, number).field.front());
    if (auto error = set_param(layer.field.front(), key, text); !error.empty()) return prefix + error;
    return {};
}

}  // namespace

std::span<const LayerInfo> layer_table() { return table; }

const LayerInfo* find_layer_key(std::string_view key) { return find_field(layer_table(), key); }

StackLayer new_stack_layer(const Params& base, int number) {
    // The frame's layer; in the world, the same layer placed there (the shape in the frame's middle).
    Params frame    = base;
    frame.placement = Placement::frame;
    Params field    = field_beside(frame);
    field.seed += static_cast<std::uint32_t>(number - 1);  // wraps past 2^32 - 1
    StackLayer layer;
    layer.field.push_back(std::move(field));
    return base.placement == Placement::world ? layer_in_world(base, std::move(layer)) : layer;
}

void give_layer_fields(const Params& params, StackLayer& layer, int number) {
    if (layer.source == LayerSource::noise && layer.field.empty())
        layer.field.push_back(new_stack_layer(params, number).field.front());
    if (layer.mask == LayerMask::field) layer_mask_field(params, layer);
}

std::string set_layer_param(Params& params, std::string_view key, std::string_view text) {
    const std::string_view rest = key.substr(6);  // after "layer."
    const std::size_t dot       = rest.find('.');
    const int number            = dot == std::string_view::npos ? 0 : layer_number(rest.substr(0, dot));
    if (number == 0)
        return "unknown key " + quote_text(key) + ": expected layer.N.KEY, N a layer from 1 to " +
               std::to_string(max_stack_layers) + " (layer.2.blend, layer.3.octaves, ...)";
    const std::string_view inner = rest.substr(dot + 1);
    Params edited                = params;
    std::string error;
    if (number == 1) {
        error = set_base_layer_param(edited, inner, text);
    } else {
        while (static_cast<int>(edited.stack.size()) + 1 < number)
            edited.stack.push_back(new_stack_layer(edited, static_cast<int>(edited.stack.size()) + 2));
        error = set_stack_layer_param(edited, edited.stack[static_cast<std::size_t>(number - 2)], number,
                                      inner, text);
    }
    if (error.empty()) params = std::move(edited);
    return error;
}

std::string validate_stack(const Params& params) {
    if (params.stack.size() + 1 > static_cast<std::size_t>(max_stack_layers))
        return "layers: " + std::to_string(params.stack.size() + 1) + " layers: expected at most " +
               std::to_string(max_stack_layers);
    if (params.base_layer.name.size() > name_limit)
        return "layer.1.name: " + std::to_string(params.base_layer.name.size()) +
               " bytes: expected at most " + std::to_string(name_limit);
    for (std::size_t k = 0; k < params.stack.size(); ++k)
        if (auto error = check_layer(params, params.stack[k], static_cast<int>(k) + 2); !error.empty())
            return error;
    return {};
}

}  // namespace noise
