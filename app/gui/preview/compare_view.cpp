#include "gui/preview/compare_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <utility>

#include "core/terrain_scale.hpp"
#include "gui/common/theme.hpp"

namespace app::gui {

namespace {

constexpr float grip_half_width = 6.0f;

void shadowed_text(ImDrawList* draw, ImVec2 at, ImU32 colour, const char* text) {
    draw->AddText(ImVec2(at.x + 1.0f, at.y + 1.0f), colours::with_alpha(colours::shadow, 200), text);
    draw->AddText(at, colour, text);
}

}  // namespace

FieldDifference difference_of(std::span<const float> a, std::span<const float> b) {
    FieldDifference d;
    d.values.resize(std::min(a.size(), b.size()));
    for (std::size_t i = 0; i < d.values.size(); ++i) {
        d.values[i] = a[i] - b[i];
        d.max_abs   = std::max(d.max_abs, static_cast<double>(std::abs(d.values[i])));
    }
    return d;
}

std::array<std::uint8_t, 3> diverging_colour(double t) {
    t = std::clamp(t, -1.0, 1.0);
    // White to red for A > B, white to blue for B > A: the eye reads the sign at once.
    const double away = std::abs(t);
    const auto mix    = [&](double to) {
        return static_cast<std::uint8_t>(std::lround(255.0 + (to - 255.0) * away));
    };
    if (t >= 0.0) return {mix(200.0), mix(40.0), mix(40.0)};
    return {mix(40.0), mix(90.0), mix(210.0)};
}

CompareView::CompareView(std::function<void()> wake)
    : worker_(std::make_unique<RenderWorker>(std::move(wake))) {}

bool CompareView::busy() const { return mode != CompareMode::off && worker_->status().busy; }

void CompareView::draw_menu_items(bool has_snapshot) {
    ImGui::Separator();
    if (ImGui::MenuItem("Split: A left, B right", nullptr, mode == CompareMode::split, has_snapshot))
        mode = mode == CompareMode::split ? CompareMode::off : CompareMode::split;
    report_item("compare_split");
    if (ImGui::MenuItem("Difference A - B", nullptr, mode == CompareMode::difference, has_snapshot))
        mode = mode == CompareMode::difference ? CompareMode::off : CompareMode::difference;
    report_item("compare_difference");
}

void CompareView::update(const std::optional<Settings>& snapshot, const noise::Params& b, OctaveChoice chosen,
                         int width, int height, int export_width) {
    if (!snapshot) mode = CompareMode::off;
    if (mode == CompareMode::off || width <= 0 || height <= 0) return;
    if (auto image = worker_->take_image()) b_.set_image(std::move(*image));
    b_view_ = snapshot->view;
    b_.refresh(picture_view(snapshot->params, b_view_, export_width, b_.has_image() ? b_.image().width : 0));
    const Key key{b, width, height, chosen};
    if (sent_ && *sent_ == key) return;
    if (!noise::validate(b).empty()) return;
    PreviewRequest request;
    request.params        = b;
    request.width         = width;
    request.height        = height;
    request.curve_samples = 0;
    request.chosen        = chosen;
    worker_->submit(request);
    sent_ = key;
}

void CompareView::draw_divider_grip() {
    if (mode != CompareMode::split || picture_size_.x <= 0.0f) return;
    const ImVec2 cursor = ImGui::GetCursorScreenPos();
    const float x       = picture_min_.x + divider * picture_size_.x;
    ImGui::SetCursorScreenPos(ImVec2(x - grip_half_width, picture_min_.y));
    ImGui::InvisibleButton("##compare_divider", ImVec2(2.0f * grip_half_width, picture_size_.y));
    report_item("compare_divider");
    if (ImGui::IsItemActivated()) dragging_ = true;
    if (!ImGui::IsItemActive()) dragging_ = false;
    if (dragging_)
        divider = std::clamp((ImGui::GetIO().MousePos.x - picture_min_.x) / picture_size_.x, 0.02f, 0.98f);
    if (ImGui::IsItemHovered() || dragging_) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
    ImGui::SetCursorScreenPos(cursor);  // the preview lays itself out from where it would have
}

void CompareView::refresh_difference(const ShownField& a) {
    const std::string from = a.checksum() + "/" + b_.checksum();
    if (from == difference_of_) return;
    max_abs_              = -1.0;
    const ImageResult& ia = a.image();
    const ImageResult& ib = b_.image();
    if (ia.width != ib.width || ia.height != ib.height || ia.coarse || ib.coarse) return;  // wait for both
    const FieldDifference d = difference_of(ia.raw, ib.raw);
    std::vector<std::uint8_t> rgba(d.values.size() * 4);
    const double scale = d.max_abs > 0.0 ? 1.0 / d.max_abs : 0.0;
    for (std::size_t i = 0; i < d.values.size(); ++i) {
        const auto c    = diverging_colour(d.values[i] * scale);
        rgba[4 * i]     = c[0];
        rgba[4 * i + 1] = c[1];
        rgba[4 * i + 2] = c[2];
        rgba[4 * i + 3] = 255;
    }
    difference_texture_.upload(ia.width, ia.height, rgba);
    max_abs_       = d.max_abs;
    difference_of_ = from;
}

float CompareView::divider_x() const { return picture_min_.x + std::round(divider * picture_size_.x); }

const ShownField* CompareView::b_at(ImVec2 screen) const {
    if (mode != CompareMode::split || !b_.has_image() || picture_size_.x <= 0.0f) return nullptr;
    const bool inside = screen.x >= divider_x() && screen.x < picture_min_.x + picture_size_.x &&
                        screen.y >= picture_min_.y && screen.y < picture_min_.y + picture_size_.y;
    return inside ? &b_ : nullptr;
}

void CompareView::draw_image(ImDrawList* draw, const ShownField& a, const ViewTransform& view, int repeats) {
    const auto n  = static_cast<float>(repeats);
    picture_min_  = view.screen_min;
    picture_size_ = ImVec2(view.screen_width * n, view.screen_height * n);
    drawn_        = true;
    if (mode == CompareMode::off || !b_.has_image()) return;
    const ImVec2 min = picture_min_, max(min.x + picture_size_.x, min.y + picture_size_.y);
    if (mode == CompareMode::split) {
        const float x = divider_x();
        // u from the rounded x, so B's half maps texels to pixels exactly as the whole picture does.
        draw->AddImage(b_.texture().id(), ImVec2(x, min.y), max,
                       ImVec2((x - min.x) / picture_size_.x * n, 0.0f), ImVec2(n, n));
        return;
    }
    refresh_difference(a);
    if (max_abs_ >= 0.0) draw->AddImage(difference_texture_.id(), min, max, ImVec2(0.0f, 0.0f), ImVec2(n, n));
}

void CompareView::draw_marks() {
    if (!std::exchange(drawn_, false) || mode == CompareMode::off) return;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 min = picture_min_, max(min.x + picture_size_.x, min.y + picture_size_.y);
    char text[96];
    if (!b_.has_image()) {
        shadowed_text(draw, ImVec2(min.x + 6.0f, max.y - 40.0f), colours::accent_caption, "rendering B ...");
        return;
    }
    if (mode == CompareMode::split) {
        const float x = divider_x();
        draw->AddLine(ImVec2(x, min.y), ImVec2(x, max.y), colours::with_alpha(colours::shadow, 160), 3.0f);
        draw->AddLine(ImVec2(x, min.y), ImVec2(x, max.y), colours::accent, 1.5f);
        // A grip in the middle of the line, so the divider reads as something to drag.
        const float mid = min.y + picture_size_.y * 0.5f;
        draw->AddRectFilled(ImVec2(x - 4.0f, mid - 14.0f), ImVec2(x + 4.0f, mid + 14.0f), colours::accent,
                            2.0f);
        shadowed_text(draw, ImVec2(x - 22.0f, max.y - 24.0f), colours::with_alpha(colours::light, 230), "A");
        shadowed_text(draw, ImVec2(x + 12.0f, max.y - 24.0f), colours::with_alpha(colours::light, 230), "B");
        return;
    }
    if (max_abs_ < 0.0) {
        shadowed_text(draw, ImVec2(min.x + 6.0f, max.y - 40.0f), colours::accent_caption,
                      "waiting for A and B ...");
        return;
    }
    if (max_abs_ == 0.0)
        std::snprintf(text, sizeof text, "A - B: identical");
    else
        std::snprintf(text, sizeof text, "A - B: red A larger, blue B larger, full colour at %.4f", max_abs_);
    draw->AddRectFilled(ImVec2(min.x + 2.0f, max.y - 26.0f),
                        ImVec2(min.x + 12.0f + ImGui::CalcTextSize(text).x, max.y - 4.0f), colours::badge,
                        3.0f);
    draw->AddText(ImVec2(min.x + 7.0f, max.y - 23.0f), colours::caption_text, text);
}

nlohmann::json CompareView::report_state() const {
    const char* names[] = {"off", "split", "difference"};
    return {{"mode", names[static_cast<int>(mode)]},
            {"divider", divider},
            {"b_checksum", b_.has_image() ? b_.checksum() : ""},
            {"b_generation", b_.has_image() ? b_.image().generation : 0},
            {"b_rendering", worker_->status().busy},
            {"max_abs_difference", max_abs_}};
}

}  // namespace app::gui
