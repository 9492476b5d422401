// gui/terrain/terrain_view.hpp: the "3D terrain" view: the field as a lit landscape you can fly around.
//
// It shows the export frame: the field is rendered in the chosen export size's shape, and the
// world is that export in metres (core/terrain_scale.hpp), so what you see is what an engine
// will import. Each frame (main thread):
//   1. takes a finished mesh from its BackgroundTask and uploads it (GL);
//   2. starts the next mesh when the field or the terrain settings changed. A build is never
//      cancelled for a newer request: it finishes and the newest request follows, so during a
//      slider drag the landscape keeps moving instead of waiting for the hand to stop;
//   3. handles the camera (left drag orbit, right drag pan, wheel zoom, "Reset view");
//   4. renders into its texture when the mesh, camera, light or size changed, and shows it;
//      while the camera moves, with the mesh's coarse triangles (level of detail: the landscape
//      follows the hand), and the full mesh again on the first still frame;
//   5. writes the status: mesh size and detail, how the normals were found (the library's
//      analytic gradients, or finite differences for white noise), GPU time, and the engine
//      figures for the export size (Unreal X/Y and Z scale, Unity terrain height and size).
// Detail (the mesh's longest side in vertices) is a way of looking, not a setting: not saved.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>

#include "gui/common/background_task.hpp"
#include "gui/common/settings.hpp"
#include "gui/common/ui_report.hpp"
#include "gui/preview/preview_panel.hpp"
#include "gui/preview/shown_field.hpp"
#include "gui/terrain/terrain_camera.hpp"
#include "gui/terrain/terrain_mesh.hpp"
#include "gui/terrain/terrain_renderer.hpp"

namespace app::gui {

struct TerrainLayout {
    int image_width  = 0;  // the field the view wants rendered (the export's shape)
    int image_height = 0;
};

class TerrainView {
  public:
    explicit TerrainView(std::function<void()> wake) : wake_(std::move(wake)) {}

    // Draws into the current window's remaining content region. `colour` is the preview's
    // Colour (preview_colour.hpp): a terrain map colours the landscape, and it can be picked here.
    TerrainLayout draw(const Settings& settings, const ShownField& field, const PreviewFrame& frame,
                       int preview_size_override, PreviewColour& colour);

    // A mesh is being built or the camera is moving: keep frames coming.
    bool busy() const;
    // The mesh shown was built from this field generation (the full image, not the coarse one).
    bool shows(std::uint64_t field_generation) const;
    nlohmann::json report_state() const;

  private:
    struct MeshKey {
        std::uint64_t generation = 0;
        bool coarse              = false;
        int width = 0, height = 0;
        Ramp ramp            = Ramp::gray;
        TerrainColour colour = TerrainColour::height;
        double height_m = 0.0, spacing = 0.0, lo = 0.0, hi = 0.0;
        double sea = 0.0;  // the terrain ramp's waterline (colour.hpp's ramp_position)
        ImageSize export_size;
        int max_side                          = 0;
        bool operator==(const MeshKey&) const = default;
    };
    struct RenderKey {
        int width = 0, height = 0;
        std::uint64_t uploads = 0;
        double yaw = 0, pitch = 0, distance = 0, tx = 0, ty = 0, tz = 0;
        double azimuth = 0, elevation = 0, sea = 0;
        bool wireframe = false, coarse = false;
        bool operator==(const RenderKey&) const = default;
    };

    void take_mesh();
    void request_mesh(const Settings& settings, const ShownField& field, const PreviewFrame& frame);
    void handle_input(ImVec2 min, ImVec2 size);
    void draw_status(const Settings& settings, const ShownField& field, const PreviewFrame& frame,
                     PreviewColour& colour);

    std::function<void()> wake_;
    TerrainRenderer renderer_;
    TerrainCamera camera_;
    bool framed_          = false;
    double framed_for_[3] = {0, 0, 0};   // the extent framed: width, length, height (metres)
    double block_[2]      = {0.0, 1.0};  // the mesh shown, bottom and top (metres): what Reset frames
    double aspect_        = 1.6;         // the viewport's width / height, as last drawn
    std::unique_ptr<BackgroundTask<TerrainMesh>> task_;
    std::optional<MeshKey> building_, shown_, wanted_;
    std::optional<TerrainMeshInput> wanted_input_;
    std::optional<RenderKey> rendered_;
    std::uint64_t uploads_ = 0;
    int detail_            = 256;
    int columns_ = 0, rows_ = 0;
    double build_ms_              = 0.0;
    noise::GradientMethod method_ = noise::GradientMethod::analytic;
    std::string error_;
    bool moving_       = false;
    double last_wheel_ = -1.0;
};

}  // namespace app::gui
