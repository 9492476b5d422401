// The library's preset reader (noise/preset.hpp): the format's JSON side (preset_json.cpp) with the
// program's sections kept as text, and heightmap layers read through the caller's reader or the
// library's own (heightmap_file.cpp).
#include "noise/preset.hpp"

#include "noise/heightmap_file.hpp"
#include "noise/params.hpp"
#include "noise_io/json_text.hpp"
#include "noise_io/preset_json.hpp"
#include "noise_io/read_limited.hpp"
#include "noise_io/shown_text.hpp"

namespace noise {
namespace {

// The program's own top-level sections, in the order it writes them (after "stack").
constexpr std::string_view program_section_keys[] = {"view", "texture_layers"};

}  // namespace

Preset parse_preset(std::string_view text, std::string_view source_name, const PresetReadOptions& options) {
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        io::fail(source_name, std::string(text.empty() ? "is empty" : "holds only white space") +
                                  ": expected a preset, a JSON object {\"format\": \"" +
                                  std::string(preset_format_name) + "\", ...}");
    nlohmann::json root;
    try {
        root = io::parse_json_text(text, source_name, io::preset_json_rules(preset_key_allowed));
    } catch (const io::ReadError& error) {
        throw PresetError(error.what());
    }
    Preset preset;
    io::PresetSections sections{
        .keys      = {std::begin(program_section_keys), std::end(program_section_keys)},
        .read      = [&](const std::string& key, const nlohmann::json& value,
                    std::string_view) { preset.program_sections[key] = value.dump(); },
        .misplaced = {}};
    io::PresetFields fields;
    io::read_preset_object(root, source_name, sections, fields);
    // The heightmaps' files, before the rules: a heightmap layer without its samples is refused.
    const HeightmapReader reader =
        options.read_heightmap ? options.read_heightmap : HeightmapReader(read_heightmap);
    if (auto error = read_heightmap_layers(fields.params, options.folder, reader); !error.empty())
        io::fail(source_name, error);
    if (auto error = validate(fields.params); !error.empty()) io::fail(source_name, error);
    preset.params      = std::move(fields.params);
    preset.name        = std::move(fields.name);
    preset.description = std::move(fields.description);
    return preset;
}

Preset load_preset(const std::filesystem::path& file, const HeightmapReader& read_heightmap) {
    if (file.empty()) throw PresetError("empty file name: expected a preset .json");
    std::string text;
    PresetReadOptions options{.folder = {}, .read_heightmap = read_heightmap};
    try {
        io::LimitedInput in = io::LimitedInput::open(file, "preset file");
        // A pipe's heightmap names are relative to the current directory, as for text.
        if (in.size()) options.folder = file.parent_path();
        text = in.read_rest(preset_json_limit, "a preset .json");
    } catch (const std::exception& error) {
        throw PresetError(io::failure_text(error));
    }
    return parse_preset(text, file.string(), options);
}

std::string preset_to_json(const Preset& preset) {
    nlohmann::ordered_json root =
        io::preset_object({.params = preset.params, .name = preset.name, .description = preset.description});
    for (const std::string_view key : program_section_keys)
        if (const auto section = preset.program_sections.find(std::string(key));
            section != preset.program_sections.end())
            root[std::string(key)] = nlohmann::ordered_json::parse(section->second);
    // ASCII only, so the same text fits a PNG tEXt chunk (Latin-1) unchanged.
    return root.dump(2, ' ', /*ensure_ascii=*/true) + "\n";
}

std::filesystem::path heightmap_path(std::string_view name, const std::filesystem::path& folder) {
    const std::filesystem::path given(name);
    std::error_code ec;
    std::filesystem::path path = given.is_absolute() ? given : std::filesystem::absolute(folder / given, ec);
    if (ec) path = folder / given;  // no current directory: the name as it stands
    return path.lexically_normal();
}

std::string read_heightmap_layers(Params& params, const std::filesystem::path& folder,
                                  const HeightmapReader& read_heightmap) {
    Params changed = params;
    for (std::size_t i = 0; i < changed.stack.size(); ++i) {
        StackLayer& layer = changed.stack[i];
        if (layer.heightmap.empty() || layer.heightmap_image.samples) continue;
        const std::filesystem::path path = heightmap_path(layer.heightmap, folder);
        try {
            layer.heightmap_image.samples = std::make_shared<const HeightSamples>(read_heightmap(path));
        } catch (const std::exception& error) {
            if (layer.source == LayerSource::heightmap)
                return "layer." + std::to_string(i + 2) + ".heightmap: " + io::failure_text(error);
        }
        layer.heightmap = path.string();
    }
    params = std::move(changed);
    return {};
}

}  // namespace noise
