// The program's presets: the preset library's JSON reader (noise_io/preset_json.hpp) with the
// window's sections ("view", "texture_layers"), presets inside exported files, `--set` and the
// shipped presets.
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
#include "noise_io/preset_json.hpp"

namespace app {
namespace {

using nlohmann::json;
using noise::io::describe;
using noise::io::fail;
using noise::io::fail_key;
using noise::io::field_json;
using noise::io::read_field;
using noise::io::unknown_key_message;
using noise::io::with_value_shown;

std::vector<std::string_view> view_keys() {
    std::vector<std::string_view> keys;
    for (const auto& info : view_key_table()) keys.push_back(info.key);
    keys.push_back(export_size_key);
    return keys;
}

bool is_view_key(std::string_view key) { return find_view_key(key) != nullptr || key == export_size_key; }

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

void read_view(ViewSettings& view, const json& object, std::string_view source) {
    if (!object.is_object())
        fail_key(source, "view", "expected an object of view settings, got " + describe(object));
    for (const auto& [key, value] : object.items()) {
        if (key == export_size_key) {
            if (!value.is_string())
                fail_key(source, "view.export_size", "expected a size \"WxH\", got " + describe(value));
            if (auto error = set_export_size(view, value.get<std::string>()); !error.empty())
                fail(source, "view." + error);
            continue;
        }
        const ViewKeyInfo* info = find_view_key(key);
        if (info == nullptr) fail(source, "view: " + unknown_key_message(key, view_keys()));
        // "view." + key names it in messages; fail_key escapes the whole name.
        read_field(view, *info, value, source, "view." + key);
    }
}

// The window's sections of a preset, read into `preset` by the library's reader.
noise::io::PresetSections program_sections(Preset& preset) {
    return {.keys = {"view", "texture_layers"},
            .read =
                [&preset](const std::string& key, const json& value, std::string_view source) {
                    if (key == "view") {
                        read_view(preset.view, value, source);
                        return;
                    }
                    try {  // its own section: texture_layers.cpp
                        preset.texture_layers = read_texture_layers(value);
                    } catch (const std::invalid_argument& error) {
                        fail(source, error.what());
                    }
                },
            .misplaced =
                [](std::string_view key) {
                    return is_view_key(key)
                               ? "key " + shown(key) + " is a view setting: put it inside \"view\": {...}"
                               : std::string();
                }};
}

JsonRules preset_json_rules() { return noise::io::preset_json_rules(preset_key_allowed); }

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
    if (key_path.starts_with("view."))
        if (const ViewKeyInfo* info = find_view_key(key_path.substr(5))) return noise::allowed_values(*info);
    return noise::preset_key_allowed(key_path);
}

Preset parse_preset_json(std::string_view text, std::string_view source_name,
                         const std::filesystem::path& folder, const noise::HeightmapReader& read_heightmap) {
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
    return preset_from_json(root, source_name, folder, read_heightmap);
}

Preset preset_from_json(const nlohmann::json& root, std::string_view source_name,
                        const std::filesystem::path& folder, const noise::HeightmapReader& read_heightmap) {
    Preset preset;
    noise::io::PresetFields fields;
    noise::io::read_preset_object(root, source_name, program_sections(preset), fields);
    preset.params      = std::move(fields.params);
    preset.name        = std::move(fields.name);
    preset.description = std::move(fields.description);
    // The heightmaps' files, before the rules: a heightmap layer without its samples is refused.
    const std::string error = read_heightmap
                                  ? noise::read_heightmap_layers(preset.params, folder, read_heightmap)
                                  : read_heightmap_layers(preset.params, folder);
    if (!error.empty()) fail(source_name, error);
    if (auto rule = noise::validate(preset.params); !rule.empty()) fail(source_name, rule);
    return preset;
}

std::string preset_to_json(const Preset& preset) {
    nlohmann::ordered_json root = noise::io::preset_object(
        {.params = preset.params, .name = preset.name, .description = preset.description});
    nlohmann::ordered_json view = nlohmann::ordered_json::object();
    for (const auto& info : view_key_table()) view[std::string(info.key)] = field_json(preset.view, info);
    // Only when kept: a preset from before the key keeps its text (and its exports their bytes).
    if (const std::string size = format_export_size(preset.view); !size.empty())
        view[std::string(export_size_key)] = size;
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
    if (key.starts_with("view.") && is_view_key(key.substr(5))) key.remove_prefix(5);

    std::string error;
    if (key.starts_with("mask.") && key.substr(5) != "curve" && key.substr(5) != "mask" &&
        noise::find_param(key.substr(5)) == nullptr) {
        error = unknown_mask_key_message(key);
    } else if (is_heightmap_key(key)) {
        error = set_heightmap(preset.params, key, value);
    } else if (key == "curve" || key == noise::placement_param().key || key.starts_with("mask.") ||
               key.starts_with("layer.") || noise::find_param(key) != nullptr) {
        error = with_value_shown(noise::set_param(preset.params, key, value), value, value);
    } else if (key == export_size_key) {
        error = set_export_size(preset.view, value);
    } else if (find_view_key(key) != nullptr) {
        error = with_value_shown(set_view_key(preset.view, key, value), value, value);
    } else {
        std::vector<std::string_view> keys;
        for (const auto& info : noise::param_table()) keys.push_back(info.key);
        keys.insert(keys.end(), {"curve", "placement", "mask.KEY"});
        for (const auto& info : view_key_table()) keys.push_back(info.key);
        keys.push_back(export_size_key);
        error = unknown_key_message(key, keys, /*grouped=*/true, is_view_key);
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
