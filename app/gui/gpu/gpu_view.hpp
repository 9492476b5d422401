// gui/gpu/gpu_view.hpp: View > GPU view: the preview drawn by the exported shader beside the CPU's.
//
// The window shows the field as the preview frames it twice, side by side and coloured alike:
// left the CPU path (noise::render, the r32 export's values), right the same pixels drawn on the
// GL driver by the GLSL that File > Copy as GLSL puts on the clipboard (shader_picture.hpp), with
// their largest difference as a share of the nominal range, the bound the export promises
// (docs/shaders.md) and each path's time. A field the export refuses shows the export's one-line
// reason instead of the GPU picture.
//
// Nothing of it runs on the window's thread but the colouring: a BackgroundTask draws both
// pictures on a hidden GL context of the view's own (made on the window's thread when the view
// first opens, as GLFW requires, current only on the task's thread). One task at a time holds
// it: an edit while one runs cancels it (the CPU path between rows, the GPU's between strips of
// rows) and the newest request starts when it has ended, so the window never waits for a task to
// stop (a compile cannot be interrupted, and llvmpipe takes up to seconds for one).
// Under Mesa's llvmpipe the shader is the slow path (docs/shaders.md "Speed"); on a GPU it is
// the fast one. Like the other views it is a way of looking: not saved, not in the undo history.
#pragma once

#include <functional>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>

#include "core/view_settings.hpp"
#include "gui/common/background_task.hpp"
#include "gui/common/panel.hpp"
#include "gui/gpu/shader_picture.hpp"
#include "gui/preview/shown_field.hpp"

struct GLFWwindow;

namespace app::gui {

class GpuView : public Panel {
  public:
    explicit GpuView(std::function<void()> wake);
    ~GpuView() override;
    GpuView(const GpuView&)            = delete;
    GpuView& operator=(const GpuView&) = delete;

    // View > GPU view (inside an open menu).
    void draw_menu_item();
    // Once a frame, after the edits: takes a finished picture and asks for the field `params`
    // (as the preview shows it, `valid` when noise::validate accepts it) at the preview's aspect
    // preview_width : preview_height, when the view is open and the request changed.
    void update(const noise::Params& params, bool valid, int preview_width, int preview_height);
    // The view's own window, when open; `view` colours its pictures as the preview's.
    void draw(const ViewSettings& view);
    bool busy() const override;
    nlohmann::json report_state() const;

  private:
    void start(const ShaderPictureRequest& request);

    std::function<void()> wake_;
    bool open_           = false;
    int size_choice_     = 1;  // picture_widths' entry: the pictures' width in pixels
    GLFWwindow* context_ = nullptr;
    std::unique_ptr<ShaderCanvas> canvas_;  // the context's objects; the running task's alone
    std::unique_ptr<BackgroundTask<ShaderPicture>> task_;
    std::optional<ShaderPictureRequest> wanted_;  // the newest request
    std::string refusal_;                         // shader_refusal of the wanted field: no GPU picture
    std::string error_;                           // the last task's failure
    std::optional<ShaderPicture> shown_;          // the newest finished picture (without its samples)
    std::uint64_t generation_ = 0;                // pictures finished
    ShownField cpu_, gpu_;
};

}  // namespace app::gui
