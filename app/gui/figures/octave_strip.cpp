// The octaves strip: see octave_strip.hpp.
#include "gui/figures/octave_strip.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/colour.hpp"
#include "gui/common/theme.hpp"
#include "gui/preview/octave_legend.hpp"
#include "gui/teaching/octave_breakdown.hpp"
#include "noise/algorithms.hpp"

namespace app::gui {

namespace {

// The strip's rows: a margin of 0.17 of an image above and below, the image, two lines of labels
// (2.6 fonts). The font is a tenth of an image, but never under 12 or over 48 pixels, so the
// height of a strip of squares `side` wide is not simply proportional to it.
constexpr double margin = 0.17;

float label_font(double side) { return std::clamp(0.1f * static_cast<float>(side), 12.0f, 48.0f); }

double strip_rows(double side) { return (1.0 + 2.0 * margin) * side + 2.6 * label_font(side); }

// The largest side whose rows fit `height`: strip_rows turned round, piece by piece.
double side_for_height(double height) {
    const double side = height / (1.0 + 2.0 * margin + 0.26);
    if (0.1 * side > 48.0) return (height - 2.6 * 48.0) / (1.0 + 2.0 * margin);
    if (0.1 * side < 12.0) return (height - 2.6 * 12.0) / (1.0 + 2.0 * margin);
    return side;
}

}  // namespace

StripLayout strip_layout(const FigureRequest& request) {
    const int images = request.scene.settings.params.octaves + 1;
    StripLayout l;
    const double across = request.width / (images + 0.2 * (images + 1));
    const double down   = side_for_height(request.height);
    l.side              = std::max(8, static_cast<int>(std::min(across, down)));
    l.gap               = 0.2f * static_cast<float>(l.side);
    l.font              = label_font(l.side);
    l.left              = (static_cast<float>(request.width) - static_cast<float>(images * l.side) -
              static_cast<float>(images - 1) * l.gap) /
             2.0f;
    l.top = (static_cast<float>(request.height) - static_cast<float>(l.side) - 2.6f * l.font) / 2.0f;
    return l;
}

int strip_height(int width, int octaves) {
    const int images  = octaves + 1;
    const double side = width / (images + 0.2 * (images + 1));
    return std::max(16,
                    static_cast<int>(std::ceil(strip_rows(side))));  // strip_layout's `down`, turned round
}

void paint_octave_strip(const FigureRequest& request, ImDrawList* draw, const std::vector<GpuImage>& images) {
    const StripLayout l         = strip_layout(request);
    const noise::Params& params = request.scene.settings.params;
    const int count             = static_cast<int>(images.size()) - 1;  // octaves
    // The theme's inks (vector_figure.hpp); each octave's name keeps the Octaves tab's hue, darkened
    // on a white page.
    const FigurePalette& ink = figure_palette(request.theme);
    const auto im            = [](FigureColour c) { return IM_COL32(c.r, c.g, c.b, c.a); };
    const bool light         = request.theme == FigureTheme::light;
    draw->AddRectFilled(ImVec2(0, 0),
                        ImVec2(static_cast<float>(request.width), static_cast<float>(request.height)),
                        im(ink.background));
    ImFont* font     = ImGui::GetFont();
    const float side = static_cast<float>(l.side);
    const auto text  = [&](ImVec2 at, ImU32 colour, const std::string& s, bool centred) {
        const float width = font->CalcTextSizeA(l.font, FLT_MAX, 0.0f, s.c_str()).x;
        draw->AddText(font, l.font, ImVec2(centred ? at.x - width / 2.0f : at.x, at.y), colour, s.c_str());
    };
    double frequency = params.frequency, amplitude = 1.0;
    for (int i = 0; i <= count; ++i) {
        const float x = l.left + static_cast<float>(i) * (side + l.gap);
        images[static_cast<std::size_t>(i)].draw(draw, ImVec2(x, l.top), ImVec2(x + side, l.top + side));
        const float below = l.top + side + 0.3f * l.font;
        char line[96];
        if (i < count) {
            std::snprintf(line, sizeof line, "octave %d", i);
            ImU32 name = octave_colour(i, count, 1.0f);
            if (light) {
                const ImVec4 c = ImGui::ColorConvertU32ToFloat4(name);
                name           = ImGui::GetColorU32(ImVec4(0.55f * c.x, 0.55f * c.y, 0.55f * c.z, 1.0f));
            }
            text(ImVec2(x + side / 2.0f, below), name, line, true);
            std::snprintf(line, sizeof line, "freq %.3g  amp %.3g", frequency, amplitude);
            text(ImVec2(x + side / 2.0f, below + 1.2f * l.font), im(ink.text), line, true);
            frequency *= params.lacunarity;
            amplitude *= params.persistence;
        } else {
            std::snprintf(line, sizeof line, "the sum of %d", count);
            text(ImVec2(x + side / 2.0f, below), im(ink.label), line, true);
        }
        if (i > 0)
            text(ImVec2(x - l.gap / 2.0f, l.top + side / 2.0f - l.font / 2.0f), im(ink.label),
                 i == count ? "=" : "+", true);
    }
}

std::vector<FigurePixels> render_octave_strip(const FigureRequest& request, int side,
                                              const TaskControl& control) {
    const noise::Params& params = request.scene.settings.params;
    if (params.dimension < 2)
        throw std::runtime_error(
            "the octaves strip needs a 2D picture: dimension 1 shows its octaves as curves");
    if (const std::string invalid = noise::validate(params); !invalid.empty())
        throw std::runtime_error(invalid);
    const OctaveLayers layers = compute_octave_layers(params, 0.0, 2, {side, side}, control.cancelled);
    if (control.cancelled) throw std::runtime_error("cancelled");
    // Each octave on its own scale, as the Octaves tab shows it: its weight times one octave's
    // reach; or all on the largest weight's, so each is as faint as its share of the sum.
    const noise::Range one = noise::algorithm_info(params.algorithm).octave_range;
    const double largest =
        layers.weights.empty() ? 0.0 : *std::max_element(layers.weights.begin(), layers.weights.end());
    std::vector<FigurePixels> images;
    for (std::size_t o = 0; o < layers.thumbs.size(); ++o) {
        const double weight = request.shared_scale ? largest : layers.weights[o];
        const double reach  = weight * std::max(std::abs(one.lo), std::abs(one.hi));
        FigurePixels image{side, side, std::vector<std::uint8_t>(layers.thumbs[o].size() * 4)};
        colourise(layers.thumbs[o], side, side, ViewSettings{}, {-reach, reach}, image.rgba);
        images.push_back(std::move(image));
    }
    FigureRequest sum = request;  // the sum as the preview colours it, the noise itself
    sum.width = sum.height             = side;
    sum.scene.lattice.field            = FieldLayer::noise;
    sum.scene.settings.view.repeat_3x3 = false;
    images.push_back(render_figure_field(sum, control));
    return images;
}

}  // namespace app::gui
