// The preset format's JSON side: noise::Params <-> JSON through the key tables, with errors that
// name the key (noise_io/preset_json.hpp). The program adds its own sections (app/core/preset.cpp).
#include "noise_io/preset_json.hpp"

#include <algorithm>

#include "noise/layer_stack.hpp"
#include "noise/shaping.hpp"
#include "noise_io/shown_text.hpp"

namespace noise::io {
using nlohmann::json;

// The tables' messages start with "key: "; ours put "key 'x': " in front instead.
std::string without_key_prefix(const std::string& message, std::string_view key) {
    const std::string prefix = std::string(key) + ": ";
    return message.starts_with(prefix) ? message.substr(prefix.size()) : message;
}

// A file name or "NAME (PNG text chunk)" at the start of a message: escaped, a long path cut in
// the middle.
namespace {
std::string shown_source(std::string_view source) { return escaped(source, 160); }
}  // namespace

// The tables' messages quote the value raw ("key: 'VALUE' is out of range: ..."): put the
// escaped, shortened shown(VALUE) in its place, so a value with control bytes or megabytes of
// text stays one short line. A message in another shape is kept as it is.
std::string with_value_shown(const std::string& message, std::string_view printed, std::string_view value) {
    const std::string quoted = "'" + std::string(printed) + "'";
    const auto at            = message.find(quoted);
    if (at == std::string::npos) return message;
    return message.substr(0, at) + shown(value) + message.substr(at + quoted.size());
}

// A short picture of a JSON value for "got ..." in messages. The JSON is written in ASCII
// (control bytes and letters past ASCII as \uXXXX) and then escaped like any other value.
std::string describe(const json& value) {
    const std::string text = escaped(value.dump(-1, ' ', /*ensure_ascii=*/true), 40);
    switch (value.type()) {
        case json::value_t::string:
            return "the string " + text;
        case json::value_t::boolean:
            return "the boolean " + text;
        case json::value_t::number_integer:
        case json::value_t::number_unsigned:
        case json::value_t::number_float:
            return "the number " + text;
        case json::value_t::array:
            return "an array " + text;
        case json::value_t::object:
            return "an object";
        case json::value_t::null:
            return "null";
        default:
            return text;
    }
}

namespace {

std::string join(std::span<const std::string_view> names) {
    std::string out;
    for (auto name : names) out += (out.empty() ? "" : ", ") + std::string(name);
    return out;
}

// The JSON type and range a field takes, for error messages.
std::string expected_type(const noise::FieldSpec& info) {
    switch (info.kind) {
        case noise::FieldKind::choice:
            return "expected a string, one of " + join(info.names);
        case noise::FieldKind::toggle:
            return "expected true or false";
        case noise::FieldKind::integer:
        case noise::FieldKind::real:
            return noise::allowed_values(info);
    }
    return {};
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0]               = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j]   = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1] ? 1u : 0u)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

// The erosion stage's keys (erosion.KEY) live in their own "erosion": {...} object.
constexpr std::string_view erosion_prefix = "erosion.";
bool is_erosion_key(std::string_view key) { return key.starts_with(erosion_prefix); }

// Every key a preset may hold at its top level (not counting view's own keys).
std::vector<std::string_view> top_level_keys(const PresetSections& sections) {
    std::vector<std::string_view> keys{"format", "version", "name", "description"};
    for (const auto& info : noise::param_table())
        if (!is_erosion_key(info.key)) keys.push_back(info.key);
    keys.insert(keys.end(), {"curve", "mask_field", "erosion", "stack", "base_layer", "placement"});
    keys.insert(keys.end(), sections.keys.begin(), sections.keys.end());
    return keys;
}

// The keys of a "mask_field" object: the noise parameters and the curve (no mask of its own, and
// no erosion: the field is eroded after the mask).
std::vector<std::string_view> mask_field_keys() {
    std::vector<std::string_view> keys;
    for (const auto& info : noise::param_table())
        if (!is_erosion_key(info.key)) keys.push_back(info.key);
    keys.push_back("curve");
    return keys;
}

// The keys of the "erosion" object: the erosion keys without their "erosion." prefix.
std::vector<std::string_view> erosion_keys() {
    std::vector<std::string_view> keys;
    for (const auto& info : noise::erosion_param_table())
        keys.push_back(info.key.substr(erosion_prefix.size()));
    return keys;
}

// The keys a message lists: with `grouped`, the shaping stage's keys and the view keys are named
// as two groups by their first few, so a list of every key stays a short line; the suggestion
// above it is still chosen from every key.
std::string listed_keys(const std::vector<std::string_view>& allowed, bool grouped,
                        const std::function<bool(std::string_view)>& in_view_group) {
    if (!grouped) return join(allowed);
    const auto in = [](std::string_view key, const auto& table) {
        return std::any_of(table.begin(), table.end(), [&](const auto& info) { return info.key == key; });
    };
    std::vector<std::string_view> listed;
    bool shaping = false, erosion = false, view = false;
    for (const std::string_view key : allowed) {
        if (is_erosion_key(key))
            erosion = true;
        else if (in(key, noise::shaping_param_table()) || key == "curve" || key == "mask.KEY" ||
                 key == "mask_field")
            shaping = true;
        else if (in_view_group && in_view_group(key))
            view = true;
        else
            listed.push_back(key);
    }
    std::string text = join(listed);
    if (shaping) text += ", the shaping keys (terraces, mask, curve, ...: docs/parameters.md#shaping)";
    if (erosion) text += ", erosion.KEY (docs/parameters.md#erosion)";
    if (view) text += ", the view keys (mapping, ramp, hillshade, ...)";
    return text;
}

}  // namespace

std::string unknown_key_message(std::string_view key, const std::vector<std::string_view>& allowed,
                                bool grouped, const std::function<bool(std::string_view)>& in_view_group) {
    std::string message = "unknown key " + shown(key);
    // A suggestion is at most 2 edits away, so a key much longer than every allowed one has none:
    // skipping it keeps a megabyte-long key from costing seconds of edit distances.
    std::string_view best;
    std::size_t best_distance = 3;
    for (auto candidate : allowed) {
        if (key.size() > candidate.size() + 2) continue;
        if (const auto distance = edit_distance(key, candidate); distance < best_distance) {
            best          = candidate;
            best_distance = distance;
        }
    }
    if (!best.empty() && best_distance * 2 < key.size())
        message += " (did you mean '" + std::string(best) + "'?)";
    message += ": expected one of " + listed_keys(allowed, grouped, in_view_group);
    return message;
}

[[noreturn]] void fail(std::string_view source, const std::string& message) {
    throw PresetError(shown_source(source) + ": " + message);
}

[[noreturn]] void fail_key(std::string_view source, std::string_view key, const std::string& message) {
    fail(source, "key " + shown(key) + ": " + message);
}

std::string field_error(const FieldSpec& info, const json& value) {
    const bool right_type = info.kind == FieldKind::choice   ? value.is_string()
                            : info.kind == FieldKind::toggle ? value.is_boolean()
                                                             : value.is_number();
    return right_type ? std::string() : expected_type(info) + ", got " + describe(value);
}

namespace {

constexpr std::string_view curve_expected =
    "expected an array of 2 to 16 [x, y] pairs of numbers from 0 to 1, x strictly rising, e.g. [[0, 0], "
    "[0.5, 0.8], [1, 1]]";

// "curve": [[x, y], ...], checked by noise::check_curve; `key` is how the file names it.
void read_curve(std::vector<noise::CurvePoint>& curve, const json& value, std::string_view source,
                const std::string& key) {
    if (!value.is_array()) fail_key(source, key, std::string(curve_expected) + ", got " + describe(value));
    std::vector<noise::CurvePoint> points;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const json& pair = value[i];
        if (!pair.is_array() || pair.size() != 2 || !pair[0].is_number() || !pair[1].is_number())
            fail_key(source, key,
                     "point " + std::to_string(i + 1) + " is " + describe(pair) + ": " +
                         std::string(curve_expected));
        points.push_back({pair[0].get<double>(), pair[1].get<double>()});
    }
    // An empty array is no curve, as a preset without the key.
    if (!points.empty())
        if (auto error = noise::check_curve(points); !error.empty())
            fail_key(source, key, without_key_prefix(error, "curve"));
    curve = std::move(points);
}

nlohmann::ordered_json curve_json(const std::vector<noise::CurvePoint>& curve) {
    nlohmann::ordered_json points = nlohmann::ordered_json::array();
    for (const noise::CurvePoint& p : curve) points.push_back({p.x, p.y});
    return points;
}

// An object of noise parameters and a curve, flat like the top level: the mask field's, or a layer's
// field. `path` is how messages name it ("mask_field", "layer.2.field").
// `what` names the field in messages ("a mask field").
noise::Params read_noise_object(const json& object, std::string_view source, const std::string& path,
                                std::string_view what) {
    if (!object.is_object())
        fail_key(source, path, "expected an object of noise parameters, got " + describe(object));
    noise::Params field;
    for (const auto& [key, value] : object.items()) {
        const std::string inner = path + "." + key;
        if (key == "curve") {
            read_curve(field.curve, value, source, inner);
        } else if (key == "mask_field" || key == "stack") {
            fail_key(source, inner,
                     std::string(what) + " has no " + (key == "stack" ? "layers" : "mask field") +
                         " of its own: expected no such key");
        } else if (const noise::ParamInfo* info = noise::find_param(key); info && !is_erosion_key(key)) {
            read_field(field, *info, value, source, inner);
        } else {
            fail(source, path + ": " + unknown_key_message(key, mask_field_keys()));
        }
    }
    return field;
}

// "mask_field": {...}: the mask field's noise parameters and curve.
void read_mask_field(noise::Params& params, const json& object, std::string_view source) {
    params.mask_field = {read_noise_object(object, source, "mask_field", "a mask field")};
}

// The keys of a layer object in "stack" (noise/layer_stack.hpp).
std::vector<std::string_view> layer_object_keys() {
    std::vector<std::string_view> keys{"name", "heightmap", "height_curve", "field", "mask_field"};
    for (const auto& info : noise::layer_table()) keys.push_back(info.key);
    return keys;
}

std::string read_layer_text(const json& value, std::string_view source, const std::string& key) {
    if (!value.is_string()) fail_key(source, key, "expected a string, got " + describe(value));
    return value.get<std::string>();  // its length: noise::validate's rule
}

// "stack": [{...}, ...]: layers 2, 3, ... of the layer stack; messages name them as --set does
// (layer.2.blend). ("layers" is the rotated second layer's key, params.hpp.)
void read_layers(noise::Params& params, const json& array, std::string_view source) {
    if (!array.is_array())
        fail_key(source, "stack",
                 "expected an array of layer objects (layer 2 first), got " + describe(array));
    if (array.size() + 1 > static_cast<std::size_t>(noise::max_stack_layers))
        fail_key(source, "stack",
                 std::to_string(array.size()) + " layers: expected at most " +
                     std::to_string(noise::max_stack_layers - 1) + " above the field");
    params.stack.clear();
    for (std::size_t i = 0; i < array.size(); ++i) {
        const std::string prefix = "layer." + std::to_string(i + 2) + ".";
        const json& object       = array[i];
        if (!object.is_object())
            fail_key(source, "stack",
                     "layer " + std::to_string(i + 2) + " is " + describe(object) +
                         ": expected an object of layer settings");
        noise::StackLayer layer;
        for (const auto& [key, value] : object.items()) {
            if (key == "name") {
                layer.name = read_layer_text(value, source, prefix + key);
            } else if (key == "heightmap") {
                layer.heightmap = read_layer_text(value, source, prefix + key);
            } else if (key == "height_curve") {
                read_curve(layer.height_curve, value, source, prefix + key);
            } else if (key == "field") {
                layer.field = {read_noise_object(value, source, prefix + "field", "a layer's field")};
            } else if (key == "mask_field") {
                layer.mask_field = {
                    read_noise_object(value, source, prefix + "mask_field", "a layer's mask field")};
            } else if (const noise::LayerInfo* info = noise::find_layer_key(key)) {
                read_field(layer, *info, value, source, prefix + key);
            } else {
                fail(source, "stack: layer " + std::to_string(i + 2) + ": " +
                                 unknown_key_message(key, layer_object_keys()));
            }
        }
        params.stack.push_back(std::move(layer));
    }
}

// "base_layer": {"name": ..., "mute": ..., "solo": ...}: what the stack keeps of layer 1.
void read_base_layer(noise::Params& params, const json& object, std::string_view source) {
    if (!object.is_object())
        fail_key(source, "base_layer",
                 "expected an object {\"name\", \"mute\", \"solo\"}, got " + describe(object));
    for (const auto& [key, value] : object.items()) {
        const std::string path = "layer.1." + key;
        if (key == "name") {
            params.base_layer.name = read_layer_text(value, source, path);
        } else if (key == "mute" || key == "solo") {
            if (!value.is_boolean()) fail_key(source, path, "expected true or false, got " + describe(value));
            (key == "mute" ? params.base_layer.mute : params.base_layer.solo) = value.get<bool>();
        } else {
            fail(source, "base_layer: " + unknown_key_message(key, {"name", "mute", "solo"}));
        }
    }
}

// "erosion": {...}: the erosion stage's keys without their prefix ("strength": 0.5).
void read_erosion(noise::Params& params, const json& object, std::string_view source) {
    if (!object.is_object())
        fail_key(source, "erosion", "expected an object of erosion settings, got " + describe(object));
    for (const auto& [key, value] : object.items()) {
        const std::string path       = std::string(erosion_prefix) + key;
        const noise::ParamInfo* info = noise::find_param(path);
        if (info == nullptr) fail(source, "erosion: " + unknown_key_message(key, erosion_keys()));
        read_field(params, *info, value, source, path);
    }
}

// The noise parameters of the table (but the erosion stage's) and the curve, as the JSON of a
// preset (or its mask field).
void write_params(nlohmann::ordered_json& object, const noise::Params& params) {
    for (const auto& info : noise::param_table())
        if (!is_erosion_key(info.key)) object[std::string(info.key)] = field_json(params, info);
    object["curve"] = curve_json(params.curve);
}

// Whether the preset needs its "erosion" object: any erosion key away from its default. Without
// one a preset's text is what it was before the stage existed (the PNG and EXR exports carry it).
bool differs_from_default(const noise::Params& params, std::span<const noise::ParamInfo> entries) {
    const noise::Params defaults;
    return std::any_of(entries.begin(), entries.end(),
                       [&](const noise::ParamInfo& info) { return info.get(params) != info.get(defaults); });
}
bool has_erosion_settings(const noise::Params& params) {
    return differs_from_default(params, noise::erosion_param_table());
}

void check_header(const json& root, std::string_view source) {
    const auto format = root.find("format");
    if (format == root.end())
        fail(source, "key 'format' is missing: expected \"" + std::string(preset_format_name) +
                         "\" (is this a noise-explorer preset?)");
    if (!format->is_string() || format->get<std::string>() != preset_format_name)
        fail_key(source, "format",
                 "expected \"" + std::string(preset_format_name) + "\", got " + describe(*format));

    const auto version = root.find("version");
    if (version == root.end())
        fail(source, "key 'version' is missing: expected " + std::to_string(preset_format_version));
    if (!version->is_number_integer() && !version->is_number_unsigned())
        fail_key(
            source, "version",
            "expected the integer " + std::to_string(preset_format_version) + ", got " + describe(*version));
    // As written: 18446744073709551615 read as a signed integer would print as -1.
    const std::string written = version->dump();
    if (version->is_number_unsigned() && version->get<std::uint64_t>() > std::uint64_t{preset_format_version})
        fail_key(source, "version",
                 written + " is newer than this program reads: expected " +
                     std::to_string(preset_format_version) + " (a newer noise-explorer wrote this preset)");
    if (!version->is_number_unsigned() || version->get<std::uint64_t>() < 1)
        fail_key(source, "version",
                 written + " is not a version: expected " + std::to_string(preset_format_version));
}

std::string read_text_key(const json& value, std::string_view key, std::string_view source,
                          std::size_t limit) {
    if (!value.is_string()) fail_key(source, key, "expected a string, got " + describe(value));
    std::string text = value.get<std::string>();
    if (text.size() > limit)
        fail_key(source, key,
                 "the text is " + std::to_string(text.size()) + " bytes long: expected at most " +
                     std::to_string(limit) + " bytes");
    return text;
}

}  // namespace

void read_preset_object(const json& root, std::string_view source, const PresetSections& sections,
                        PresetFields& fields) {
    if (!root.is_object()) fail(source, "expected a JSON object {...} at the top, got " + describe(root));
    check_header(root, source);

    for (const auto& [key, value] : root.items()) {
        if (key == "format" || key == "version") continue;
        if (key == "name") {
            fields.name = read_text_key(value, key, source, preset_name_limit);
        } else if (key == "description") {
            fields.description = read_text_key(value, key, source, preset_description_limit);
        } else if (key == "curve") {
            read_curve(fields.params.curve, value, source, key);
        } else if (key == "mask_field") {
            read_mask_field(fields.params, value, source);
        } else if (key == "erosion") {
            read_erosion(fields.params, value, source);
        } else if (key == "stack") {
            read_layers(fields.params, value, source);
        } else if (key == "base_layer") {
            read_base_layer(fields.params, value, source);
        } else if (key == placement_param().key) {
            read_field(fields.params, placement_param(), value, source, key);
        } else if (is_erosion_key(key) && find_param(key) != nullptr) {
            fail(source, "key " + shown(key) + " is an erosion setting: put it inside \"erosion\": {\"" +
                             key.substr(erosion_prefix.size()) + "\": ...}");
        } else if (std::find(sections.keys.begin(), sections.keys.end(), key) != sections.keys.end()) {
            sections.read(key, value, source);
        } else if (const ParamInfo* info = find_param(key)) {
            read_field(fields.params, *info, value, source, key);
        } else if (std::string misplaced = sections.misplaced ? sections.misplaced(key) : "";
                   !misplaced.empty()) {
            fail(source, misplaced);
        } else {
            fail(source, unknown_key_message(key, top_level_keys(sections), /*grouped=*/true));
        }
    }
}

nlohmann::ordered_json preset_object(const PresetFields& fields) {
    const Params& params = fields.params;
    nlohmann::ordered_json root;
    root["format"] = preset_format_name;
    // Version 1 without a stack: a preset without layers is the text it always was, and older
    // programs still read it.
    // Version 3 only for a preset placed in the world (the one key it adds), 2 with a stack, 1
    // without either: each preset is the text it was before the later keys existed.
    root["version"] = params.placement == Placement::world ? preset_format_version
                      : has_stack(params)                  ? 2
                                                           : 1;
    if (!fields.name.empty()) root["name"] = fields.name;
    if (!fields.description.empty()) root["description"] = fields.description;
    write_params(root, params);
    // Only when world: a frame preset keeps its text (and its exports their bytes).
    if (params.placement != Placement::frame)
        root[std::string(placement_param().key)] = field_json(params, placement_param());
    if (!params.mask_field.empty()) {  // kept while the mask is off, so it can come back
        nlohmann::ordered_json mask = nlohmann::ordered_json::object();
        write_params(mask, params.mask_field.front());
        root["mask_field"] = mask;
    }
    if (has_erosion_settings(params)) {
        nlohmann::ordered_json erosion = nlohmann::ordered_json::object();
        // The simulation's keys only when it runs or one was changed: a preset of the filter keeps
        // the text (and its exports the bytes) it had before the simulation existed.
        const bool simulation = params.erosion_method == ErosionMethod::simulate ||
                                differs_from_default(params, simulation_param_table());
        // The keys of issue 55 (erosion.gullies, erosion.drainage, erosion.deposition) only when set,
        // for the same reason: a preset from before them keeps its text.
        const auto all = erosion_param_table();
        for (const auto& info : simulation ? all : all.first(all.size() - simulation_param_table().size())) {
            const bool later = info.key == "erosion.gullies" || info.key == "erosion.drainage" ||
                               info.key == "erosion.deposition";
            if (later && !differs_from_default(params, std::span(&info, 1))) continue;
            erosion[std::string(info.key.substr(erosion_prefix.size()))] = field_json(params, info);
        }
        root["erosion"] = erosion;
    }
    if (params.base_layer != BaseLayer{}) {
        const BaseLayer& base = params.base_layer;
        root["base_layer"]    = {{"name", base.name}, {"mute", base.mute}, {"solo", base.solo}};
    }
    if (!params.stack.empty()) {
        nlohmann::ordered_json layers = nlohmann::ordered_json::array();
        for (const StackLayer& layer : params.stack) {
            nlohmann::ordered_json object = nlohmann::ordered_json::object();
            object["name"]                = layer.name;
            // The coast's warp keys only when set: a layer from before them keeps its text.
            const StackLayer unwarped{};
            const bool warped = layer.shape_warp != unwarped.shape_warp ||
                                layer.shape_warp_frequency != unwarped.shape_warp_frequency ||
                                layer.shape_warp_octaves != unwarped.shape_warp_octaves ||
                                layer.shape_warp_seed != unwarped.shape_warp_seed;
            for (const auto& info : layer_table())
                if (warped || !info.key.starts_with("shape_warp"))
                    object[std::string(info.key)] = field_json(layer, info);
            object["height_curve"] = curve_json(layer.height_curve);
            if (!layer.heightmap.empty()) object["heightmap"] = layer.heightmap;
            for (const auto& [key, field] :
                 {std::pair{"field", &layer.field}, {"mask_field", &layer.mask_field}}) {
                if (field->empty()) continue;  // kept while unused, so it can come back
                nlohmann::ordered_json noise_object = nlohmann::ordered_json::object();
                write_params(noise_object, field->front());
                object[key] = noise_object;
            }
            layers.push_back(object);
        }
        root["stack"] = layers;
    }
    return root;
}

}  // namespace noise::io

namespace noise {

std::string preset_key_allowed(std::string_view key_path) {
    if (key_path.starts_with("mask_field.")) key_path.remove_prefix(11);
    if (key_path == "curve") return std::string(io::curve_expected);
    if (key_path == placement_param().key) return allowed_values(placement_param());
    if (const ParamInfo* info = find_param(key_path)) return allowed_values(*info);
    return {};
}

}  // namespace noise

namespace noise::io {

JsonRules preset_json_rules(std::function<std::string(std::string_view key_path)> allowed) {
    return {
        .what         = "a preset",
        .max_nesting  = preset_max_nesting,
        .nesting_note = "a preset needs 4 (the object, its \"mask_field\", their \"curve\" and its points)",
        .allowed      = std::move(allowed)};
}

}  // namespace noise::io
