// Presets: JSON <-> app::Preset through the two key tables, with errors that name the key.
#include "core/preset.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/atomic_file.hpp"
#include "core/export_image.hpp"
#include "core/exr_stream_writer.hpp"
#include "core/heightmap_file.hpp"
#include "core/json_text.hpp"
#include "core/mesh_file_preset.hpp"
#include "core/png_text.hpp"
#include "core/read_limited.hpp"
#include "core/shown_text.hpp"
#include "core/view_keys.hpp"
#include "noise/layer_stack.hpp"
#include "noise/shaping.hpp"

namespace app {
namespace {

using nlohmann::json;

// The tables' messages start with "key: "; ours put "key 'x': " in front instead.
std::string without_key_prefix(const std::string& message, std::string_view key) {
    const std::string prefix = std::string(key) + ": ";
    return message.starts_with(prefix) ? message.substr(prefix.size()) : message;
}

// A file name or "NAME (PNG text chunk)" at the start of a message: escaped, a long path cut in
// the middle.
std::string shown_source(std::string_view source) { return escaped(source, 160); }

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
std::vector<std::string_view> top_level_keys() {
    std::vector<std::string_view> keys{"format", "version", "name", "description"};
    for (const auto& info : noise::param_table())
        if (!is_erosion_key(info.key)) keys.push_back(info.key);
    keys.insert(keys.end(),
                {"curve", "mask_field", "erosion", "stack", "base_layer", "view", "texture_layers"});
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

std::vector<std::string_view> view_keys() {
    std::vector<std::string_view> keys;
    for (const auto& info : view_key_table()) keys.push_back(info.key);
    return keys;
}

// The keys a message lists: with `grouped`, the shaping stage's keys and the view keys are named
// as two groups by their first few, so a list of every key stays a short line; the suggestion
// above it is still chosen from every key.
std::string listed_keys(const std::vector<std::string_view>& allowed, bool grouped) {
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
        else if (in(key, view_key_table()))
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

std::string unknown_key_message(std::string_view key, const std::vector<std::string_view>& allowed,
                                bool grouped = false) {
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
    message += ": expected one of " + listed_keys(allowed, grouped);
    return message;
}

// An unknown "mask.KEY": named whole, with a suggestion among the mask field's own keys (every
// noise key but "mask", since a mask field has no mask of its own, and "curve"), and the list
// in a few words rather than forty keys.
std::string unknown_mask_key_message(std::string_view key) {
    std::vector<std::string> names;
    for (const auto& info : noise::param_table())
        if (info.key != "mask") names.push_back("mask." + std::string(info.key));
    names.push_back("mask.curve");
    const std::vector<std::string_view> allowed(names.begin(), names.end());
    std::string message = unknown_key_message(key, allowed);
    message.erase(message.find(": expected one of ", ("unknown key " + shown(key)).size()));
    return message +
           ": expected mask. and a key of the mask field's noise (mask.frequency, mask.octaves, "
           "mask.fractal, "
           "..., mask.curve: docs/parameters.md#shaping)";
}

[[noreturn]] void fail(std::string_view source, const std::string& message) {
    throw PresetError(shown_source(source) + ": " + message);
}

[[noreturn]] void fail_key(std::string_view source, std::string_view key, const std::string& message) {
    fail(source, "key " + shown(key) + ": " + message);
}

// Reads one field of either table (noise parameters, view settings) from its JSON value;
// `key` is how the file names it ("octaves", "view.ramp").
template <class Settings>
void read_field(Settings& settings, const noise::FieldInfo<Settings>& info, const json& value,
                std::string_view source, const std::string& key) {
    const bool right_type = info.kind == noise::FieldKind::choice   ? value.is_string()
                            : info.kind == noise::FieldKind::toggle ? value.is_boolean()
                                                                    : value.is_number();
    if (!right_type) fail_key(source, key, expected_type(info) + ", got " + describe(value));
    std::string error;
    if (info.kind == noise::FieldKind::choice) {
        const auto text = value.get<std::string>();
        error           = with_value_shown(noise::set_field_text(settings, info, text), text, text);
    } else if (info.kind == noise::FieldKind::toggle) {
        error = noise::set_field_value(settings, info, value.get<bool>() ? 1.0 : 0.0);
    } else {
        // The table prints the double ("1.8446744073709552e+19"); the message quotes the number
        // as the file wrote it (18446744073709551615).
        const double number = value.get<double>();
        error = with_value_shown(noise::set_field_value(settings, info, number), noise::format_number(number),
                                 value.dump());
    }
    if (!error.empty()) fail_key(source, key, without_key_prefix(error, info.key));
}

// The JSON value of one field: a choice's name, a boolean, an integer or a number.
template <class Settings>
nlohmann::ordered_json field_json(const Settings& settings, const noise::FieldInfo<Settings>& info) {
    const double value = info.get(settings);
    switch (info.kind) {
        case noise::FieldKind::choice:
            return noise::format_field(settings, info);
        case noise::FieldKind::toggle:
            return value != 0.0;
        case noise::FieldKind::integer:
            return static_cast<std::int64_t>(value);
        case noise::FieldKind::real:
            return value;
    }
    return {};
}

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

void read_view(ViewSettings& view, const json& object, std::string_view source) {
    if (!object.is_object())
        fail_key(source, "view", "expected an object of view settings, got " + describe(object));
    for (const auto& [key, value] : object.items()) {
        const ViewKeyInfo* info = find_view_key(key);
        if (info == nullptr) fail(source, "view: " + unknown_key_message(key, view_keys()));
        // "view." + key names it in messages; fail_key escapes the whole name.
        read_field(view, *info, value, source, "view." + key);
    }
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

JsonRules preset_json_rules() {
    return {
        .what         = "a preset",
        .max_nesting  = preset_max_nesting,
        .nesting_note = "a preset needs 4 (the object, its \"mask_field\", their \"curve\" and its points)",
        .allowed      = preset_key_allowed};
}

// Why an empty name is an error and not "no preset": `--preset ""` from a script whose
// variable was unset would otherwise render the defaults without a word.
constexpr std::string_view empty_name_message =
    "empty file name: expected a preset .json, a shipped preset's name or a PNG exported by noise-explorer";

// The "preset" object of an r16/r32 export's OUT.json ({"format": "r16", ..., "preset": {...}}),
// as text; nullopt for anything else (then read as a preset, and its errors are a preset's).
std::optional<std::string> preset_in_sidecar(std::string_view text, std::string_view source_name) {
    if (text.find("\"preset\"") == std::string_view::npos) return std::nullopt;
    json root;
    try {
        root = parse_json_text(text, source_name, preset_json_rules());
    } catch (const ReadError&) {
        return std::nullopt;  // read as a preset, whose errors then say what is wrong
    }
    if (!root.is_object() || !root.contains("format") || !root.contains("preset")) return std::nullopt;
    const json& format = root["format"];
    if (!format.is_string() || !root["preset"].is_object()) return std::nullopt;
    const std::string name = format.get<std::string>();
    if (name != "r16" && name != "r32") return std::nullopt;
    return root["preset"].dump();
}

// "layer.N.heightmap" for a layer above the field (N from 2).
bool is_heightmap_key(std::string_view key) {
    return key.starts_with("layer.") && key.ends_with(".heightmap") && !key.starts_with("layer.1.") &&
           key.size() > 16 && key.substr(6, key.size() - 16).find('.') == std::string_view::npos;
}

// --set layer.N.heightmap=FILE: the name, then the file read from the current directory; `params`
// unchanged on error.
std::string set_heightmap(noise::Params& params, std::string_view key, std::string_view file) {
    if (file.empty())
        return std::string(key) + ": empty file name: expected " + std::string(heightmap_file_kinds);
    noise::Params changed = params;
    if (auto error = noise::set_param(changed, key, file); !error.empty())
        return with_value_shown(error, file, file);
    if (auto error = read_heightmap_layers(changed, {}); !error.empty()) return error;
    params = std::move(changed);
    return {};
}

}  // namespace

std::string preset_key_allowed(std::string_view key_path) {
    if (key_path.starts_with("mask_field.")) key_path.remove_prefix(11);
    if (key_path == "curve") return std::string(curve_expected);
    if (const noise::ParamInfo* info = noise::find_param(key_path)) return noise::allowed_values(*info);
    if (key_path.starts_with("view."))
        if (const ViewKeyInfo* info = find_view_key(key_path.substr(5))) return noise::allowed_values(*info);
    return {};
}

Preset parse_preset_json(std::string_view text, std::string_view source_name,
                         const std::filesystem::path& folder) {
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        fail(source_name, std::string(text.empty() ? "is empty" : "holds only white space") +
                              ": expected a preset, a JSON object {\"format\": \"" +
                              std::string(preset_format_name) + "\", ...}");
    json root;
    try {
        root = parse_json_text(text, source_name, preset_json_rules());
    } catch (const ReadError& error) {
        throw PresetError(error.what());
    }
    return preset_from_json(root, source_name, folder);
}

Preset preset_from_json(const nlohmann::json& root, std::string_view source_name,
                        const std::filesystem::path& folder) {
    if (!root.is_object())
        fail(source_name, "expected a JSON object {...} at the top, got " + describe(root));
    check_header(root, source_name);

    Preset preset;
    for (const auto& [key, value] : root.items()) {
        if (key == "format" || key == "version") continue;
        if (key == "name") {
            preset.name = read_text_key(value, key, source_name, preset_name_limit);
        } else if (key == "description") {
            preset.description = read_text_key(value, key, source_name, preset_description_limit);
        } else if (key == "view") {
            read_view(preset.view, value, source_name);
        } else if (key == "curve") {
            read_curve(preset.params.curve, value, source_name, key);
        } else if (key == "mask_field") {
            read_mask_field(preset.params, value, source_name);
        } else if (key == "erosion") {
            read_erosion(preset.params, value, source_name);
        } else if (key == "stack") {
            read_layers(preset.params, value, source_name);
        } else if (key == "base_layer") {
            read_base_layer(preset.params, value, source_name);
        } else if (is_erosion_key(key) && noise::find_param(key) != nullptr) {
            fail(source_name, "key " + shown(key) + " is an erosion setting: put it inside \"erosion\": {\"" +
                                  key.substr(erosion_prefix.size()) + "\": ...}");
        } else if (key == "texture_layers") {  // its own section: texture_layers.cpp
            try {
                preset.texture_layers = read_texture_layers(value);
            } catch (const std::invalid_argument& error) {
                fail(source_name, error.what());
            }
        } else if (const noise::ParamInfo* info = noise::find_param(key)) {
            read_field(preset.params, *info, value, source_name, key);
        } else if (find_view_key(key) != nullptr) {
            fail(source_name, "key " + shown(key) + " is a view setting: put it inside \"view\": {...}");
        } else {
            fail(source_name, unknown_key_message(key, top_level_keys(), /*grouped=*/true));
        }
    }
    // The heightmaps' files, before the rules: a heightmap layer without its samples is refused.
    if (auto error = read_heightmap_layers(preset.params, folder); !error.empty()) fail(source_name, error);
    if (auto error = noise::validate(preset.params); !error.empty()) fail(source_name, error);
    return preset;
}

std::string preset_to_json(const Preset& preset) {
    nlohmann::ordered_json root;
    root["format"] = preset_format_name;
    // Version 1 without a stack: a preset without layers is the text it always was, and older
    // programs still read it.
    root["version"] = noise::has_stack(preset.params) ? preset_format_version : 1;
    if (!preset.name.empty()) root["name"] = preset.name;
    if (!preset.description.empty()) root["description"] = preset.description;
    write_params(root, preset.params);
    if (!preset.params.mask_field.empty()) {  // kept while the mask is off, so it can come back
        nlohmann::ordered_json mask = nlohmann::ordered_json::object();
        write_params(mask, preset.params.mask_field.front());
        root["mask_field"] = mask;
    }
    if (has_erosion_settings(preset.params)) {
        nlohmann::ordered_json erosion = nlohmann::ordered_json::object();
        // The simulation's keys only when it runs or one was changed: a preset of the filter keeps
        // the text (and its exports the bytes) it had before the simulation existed.
        const bool simulation = preset.params.erosion_method == noise::ErosionMethod::simulate ||
                                differs_from_default(preset.params, noise::simulation_param_table());
        const auto all = noise::erosion_param_table();
        for (const auto& info :
             simulation ? all : all.first(all.size() - noise::simulation_param_table().size()))
            erosion[std::string(info.key.substr(erosion_prefix.size()))] = field_json(preset.params, info);
        root["erosion"] = erosion;
    }
    if (preset.params.base_layer != noise::BaseLayer{}) {
        const noise::BaseLayer& base = preset.params.base_layer;
        root["base_layer"]           = {{"name", base.name}, {"mute", base.mute}, {"solo", base.solo}};
    }
    if (!preset.params.stack.empty()) {
        nlohmann::ordered_json layers = nlohmann::ordered_json::array();
        for (const noise::StackLayer& layer : preset.params.stack) {
            nlohmann::ordered_json object = nlohmann::ordered_json::object();
            object["name"]                = layer.name;
            for (const auto& info : noise::layer_table())
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
    nlohmann::ordered_json view = nlohmann::ordered_json::object();
    for (const auto& info : view_key_table()) view[std::string(info.key)] = field_json(preset.view, info);
    root["view"] = view;
    if (!preset.texture_layers.empty()) root["texture_layers"] = texture_layers_json(preset.texture_layers);
    // ASCII only, so the same text fits a PNG tEXt chunk (Latin-1) unchanged.
    return root.dump(2, ' ', /*ensure_ascii=*/true) + "\n";
}

Preset load_preset(const std::filesystem::path& file) {
    if (file.empty()) throw PresetError(std::string(empty_name_message));
    const std::string name = file.string();
    // One open, one pass from the front: a /dev/fd pipe (--preset <(cat p.json)) cannot be
    // opened a second time to read what a first look took.
    std::string text;
    std::filesystem::path folder;
    try {
        LimitedInput in = LimitedInput::open(file, "preset file");
        // A heightmap's relative name is in the preset's folder; a pipe's (--preset <(...)) in the
        // current directory, as for a preset without a file.
        if (in.size()) folder = file.parent_path();
        std::string head(png_signature.size(), '\0');
        head.resize(in.read(head.data(), head.size()));
        if (head == png_signature) {
            const auto found = png_text_in(read_png_header_chunks(in, head), png_preset_key, in.shown_name());
            if (!found)
                in.fail("this PNG has no '" + std::string(png_preset_key) +
                        "' text chunk: expected a PNG exported by noise-explorer");
            return parse_preset_json(*found, name + " (PNG text chunk)", folder);
        }
        if (std::string_view(head).starts_with(exr_magic)) {
            const auto found = read_exr_text_attribute(in, head, exr_preset_attribute);
            if (!found)
                in.fail("this OpenEXR file has no '" + std::string(exr_preset_attribute) +
                        "' attribute: expected an EXR exported by noise-explorer");
            return parse_preset_json(*found, name + " (EXR attribute)", folder);
        }
        if (is_glb_head(head))
            return parse_preset_json(read_glb_preset(in, head), name + " (glTF extras)", folder);
        if (is_obj_head(head))
            return parse_preset_json(read_obj_preset(in, head), name + " (obj comments)", folder);
        // A headerless r16/r32 export: its preset is in the OUT.json beside it.
        if (const auto extension = file.extension(); extension == ".r16" || extension == ".r32")
            return load_preset(sidecar_path(file));
        text = head + in.read_rest(preset_json_limit, "a preset .json");
    } catch (const PresetError&) {
        throw;
    } catch (const std::runtime_error& error) {
        throw PresetError(failure_text(error));
    }
    if (const auto preset = preset_in_sidecar(text, name))
        return parse_preset_json(*preset, name + " (\"preset\")", folder);
    return parse_preset_json(text, name, folder);
}

bool holds_preset(const std::filesystem::path& file) {
    try {
        LimitedInput in = LimitedInput::open(file, "file");
        std::string head(png_signature.size(), '\0');
        head.resize(in.read(head.data(), head.size()));
        if (head == png_signature)
            return png_text_in(read_png_header_chunks(in, head), png_preset_key, in.shown_name()).has_value();
        if (std::string_view(head).starts_with(exr_magic))
            return read_exr_text_attribute(in, head, exr_preset_attribute).has_value();
        const auto extension = file.extension();
        if (extension == ".r16" || extension == ".r32" || extension == ".raw") {
            LimitedInput sidecar = LimitedInput::open(sidecar_path(file), "sidecar");
            return preset_in_sidecar(sidecar.read_rest(preset_json_limit + (64u << 10), "a sidecar"), "")
                .has_value();
        }
    } catch (const std::exception&) {
        // A raw file without its sidecar is a plain image; any other failure load_preset reports.
        const auto extension = file.extension();
        std::error_code ec;
        return !((extension == ".r16" || extension == ".r32" || extension == ".raw") &&
                 !std::filesystem::exists(sidecar_path(file), ec));
    }
    return true;
}

void save_preset(const Preset& preset, const std::filesystem::path& file, bool overwrite) {
    try {
        write_file_atomically(file, preset_to_json(preset), overwrite);
    } catch (const AtomicFileError& error) {
        throw PresetError(error.what());
    }
}

void apply_assignment(Preset& preset, std::string_view key_equals_value) {
    const auto equals = key_equals_value.find('=');
    if (equals == std::string_view::npos || equals == 0)
        throw PresetError(
            "--set: " + shown(key_equals_value) +
            " is not key=value: expected e.g. octaves=6 (keys: see `noise-explorer sample --help`)");
    std::string_view key         = key_equals_value.substr(0, equals);
    const std::string_view value = key_equals_value.substr(equals + 1);
    if (key.starts_with("view.") && find_view_key(key.substr(5)) != nullptr) key.remove_prefix(5);

    std::string error;
    if (key.starts_with("mask.") && key.substr(5) != "curve" && key.substr(5) != "mask" &&
        noise::find_param(key.substr(5)) == nullptr) {
        error = unknown_mask_key_message(key);
    } else if (is_heightmap_key(key)) {
        error = set_heightmap(preset.params, key, value);
    } else if (key == "curve" || key.starts_with("mask.") || key.starts_with("layer.") ||
               noise::find_param(key) != nullptr) {
        error = with_value_shown(noise::set_param(preset.params, key, value), value, value);
    } else if (find_view_key(key) != nullptr) {
        error = with_value_shown(set_view_key(preset.view, key, value), value, value);
    } else {
        std::vector<std::string_view> keys;
        for (const auto& info : noise::param_table()) keys.push_back(info.key);
        keys.insert(keys.end(), {"curve", "mask.KEY"});
        for (const auto& info : view_key_table()) keys.push_back(info.key);
        error = unknown_key_message(key, keys, /*grouped=*/true);
    }
    if (!error.empty()) throw PresetError("--set: " + error);
}

std::filesystem::path shipped_presets_dir() {
    std::error_code ec;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const auto installed = exe.parent_path().parent_path() / "share" / "noise-explorer" / "presets";
        if (std::filesystem::is_directory(installed, ec)) return installed;
    }
    return std::filesystem::path(NOISE_EXPLORER_ASSETS_DIR) / "presets";
}

std::vector<std::filesystem::path> shipped_presets() { return presets_in(shipped_presets_dir()); }

std::vector<std::filesystem::path> presets_in(const std::filesystem::path& folder) {
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

std::filesystem::path resolve_preset_argument(std::string_view argument) {
    if (argument.empty()) throw PresetError(std::string(empty_name_message));
    const std::filesystem::path given(argument);
    std::error_code ec;
    if (std::filesystem::exists(given, ec) || argument.find('/') != std::string_view::npos) return given;
    auto shipped = shipped_presets_dir() / given;
    if (shipped.extension() != ".json") shipped += ".json";
    if (std::filesystem::is_regular_file(shipped, ec)) return shipped;
    return given;
}

}  // namespace app
