#include "gui/teaching/octave_breakdown.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "core/colour.hpp"
#include "gui/common/theme.hpp"
#include "gui/preview/octave_legend.hpp"
#include "noise/algorithms.hpp"
#include "noise/kernel.hpp"

namespace app::gui {

namespace {

constexpr int thumb_side = 48;
// A row's height and its labels' width at the usual 15-pixel font, grown with the font (presenter
// mode's 24 pixels): the three label lines and "freq 32  amp 0.0625" fit at any size, so a row's
// "share" line is never drawn over by the next row's S and M.
constexpr float base_font = 15.0f;
float row_height() { return std::max(54.0f, 54.0f * ImGui::GetFontSize() / base_font); }
float label_width() { return std::max(150.0f, 150.0f * ImGui::GetFontSize() / base_font); }

// Seed 004's persistence table: "1/4 ... 1/2 ... 1/sqrt2 ... 1".
struct PersistenceExample {
    const char* label;
    double value;
    const char* says;
};
constexpr PersistenceExample elias_table[] = {
    {"1/4", 0.25, "Each octave a quarter of the one before: smooth, the first octave dominates."},
    {"1/2", 0.5, "Each octave half the one before: the classic look."},
    {"1/sqrt 2", 0.70710678118654752, "Each octave 0.707 of the one before: rough."},
    {"1", 1.0, "Every octave weighs the same: close to white noise."},
};

bool whole_number(double v) { return std::abs(v - std::round(v)) < 1e-12; }

}  // namespace

ThumbSize octave_thumb_size(int image_width, int image_height, int side) {
    if (image_width <= 0 || image_height <= 0) return {side, side};
    const double aspect = static_cast<double>(image_height) / image_width;
    if (aspect <= 1.0) return {side, std::max(1, static_cast<int>(std::lround(side * aspect)))};
    return {std::max(1, static_cast<int>(std::lround(side / aspect))), side};
}

OctaveLayers compute_octave_layers(const noise::Params& params, double y, int samples, ThumbSize thumb,
                                   const std::atomic<bool>& cancelled) {
    OctaveLayers layers;
    layers.params = params;
    layers.y      = y;
    layers.thumb  = thumb;
    const noise::FractalNoise noise(params);
    const noise::RowKernel kernel(noise);
    const auto count = static_cast<std::size_t>(params.octaves);
    layers.thumbs.resize(count);
    layers.shares.resize(count);
    layers.running.resize(count);
    // The row of the curve: render.hpp's pixel model with `samples` pixels across.
    const noise::RowSpec row = noise::frame_row(params, samples, y);
    std::vector<double> line(static_cast<std::size_t>(thumb.width));
    std::vector<double> running(static_cast<std::size_t>(samples), 0.0);
    for (std::size_t o = 0; o < count; ++o) {
        if (cancelled) return layers;
        const int octave = static_cast<int>(o);
        layers.weights.push_back(noise.octave_weight(octave));
        auto& share = layers.shares[o];
        share.resize(static_cast<std::size_t>(samples));
        kernel.fill_octave_row(octave, row, share);
        add_octave_share(params.fractal, share, running);
        layers.running[o] = running;
        // The preview's area: a small image of the same region in render.hpp's pixel model (the
        // frequency across its width, square pixels), so its shape must be the preview's too.
        auto& image = layers.thumbs[o];
        image.resize(static_cast<std::size_t>(thumb.width) * static_cast<std::size_t>(thumb.height));
        for (int py = 0; py < thumb.height; ++py) {
            if (cancelled) return layers;
            const double row_y = noise::pixel_point(params, thumb.width, 0, py)[1];
            kernel.fill_octave_row(octave, {params.offset_x, params.frequency / thumb.width, 0, row_y}, line);
            std::transform(line.begin(), line.end(),
                           image.begin() + static_cast<std::ptrdiff_t>(py) * thumb.width,
                           [](double v) { return static_cast<float>(v); });
        }
    }
    return layers;
}

void OctaveBreakdown::request(const noise::Params& params, double y, int samples, ThumbSize thumb,
                              const std::function<void()>& wake) {
    const Key key{params, y, samples, thumb};
    // One task at a time, never joined while it works: a change during a slow one (16 octaves
    // of 4D cubic) waits for it, and only the newest change is then computed.
    if ((sent_ && *sent_ == key) || task_) return;
    sent_ = key;
    task_ = std::make_unique<BackgroundTask<OctaveLayers>>(
        [params, y, samples, thumb](const TaskControl& control) {
            return compute_octave_layers(params, y, samples, thumb, control.cancelled);
        },
        wake);
}

void OctaveBreakdown::draw(Settings& settings, const noise::Params& shown, int image_width, int image_height,
                           double row_y, OctaveChoice& chosen, const std::function<void()>& wake) {
    // [1] The newest layers, coloured into one texture per octave, each at its own contrast
    // (its share's possible range), so a faint high octave still shows its pattern.
    if (task_) {
        if (auto outcome = task_->take()) {
            if (outcome->result) {
                layers_                = std::move(*outcome->result);
                const noise::Range one = noise::algorithm_info(layers_->params.algorithm).octave_range;
                ViewSettings gray;
                std::vector<std::uint8_t> rgba;
                textures_.resize(layers_->thumbs.size());
                for (std::size_t o = 0; o < layers_->thumbs.size(); ++o) {
                    const double w     = layers_->weights[o];
                    const double reach = w * std::max(std::abs(one.lo), std::abs(one.hi));
                    rgba.assign(layers_->thumbs[o].size() * 4, 0);
                    colourise(layers_->thumbs[o], layers_->thumb.width, layers_->thumb.height, gray,
                              {-reach, reach}, rgba);
                    if (!textures_[o]) textures_[o] = std::make_unique<GlTexture>();
                    textures_[o]->upload(layers_->thumb.width, layers_->thumb.height, rgba);
                }
            }
            task_.reset();
        }
    }

    draw_header(settings, chosen);
    const float plot_width =
        std::max(120.0f, ImGui::GetContentRegionAvail().x - label_width() - thumb_side - 40.0f);
    const int samples = std::clamp(static_cast<int>(plot_width), 64, 2048);
    if (noise::validate(shown).empty())
        request(shown, shown.dimension == 1 ? 0.0 : row_y, samples,
                octave_thumb_size(image_width, image_height, thumb_side), wake);
    if (!layers_) {
        ImGui::TextDisabled("computing the octaves ...");
        return;
    }

    // [2] One scale for every row: the largest value of any share or running sum.
    double scale = 1e-9;
    for (std::size_t o = 0; o < layers_->shares.size(); ++o)
        for (std::size_t i = 0; i < layers_->shares[o].size(); ++i)
            scale = std::max({scale, std::abs(layers_->shares[o][i]), std::abs(layers_->running[o][i])});

    ImGui::BeginChild("octave_rows", ImVec2(0, 0), false);
    for (int o = 0; o < static_cast<int>(layers_->shares.size()); ++o) draw_row(o, chosen, plot_width, scale);
    ImGui::EndChild();
}

void OctaveBreakdown::draw_header(Settings& settings, OctaveChoice& chosen) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Persistence (Hugo Elias):");
    for (const PersistenceExample& example : elias_table) {
        ImGui::SameLine();
        const bool current = std::abs(settings.params.persistence - example.value) < 1e-9;
        if (current) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (ImGui::Button(example.label)) settings.params.persistence = example.value;
        if (current) ImGui::PopStyleColor();
        char key[48];
        std::snprintf(key, sizeof key, "persistence_%s", example.label);
        report_item(key);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "persistence %.4g (seed 004). %s\nThe shipped presets \"Seed 004: persistence ...\" "
                "are Hugo Elias' whole set-up.",
                example.value, example.says);
    }
    ImGui::SameLine();
    ImGui::BeginDisabled(chosen == OctaveChoice{});
    if (ImGui::Button("All octaves on")) chosen = {};
    ImGui::EndDisabled();
    report_item("octaves_all_on");

    // One note under the buttons, wrapped rather than cut off at the panel's edge (presenter
    // mode's larger font); the space kept for it is the longest note's at this width, so the
    // rows never move when the note changes.
    const noise::Params& p = settings.params;
    const ImVec4 amber(1.0f, 0.78f, 0.35f, 1.0f);
    const ImVec4 quiet = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
    char ridged[96], shifted[128], whole[128];
    std::snprintf(ridged, sizeof ridged,
                  "ridged chains octaves: with some left out, the preview shows their fbm");
    std::snprintf(shifted, sizeof shifted,
                  "whole lacunarity %g, octave offsets shifted: the octaves' lattice lines miss octave 0's",
                  p.lacunarity);
    std::snprintf(whole, sizeof whole,
                  "whole lacunarity %g: all octaves' lattice lines fall on octave 0's (amber); try %.2f",
                  p.lacunarity, p.lacunarity + 0.01);
    const char* usage =
        "S: octave alone   M: leave it out   (preview follows; Mapping: stretch shows faint ones)";
    const float wrap = std::max(1.0f, ImGui::GetContentRegionAvail().x);
    float room       = 0.0f;
    for (const char* note : {static_cast<const char*>(ridged), static_cast<const char*>(shifted),
                             static_cast<const char*>(whole), usage})
        room = std::max(room, ImGui::CalcTextSize(note, nullptr, false, wrap).y);
    const float note_top = ImGui::GetCursorPosY();
    const auto note      = [&](const ImVec4& colour, const char* text) {
        ImGui::PushStyleColor(ImGuiCol_Text, colour);
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(text);
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
    };
    if (p.fractal == noise::Fractal::ridged && !(chosen == OctaveChoice{})) {
        note(amber, ridged);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Each ridged crest is weighted by the crest of the octave before it, so an octave cannot\n"
                "be taken out alone. The preview shows the fbm of the chosen octaves instead: their\n"
                "shares added, mapped over [-1, 1].");
    } else if (whole_number(p.lacunarity) && p.octaves > 1 &&
               p.octave_offsets == noise::OctaveOffsets::shifted) {
        note(quiet, shifted);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Octave offsets 'shifted' moves each octave's lattice by a fixed fraction of a cell, so\n"
                "its lines no longer fall on octave 0's even with a whole lacunarity (and tiling stays\n"
                "exact). Set it to 'none' to see the lines stack.");
    } else if (whole_number(p.lacunarity) && p.octaves > 1) {
        note(amber, whole);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Octave i's lattice lines lie at multiples of 1 / lacunarity^i: with a whole lacunarity\n"
                "these include every line of octave 0, so the grid's artefacts of every octave stack\n"
                "on the same lines (for Perlin noise every octave is zero there). A lacunarity such as\n"
                "2.01, or octave offsets 'shifted' (which keeps tiling exact), spreads them.");
    } else {
        note(quiet, usage);
    }
    report_item("octave_note");
    const float rows_top = note_top + room + ImGui::GetStyle().ItemSpacing.y;
    if (ImGui::GetCursorPosY() < rows_top) ImGui::SetCursorPosY(rows_top);
}

void OctaveBreakdown::draw_row(int octave, OctaveChoice& chosen, float plot_width, double scale) {
    const noise::Params& p = layers_->params;
    const int count        = static_cast<int>(layers_->shares.size());
    const ImVec2 top       = ImGui::GetCursorScreenPos();
    ImGui::PushID(octave);
    char key[32];

    // S and M, lit when on.
    const bool solo  = chosen.solo == octave;
    const bool muted = (chosen.muted & (1u << octave)) != 0;
    ImGui::PushStyleColor(ImGuiCol_Button, solo ? ImGui::ColorConvertU32ToFloat4(colours::solo_on)
                                                : ImGui::GetStyleColorVec4(ImGuiCol_Button));
    if (ImGui::SmallButton("S")) chosen.solo = solo ? -1 : octave;
    ImGui::PopStyleColor();
    std::snprintf(key, sizeof key, "octave_solo_%d", octave);
    report_item(key);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Solo: show octave %d alone (click again to undo)", octave);
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Button, muted ? ImGui::ColorConvertU32ToFloat4(colours::mute_on)
                                                 : ImGui::GetStyleColorVec4(ImGuiCol_Button));
    if (ImGui::SmallButton("M")) chosen.muted ^= 1u << octave;
    ImGui::PopStyleColor();
    std::snprintf(key, sizeof key, "octave_mute_%d", octave);
    report_item(key);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Mute: leave octave %d out of the preview and the curve", octave);

    // Name in its colour (the legend), frequency, amplitude, share.
    const double scale_i = std::pow(p.lacunarity, octave);
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(octave_colour(octave, count, 1.0f)), "octave %d",
                       octave);
    ImGui::SetCursorScreenPos(ImVec2(top.x, top.y + ImGui::GetTextLineHeightWithSpacing() + 2.0f));
    ImGui::TextDisabled("freq %.4g  amp %.3g", p.frequency * scale_i, std::pow(p.persistence, octave));
    // Seed 000's repeat (tile_octaves = same): octave i wraps at the tile in its own cells, so it
    // repeats lacunarity^i times per tile along each axis; the thumbnail shows the copies.
    if (p.tile != 0 && p.tile_octaves == noise::TileOctaves::same && octave > 0 && ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Tile octaves 'same' (seed 000's repeat): octave %d wraps every %u of its own cells,\n"
            "so it repeats %.4g times per tile along each axis.",
            octave, p.tile, scale_i);
    ImGui::SetCursorScreenPos(ImVec2(top.x, top.y + 2.0f * ImGui::GetTextLineHeightWithSpacing() + 2.0f));
    // Its share of the amplitudes, which is its weight unless normalize is off (then the weight is
    // the amplitude itself, and the shares still add up to 100 %).
    double amplitude_sum = 0.0;
    for (int i = 0; i < count; ++i) amplitude_sum += std::pow(p.persistence, i);
    if (p.tile != 0 && p.tile_octaves == noise::TileOctaves::same && octave > 0)
        ImGui::TextDisabled("share %.1f %%  %.4gx/tile",
                            100.0 * std::pow(p.persistence, octave) / amplitude_sum, scale_i);
    else
        ImGui::TextDisabled("share %.1f %%", 100.0 * std::pow(p.persistence, octave) / amplitude_sum);

    // The octave alone as a small image, in the preview's shape, centred in its square.
    const ImVec2 box(top.x + label_width(), top.y + 2.0f);
    const auto thumb_w = static_cast<float>(layers_->thumb.width),
               thumb_h = static_cast<float>(layers_->thumb.height);
    const ImVec2 image_at(box.x + std::floor((thumb_side - thumb_w) * 0.5f),
                          box.y + std::floor((thumb_side - thumb_h) * 0.5f));
    const ImVec2 image_end(image_at.x + thumb_w, image_at.y + thumb_h);
    ImDrawList* draw    = ImGui::GetWindowDrawList();
    const auto& texture = textures_[static_cast<std::size_t>(octave)];
    if (texture && texture->id()) draw->AddImage(texture->id(), image_at, image_end);
    if (!chosen.shows(octave)) draw->AddRectFilled(image_at, image_end, colours::muted_veil);
    std::snprintf(key, sizeof key, "octave_image_%d", octave);
    report_rect(key, image_at, image_end);

    // Its share (colour) and the running sum (white) along the scanline row, one scale for all rows.
    const ImVec2 p0(box.x + thumb_side + 10.0f, top.y + 2.0f);
    const ImVec2 p1(p0.x + plot_width, p0.y + thumb_side);
    draw->AddRectFilled(p0, p1, colours::plot_background);
    const auto sy = [&](double v) {
        return (p0.y + p1.y) * 0.5f - static_cast<float>(v / scale) * (p1.y - p0.y) * 0.48f;
    };
    draw->AddLine(ImVec2(p0.x, sy(0.0)), ImVec2(p1.x, sy(0.0)), colours::plot_frame);
    // Octave 0's lattice lines (whole noise units): amber when the lacunarity is whole, since then
    // every octave's lattice has a line on each of them.
    const double x_lo = p.offset_x, x_hi = p.offset_x + p.frequency;
    if (plot_width / p.frequency >= 4.0) {
        const bool stacked = whole_number(p.lacunarity) && p.octave_offsets == noise::OctaveOffsets::none;
        const ImU32 colour = stacked ? colours::octave_lines_stack : colours::octave_lines;
        for (double x = std::ceil(x_lo); x <= x_hi; x += 1.0) {
            const float sx = p0.x + static_cast<float>((x - x_lo) / (x_hi - x_lo)) * plot_width;
            draw->AddLine(ImVec2(sx, p0.y), ImVec2(sx, p1.y), colour);
        }
    }
    const auto& share   = layers_->shares[static_cast<std::size_t>(octave)];
    const auto& running = layers_->running[static_cast<std::size_t>(octave)];
    std::vector<ImVec2> points(share.size());
    const auto polyline = [&](const std::vector<double>& values, ImU32 colour, float thickness) {
        for (std::size_t i = 0; i < values.size(); ++i)
            points[i] =
                ImVec2(p0.x + (static_cast<float>(i) + 0.5f) * plot_width / static_cast<float>(values.size()),
                       sy(values[i]));
        draw->AddPolyline(points.data(), static_cast<int>(points.size()), colour, 0, thickness);
    };
    polyline(running, colours::running_sum, 1.0f);
    polyline(share, octave_colour(octave, count, chosen.shows(octave) ? 1.0f : 0.25f), 1.5f);
    draw->AddRect(p0, p1, colours::plot_frame);
    std::snprintf(key, sizeof key, "octave_plot_%d", octave);
    report_rect(key, p0, p1);

    ImGui::SetCursorScreenPos(ImVec2(top.x, top.y + row_height()));
    ImGui::Dummy(ImVec2(1.0f, 1.0f));
    ImGui::PopID();
}

nlohmann::json OctaveBreakdown::report_state() const {
    nlohmann::json state;
    state["layers"]      = layers_ ? static_cast<int>(layers_->shares.size()) : 0;
    state["persistence"] = layers_ ? layers_->params.persistence : 0.0;
    state["computing"]   = task_ != nullptr;
    return state;
}

}  // namespace app::gui
