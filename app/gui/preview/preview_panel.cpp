#include "gui/preview/preview_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <utility>

#include "core/terrain_scale.hpp"
#include "core/tiling_check.hpp"
#include "gui/common/theme.hpp"
#include "gui/common/ui_report.hpp"
#include "gui/preview/view_transform.hpp"
#include "noise/algorithms.hpp"
#include "noise/render.hpp"

namespace app::gui {

namespace {

// A click this near a lattice line (screen pixels) pins the probe on the line: a hand cannot hit
// a point that a pixel only comes near, and 4 pixels is less than the probe's own ring.
constexpr double probe_snap_pixels = 4.0;

// [SECTION] Parameter updates through the table ------------------------------------------------

// Zoom and pan write the view's geometry through the metadata table, so the same range checks
// apply as for the sliders (a frequency beyond the table's limits is clamped to it).
void set_number(noise::Params& params, std::string_view key, double value) {
    if (const noise::ParamInfo* info = noise::find_param(key)) {
        value = std::clamp(value, info->min, info->max);
        (void)noise::set_param_value(params, *info, value);
    }
}

// [SECTION] Progress and errors -----------------------------------------------------------------

void draw_progress(ImDrawList* draw, ImVec2 max_corner, const PreviewStatus& status) {
    const ImVec2 size(150.0f, 22.0f);
    const ImVec2 p0(max_corner.x - size.x - 8.0f, max_corner.y - size.y - 8.0f);
    const ImVec2 p1(p0.x + size.x, p0.y + size.y);
    draw->AddRectFilled(p0, p1, colours::badge, 4.0f);
    const float fill = std::clamp(status.progress, 0.0f, 1.0f);
    draw->AddRectFilled(ImVec2(p0.x + 3, p1.y - 5), ImVec2(p0.x + 3 + (size.x - 6) * fill, p1.y - 3),
                        colours::progress_fill, 1.0f);
    char text[64];
    std::snprintf(text, sizeof text, "%s %3.0f%%", status.coarse ? "sketching" : "rendering", fill * 100.0f);
    draw->AddText(ImVec2(p0.x + 8, p0.y + 2), colours::badge_text, text);
}

void draw_error(ImDrawList* draw, ImVec2 p0, ImVec2 p1, const std::string& error) {
    draw->AddRectFilled(p0, p1, colours::error_backdrop);
    const float wrap       = std::clamp(p1.x - p0.x - 40.0f, 100.0f, 560.0f);
    const std::string text = "Cannot render these settings:\n" + error;
    const ImVec2 size      = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap);
    const ImVec2 at(p0.x + (p1.x - p0.x - size.x) * 0.5f, p0.y + (p1.y - p0.y - size.y) * 0.5f);
    draw->AddText(nullptr, 0.0f, at, colours::error, text.c_str(), nullptr, wrap);
}

// [SECTION] Where the picture goes ------------------------------------------------------------

// The panel's area and the picture in it: one image of `tile_w` x `tile_h` screen pixels at `p0`,
// n x n times over (3 x 3 when repeating).
struct Placement {
    ImVec2 origin, avail;  // the whole area above the status line
    ImVec2 p0, p1;         // the picture
    float tile_w = 0.0f, tile_h = 0.0f;
    int n = 1;
};

Placement place_picture(bool repeat, const PreviewFrame& frame) {
    Placement at;
    const float status_height = ImGui::GetTextLineHeightWithSpacing() + 4.0f;
    at.origin                 = ImGui::GetCursorScreenPos();
    at.avail                  = ImGui::GetContentRegionAvail();
    at.avail.y -= status_height;
    at.avail.x = std::max(at.avail.x, 32.0f);
    at.avail.y = std::max(at.avail.y, 32.0f);
    // Its shape: the export's when the export frame is shown (so the preview covers exactly the
    // area an export writes), else the whole area, or a square when repeating 3 x 3. Fitted and
    // centred, n x n times over when repeating.
    at.n                = repeat ? 3 : 1;
    const auto n        = static_cast<float>(at.n);
    const double aspect = frame.show ? static_cast<double>(frame.size.height) / frame.size.width
                          : repeat   ? 1.0
                                     : static_cast<double>(at.avail.y) / at.avail.x;
    at.tile_w =
        std::max(8.0f, std::floor(std::min(at.avail.x / n, at.avail.y / (n * static_cast<float>(aspect)))));
    at.tile_h = frame.show || repeat ? std::floor(at.tile_w * static_cast<float>(aspect)) : at.avail.y;
    const ImVec2 size(at.tile_w * n, at.tile_h * n);
    at.p0 = ImVec2(at.origin.x + std::floor((at.avail.x - size.x) * 0.5f),
                   at.origin.y + std::floor((at.avail.y - size.y) * 0.5f));
    at.p1 = ImVec2(at.p0.x + size.x, at.p0.y + size.y);
    return at;
}

// What to render: one pixel per screen pixel (one tile when repeating), unless the command line
// fixes the width. Rounded to 4 px so a resize does not re-render per pixel. With the export
// frame the height follows the export's aspect exactly, not the rounded screen rectangle's.
void image_size(const Placement& at, const PreviewFrame& frame, int preview_size_override,
                PreviewLayout& layout) {
    const double aspect = frame.show ? static_cast<double>(frame.size.height) / frame.size.width
                                     : static_cast<double>(at.tile_h) / at.tile_w;
    const int width =
        std::max(16, preview_size_override > 0 ? preview_size_override : static_cast<int>(at.tile_w) / 4 * 4);
    layout.image_width  = width;
    layout.image_height = std::max(1, static_cast<int>(std::lround(width * aspect)));
}

// [SECTION] Input: pan, zoom, the scanline ----------------------------------------------------

struct Pointer {
    bool hovered       = false;
    bool near_scanline = false;
    ImVec2 mouse;
};

// A gesture in progress: a pan, a drag, or a wheel burst (until 0.4 s after its last turn).
bool gesture_in_progress(const PreviewState& state) {
    return state.panning || state.dragging_scanline || state.dragging_probe ||
           (state.last_wheel_time >= 0.0 && ImGui::GetTime() - state.last_wheel_time < 0.4);
}

// The picture the pointer acts on this frame: where it is on screen and how screen points map to
// noise points.
struct PointerArea {
    const Placement& at;
    const ViewTransform& view;
    bool repeat   = false;
    bool can_zoom = false;  // not while the settings cannot render
};

// The invisible button over the area takes wheel, drag and hover; a drag that starts on the
// scanline moves it, any other drag pans, the wheel zooms around the cursor. The gesture in
// progress is kept in `state`; pans and zooms change `settings`, the probe tool `lattice`.
Pointer handle_input(const PointerArea& area, Settings& settings, LatticeViewSettings& lattice,
                     PreviewState& state) {
    const Placement& at       = area.at;
    const ViewTransform& view = area.view;
    const bool repeat         = area.repeat;
    ImGuiIO& io               = ImGui::GetIO();
    noise::Params& params     = settings.params;
    ImGui::SetCursorScreenPos(at.origin);
    ImGui::InvisibleButton("##preview", at.avail, ImGuiButtonFlags_MouseButtonLeft);
    report_item("preview");
    report_rect("preview_image", at.p0, ImVec2(at.p0.x + at.tile_w, at.p0.y + at.tile_h));  // one image
    Pointer pointer{ImGui::IsItemHovered(), false, io.MousePos};
    const bool active = ImGui::IsItemActive();

    // The scanline (not for dimension 1, whose curve is the noise itself).
    const bool has_scanline = params.dimension != 1;
    const float scan_y      = at.p0.y + static_cast<float>(settings.view.scanline) * at.tile_h;
    const auto on_scanline  = [&](ImVec2 m) {
        return has_scanline && std::abs(m.y - scan_y) <= 5.0f && m.x >= at.p0.x && m.x <= at.p0.x + at.tile_w;
    };
    pointer.near_scanline = pointer.hovered && on_scanline(pointer.mouse);
    report_rect("scanline_handle", ImVec2(at.p0.x, scan_y - 2.0f),
                ImVec2(at.p0.x + at.tile_w, scan_y + 2.0f));

    // The probe (lattice_view_settings.hpp): with its tool on, a drag that starts on it moves it, and a click
    // elsewhere (a press and release without moving) pins it there.
    const auto on_probe = [&](ImVec2 m) {
        if (!lattice.probe_tool || !lattice.probe_pinned) return false;
        const ImVec2 p = view.screen_at({lattice.probe_x, lattice.probe_y});
        return std::abs(m.x - p.x) <= 9.0f && std::abs(m.y - p.y) <= 9.0f;
    };
    // The point under the cursor, not its pixel's centre; within a few screen pixels of a lattice
    // line it lands on the line exactly, so a click at a lattice point probes the point itself
    // (where gradient noise is exactly 0). Typed coordinates (the probe's window) are exact anyway.
    const auto pin_probe = [&](ImVec2 m) {
        const NoisePoint point  = view.noise_at(m, repeat);
        const double reach      = probe_snap_pixels / view.screen_pixels_per_unit();
        const auto onto_lattice = [&](double v) {
            return std::abs(v - std::round(v)) <= reach ? std::round(v) : v;
        };
        lattice.probe_x      = onto_lattice(point.x);
        lattice.probe_y      = onto_lattice(point.y);
        lattice.probe_pinned = true;
    };
    if (ImGui::IsItemActivated()) {
        // Decided where the button went down, not where the cursor is by the time a slow frame
        // sees it: a quick grab of the scanline must not turn into a pan.
        state.dragging_probe    = on_probe(io.MouseClickedPos[0]);
        state.dragging_scanline = !state.dragging_probe && on_scanline(io.MouseClickedPos[0]);
        state.panning           = !state.dragging_scanline && !state.dragging_probe;
        state.pan_start_x       = params.offset_x;
        state.pan_start_y       = params.offset_y;
        state.scan_start        = settings.view.scanline;
    }
    if (ImGui::IsItemDeactivated() && (state.panning || state.dragging_scanline) && lattice.probe_tool &&
        io.MouseDragMaxDistanceSqr[0] < io.MouseDragThreshold * io.MouseDragThreshold) {
        // A click, not a pan or a move of the scanline (whose row is a lattice row in the Perlin
        // lessons): put the view and the scanline back where the press found them, pin the probe.
        set_number(params, "offset_x", state.pan_start_x);
        set_number(params, "offset_y", state.pan_start_y);
        settings.view.scanline = state.scan_start;
        pin_probe(pointer.mouse);
    }
    if (!active) {
        state.panning           = false;
        state.dragging_scanline = false;
        state.dragging_probe    = false;
    }
    if (state.dragging_probe) {
        pin_probe(pointer.mouse);
    } else if (state.dragging_scanline) {
        settings.view.scanline =
            std::clamp(static_cast<double>((pointer.mouse.y - at.p0.y) / at.tile_h), 0.0, 1.0);
    } else if (state.panning) {
        // From the drag's start, so rounding never accumulates: the point grabbed stays under
        // the cursor.
        const NoisePoint offsets = view.panned({state.pan_start_x, state.pan_start_y},
                                               ImGui::GetMouseDragDelta(ImGuiMouseButton_Left, 0.0f));
        set_number(params, "offset_x", offsets.x);
        set_number(params, "offset_y", offsets.y);
    }
    if (pointer.hovered && io.MouseWheel != 0.0f && area.can_zoom) {
        const noise::ParamInfo* freq = noise::find_param("frequency");
        double f                     = params.frequency * std::pow(1.2, -static_cast<double>(io.MouseWheel));
        if (freq) f = std::clamp(f, freq->min, freq->max);
        const NoisePoint offsets = view.offsets_for_zoom(pointer.mouse, f, repeat);
        set_number(params, "frequency", f);
        set_number(params, "offset_x", offsets.x);
        set_number(params, "offset_y", offsets.y);
        state.last_wheel_time = ImGui::GetTime();
    }
    if (state.dragging_probe || (pointer.hovered && on_probe(pointer.mouse)))
        ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
    else if (pointer.near_scanline || state.dragging_scanline)
        ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeNS);
    else if (state.panning)
        ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeAll);
    return pointer;
}

// [SECTION] Layers drawn over the picture -----------------------------------------------------

void draw_picture(ImDrawList* draw, const Placement& at, const ShownField& field) {
    const ImVec2 lo = at.origin, hi(at.origin.x + at.avail.x, at.origin.y + at.avail.y);
    if (!field.has_image() || !field.texture().id()) {
        draw->AddRectFilled(lo, hi, colours::picture_backdrop);
    } else {
        // The backdrop only around the picture, whose pixels are opaque: under a software
        // renderer every pixel drawn twice costs the cores the renders need. The strips share the
        // picture's edges exactly, so each pixel is covered once.
        const float top = std::clamp(at.p0.y, lo.y, hi.y), bottom = std::clamp(at.p1.y, lo.y, hi.y);
        const float left = std::clamp(at.p0.x, lo.x, hi.x), right = std::clamp(at.p1.x, lo.x, hi.x);
        draw->AddRectFilled(lo, ImVec2(hi.x, top), colours::picture_backdrop);
        draw->AddRectFilled(ImVec2(lo.x, bottom), hi, colours::picture_backdrop);
        draw->AddRectFilled(ImVec2(lo.x, top), ImVec2(left, bottom), colours::picture_backdrop);
        draw->AddRectFilled(ImVec2(right, top), ImVec2(hi.x, bottom), colours::picture_backdrop);
        const auto uv = static_cast<float>(at.n);
        draw->AddImage(field.texture().id(), at.p0, at.p1, ImVec2(0, 0), ImVec2(uv, uv));
    }
    // Faint borders between repeats: visible when looked for, gone otherwise, like the seams.
    for (int i = 1; i < at.n; ++i) {
        const float x = at.p0.x + at.tile_w * static_cast<float>(i);
        const float y = at.p0.y + at.tile_h * static_cast<float>(i);
        draw->AddLine(ImVec2(x, at.p0.y), ImVec2(x, at.p1.y), colours::with_alpha(colours::light, 40));
        draw->AddLine(ImVec2(at.p0.x, y), ImVec2(at.p1.x, y), colours::with_alpha(colours::light, 40));
    }
}

// The scanline over the picture with a handle at each end.
void draw_scanline(ImDrawList* draw, const Placement& at, double scanline, bool highlighted) {
    const float y  = at.p0.y + static_cast<float>(scanline) * at.tile_h;
    const float x0 = at.p0.x, x1 = at.p0.x + at.tile_w;
    const ImU32 colour = highlighted ? colours::accent : colours::with_alpha(colours::accent, 150);
    // A dark edge under the line keeps it visible on light and dark fields alike.
    draw->AddLine(ImVec2(x0, y + 1.0f), ImVec2(x1, y + 1.0f), colours::with_alpha(colours::shadow, 110),
                  1.0f);
    draw->AddLine(ImVec2(x0, y), ImVec2(x1, y), colour, 1.5f);
    // Handles at both ends, outlined so they read on sand-coloured terrain too.
    const ImVec2 left[3]  = {ImVec2(x0, y - 7), ImVec2(x0 + 11, y), ImVec2(x0, y + 7)};
    const ImVec2 right[3] = {ImVec2(x1, y - 7), ImVec2(x1, y + 7), ImVec2(x1 - 11, y)};
    for (const ImVec2* t : {left, right}) {
        draw->AddTriangleFilled(t[0], t[1], t[2], colour);
        draw->AddTriangle(t[0], t[1], t[2], colours::with_alpha(colours::shadow, 140), 1.0f);
    }
}

// The export frame's outline, named so the shape is never mistaken for the window's: above the
// picture where the frame's shape leaves room there, else in its corner only while the pointer is
// on the picture (a label always over it covered every lesson step's picture).
void draw_frame_label(ImDrawList* draw, const Placement& at, const PreviewFrame& frame, bool hovered) {
    char label[96];
    std::snprintf(label, sizeof label, "export frame %s", frame.label.c_str());
    const float text_h = ImGui::GetFontSize();
    const bool above   = at.p0.y - at.origin.y >= text_h + 4.0f;
    if (above || hovered) {
        const ImVec2 at_text(at.p0.x + 5.0f, above ? at.p0.y - text_h - 3.0f : at.p0.y + 3.0f);
        draw->AddText(ImVec2(at_text.x + 1.0f, at_text.y + 1.0f), colours::with_alpha(colours::shadow, 160),
                      label);
        draw->AddText(at_text, colours::with_alpha(colours::light, 200), label);
        report_rect("export_frame_label", at_text,
                    ImVec2(at_text.x + ImGui::CalcTextSize(label).x, at_text.y + text_h));
    }
    draw->AddRect(at.p0, at.p1, colours::with_alpha(colours::light, 90));
}

// Why a tile might still show seams (the picture must span whole periods), written over the
// bottom of the picture: the status line under it is full with the readout and the frame switch.
void draw_tiling_hint(ImDrawList* draw, const Placement& at, const Settings& settings,
                      const ViewTransform& view) {
    const noise::Params& params = settings.params;
    char hint[160];
    if (params.tile > 0 && !tile_span(params, ImageSize{view.image_width, view.image_height}).whole_across)
        std::snprintf(hint, sizeof hint,
                      "frequency %g is not a multiple of the tile period %u: the picture will not wrap",
                      params.frequency, params.tile);
    else if (params.tile == 0 && settings.view.repeat_3x3 && !noise::unused_reason(params, "tile").empty())
        std::snprintf(hint, sizeof hint, "%s noise cannot tile: the 3 x 3 repeat shows seams",
                      noise::algorithm_names[static_cast<std::size_t>(params.algorithm)].data());
    else if (params.tile == 0 && settings.view.repeat_3x3)
        std::snprintf(hint, sizeof hint, "set a tile period to see the 3 x 3 repeat");
    else
        return;
    const ImVec2 text_at(at.p0.x + 5.0f, at.p1.y - ImGui::GetTextLineHeight() - 4.0f);
    draw->AddText(ImVec2(text_at.x + 1.0f, text_at.y + 1.0f), colours::with_alpha(colours::shadow, 200),
                  hint);
    draw->AddText(text_at, colours::tiling_hint, hint);
}

// [SECTION] The status line under the picture -------------------------------------------------

// The value under the cursor, from the image shown there (A's, or B's right of the compare
// view's divider; it may be a coarse one or lag a frame behind). The noise point is the live
// settings' (`view`) on A, and B's own on B, whose parameters may show another region.
std::optional<Readout> read_at(const ShownField& field, const Placement& at, const ViewTransform& view,
                               const Pointer& pointer, bool repeat, const PictureLayers& layers) {
    if (!pointer.hovered) return std::nullopt;
    const ShownField* other       = layers.field_at ? layers.field_at(pointer.mouse) : nullptr;
    const ShownField& shown_field = other ? *other : field;
    if (!shown_field.has_image()) return std::nullopt;
    const ImageResult& image = shown_field.image();
    const ViewTransform shown =
        ViewTransform::of(image.params, image.width, image.height).on_screen(at.p0, at.tile_w, at.tile_h);
    const NoisePoint point = (other ? shown : view).noise_at(pointer.mouse, repeat);
    const float raw =
        shown_field.value_at(shown.pixel_x(pointer.mouse, repeat), shown.pixel_y(pointer.mouse, repeat));
    const int px = shown.pixel_x(pointer.mouse, repeat), py = shown.pixel_y(pointer.mouse, repeat);
    return Readout{other ? 'B' : 'A',
                   point.x,
                   point.y,
                   raw,
                   shown_field.mapped(raw),
                   shown_field.colour(),
                   shown_field.colour_sample_at(px, py),
                   shown_field.weights_at(px, py),
                   image.layer_names};
}

void draw_status_line(const Placement& at, const ViewTransform& view, const std::optional<Readout>& readout,
                      PreviewFrame& frame, PreviewColour& colour, double terrain_height) {
    ImGui::SetCursorScreenPos(ImVec2(at.origin.x, at.origin.y + at.avail.y + 4.0f));
    char line[256];
    if (readout && !readout->weights.empty()) {  // the texture weights there
        std::snprintf(line, sizeof line, "%sx %.4f   y %.4f   value %+.4f   %s",
                      readout->image == 'B' ? "B:  " : "", readout->x, readout->y, readout->value,
                      weights_text(readout->weights, readout->layer_names).c_str());
    } else if (readout && readout->sample) {  // a terrain map: its reading instead of the mapped value
        std::snprintf(line, sizeof line, "%sx %.4f   y %.4f   value %+.4f   %s",
                      readout->image == 'B' ? "B:  " : "", readout->x, readout->y, readout->value,
                      sample_text(readout->colour, *readout->sample, terrain_height).c_str());
    } else if (readout) {
        std::snprintf(line, sizeof line, "%sx %.4f   y %.4f   value %+.4f   (%.3f mapped)",
                      readout->image == 'B' ? "B:  " : "", readout->x, readout->y, readout->value,
                      readout->mapped);
    } else {
        std::snprintf(line, sizeof line, "x %.3f .. %.3f   y %.3f .. %.3f   wheel: zoom   drag: pan",
                      view.left(), view.right(), view.top(), view.bottom());
    }
    ImGui::TextUnformatted(line);
    // Right-aligned: the export frame switch, with the size it follows.
    const char* frame_text = "export frame";
    const float box =
        ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(frame_text).x;
    // Before it, the colour mode (preview_colour.hpp).
    const float combo_width = 140.0f;  // "Texture weights" whole
    const float combo = combo_width + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize("Colour").x +
                        ImGui::GetStyle().ItemSpacing.x;
    const float after = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + 16.0f;
    // A narrow picture (presenter mode's column, a large font): the switches where they fit whole,
    // else not at all, rather than cut off by the window's edge.
    if (after + box + combo > ImGui::GetWindowContentRegionMax().x + 1.0f) return;
    ImGui::SameLine(std::max(after, ImGui::GetWindowContentRegionMax().x - box - combo));
    draw_colour_combo(colour, combo_width);
    ImGui::SameLine();
    ImGui::Checkbox(frame_text, &frame.show);
    report_item("export_frame");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Show exactly the area an export of %s writes (set the size in File > Export).",
                          frame.label.c_str());
}

}  // namespace

// [SECTION] The panel ---------------------------------------------------------------------------

bool shows_repeat(const Settings& settings) { return settings.view.repeat_3x3 && settings.params.tile > 0; }

PreviewPanel::PreviewPanel(int size_override, std::function<void()> wake)
    : size_override_(size_override), worker_(std::make_unique<RenderWorker>(std::move(wake))) {}

bool PreviewPanel::busy() const { return worker_->status().busy || gesture_in_progress(state_); }

bool PreviewPanel::gesturing() const { return gesture_in_progress(state_); }

void PreviewPanel::take_noise_image(bool keep) {
    if (auto image = worker_->take_image(); image && keep) {
        shown_generation_ = image->generation;
        field_.set_image(std::move(*image));
    }
}

void PreviewPanel::show_image(ImageResult&& image) { field_.set_image(std::move(image)); }

void PreviewPanel::refresh_colours(const noise::Params& params, const ViewSettings& view) {
    const int shown_width = field_.has_image() ? field_.image().width : 0;
    field_.refresh(picture_view(params, view, export_frame_.size.width, shown_width));
}

void PreviewPanel::request_noise(const noise::Params& params, int width, int height,
                                 const OctaveChoice& chosen, const ViewSettings& view,
                                 const std::vector<TextureLayer>& layers) {
    const NoiseKey key{params, width, height, chosen,
                       colour_request(colour_, terrain_view(params, view, export_frame_.size.width),
                                      export_frame_.size.width, layers)};
    if (sent_ && *sent_ == key) return;
    PreviewRequest request;
    request.params        = params;
    request.width         = width;
    request.height        = height;
    request.curve_samples = 0;  // the curve has a worker of its own (curve_panel.hpp)
    request.chosen        = chosen;
    request.colour        = key.colour;
    worker_->submit(request);
    sent_ = key;
}

PreviewStatus PreviewPanel::status(const std::string& invalid) const {
    const WorkerStatus worker = worker_->status();
    PreviewStatus shown;
    shown.rendering = worker.busy;
    shown.coarse    = worker.coarse_stage;
    shown.progress  = worker.rows_total > 0
                          ? static_cast<float>(worker.rows_done) / static_cast<float>(worker.rows_total)
                          : 0.0f;
    shown.error     = !invalid.empty() ? invalid : worker.error;
    return shown;
}

bool PreviewPanel::shows_newest() const {
    return field_.has_image() && !field_.image().coarse && shown_generation_ == worker_->latest_generation();
}

PreviewLayout PreviewPanel::draw(const FrameContext& context, const PreviewStatus& status,
                                 LatticeViewSettings& lattice, const PictureLayers& layers) {
    const ShownField& field = field_;
    Settings& settings      = context.settings;
    PreviewState& state     = state_;
    PreviewFrame& frame     = export_frame_;
    const int size_override = size_override_;
    PreviewLayout layout;
    const bool repeat  = shows_repeat(settings);
    const Placement at = place_picture(repeat, frame);
    image_size(at, frame, size_override, layout);
    layout.picture_min       = at.p0;
    layout.picture_max       = at.p1;
    layout.repeats           = at.n;
    const ViewTransform view = ViewTransform::of(settings.params, layout.image_width, layout.image_height)
                                   .on_screen(at.p0, at.tile_w, at.tile_h);

    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw_picture(draw, at, field);
    const Pointer pointer = handle_input({at, view, repeat, status.error.empty()}, settings, lattice, state);
    layout.gesture        = gesture_in_progress(state);

    // Layers, bottom to top: another image over part of the picture comes before every overlay,
    // so B's half of a split shows the scanline and the lattice as A's half does.
    const bool ok = status.error.empty();
    if (ok && layers.image) layers.image(draw, view, at.n);
    if (ok && settings.params.dimension != 1)
        draw_scanline(draw, at, settings.view.scanline, pointer.near_scanline || state.dragging_scanline);
    if (ok && layers.overlays) layers.overlays(draw, view, at.n);
    if (frame.show) draw_frame_label(draw, at, frame, pointer.hovered);
    draw_tiling_hint(draw, at, settings, view);
    const ImVec2 area_max(at.origin.x + at.avail.x, at.origin.y + at.avail.y);
    if (status.rendering && ok) draw_progress(draw, area_max, status);
    if (!ok) draw_error(draw, at.origin, area_max, status.error);

    // The map's legend over the picture's bottom-left corner: the map shown, or the one asked for
    // while it renders; a note when the newest image came without it (octaves soloed or muted).
    const bool newest =
        field.has_image() && !field.image().coarse && shown_generation_ == worker_->latest_generation();
    const bool unavailable =
        colour_ != PreviewColour::ramp && field.colour() == PreviewColour::ramp && newest;
    const PreviewColour legend = field.colour() != PreviewColour::ramp ? field.colour() : colour_;
    if (ok)
        draw_colour_legend(draw, ImVec2(at.p0.x + 6.0f, at.p1.y - 6.0f), legend,
                           terrain_height_m(settings.params, settings.view), unavailable,
                           field.image().layer_names);

    state.readout = read_at(field, at, view, pointer, repeat, layers);
    draw_status_line(at, view, state.readout, frame, colour_,
                     terrain_height_m(settings.params, settings.view));
    return layout;
}

}  // namespace app::gui
