// The export facts of export_facts.hpp.
#include "core/export_facts.hpp"

#include <nlohmann/json.hpp>

#include "core/terrain_scale.hpp"
#include "core/texture_layers.hpp"
#include "noise/trace.hpp"

namespace app {
namespace {

// Where normal8's and mask16's slopes come from, for the export facts.
std::string_view gradient_source(const noise::Params& params) {
    if (params.erosion_method == noise::ErosionMethod::simulate)
        return "analytic, of the bicubic surface through the simulated samples (central differences at a "
               "sample)";
    return noise::gradient_method(params) == noise::GradientMethod::analytic ? "analytic"
                                                                             : "finite difference";
}

}  // namespace

std::string export_facts_json(const Preset& preset, const ExportRequest& request, const noise::Region& window,
                              noise::Range range, bool with_preset) {
    // The terrain's metres at this export's size (terrain_scale.hpp's terrain_view).
    const ViewSettings metres = terrain_view(preset.params, preset.view, request.size.width);
    nlohmann::ordered_json facts;
    facts["format"] = export_format_names[static_cast<std::size_t>(request.format)];
    if (request.format == ExportFormat::r16) {
        facts["byte_order"] = "little-endian";
        facts["sample"]     = "uint16";
    }
    if (request.format == ExportFormat::r32) facts["byte_order"] = "little-endian";
    if (is_float_format(request.format)) facts["sample"] = "float32";
    facts["width"]          = window.columns();
    facts["height"]         = window.rows();
    facts["image_width"]    = request.size.width;
    facts["image_height"]   = request.size.height;
    facts["region"]         = {window.x0, window.y0, window.x1, window.y1};
    const std::uint32_t top = export_format_info(request.format).bits == 16 ? 65535 : 255;  // 8-bit: 255
    if (is_float_format(request.format) && request.float_values == FloatValues::raw)
        facts["value_range"] = {{"mapping", mapping_names[static_cast<std::size_t>(preset.view.mapping)]},
                                {"values", "raw"},
                                {"raw_min", range.lo},
                                {"raw_max", range.hi},
                                {"note",
                                 "samples are the raw noise values, not mapped nor clamped; raw_min and "
                                 "raw_max are what the other formats map to 0 and 1"}};
    else if (is_float_format(request.format))
        facts["value_range"] = {{"mapping", mapping_names[static_cast<std::size_t>(preset.view.mapping)]},
                                {"values", "unit"},
                                {"raw_min", range.lo},
                                {"raw_max", range.hi},
                                {"maps_to", {0, 1}},
                                {"note",
                                 "raw = raw_min + sample * (raw_max - raw_min); values outside "
                                 "[raw_min, raw_max] were clamped"}};
    else if ((request.format == ExportFormat::mask16 && request.mask != TerrainMask::height) ||
             is_mesh_format(request.format) || is_weight_format(request.format))
        facts["value_range"] = {
            {"mapping", mapping_names[static_cast<std::size_t>(preset.view.mapping)]},
            {"raw_min", range.lo},
            {"raw_max", range.hi},
            {"note",
             "the heights the mask is computed from: raw_min at 0 m, raw_max at height_m; "
             "the samples read as mask.mapping says"}};
    else
        facts["value_range"] = {{"mapping", mapping_names[static_cast<std::size_t>(preset.view.mapping)]},
                                {"raw_min", range.lo},
                                {"raw_max", range.hi},
                                {"maps_to", {0, top}},
                                {"note",
                                 "raw = raw_min + sample / maps_to[1] * (raw_max - raw_min); values outside "
                                 "[raw_min, raw_max] were clamped"}};
    if (request.format == ExportFormat::normal8)
        facts["normal_map"] = {
            {"space", "tangent"},
            {"convention", normal_convention_names[static_cast<std::size_t>(preset.view.normal_convention)]},
            {"height_m", metres.terrain_height},
            {"spacing_m", metres.terrain_spacing},
            {"gradient", gradient_source(preset.params)},
            {"note", "n = (rgb / 255) * 2 - 1; opengl: +y up the image, directx: +y down"}};
    if (request.format == ExportFormat::mask16)
        facts["mask"] = {{"map", terrain_mask_names[static_cast<std::size_t>(request.mask)]},
                         {"mapping", terrain_mask_mapping(request.mask)},
                         {"height_m", metres.terrain_height},
                         {"spacing_m", metres.terrain_spacing},
                         {"gradient", gradient_source(preset.params)}};
    if (is_weight_format(request.format)) {
        const auto layers            = effective_texture_layers(preset);
        nlohmann::ordered_json names = nlohmann::ordered_json::array();
        if (request.format == ExportFormat::splat8)
            for (std::size_t c = 0; c < 4; ++c) {
                const std::size_t i = static_cast<std::size_t>(request.layer) * 4 + c;
                names.push_back(i < layers.size() ? nlohmann::ordered_json(layers[i].name)
                                                  : nlohmann::ordered_json());
            }
        facts["layers"] = {
            {"layer", request.format == ExportFormat::splat8
                          ? nlohmann::ordered_json(names)
                          : nlohmann::ordered_json(layers[static_cast<std::size_t>(request.layer)].name)},
            {"total", request.format == ExportFormat::weights16 ? 65535 : 255},
            {"rules", texture_layers_json(layers)},
            {"default_rules", preset.texture_layers.empty()},
            {"height_m", metres.terrain_height},
            {"spacing_m", metres.terrain_spacing},
            {"note",
             "first match with blend, in order; the last layer takes what is left; every pixel's "
             "weights over all layers sum exactly to total (largest remainder)"}};
    }
    if (is_mesh_format(request.format)) {
        const int rows = terrain_grid_rows(request.size, request.mesh_grid);
        facts["mesh"]  = {{"columns", request.mesh_grid},
                          {"rows", rows},
                          {"vertices", static_cast<long long>(request.mesh_grid) * rows},
                          {"triangles", 2LL * (request.mesh_grid - 1) * (rows - 1)},
                          {"units", "metres"},
                          {"axes", "X east (along the image rows), Y up, Z south (down the image)"},
                          {"height_m", metres.terrain_height},
                          {"spacing_m", metres.terrain_spacing},
                          {"width_m", (request.size.width - 1) * metres.terrain_spacing},
                          {"length_m", (request.size.height - 1) * metres.terrain_spacing}};
    }
    if (!request.caption.empty()) facts["caption"] = request.caption;
    if (with_preset) facts["preset"] = nlohmann::ordered_json::parse(preset_to_json(preset));
    return facts.dump(2, ' ', true) + "\n";
}

}  // namespace app
