#include "gui/preview_panel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "gui/view_transform.hpp"
#include "noise/render.hpp"

namespace app::gui {

namespace {

// [SECTION] Parameter updates through the table ------------------------------------------------

// Zoom and pan write the view's geometry through the metadata table, so the same range checks
// apply as for the sliders (a frequency beyond the table's limits is clamped to it).
void set_number(noise::Params& params, std::string_view key, double value) {
    if (const noise::ParamInfo* info = noise::find_param(key)) {
        value = std::clamp(value, info->min, info->max);
        (void)noise::set_param_value(params, *info, value);
    }
}

// [SECTION] Overlays -----------------------------------------------------------------------

void draw_progress(ImDrawList* draw, ImVec2 max_corner, const PreviewStatus& status) {
    const ImVec2 size(150.0f, 22.0f);
    const ImVec2 p0(max_corner.x - size.x - 8.0f, max_corner.y - size.y - 8.0f);
    const ImVec2 p1(p0.x + size.x, p0.y + size.y);
    draw->AddRectFilled(p0, p1, IM_COL32(20, 22, 28, 210), 4.0f);
    const float fill = std::clamp(status.progress, 0.0f, 1.0f);
    draw->AddRectFilled(ImVec2(p0.x + 3, p1.y - 5), ImVec2(p0.x + 3 + (size.x - 6) * fill, p1.y - 3),
                        IM_COL32(110, 180, 255, 255), 1.0f);
    char text[64];
    std::snprintf(text, sizeof text, "%s %3.0f%%", status.coarse ? "sketching" : "rendering", fill * 100.0f);
    draw->AddText(ImVec2(p0.x + 8, p0.y + 2), IM_COL32(230, 230, 235, 255), text);
}

void draw_error(ImDrawList* draw, ImVec2 p0, ImVec2 p1, const std::string& error) {
    draw->AddRectFilled(p0, p1, IM_COL32(25, 10, 12, 200));
    const float wrap = std::clamp(p1.x - p0.x - 40.0f, 100.0f, 560.0f);
    const std::string text = "Cannot render these settings:\n" + error;
    const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap);
    const ImVec2 at(p0.x + (p1.x - p0.x - size.x) * 0.5f, p0.y + (p1.y - p0.y - size.y) * 0.5f);
    draw->AddText(nullptr, 0.0f, at, IM_COL32(255, 140, 130, 255), text.c_str(), nullptr, wrap);
}

}  // namespace

bool shows_repeat(const Settings& settings) {
    return settings.view.repeat_3x3 && settings.params.tile > 0;
}

// [SECTION] The panel ------------------------------------------------------------------------

PreviewLayout draw_preview(Settings& settings, PreviewState& state, const ShownField& field,
                           const PreviewStatus& status, PreviewFrame& frame, int preview_size_override, UiReport& report) {
    PreviewLayout layout;
    ImGuiIO& io = ImGui::GetIO();
    noise::Params& params = settings.params;
    const bool repeat = shows_repeat(settings);
    const float status_height = ImGui::GetTextLineHeightWithSpacing() + 4.0f;

    // The area: all the window has left, above one status line.
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImVec2 avail = ImGui::GetContentRegionAvail();
    avail.y -= status_height;
    avail.x = std::max(avail.x, 32.0f);
    avail.y = std::max(avail.y, 32.0f);

    // The image on screen. Its shape: the export's when the export frame is shown (so the
    // preview covers exactly the area an export writes), else the whole area, or a square when
    // repeating 3 x 3. Fitted and centred, n x n times over when repeating.
    const int n = repeat ? 3 : 1;
    const double image_aspect = frame.show ? static_cast<double>(frame.size.height) / frame.size.width
                                : repeat   ? 1.0
                                           : static_cast<double>(avail.y) / avail.x;
    const float tile_w = std::max(8.0f, std::floor(std::min(avail.x / static_cast<float>(n),
                                                             avail.y / (static_cast<float>(n) * static_cast<float>(image_aspect)))));
    const float tile_h = frame.show || repeat ? std::floor(tile_w * static_cast<float>(image_aspect)) : avail.y;
    const ImVec2 size(tile_w * static_cast<float>(n), tile_h * static_cast<float>(n));
    const ImVec2 p0(origin.x + std::floor((avail.x - size.x) * 0.5f), origin.y + std::floor((avail.y - size.y) * 0.5f));
    const ImVec2 p1(p0.x + size.x, p0.y + size.y);

    // What to render: one pixel per screen pixel (one tile when repeating), unless the command
    // line fixes the width. Rounded to 4 px so a resize does not re-render per pixel.
    const double aspect = static_cast<double>(tile_h) / tile_w;
    int width = preview_size_override > 0 ? preview_size_override : static_cast<int>(tile_w) / 4 * 4;
    width = std::max(width, 16);
    layout.image_width = width;
    layout.image_height = std::max(1, static_cast<int>(std::lround(width * (frame.show ? image_aspect : aspect))));

    // [1] The picture.
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(origin, ImVec2(origin.x + avail.x, origin.y + avail.y), IM_COL32(18, 19, 23, 255));
    if (field.has_image() && field.texture().id()) {
        const float uv = repeat ? 3.0f : 1.0f;
        draw->AddImage(field.texture().id(), p0, p1, ImVec2(0, 0), ImVec2(uv, uv));
    }
    if (repeat) {
        // Faint borders: visible when looked for, gone otherwise, like the seams should be.
        for (int i = 1; i < n; ++i) {
            const float x = p0.x + tile_w * static_cast<float>(i);
            const float y = p0.y + tile_h * static_cast<float>(i);
            draw->AddLine(ImVec2(x, p0.y), ImVec2(x, p1.y), IM_COL32(255, 255, 255, 40));
            draw->AddLine(ImVec2(p0.x, y), ImVec2(p1.x, y), IM_COL32(255, 255, 255, 40));
        }
    }

    // [2] Mouse: one invisible button over the area takes wheel, drag and hover.
    ImGui::SetCursorScreenPos(origin);
    ImGui::InvisibleButton("##preview", avail, ImGuiButtonFlags_MouseButtonLeft);
    report.item("preview");
    report.rect("preview_image", p0, ImVec2(p0.x + tile_w, p0.y + tile_h));  // one image, where the noise is
    const bool hovered = ImGui::IsItemHovered();
    const bool active = ImGui::IsItemActive();
    const ImVec2 mouse = io.MousePos;

    // Screen <-> noise for one image of the picture (folded into one tile when repeating).
    const ViewTransform view = ViewTransform::of(params, layout.image_width, layout.image_height).on_screen(p0, tile_w, tile_h);

    // The scanline (not for dimension 1, whose curve is the noise itself).
    const bool has_scanline = params.dimension != 1;
    const float scan_y = p0.y + static_cast<float>(settings.view.scanline) * tile_h;
    const bool near_scanline = has_scanline && hovered && std::abs(mouse.y - scan_y) <= 5.0f &&
                               mouse.x >= p0.x && mouse.x <= p0.x + tile_w;
    report.rect("scanline_handle", ImVec2(p0.x, scan_y - 2.0f), ImVec2(p0.x + tile_w, scan_y + 2.0f));

    if (ImGui::IsItemActivated()) {
        // Decided where the button went down, not where the cursor is by the time a slow frame
        // sees it: a quick grab of the scanline must not turn into a pan.
        const ImVec2 press = io.MouseClickedPos[0];
        const bool on_scanline = has_scanline && std::abs(press.y - scan_y) <= 5.0f && press.x >= p0.x &&
                                 press.x <= p0.x + tile_w;
        state.dragging_scanline = on_scanline;
        state.panning = !on_scanline;
        state.pan_start_x = params.offset_x;
        state.pan_start_y = params.offset_y;
    }
    if (!active) {
        state.panning = false;
        state.dragging_scanline = false;
    }
    if (state.dragging_scanline) {
        settings.view.scanline = std::clamp(static_cast<double>((mouse.y - p0.y) / tile_h), 0.0, 1.0);
    } else if (state.panning) {
        // From the drag's start, so rounding never accumulates: the point grabbed stays under
        // the cursor.
        const NoisePoint offsets = view.panned({state.pan_start_x, state.pan_start_y},
                                               ImGui::GetMouseDragDelta(ImGuiMouseButton_Left, 0.0f));
        set_number(params, "offset_x", offsets.x);
        set_number(params, "offset_y", offsets.y);
    }
    if (hovered && io.MouseWheel != 0.0f && status.error.empty()) {
        const noise::ParamInfo* freq = noise::find_param("frequency");
        double f = params.frequency * std::pow(1.2, -static_cast<double>(io.MouseWheel));
        if (freq) f = std::clamp(f, freq->min, freq->max);
        const NoisePoint offsets = view.offsets_for_zoom(mouse, f, repeat);
        set_number(params, "frequency", f);
        set_number(params, "offset_x", offsets.x);
        set_number(params, "offset_y", offsets.y);
        state.last_wheel_time = ImGui::GetTime();
    }
    if (near_scanline || state.dragging_scanline) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeNS);
    else if (state.panning) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeAll);
    layout.gesture = state.panning || state.dragging_scanline ||
                     (state.last_wheel_time >= 0.0 && ImGui::GetTime() - state.last_wheel_time < 0.4);

    // [3] Scanline, drawn over the picture with a handle at each end.
    if (has_scanline && status.error.empty()) {
        const ImU32 colour = (near_scanline || state.dragging_scanline) ? IM_COL32(255, 210, 80, 255)
                                                                        : IM_COL32(255, 210, 80, 150);
        // A dark edge under the line keeps it visible on light and dark fields alike.
        draw->AddLine(ImVec2(p0.x, scan_y + 1.0f), ImVec2(p0.x + tile_w, scan_y + 1.0f), IM_COL32(0, 0, 0, 110), 1.0f);
        draw->AddLine(ImVec2(p0.x, scan_y), ImVec2(p0.x + tile_w, scan_y), colour, 1.5f);
        // Handles at both ends, outlined so they read on sand-coloured terrain too.
        const float xe = p0.x + tile_w;
        const ImVec2 left[3] = {ImVec2(p0.x, scan_y - 7), ImVec2(p0.x + 11, scan_y), ImVec2(p0.x, scan_y + 7)};
        const ImVec2 right[3] = {ImVec2(xe, scan_y - 7), ImVec2(xe, scan_y + 7), ImVec2(xe - 11, scan_y)};
        for (const ImVec2* t : {left, right}) {
            draw->AddTriangleFilled(t[0], t[1], t[2], colour);
            draw->AddTriangle(t[0], t[1], t[2], IM_COL32(0, 0, 0, 140), 1.0f);
        }
    }
    if (frame.show) {
        // Name the frame in its corner, so the shape is never mistaken for the window's.
        char label[96];
        std::snprintf(label, sizeof label, "export frame %s", frame.label.c_str());
        draw->AddText(ImVec2(p0.x + 6.0f, p0.y + 4.0f), IM_COL32(0, 0, 0, 160), label);
        draw->AddText(ImVec2(p0.x + 5.0f, p0.y + 3.0f), IM_COL32(255, 255, 255, 200), label);
        draw->AddRect(p0, p1, IM_COL32(255, 255, 255, 90));
    }
    if (status.rendering && status.error.empty()) draw_progress(draw, ImVec2(origin.x + avail.x, origin.y + avail.y), status);
    if (!status.error.empty()) draw_error(draw, origin, ImVec2(origin.x + avail.x, origin.y + avail.y), status.error);

    // [4] Status line: the value under the cursor and the view's region.
    ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + avail.y + 4.0f));
    char line[256];
    if (hovered && field.has_image()) {
        // The pixel from the image shown (it may be a coarse one or lag a frame behind).
        const ImageResult& image = field.image();
        const ViewTransform shown = ViewTransform::of(image.params, image.width, image.height).on_screen(p0, tile_w, tile_h);
        const float raw = field.value_at(shown.pixel_x(mouse, repeat), shown.pixel_y(mouse, repeat));
        const NoisePoint at = view.noise_at(mouse, repeat);
        std::snprintf(line, sizeof line, "x %.4f   y %.4f   value %+.4f   (%.3f mapped)", at.x, at.y, raw, field.mapped(raw));
    } else {
        std::snprintf(line, sizeof line, "x %.3f .. %.3f   y %.3f .. %.3f   wheel: zoom   drag: pan", view.left(),
                      view.right(), view.top(), view.bottom());
    }
    ImGui::TextUnformatted(line);
    // Right-aligned: the export frame switch, with the size it follows.
    const std::string frame_text = "export frame";
    const float box = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(frame_text.c_str()).x;
    ImGui::SameLine(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - box));
    ImGui::Checkbox(frame_text.c_str(), &frame.show);
    report.item("export_frame");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Show exactly the area an export of %s writes (set the size in File > Export).", frame.label.c_str());

    // Why a tile might still show seams: the picture must span whole periods.
    const char* hint = nullptr;
    char hint_text[160];
    if (params.tile > 0) {
        const double periods = params.frequency / params.tile;
        if (std::abs(periods - std::round(periods)) > 1e-9 || periods < 0.5) {
            std::snprintf(hint_text, sizeof hint_text, "frequency %g is not a multiple of the tile period %u: the picture will not wrap",
                          params.frequency, params.tile);
            hint = hint_text;
        }
    } else if (settings.view.repeat_3x3) {
        hint = "set a tile period to see the 3 x 3 repeat";
    }
    if (hint) {
        ImGui::SameLine();
        ImGui::TextColored(ImVec4(1.0f, 0.78f, 0.35f, 1.0f), "   %s", hint);
    }
    return layout;
}

}  // namespace app::gui
