// gui/preview/preview_colour.cpp: the colour modes' table, their samples (app::mask_rows, as the
// mask16 export) and how they are coloured, read and explained in a legend.
#include "gui/preview/preview_colour.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <numbers>

#include "core/colour.hpp"
#include "core/field_stats.hpp"
#include "core/terrain_masks.hpp"
#include "core/terrain_scale.hpp"
#include "core/value_mapping.hpp"
#include "gui/common/theme.hpp"
#include "gui/common/ui_report.hpp"
#include "noise/render.hpp"

namespace app::gui {

namespace {

// [SECTION] The table -------------------------------------------------------------------------

constexpr std::array<PreviewColourInfo, 9> table{{
    {PreviewColour::ramp, "Ramp", "The mapped value through the view's ramp (and hillshade)."},
    {PreviewColour::slope, "Slope",
     "Steepness of the ground in degrees (0 flat .. 90 vertical), from the exact gradient in metres: the "
     "samples of export --format mask16 --map slope."},
    {PreviewColour::height_band, "Height band",
     "The height in metres (0 .. terrain height) in ten bands: the samples of --map height (png16)."},
    {PreviewColour::curvature, "Curvature",
     "Change of slope from one sample to the next: blue concave (valleys, hollows: water gathers), red "
     "convex (ridges, peaks: water spreads). The samples of --map curvature."},
    {PreviewColour::aspect, "Aspect",
     "The compass direction the ground faces (downhill), north = up the image: the samples of --map "
     "aspect. Flat ground reads as north: see Slope."},
    {PreviewColour::flow, "Flow",
     "erosion.method = simulate: the water that drains through each pixel, on a log scale: rivers bright, "
     "ridges dark. The samples of --map flow."},
    {PreviewColour::wear, "Wear",
     "erosion.method = simulate: how deep water and sliding rock cut, relative to the deepest cut. The "
     "samples of --map wear."},
    {PreviewColour::deposit, "Deposit",
     "erosion.method = simulate: how deep rock was laid down (talus at the foot of slopes, lakes filled to "
     "their brim), relative to the deepest. The samples of --map deposit."},
    {PreviewColour::weights, "Texture weights",
     "The texture layers' weights (Texture rules): each layer's colour blended by its weight, the samples "
     "of export --format weights8 --layer L."},
}};
static_assert(table.size() == preview_colour_names.size());

// What TerrainMask computes each mode (the ramp and the height band come from the raw values).
std::optional<TerrainMask> mask_of(PreviewColour mode) {
    switch (mode) {
        case PreviewColour::slope:
            return TerrainMask::slope;
        case PreviewColour::curvature:
            return TerrainMask::curvature;
        case PreviewColour::aspect:
            return TerrainMask::aspect;
        case PreviewColour::flow:
            return TerrainMask::flow;
        case PreviewColour::wear:
            return TerrainMask::wear;
        case PreviewColour::deposit:
            return TerrainMask::deposit;
        default:
            return std::nullopt;
    }
}

// [SECTION] Colours -----------------------------------------------------------------------------

// The maps' colours are data like the ramps (app/core/colour.cpp): stops at positions, linear
// between them.
struct Stop {
    double at;
    std::array<double, 3> rgb;
};

constexpr std::array<Stop, 7> slope_stops{{{0.0, {32, 96, 52}},
                                           {10.0, {120, 180, 80}},
                                           {20.0, {235, 215, 90}},
                                           {30.0, {235, 140, 50}},
                                           {45.0, {200, 50, 45}},
                                           {60.0, {120, 40, 120}},
                                           {90.0, {245, 240, 250}}}};
// Curvature, convex (ridges) to concave (valleys), over k in [-shown, shown].
constexpr double curvature_shown = 1.0;  // the samples' whole range: rough fields reach it
constexpr std::array<Stop, 5> curvature_stops{{{-1.0, {170, 40, 30}},
                                               {-0.35, {235, 140, 110}},
                                               {0.0, {238, 238, 238}},
                                               {0.35, {120, 165, 235}},
                                               {1.0, {25, 60, 170}}}};
constexpr int height_bands = 10;
// The simulation's maps, 0 .. 1 of the largest: dark to bright in the colours of water, of bare
// rock and of sand.
constexpr std::array<Stop, 4> flow_stops{
    {{0.0, {18, 22, 34}}, {0.5, {36, 82, 150}}, {0.8, {60, 160, 230}}, {1.0, {210, 245, 255}}}};
constexpr std::array<Stop, 4> wear_stops{
    {{0.0, {22, 20, 20}}, {0.3, {110, 55, 35}}, {0.7, {225, 120, 45}}, {1.0, {255, 225, 160}}}};
constexpr std::array<Stop, 4> deposit_stops{
    {{0.0, {24, 24, 20}}, {0.3, {110, 100, 60}}, {0.7, {215, 195, 120}}, {1.0, {255, 250, 215}}}};

template <std::size_t N>
std::array<std::uint8_t, 3> along(const std::array<Stop, N>& stops, double at) {
    at            = std::clamp(at, stops.front().at, stops.back().at);
    std::size_t i = 1;
    while (i + 1 < N && at > stops[i].at) ++i;
    const double t = (at - stops[i - 1].at) / (stops[i].at - stops[i - 1].at);
    std::array<std::uint8_t, 3> out{};
    for (int c = 0; c < 3; ++c) {
        const auto k = static_cast<std::size_t>(c);
        out[k]       = static_cast<std::uint8_t>(
            std::lround(stops[i - 1].rgb[k] + t * (stops[i].rgb[k] - stops[i - 1].rgb[k])));
    }
    return out;
}

// A colour wheel: hue = the compass bearing (north red, east yellow-green, south cyan, west violet).
std::array<std::uint8_t, 3> hue_colour(double degrees) {
    const double h = std::fmod(std::fmod(degrees, 360.0) + 360.0, 360.0) / 60.0;
    const double s = 0.7, v = 0.92;
    const double c = v * s, x = c * (1.0 - std::abs(std::fmod(h, 2.0) - 1.0)), m = v - c;
    std::array<double, 3> rgb{};
    switch (static_cast<int>(h)) {
        case 0:
            rgb = {c, x, 0};
            break;
        case 1:
            rgb = {x, c, 0};
            break;
        case 2:
            rgb = {0, c, x};
            break;
        case 3:
            rgb = {0, x, c};
            break;
        case 4:
            rgb = {x, 0, c};
            break;
        default:
            rgb = {c, 0, x};
            break;
    }
    return {static_cast<std::uint8_t>(std::lround((rgb[0] + m) * 255)),
            static_cast<std::uint8_t>(std::lround((rgb[1] + m) * 255)),
            static_cast<std::uint8_t>(std::lround((rgb[2] + m) * 255))};
}

double slope_degrees(std::uint16_t s) { return s / 65535.0 * 90.0; }
double curvature_k(std::uint16_t s) { return (static_cast<double>(s) - 32768.0) / 32768.0; }
double aspect_degrees(std::uint16_t s) { return s / 65536.0 * 360.0; }
int height_band(std::uint16_t s) { return std::min(height_bands - 1, s * height_bands / 65536); }

ImU32 im(std::array<std::uint8_t, 3> c) { return IM_COL32(c[0], c[1], c[2], 255); }

}  // namespace

std::span<const PreviewColourInfo> preview_colour_table() { return table; }

const PreviewColourInfo& preview_colour_info(PreviewColour mode) {
    return table[static_cast<std::size_t>(mode)];
}

ColourRequest colour_request(PreviewColour mode, const ViewSettings& view, int export_width,
                             const std::vector<TextureLayer>& layers) {
    if (mode == PreviewColour::ramp) return {};
    ColourRequest request{mode, view.mapping, view.terrain_height, view.terrain_spacing, export_width,
                          {},   0.0};
    if (mode == PreviewColour::weights) {
        request.layers    = layers;
        request.sea_level = view.sea_level;
    }
    return request;
}

// [SECTION] Samples (worker thread) -------------------------------------------------------------

std::optional<std::vector<std::uint16_t>> compute_colour_samples(const noise::FractalNoise& noise,
                                                                 const ColourRequest& request, int width,
                                                                 int height, std::span<const float> raw,
                                                                 const std::atomic<bool>* cancel,
                                                                 const noise::SimulationMaps* maps) {
    std::vector<std::uint16_t> out;
    if (request.mode == PreviewColour::ramp) return out;
    if (is_simulation_colour(request.mode)) {
        if (maps == nullptr || maps->width != width || maps->height_cells != height) return out;
        out.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
        simulation_mask_rows(*maps, simulation_peaks(*maps), *mask_of(request.mode),
                             noise::Region::full(width, height), out);
        return out;
    }
    // The export's range: nominal, or the min/max of the whole image when the view stretches.
    const noise::Params& params = noise.params();
    const noise::Range range    = request.mapping == Mapping::stretch
                                      ? measure_field(raw, noise::nominal_range(params), 1).measured_range()
                                      : noise::nominal_range(params);
    const std::size_t pixels    = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    if (request.mode == PreviewColour::weights) {
        if (request.layers.empty() || !texture_layers_problem(request.layers, maps != nullptr).empty())
            return out;  // a band on a simulation map the image has not: the legend says why
        if (maps && (maps->width != width || maps->height_cells != height)) return out;
        ViewSettings metres;
        metres.terrain_height    = request.terrain_height;
        metres.terrain_spacing   = request.terrain_spacing;
        const TerrainScale scale = TerrainScale::of(params, metres, range, request.ground_width);
        out.resize(pixels * request.layers.size());
        if (!weight_rows(noise, scale, noise::Region::full(width, height), request.layers,
                         {request.sea_level, maps, maps ? simulation_peaks(*maps) : SimulationPeaks{}}, 255,
                         0, cancel, out))
            return std::nullopt;
        return out;
    }
    out.resize(pixels);
    if (request.mode == PreviewColour::height_band) {
        to_gray16_row(raw, range, out);
        return out;
    }
    ViewSettings metres;
    metres.terrain_height    = request.terrain_height;
    metres.terrain_spacing   = request.terrain_spacing;
    const TerrainScale scale = TerrainScale::of(params, metres, range, request.ground_width);
    if (!mask_rows(noise, scale, noise::Region::full(width, height), *mask_of(request.mode), 0, cancel, out))
        return std::nullopt;
    return out;
}

// [SECTION] Colours, readings and legends (UI thread) ---------------------------------------------

std::array<std::uint8_t, 3> sample_colour(PreviewColour mode, std::uint16_t sample) {
    switch (mode) {
        case PreviewColour::slope:
            return along(slope_stops, slope_degrees(sample));
        case PreviewColour::height_band:
            return ramp_colour(Ramp::terrain, (height_band(sample) + 0.5) / height_bands);
        case PreviewColour::curvature:
            return along(curvature_stops, curvature_k(sample) / curvature_shown);
        case PreviewColour::aspect:
            return hue_colour(aspect_degrees(sample));
        case PreviewColour::flow:
            return along(flow_stops, sample / 65535.0);
        case PreviewColour::wear:
            return along(wear_stops, sample / 65535.0);
        case PreviewColour::deposit:
            return along(deposit_stops, sample / 65535.0);
        case PreviewColour::weights:  // a pixel has several: pixel_colour
        case PreviewColour::ramp:
            break;
    }
    return {0, 0, 0};
}

std::array<std::uint8_t, 3> weights_colour(std::span<const std::uint16_t> weights,
                                           const LayerColours& colours) {
    std::array<unsigned, 3> sum{};
    for (std::size_t i = 0; i < weights.size() && i < colours.size(); ++i) {
        const auto& c = colours[i];
        for (std::size_t k = 0; k < 3; ++k) sum[k] += weights[i] * c[k];
    }
    return {static_cast<std::uint8_t>((sum[0] + 127) / 255), static_cast<std::uint8_t>((sum[1] + 127) / 255),
            static_cast<std::uint8_t>((sum[2] + 127) / 255)};
}

std::string weights_text(std::span<const std::uint16_t> weights, std::span<const std::string> names) {
    std::string text = "weights";
    for (std::size_t i = 0; i < weights.size(); ++i)
        if (weights[i] > 0)
            text +=
                " " + (i < names.size() ? names[i] : std::to_string(i)) + " " + std::to_string(weights[i]);
    return text + " (of 255)";
}

std::array<std::uint8_t, 3> pixel_colour(PreviewColour mode, std::span<const std::uint16_t> samples,
                                         const LayerColours& layer_colours) {
    if (mode == PreviewColour::weights) return weights_colour(samples, layer_colours);
    return sample_colour(mode, samples.empty() ? 0 : samples[0]);
}

std::string sample_text(PreviewColour mode, std::uint16_t sample, double terrain_height) {
    char text[96] = "";
    switch (mode) {
        case PreviewColour::slope:
            std::snprintf(text, sizeof text, "slope %.2f deg (sample %u)", slope_degrees(sample), sample);
            break;
        case PreviewColour::height_band:
            std::snprintf(text, sizeof text, "height %.1f m (sample %u)", sample / 65535.0 * terrain_height,
                          sample);
            break;
        case PreviewColour::curvature: {
            const double k = curvature_k(sample);
            std::snprintf(text, sizeof text, "curvature %+.4f %s (sample %u)", k,
                          k > 0   ? "concave"
                          : k < 0 ? "convex"
                                  : "flat",
                          sample);
            break;
        }
        case PreviewColour::aspect: {
            static constexpr std::array<const char*, 8> points{"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
            const double a = aspect_degrees(sample);
            std::snprintf(text, sizeof text, "aspect %.1f deg %s (sample %u)", a,
                          points[static_cast<std::size_t>(std::lround(a / 45.0)) % 8], sample);
            break;
        }
        case PreviewColour::flow:
            std::snprintf(text, sizeof text, "flow %.3f of the most, ln scale (sample %u)", sample / 65535.0,
                          sample);
            break;
        case PreviewColour::wear:
            std::snprintf(text, sizeof text, "wear %.3f of the deepest cut (sample %u)", sample / 65535.0,
                          sample);
            break;
        case PreviewColour::deposit:
            std::snprintf(text, sizeof text, "deposit %.3f of the deepest (sample %u)", sample / 65535.0,
                          sample);
            break;
        case PreviewColour::weights:  // several samples: weights_text
        case PreviewColour::ramp:
            break;
    }
    return text;
}

namespace {

// A horizontal bar of `steps` colours with labels under it at fractions of its width.
void draw_bar(ImDrawList* draw, ImVec2 at, float width, int steps,
              const std::function<std::array<std::uint8_t, 3>(double)>& colour_at,
              std::span<const std::pair<double, std::string>> labels) {
    const float h = 10.0f;
    for (int i = 0; i < steps; ++i) {
        const float x0 = at.x + width * static_cast<float>(i) / static_cast<float>(steps);
        const float x1 = at.x + width * static_cast<float>(i + 1) / static_cast<float>(steps);
        draw->AddRectFilled(ImVec2(x0, at.y), ImVec2(x1 + 0.5f, at.y + h),
                            im(colour_at((i + 0.5) / static_cast<double>(steps))));
    }
    draw->AddRect(ImVec2(at.x, at.y), ImVec2(at.x + width, at.y + h),
                  colours::with_alpha(colours::light, 90));
    for (const auto& [t, text] : labels) {
        const float x    = at.x + static_cast<float>(t) * width;
        const float half = ImGui::CalcTextSize(text.c_str()).x * 0.5f;
        draw->AddLine(ImVec2(x, at.y + h), ImVec2(x, at.y + h + 3.0f), colours::badge_text);
        draw->AddText(
            ImVec2(std::clamp(x - half, at.x - 4.0f, at.x + width - 2.0f * half + 4.0f), at.y + h + 3.0f),
            colours::badge_text, text.c_str());
    }
}

// The weights' legend: a swatch and the name of each layer, in the rules' order.
void draw_weights_legend(ImDrawList* draw, ImVec2 corner, std::span<const std::string> names) {
    const float line = ImGui::GetTextLineHeight(), pad = 6.0f, swatch = line - 2.0f;
    const char* title = "Texture weights (first rule on top)";
    float width       = ImGui::CalcTextSize(title).x;
    for (const auto& name : names)
        width = std::max(width, swatch + 6.0f + ImGui::CalcTextSize(name.c_str()).x);
    const float height = line * static_cast<float>(names.size() + 1) + 2 * pad;
    const ImVec2 p0(corner.x, corner.y - height), p1(corner.x + width + 2 * pad, corner.y);
    draw->AddRectFilled(p0, p1, colours::badge, 4.0f);
    draw->AddText(ImVec2(p0.x + pad, p0.y + pad), colours::badge_text, title);
    const LayerColours colours = texture_layer_colours(names);
    for (std::size_t i = 0; i < names.size(); ++i) {
        const float y = p0.y + pad + line * static_cast<float>(i + 1);
        draw->AddRectFilled(ImVec2(p0.x + pad, y + 1.0f), ImVec2(p0.x + pad + swatch, y + 1.0f + swatch),
                            im(colours[i]));
        draw->AddText(ImVec2(p0.x + pad + swatch + 6.0f, y), colours::badge_text, names[i].c_str());
    }
}

}  // namespace

void draw_colour_legend(ImDrawList* draw, ImVec2 corner, PreviewColour mode, double terrain_height,
                        bool unavailable, std::span<const std::string> layer_names) {
    if (mode == PreviewColour::ramp) return;
    if (mode == PreviewColour::weights && !unavailable && !layer_names.empty())
        return draw_weights_legend(draw, corner, layer_names);
    const float line = ImGui::GetTextLineHeight();
    const float pad = 6.0f, bar = 220.0f;
    const bool compass = mode == PreviewColour::aspect && !unavailable;
    const float r      = 26.0f;  // the compass's ring
    const float height = unavailable ? line + 2 * pad
                         : compass   ? 2 * pad + line + 2 * (r + line)
                                     : line * 2 + 10.0f + 3.0f + 3 * pad;
    // As wide as the bar or the title, whichever is wider.
    char title[96];
    switch (mode) {
        case PreviewColour::slope:
            std::snprintf(title, sizeof title, "Slope, degrees (steepness)");
            break;
        case PreviewColour::height_band:
            std::snprintf(title, sizeof title, "Height, metres (bands of %g m)",
                          terrain_height / height_bands);
            break;
        case PreviewColour::curvature:
            std::snprintf(title, sizeof title, "Curvature: convex (ridges) .. concave (valleys)");
            break;
        case PreviewColour::aspect:
            std::snprintf(title, sizeof title, "Aspect: the way the ground faces");
            break;
        case PreviewColour::flow:
            std::snprintf(title, sizeof title, "Flow: water drained (log scale)");
            break;
        case PreviewColour::wear:
            std::snprintf(title, sizeof title, "Wear: rock taken away");
            break;
        case PreviewColour::deposit:
            std::snprintf(title, sizeof title, "Deposit: rock laid down");
            break;
        case PreviewColour::weights:
            std::snprintf(title, sizeof title, "Texture weights");
            break;
        case PreviewColour::ramp:
            title[0] = 0;
            break;
    }
    // Why a map asked for is not shown: it describes all octaves, or only the simulation makes it.
    const char* missing = is_simulation_colour(mode)
                              ? "the simulation's map: erosion.method = simulate, once it has run"
                          : mode == PreviewColour::weights
                              ? "a rule bounds flow, wear or deposit: the simulation's, once it has run"
                              : "maps show all octaves: ramp meanwhile";
    const float width   = unavailable ? ImGui::CalcTextSize(missing).x + 2 * pad
                                      : std::max(bar + 24.0f, ImGui::CalcTextSize(title).x) + 2 * pad;
    const ImVec2 p0(corner.x, corner.y - height), p1(corner.x + width, corner.y);
    draw->AddRectFilled(p0, p1, colours::badge, 4.0f);
    const ImVec2 text_at(p0.x + pad, p0.y + pad);
    if (unavailable) {
        draw->AddText(text_at, colours::warning, missing);
        return;
    }
    using Labels = std::vector<std::pair<double, std::string>>;
    const ImVec2 bar_at(p0.x + pad + 12.0f, p0.y + pad + line + 3.0f);
    switch (mode) {
        case PreviewColour::slope: {
            draw->AddText(text_at, colours::badge_text, title);
            const Labels labels{{0.0, "0"},  {1.0 / 6, "15"}, {2.0 / 6, "30"},
                                {0.5, "45"}, {4.0 / 6, "60"}, {1.0, "90"}};
            draw_bar(
                draw, bar_at, bar, 90, [](double t) { return along(slope_stops, t * 90.0); }, labels);
            break;
        }
        case PreviewColour::height_band: {
            draw->AddText(text_at, colours::badge_text, title);
            char lo[16], mid[16], hi[16];
            std::snprintf(lo, sizeof lo, "0");
            std::snprintf(mid, sizeof mid, "%g", terrain_height / 2);
            std::snprintf(hi, sizeof hi, "%g", terrain_height);
            const Labels labels{{0.0, lo}, {0.5, mid}, {1.0, hi}};
            draw_bar(
                draw, bar_at, bar, height_bands, [](double t) { return ramp_colour(Ramp::terrain, t); },
                labels);
            break;
        }
        case PreviewColour::curvature: {
            draw->AddText(text_at, colours::badge_text, title);
            char neg[24], pos[24];
            std::snprintf(neg, sizeof neg, "-%g", curvature_shown);
            std::snprintf(pos, sizeof pos, "+%g", curvature_shown);
            const Labels labels{{0.0, neg}, {0.5, "0 flat"}, {1.0, pos}};
            draw_bar(
                draw, bar_at, bar, 64, [](double t) { return along(curvature_stops, 2.0 * t - 1.0); },
                labels);
            break;
        }
        case PreviewColour::flow:
        case PreviewColour::wear:
        case PreviewColour::deposit: {
            draw->AddText(text_at, colours::badge_text, title);
            const auto& stops = mode == PreviewColour::flow   ? flow_stops
                                : mode == PreviewColour::wear ? wear_stops
                                                              : deposit_stops;
            const Labels labels{{0.0, mode == PreviewColour::flow ? "ridge" : "none"},
                                {1.0, mode == PreviewColour::flow ? "river" : "most"}};
            draw_bar(
                draw, bar_at, bar, 64, [&](double t) { return along(stops, t); }, labels);
            break;
        }
        case PreviewColour::weights:  // drawn by draw_weights_legend (here: no layers to name)
            draw->AddText(text_at, colours::badge_text, title);
            break;
        case PreviewColour::aspect: {
            draw->AddText(text_at, colours::badge_text, title);
            const ImVec2 centre(p0.x + pad + 40.0f, p0.y + pad + 2 * line + r);
            constexpr int segments = 72;
            for (int i = 0; i < segments; ++i) {
                // Bearing clockwise from north (up the screen).
                const double a0 = 360.0 * i / segments, a1 = 360.0 * (i + 1) / segments;
                const auto at = [&](double bearing, float radius) {
                    const double rad = bearing * std::numbers::pi / 180.0;
                    return ImVec2(centre.x + radius * static_cast<float>(std::sin(rad)),
                                  centre.y - radius * static_cast<float>(std::cos(rad)));
                };
                draw->AddQuadFilled(at(a0, 8.0f), at(a0, r), at(a1 + 0.5, r), at(a1 + 0.5, 8.0f),
                                    im(hue_colour((a0 + a1) / 2)));
            }
            const auto label = [&](const char* t, float dx, float dy) {
                const ImVec2 size = ImGui::CalcTextSize(t);
                draw->AddText(ImVec2(centre.x + dx - size.x / 2, centre.y + dy - size.y / 2),
                              colours::badge_text, t);
            };
            label("N", 0, -r - 7), label("S", 0, r + 7), label("E", r + 8, 0), label("W", -r - 8, 0);
            draw->AddText(ImVec2(centre.x + r + 26.0f, centre.y - line), colours::badge_text,
                          "downhill direction,\nnorth = up the image;\nflat reads as N");
            break;
        }
        case PreviewColour::ramp:
            break;
    }
}

bool draw_colour_combo(PreviewColour& mode, float width) {
    bool changed = false;
    ImGui::SetNextItemWidth(width);
    // HeightLarge: all the modes in view (the default shows 8 and scrolls the ninth out of reach).
    const bool open =
        ImGui::BeginCombo("Colour", preview_colour_info(mode).label.data(), ImGuiComboFlags_HeightLarge);
    report_item("colour");
    if (!open) {
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", preview_colour_info(mode).tooltip.data());
        return false;
    }
    for (const PreviewColourInfo& info : table) {
        const bool selected = info.mode == mode;
        if (ImGui::Selectable(info.label.data(), selected) && !selected) {
            mode    = info.mode;
            changed = true;
        }
        report_item("colour=" + std::string(preview_colour_names[static_cast<std::size_t>(info.mode)]));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", info.tooltip.data());
    }
    ImGui::EndCombo();
    return changed;
}

}  // namespace app::gui
