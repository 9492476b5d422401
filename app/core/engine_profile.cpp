// engine_profile: each engine's files as a list of exports, the manifest, one committed set.
#include "core/engine_profile.hpp"

#include <bit>
#include <nlohmann/json.hpp>

#include "core/terrain_scale.hpp"

namespace app {
namespace {

std::string file_name(const std::filesystem::path& base, std::string_view suffix) {
    return base.filename().string() + std::string(suffix);
}

SetPart part(const Preset& preset, const ProfileRequest& request, ExportFormat format,
             std::string_view suffix, std::string role, ImageSize size) {
    SetPart p{preset, {}, std::move(role)};
    p.request.size      = size;
    p.request.format    = format;
    p.request.path      = request.base.parent_path() / file_name(request.base, suffix);
    p.request.overwrite = request.overwrite;
    p.request.threads   = request.threads;
    return p;
}

// Unity's alphamaps are powers of two; its heightmaps 2^n + 1.
ImageSize alphamap_size(ImageSize size) {
    const auto side = static_cast<unsigned>(size.width - 1);
    if (size.width == size.height && size.width > 1 && std::has_single_bit(side))
        return {size.width - 1, size.height - 1};
    return size;
}

}  // namespace

std::optional<EngineProfile> parse_engine_profile(std::string_view name) {
    for (std::size_t i = 0; i < engine_profile_names.size(); ++i)
        if (engine_profile_names[i] == name) return static_cast<EngineProfile>(i);
    return std::nullopt;
}

std::filesystem::path profile_manifest_path(const std::filesystem::path& base) {
    auto path = base;
    path += ".manifest.json";
    return path;
}

std::vector<SetPart> profile_parts(const Preset& given, const ProfileRequest& request) {
    Preset preset = given;
    preset.view.normal_convention =
        request.profile == EngineProfile::unreal ? NormalConvention::directx : NormalConvention::opengl;
    std::vector<SetPart> parts;
    const ImageSize size = request.size;
    switch (request.profile) {
        case EngineProfile::unreal:
            parts.push_back(part(preset, request, ExportFormat::png16, "_height.png", "heightmap", size));
            break;
        case EngineProfile::unity:
            parts.push_back(part(preset, request, ExportFormat::r16, "_height.r16", "heightmap", size));
            break;
        case EngineProfile::godot:
            parts.push_back(part(preset, request, ExportFormat::exr32, "_height.exr", "heightmap", size));
            break;
    }
    parts.push_back(part(preset, request, ExportFormat::normal8, "_normal.png", "normal map", size));
    std::vector<TerrainMask> masks{TerrainMask::slope, TerrainMask::curvature, TerrainMask::aspect};
    if (preset.params.erosion_method == noise::ErosionMethod::simulate)  // and the simulation's own
        masks.insert(masks.end(), {TerrainMask::flow, TerrainMask::wear, TerrainMask::deposit});
    for (const TerrainMask mask : masks) {
        const std::string name(terrain_mask_names[static_cast<std::size_t>(mask)]);
        parts.push_back(
            part(preset, request, ExportFormat::mask16, "_" + name + ".png", name + " mask", size));
        parts.back().request.mask = mask;
    }
    const auto layers = effective_texture_layers(preset);
    if (request.profile == EngineProfile::unity) {
        for (std::size_t k = 0; k * 4 < layers.size(); ++k) {
            parts.push_back(part(preset, request, ExportFormat::splat8, "_splat" + std::to_string(k) + ".png",
                                 "splat map", alphamap_size(size)));
            parts.back().request.layer = static_cast<int>(k);
        }
    } else {
        const auto format =
            request.profile == EngineProfile::unreal ? ExportFormat::weights8 : ExportFormat::weights16;
        for (std::size_t i = 0; i < layers.size(); ++i) {
            parts.push_back(part(preset, request, format, "_layer_" + layers[i].name + ".png",
                                 "layer weight: " + layers[i].name, size));
            parts.back().request.layer = static_cast<int>(i);
        }
    }
    return parts;
}

ExportResult export_profile(const Preset& preset, const ProfileRequest& request,
                            const std::atomic<bool>* cancel, std::atomic<double>* progress) {
    // A weight map's rule on a simulation map the preset does not make: refused before the set's
    // first file renders (its height map would otherwise take a while to fail).
    if (auto problem = texture_layers_problem(preset.texture_layers,
                                              preset.params.erosion_method == noise::ErosionMethod::simulate);
        !problem.empty())
        throw ExportError(ExportError::Cause::setting, problem);
    const auto parts  = profile_parts(preset, request);
    const auto layers = effective_texture_layers(preset);
    nlohmann::ordered_json manifest;
    manifest["format"]           = "noise-explorer-engine-set";
    manifest["profile"]          = engine_profile_names[static_cast<std::size_t>(request.profile)];
    manifest["width"]            = request.size.width;
    manifest["height"]           = request.size.height;
    nlohmann::ordered_json files = nlohmann::ordered_json::array();
    for (const auto& p : parts) {
        nlohmann::ordered_json file;
        file["file"]   = p.request.path.filename().string();
        file["role"]   = p.role;
        file["format"] = export_format_names[static_cast<std::size_t>(p.request.format)];
        file["width"]  = p.request.size.width;
        file["height"] = p.request.size.height;
        if (p.request.format == ExportFormat::splat8) {
            nlohmann::ordered_json channels = nlohmann::ordered_json::array();
            for (std::size_t c = 0; c < 4; ++c) {
                const std::size_t i = static_cast<std::size_t>(p.request.layer) * 4 + c;
                channels.push_back(i < layers.size() ? nlohmann::ordered_json(layers[i].name)
                                                     : nlohmann::ordered_json());
            }
            file["channels"] = channels;
        }
        if (has_sidecar(p.request.format)) file["sidecar"] = sidecar_path(p.request.path).filename().string();
        files.push_back(file);
    }
    manifest["files"] = files;
    // The terrain's metres at the set's size: a simulated frame is the manifest's (terrain_scale.hpp).
    const ViewSettings metres   = terrain_view(preset.params, preset.view, request.size.width);
    const EngineFigures figures = engine_figures(metres, request.size);
    switch (request.profile) {
        case EngineProfile::unreal:
            manifest["import"] = {
                {"x_scale", figures.unreal_xy_scale},
                {"y_scale", figures.unreal_xy_scale},
                {"z_scale", figures.unreal_z_scale},
                {"width_m", figures.width},
                {"length_m", figures.length},
                {"normal_convention", "directx"},
                {"note", "Landscape > Import from File: the heightmap, then each layer's weight map"}};
            break;
        case EngineProfile::unity:
            manifest["import"] = {{"terrain_width", figures.width},
                                  {"terrain_length", figures.length},
                                  {"terrain_height", figures.unity_height},
                                  {"heightmap_resolution", request.size.width},
                                  {"alphamap_resolution", alphamap_size(request.size).width},
                                  {"raw_byte_order", "Windows (little-endian)"},
                                  {"normal_convention", "opengl"}};
            break;
        case EngineProfile::godot:
            manifest["import"] = {{"height_scale", metres.terrain_height},
                                  {"vertex_spacing", metres.terrain_spacing},
                                  {"heights", "unit values 0..1 in the EXR: metres = value * height_scale"},
                                  {"normal_convention", "opengl"}};
            break;
    }
    manifest["preset"] = nlohmann::ordered_json::parse(preset_to_json(preset));
    return export_set(parts, profile_manifest_path(request.base), manifest.dump(2) + "\n", request.overwrite,
                      cancel, progress);
}

}  // namespace app
