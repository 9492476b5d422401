// noise_io/preset_json.hpp: the preset format's JSON side, shared by the library's reader
// (noise/preset.hpp) and the program's (app/core/preset.hpp), which adds its own sections ("view",
// "texture_layers") through PresetSections. Not installed: it names nlohmann::json.
//
//     noise::io::PresetSections view{.keys = {"view"}, .read = ...};
//     noise::io::read_preset_object(root, "hills.json", view, fields);   // or noise::PresetError
//     nlohmann::ordered_json out = noise::io::preset_object(fields);     // then the program adds "view"
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "noise/field_table.hpp"
#include "noise/params.hpp"
#include "noise/preset.hpp"
#include "noise_io/json_text.hpp"

namespace noise::io {

// What the library reads and writes of a preset: the noise settings and the two free texts.
struct PresetFields {
    Params params;
    std::string name;
    std::string description;
};

// Top-level keys of the format that the caller reads itself.
struct PresetSections {
    std::vector<std::string_view> keys;  // e.g. "view", "texture_layers"
    // Reads one of `keys`; throws PresetError (fail_key) on a bad value.
    std::function<void(const std::string& key, const nlohmann::json& value, std::string_view source)> read;
    // For a key that is not a setting: a message when it belongs inside a section ("key 'ramp' is a
    // view setting: put it inside \"view\": {...}"), else "".
    std::function<std::string(std::string_view key)> misplaced;
};

// Reads every key of `root` into `fields` (the sections' through `sections`). Checks the header
// and each value; neither reads heightmaps nor applies noise::validate (the caller does, once the
// whole preset is read).
void read_preset_object(const nlohmann::json& root, std::string_view source, const PresetSections& sections,
                        PresetFields& fields);

// The JSON object of `fields`, keys in the order the program has always written them; the caller
// appends its sections ("view" last but "texture_layers").
nlohmann::ordered_json preset_object(const PresetFields& fields);

// The JsonRules of a preset: its nesting limit, and `allowed` for a number too large.
JsonRules preset_json_rules(std::function<std::string(std::string_view key_path)> allowed);

// [[noreturn]] helpers that make the format's one-line messages: "SOURCE: MESSAGE" and
// "SOURCE: key 'KEY': MESSAGE", the source escaped and shortened.
[[noreturn]] void fail(std::string_view source, const std::string& message);
[[noreturn]] void fail_key(std::string_view source, std::string_view key, const std::string& message);

// A short picture of a JSON value for "got ..." in messages.
std::string describe(const nlohmann::json& value);

// "unknown key 'x' (did you mean 'y'?): expected one of ...". With `grouped`, the shaping keys,
// the erosion keys and the keys for which `in_view_group` is true are named as groups.
std::string unknown_key_message(std::string_view key, const std::vector<std::string_view>& allowed,
                                bool grouped                                               = false,
                                const std::function<bool(std::string_view)>& in_view_group = {});

// The tables' messages start with "key: "; ours put "key 'x': " in front instead.
std::string without_key_prefix(const std::string& message, std::string_view key);

// A message from the field tables with the value as the user wrote it, shortened and escaped.
std::string with_value_shown(const std::string& message, std::string_view printed, std::string_view value);

// Reads one field of a key table (noise parameters, the program's view settings) from its JSON
// value; `key` is how the file names it ("octaves", "view.ramp").
std::string field_error(const FieldSpec& info, const nlohmann::json& value);
template <class Settings>
void read_field(Settings& settings, const FieldInfo<Settings>& info, const nlohmann::json& value,
                std::string_view source, const std::string& key) {
    std::string error = field_error(info, value);
    if (!error.empty()) fail_key(source, key, error);
    if (info.kind == FieldKind::choice) {
        const auto text = value.get<std::string>();
        error           = with_value_shown(set_field_text(settings, info, text), text, text);
    } else if (info.kind == FieldKind::toggle) {
        error = set_field_value(settings, info, value.get<bool>() ? 1.0 : 0.0);
    } else {
        // The table prints the double ("1.8446744073709552e+19"); the message quotes the number
        // as the file wrote it (18446744073709551615).
        const double number = value.get<double>();
        error =
            with_value_shown(set_field_value(settings, info, number), format_number(number), value.dump());
    }
    if (!error.empty()) fail_key(source, key, without_key_prefix(error, info.key));
}

// The JSON value of one field: a choice's name, a boolean, an integer or a number.
template <class Settings>
nlohmann::ordered_json field_json(const Settings& settings, const FieldInfo<Settings>& info) {
    const double value = info.get(settings);
    switch (info.kind) {
        case FieldKind::choice:
            return format_field(settings, info);
        case FieldKind::toggle:
            return value != 0.0;
        case FieldKind::integer:
            return static_cast<std::int64_t>(value);
        case FieldKind::real:
            return value;
    }
    return {};
}

}  // namespace noise::io
