// Presets: JSON <-> app::Preset through the two key tables, with errors that name the key.
#include "core/preset.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/atomic_file.hpp"
#include "core/png_text.hpp"
#include "core/view_keys.hpp"

namespace app {
namespace {

using nlohmann::json;

// The tables' messages start with "key: "; ours put "key 'x': " in front instead.
std::string without_key_prefix(const std::string& message, std::string_view key) {
    const std::string prefix = std::string(key) + ": ";
    return message.starts_with(prefix) ? message.substr(prefix.size()) : message;
}

// A short picture of a JSON value for "got ..." in messages.
std::string describe(const json& value) {
    std::string text = value.dump();
    if (text.size() > 40) text = text.substr(0, 37) + "...";
    switch (value.type()) {
        case json::value_t::string: return "the string " + text;
        case json::value_t::boolean: return "the boolean " + text;
        case json::value_t::number_integer:
        case json::value_t::number_unsigned:
        case json::value_t::number_float: return "the number " + text;
        case json::value_t::array: return "an array " + text;
        case json::value_t::object: return "an object";
        case json::value_t::null: return "null";
        default: return text;
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
        case noise::FieldKind::choice: return "expected a string, one of " + join(info.names);
        case noise::FieldKind::toggle: return "expected true or false";
        case noise::FieldKind::integer:
        case noise::FieldKind::real: return noise::allowed_values(info);
    }
    return {};
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1] ? 1u : 0u)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

// Every key a preset may hold at its top level (not counting view's own keys).
std::vector<std::string_view> top_level_keys() {
    std::vector<std::string_view> keys{"format", "version", "name", "description"};
    for (const auto& info : noise::param_table()) keys.push_back(info.key);
    keys.push_back("view");
    return keys;
}

std::vector<std::string_view> view_keys() {
    std::vector<std::string_view> keys;
    for (const auto& info : view_key_table()) keys.push_back(info.key);
    return keys;
}

std::string unknown_key_message(std::string_view key, const std::vector<std::string_view>& allowed) {
    std::string message = "unknown key '" + std::string(key) + "'";
    auto best = std::min_element(allowed.begin(), allowed.end(), [&](auto a, auto b) {
        return edit_distance(key, a) < edit_distance(key, b);
    });
    if (best != allowed.end() && edit_distance(key, *best) <= 2 && edit_distance(key, *best) * 2 < key.size()) message += " (did you mean '" + std::string(*best) + "'?)";
    message += ": expected one of " + join(allowed);
    return message;
}

// Line and column (both from 1) of the byte at `offset` (0-based) in `text`.
std::pair<std::size_t, std::size_t> line_column(std::string_view text, std::size_t offset) {
    offset = std::min(offset, text.size());
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return {line, column};
}

[[noreturn]] void fail(std::string_view source, const std::string& message) {
    throw PresetError(std::string(source) + ": " + message);
}

[[noreturn]] void fail_key(std::string_view source, std::string_view key, const std::string& message) {
    fail(source, "key '" + std::string(key) + "': " + message);
}

// Reads one field of either table (noise parameters, view settings) from its JSON value;
// `key` is how the file names it ("octaves", "view.ramp").
template <class Settings>
void read_field(Settings& settings, const noise::FieldInfo<Settings>& info, const json& value, std::string_view source,
                const std::string& key) {
    const bool right_type = info.kind == noise::FieldKind::choice   ? value.is_string()
                            : info.kind == noise::FieldKind::toggle ? value.is_boolean()
                                                                    : value.is_number();
    if (!right_type) fail_key(source, key, expected_type(info) + ", got " + describe(value));
    std::string error;
    if (info.kind == noise::FieldKind::choice)
        error = noise::set_field_text(settings, info, value.get<std::string>());
    else if (info.kind == noise::FieldKind::toggle)
        error = noise::set_field_value(settings, info, value.get<bool>() ? 1.0 : 0.0);
    else
        error = noise::set_field_value(settings, info, value.get<double>());
    if (!error.empty()) fail_key(source, key, without_key_prefix(error, info.key));
}

// The JSON value of one field: a choice's name, a boolean, an integer or a number.
template <class Settings>
nlohmann::ordered_json field_json(const Settings& settings, const noise::FieldInfo<Settings>& info) {
    const double value = info.get(settings);
    switch (info.kind) {
        case noise::FieldKind::choice: return noise::format_field(settings, info);
        case noise::FieldKind::toggle: return value != 0.0;
        case noise::FieldKind::integer: return static_cast<std::int64_t>(value);
        case noise::FieldKind::real: return value;
    }
    return {};
}

void read_view(ViewSettings& view, const json& object, std::string_view source) {
    if (!object.is_object()) fail_key(source, "view", "expected an object of view settings, got " + describe(object));
    for (const auto& [key, value] : object.items()) {
        const ViewKeyInfo* info = find_view_key(key);
        if (info == nullptr) fail(source, "view: " + unknown_key_message(key, view_keys()));
        read_field(view, *info, value, source, "view." + key);
    }
}

void check_header(const json& root, std::string_view source) {
    const auto format = root.find("format");
    if (format == root.end())
        fail(source, "key 'format' is missing: expected \"" + std::string(preset_format_name) +
                         "\" (is this a noise-explorer preset?)");
    if (!format->is_string() || format->get<std::string>() != preset_format_name)
        fail_key(source, "format", "expected \"" + std::string(preset_format_name) + "\", got " + describe(*format));

    const auto version = root.find("version");
    if (version == root.end())
        fail(source, "key 'version' is missing: expected " + std::to_string(preset_format_version));
    if (!version->is_number_integer() && !version->is_number_unsigned())
        fail_key(source, "version", "expected the integer " + std::to_string(preset_format_version) + ", got " +
                                        describe(*version));
    const auto number = version->get<std::int64_t>();
    if (number > preset_format_version)
        fail_key(source, "version", std::to_string(number) + " is newer than this program reads: expected " +
                                        std::to_string(preset_format_version) +
                                        " (a newer noise-explorer wrote this preset)");
    if (number < 1)
        fail_key(source, "version", std::to_string(number) + " is not a version: expected " +
                                        std::to_string(preset_format_version));
}

std::string read_text_key(const json& value, std::string_view key, std::string_view source) {
    if (!value.is_string()) fail_key(source, key, "expected a string, got " + describe(value));
    return value.get<std::string>();
}

bool starts_like_png(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    char signature[8] = {};
    in.read(signature, sizeof signature);
    static constexpr unsigned char png[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    return in.gcount() == 8 && std::equal(std::begin(signature), std::end(signature), std::begin(png),
                                          [](char a, unsigned char b) { return static_cast<unsigned char>(a) == b; });
}

}  // namespace

Preset parse_preset_json(std::string_view text, std::string_view source_name) {
    json root;
    try {
        root = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& error) {
        // nlohmann's byte is 1-based and points at the character that broke the parse.
        const auto [line, column] = line_column(text, error.byte == 0 ? 0 : error.byte - 1);
        std::string reason = error.what();
        if (const auto at = reason.find(": ", reason.find("column")); at != std::string::npos)
            reason = reason.substr(at + 2);
        throw PresetError(std::string(source_name) + ":" + std::to_string(line) + ":" + std::to_string(column) +
                          ": malformed JSON: " + reason);
    } catch (const json::exception& error) {
        // e.g. a number too large for a double ("1e999"): nlohmann reports no position.
        std::string reason = error.what();
        if (const auto at = reason.find("] "); at != std::string::npos) reason = reason.substr(at + 2);
        throw PresetError(std::string(source_name) + ": malformed JSON: " + reason);
    }
    if (!root.is_object()) fail(source_name, "expected a JSON object {...} at the top, got " + describe(root));
    check_header(root, source_name);

    Preset preset;
    for (const auto& [key, value] : root.items()) {
        if (key == "format" || key == "version") continue;
        if (key == "name") {
            preset.name = read_text_key(value, key, source_name);
        } else if (key == "description") {
            preset.description = read_text_key(value, key, source_name);
        } else if (key == "view") {
            read_view(preset.view, value, source_name);
        } else if (const noise::ParamInfo* info = noise::find_param(key)) {
            read_field(preset.params, *info, value, source_name, key);
        } else if (find_view_key(key) != nullptr) {
            fail(source_name, "key '" + key + "' is a view setting: put it inside \"view\": {...}");
        } else {
            fail(source_name, unknown_key_message(key, top_level_keys()));
        }
    }
    if (auto error = noise::validate(preset.params); !error.empty()) fail(source_name, error);
    return preset;
}

std::string preset_to_json(const Preset& preset) {
    nlohmann::ordered_json root;
    root["format"] = preset_format_name;
    root["version"] = preset_format_version;
    if (!preset.name.empty()) root["name"] = preset.name;
    if (!preset.description.empty()) root["description"] = preset.description;
    for (const auto& info : noise::param_table()) root[std::string(info.key)] = field_json(preset.params, info);
    nlohmann::ordered_json view = nlohmann::ordered_json::object();
    for (const auto& info : view_key_table()) view[std::string(info.key)] = field_json(preset.view, info);
    root["view"] = view;
    // ASCII only, so the same text fits a PNG tEXt chunk (Latin-1) unchanged.
    return root.dump(2, ' ', /*ensure_ascii=*/true) + "\n";
}

Preset load_preset(const std::filesystem::path& file) {
    const std::string name = file.string();
    std::error_code ec;
    const auto status = std::filesystem::status(file, ec);
    if (!std::filesystem::exists(status))
        throw PresetError(name + ": preset file not found (expected a preset .json or a PNG exported by noise-explorer)");
    if (std::filesystem::is_directory(status)) throw PresetError(name + ": is a folder, expected a preset file");
    if (::access(file.c_str(), R_OK) != 0) throw PresetError(name + ": cannot read the file (no permission)");

    if (starts_like_png(file)) {
        std::optional<std::string> text;
        try {
            text = read_png_text(file, png_preset_key);
        } catch (const std::runtime_error& error) {
            throw PresetError(error.what());
        }
        if (!text)
            throw PresetError(name + ": this PNG has no '" + std::string(png_preset_key) +
                              "' text chunk: expected a PNG exported by noise-explorer");
        return parse_preset_json(*text, name + " (PNG text chunk)");
    }

    std::ifstream in(file, std::ios::binary);
    if (!in) throw PresetError(name + ": cannot open the file");
    std::ostringstream content;
    content << in.rdbuf();
    if (in.bad()) throw PresetError(name + ": cannot read the file");
    return parse_preset_json(content.str(), name);
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
        throw PresetError("--set: '" + std::string(key_equals_value) +
                          "' is not key=value: expected e.g. octaves=6 (keys: see `noise-explorer sample --help`)");
    std::string_view key = key_equals_value.substr(0, equals);
    const std::string_view value = key_equals_value.substr(equals + 1);
    if (key.starts_with("view.") && find_view_key(key.substr(5)) != nullptr) key.remove_prefix(5);

    std::string error;
    if (noise::find_param(key) != nullptr) {
        error = noise::set_param(preset.params, key, value);
    } else if (find_view_key(key) != nullptr) {
        error = set_view_key(preset.view, key, value);
    } else {
        std::vector<std::string_view> keys;
        for (const auto& info : noise::param_table()) keys.push_back(info.key);
        for (const auto& info : view_key_table()) keys.push_back(info.key);
        error = unknown_key_message(key, keys);
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

std::vector<std::filesystem::path> shipped_presets() {
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(shipped_presets_dir(), ec))
        if (entry.is_regular_file() && entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

std::filesystem::path resolve_preset_argument(std::string_view argument) {
    const std::filesystem::path given(argument);
    std::error_code ec;
    if (std::filesystem::exists(given, ec) || argument.find('/') != std::string_view::npos) return given;
    auto shipped = shipped_presets_dir() / given;
    if (shipped.extension() != ".json") shipped += ".json";
    if (std::filesystem::is_regular_file(shipped, ec)) return shipped;
    return given;
}

}  // namespace app
