// gui/terrain/terrain_view.cpp: the 3D terrain view's frame.
//
// Index
//   [SECTION] Meshes: request, build, upload
//   [SECTION] Camera input
//   [SECTION] The status lines
//   [SECTION] The view
//   [SECTION] The UI report's state
#include "gui/terrain/terrain_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "core/terrain_scale.hpp"
#include "gui/common/theme.hpp"

namespace app::gui {

namespace {

constexpr int detail_choices[] = {64, 128, 256, 512, 1024};
constexpr double pi            = 3.14159265358979323846;

// The field the view wants: the export's shape, 512 wide or as wide as the detail asks (so every
// vertex has a pixel of its own), or --preview-size.
TerrainLayout wanted_field(const PreviewFrame& frame, int preview_size_override, int detail) {
    const int width     = preview_size_override > 0 ? preview_size_override : std::max(512, detail);
    const double aspect = static_cast<double>(frame.size.height) / std::max(1, frame.size.width);
    return {width, std::max(2, static_cast<int>(std::lround(width * aspect)))};
}

}  // namespace

// [SECTION] Meshes: request, build, upload ------------------------------------------------------

void TerrainView::take_mesh() {
    if (!task_) return;
    auto outcome = task_->take();
    if (!outcome) return;
    task_.reset();
    if (!outcome->result) {
        error_ = "terrain mesh: " + outcome->error;
    } else if (outcome->result->complete) {
        const TerrainMesh& mesh = *outcome->result;
        error_.clear();
        renderer_.upload(mesh);
        ++uploads_;
        shown_    = building_;
        columns_  = mesh.columns;
        rows_     = mesh.rows;
        build_ms_ = mesh.milliseconds;
        method_   = mesh.method;
        block_[0] = mesh.bottom;
        block_[1] = mesh.top;
        // A new extent (another export size or spacing, a new height) deserves a new framing;
        // a new seed or octave count keeps the camera where the user put it.
        const double extent[3] = {mesh.width, mesh.length, mesh.height};
        bool reframe           = !framed_;
        for (int i = 0; i < 3; ++i)
            reframe |= std::abs(extent[i] - framed_for_[i]) > 1e-6 * std::max(1.0, std::abs(framed_for_[i]));
        if (reframe) {
            camera_ = TerrainCamera::framing(mesh.width, mesh.length, mesh.bottom, mesh.top, aspect_);
            std::copy(extent, extent + 3, framed_for_);
            framed_ = true;
        }
    }
    building_.reset();
}

void TerrainView::request_mesh(const Settings& settings, const ShownField& field, const PreviewFrame& frame) {
    if (!field.has_image()) return;
    const ImageResult& image = field.image();
    // A field of another shape (rendered for the 2D panel before the switch) would flash a
    // wrongly proportioned landscape: wait for the export-shaped one.
    const double want = static_cast<double>(frame.size.height) / std::max(1, frame.size.width);
    if (std::abs(static_cast<double>(image.height) / image.width - want) > 2.0 / image.width) return;
    // The terrain's metres (a simulated frame's when the simulation runs): terrain_scale.hpp.
    const ViewSettings view  = terrain_view(settings.params, settings.view, frame.size.width);
    const noise::Range range = field.range();
    const MeshKey key{image.generation,
                      image.coarse,
                      image.width,
                      image.height,
                      view.ramp,
                      view.terrain_colour,
                      view.terrain_height,
                      view.terrain_spacing,
                      range.lo,
                      range.hi,
                      view.sea_level,
                      frame.size,
                      detail_};
    if ((shown_ && *shown_ == key) || (building_ && *building_ == key)) return;
    if (task_) return;  // the running build finishes first; the newest key is requested next frame
    TerrainMeshInput input{image, view, frame.size, range, detail_};
    building_ = key;
    task_     = std::make_unique<BackgroundTask<TerrainMesh>>(
        [input = std::move(input)](const TaskControl& control) {
            return build_terrain_mesh(input, control.cancelled);
        },
        wake_);
}

// [SECTION] Camera input --------------------------------------------------------------------------

void TerrainView::handle_input(ImVec2 min, ImVec2 size) {
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetCursorScreenPos(min);
    ImGui::InvisibleButton("##terrain", size,
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
    report_item("terrain_image");
    const bool active = ImGui::IsItemActive();
    // The camera follows the cursor frame by frame; it is a way of looking, not a setting.
    if (active && ImGui::IsMouseDown(ImGuiMouseButton_Left)) camera_.orbit(io.MouseDelta.x, io.MouseDelta.y);
    if (active && ImGui::IsMouseDown(ImGuiMouseButton_Right))
        camera_.pan(io.MouseDelta.x, io.MouseDelta.y, size.y);
    if (ImGui::IsItemHovered() && io.MouseWheel != 0.0f) {
        camera_.zoom(io.MouseWheel);
        last_wheel_ = ImGui::GetTime();
    }
    if (active) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeAll);
    moving_ = active || (last_wheel_ >= 0.0 && ImGui::GetTime() - last_wheel_ < 0.3);
}

// [SECTION] The status lines ----------------------------------------------------------------------

void TerrainView::draw_status(const Settings& settings, const ShownField& field, const PreviewFrame& frame,
                              PreviewColour& colour) {
    // The terrain's metres (a simulated frame's when the simulation runs): terrain_scale.hpp.
    const ViewSettings view = terrain_view(settings.params, settings.view, frame.size.width);
    // Line 1: the mesh and how it was made.
    char line[320];
    if (columns_ > 0) {
        const char* normals = method_ == noise::GradientMethod::analytic
                                  ? "analytic gradients"
                                  : "finite differences (no derivative)";
        // GPU time: the renderer's timer query, one frame late; "-" until the first comes back.
        char gpu[32] = "-";
        if (renderer_.gpu_milliseconds() >= 0.0)
            std::snprintf(gpu, sizeof gpu, "%.1f ms", renderer_.gpu_milliseconds());
        std::snprintf(line, sizeof line, "mesh %d x %d of %d x %d   normals: %s   build %.0f ms   GPU %s",
                      columns_, rows_, field.image().width, field.image().height, normals, build_ms_, gpu);
    } else {
        std::snprintf(line, sizeof line, "building the mesh ...");
    }
    ImGui::TextUnformatted(line);
    report_item("terrain_status");
    // Right of it, the preview's Colour: a terrain map colours the landscape.
    const float combo_width = 140.0f;  // "Texture weights" whole, as under the 2D preview
    const float colour_combo =
        combo_width + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize("Colour").x;
    ImGui::SameLine(std::max(ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + 20.0f,
                             ImGui::GetWindowContentRegionMax().x - colour_combo));
    draw_colour_combo(colour, combo_width);

    // Line 2: the engine figures for the export size, then the view's own buttons.
    const EngineFigures f = engine_figures(view, frame.size);
    std::snprintf(line, sizeof line, "%s: Unreal X/Y %.4g Z %.4g   Unity height %.4g m, %.4g x %.4g m",
                  frame.label.c_str(), f.unreal_xy_scale, f.unreal_z_scale, f.unity_height, f.width,
                  f.length);
    ImGui::TextUnformatted(line);
    report_item("terrain_engine");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "For a 16-bit heightmap of this export size:\n"
            "Unreal landscape: Scale X/Y = spacing x 100, Z = height x 100 / 512\n"
            "  (Unreal maps 0..65535 to +-256 x Z scale cm around the actor)\n"
            "Unity terrain: Terrain Height = height, Width/Length = (samples - 1) x spacing\n"
            "Set height and spacing under Terrain in the controls.");
    const float buttons = 110.0f + 150.0f + ImGui::GetStyle().ItemSpacing.x;
    ImGui::SameLine(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - buttons));
    if (ImGui::Button("Reset view", ImVec2(110.0f, 0.0f)) && framed_)
        camera_ = TerrainCamera::framing(framed_for_[0], framed_for_[1], block_[0], block_[1], aspect_);
    report_item("terrain_reset");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(150.0f);
    char preview[32];
    std::snprintf(preview, sizeof preview, "detail %d", detail_);
    if (ImGui::BeginCombo("##detail", preview)) {
        for (int choice : detail_choices) {
            char item[32];
            std::snprintf(item, sizeof item, "%d vertices", choice);
            if (ImGui::Selectable(item, choice == detail_)) detail_ = choice;
            report_item("terrain_detail=" + std::to_string(choice));
        }
        ImGui::EndCombo();
    }
    report_item("terrain_detail");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "The mesh's longest side in vertices: more shows finer relief, fewer keeps a large field\n"
            "interactive under a software renderer.");
}

// [SECTION] The view ------------------------------------------------------------------------------

TerrainLayout TerrainView::draw(const Settings& settings, const ShownField& field, const PreviewFrame& frame,
                                int preview_size_override, PreviewColour& colour) {
    take_mesh();
    request_mesh(settings, field, frame);

    const float status_height = 2.0f * ImGui::GetFrameHeightWithSpacing() + 2.0f;
    const ImVec2 min          = ImGui::GetCursorScreenPos();
    ImVec2 size               = ImGui::GetContentRegionAvail();
    size.x                    = std::max(32.0f, std::floor(size.x));
    size.y                    = std::max(32.0f, std::floor(size.y - status_height));
    handle_input(min, size);
    aspect_ = size.x / size.y;

    // The terrain's metres (a simulated frame's when the simulation runs): terrain_scale.hpp.
    const ViewSettings view = terrain_view(settings.params, settings.view, frame.size.width);
    const TerrainLook look{view.light_azimuth, view.light_elevation, view.sea_level * view.terrain_height,
                           view.wireframe, moving_};
    const int width = static_cast<int>(size.x), height = static_cast<int>(size.y);
    const RenderKey key{width,
                        height,
                        uploads_,
                        camera_.yaw,
                        camera_.pitch,
                        camera_.distance,
                        camera_.target.x,
                        camera_.target.y,
                        camera_.target.z,
                        look.light_azimuth,
                        look.light_elevation,
                        look.sea_height,
                        look.wireframe,
                        look.coarse};
    // Under a software renderer a frame of the terrain costs milliseconds: draw it only when
    // something it shows has changed. The timer of the last one drawn is read all the same.
    renderer_.poll_timer();
    if (!rendered_ || !(*rendered_ == key)) {
        renderer_.render(width, height, camera_, look);
        rendered_ = key;
    }

    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 max(min.x + size.x, min.y + size.y);
    if (void* texture = renderer_.texture_id()) draw->AddImage(texture, min, max, ImVec2(0, 1), ImVec2(1, 0));
    char label[160];
    std::snprintf(label, sizeof label, "export frame %s   left drag: orbit   right drag: pan   wheel: zoom",
                  frame.label.c_str());
    draw->AddText(ImVec2(min.x + 6.0f, min.y + 4.0f), colours::with_alpha(colours::shadow, 160), label);
    draw->AddText(ImVec2(min.x + 5.0f, min.y + 3.0f), colours::with_alpha(colours::light, 200), label);
    std::string error = *renderer_.error() ? std::string(renderer_.error()) : error_;
    if (!error.empty()) draw->AddText(ImVec2(min.x + 5.0f, max.y - 22.0f), colours::error, error.c_str());

    // The map's legend when one colours the landscape (the field shown carries its samples).
    if (field.colour() != PreviewColour::ramp)
        draw_colour_legend(draw, ImVec2(min.x + 6.0f, max.y - 6.0f), field.colour(), view.terrain_height,
                           false, field.image().layer_names);

    ImGui::SetCursorScreenPos(ImVec2(min.x, max.y + 4.0f));
    draw_status(settings, field, frame, colour);
    return wanted_field(frame, preview_size_override, detail_);
}

bool TerrainView::busy() const { return moving_ || task_ != nullptr; }

bool TerrainView::shows(std::uint64_t field_generation) const {
    return shown_ && !shown_->coarse && shown_->generation == field_generation && !task_;
}

// [SECTION] The UI report's state -----------------------------------------------------------------

nlohmann::json TerrainView::report_state() const {
    nlohmann::json state;
    state["uploads"]          = uploads_;
    state["field_generation"] = shown_ ? shown_->generation : 0;
    state["building"]         = task_ != nullptr;
    state["columns"]          = columns_;
    state["rows"]             = rows_;
    state["detail"]           = detail_;
    state["coarse"]  = rendered_ && rendered_->coarse;  // the last frame drew the moving camera's mesh
    state["normals"] = method_ == noise::GradientMethod::analytic ? "analytic" : "finite_difference";
    state["camera"]  = {{"yaw", camera_.yaw * 180.0 / pi},
                        {"pitch", camera_.pitch * 180.0 / pi},
                        {"distance", camera_.distance},
                        {"target", {camera_.target.x, camera_.target.y, camera_.target.z}}};
    state["extent"]  = {framed_for_[0], framed_for_[1], framed_for_[2]};
    // Whole tenths of a millisecond, so the report's line changes only when the time does.
    state["gpu_ms"]   = std::round(renderer_.gpu_milliseconds() * 10.0) / 10.0;
    state["build_ms"] = std::round(build_ms_);
    state["error"]    = error_;
    return state;
}

}  // namespace app::gui
