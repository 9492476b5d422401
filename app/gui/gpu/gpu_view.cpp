// gui/gpu/gpu_view.cpp: View > GPU view (gpu_view.hpp).
#include "gui/gpu/gpu_view.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <nlohmann/json.hpp>
#include <utility>

#include "core/shader_source.hpp"
#include "gui/common/ui_report.hpp"

namespace app::gui {
namespace {

// The pictures' width; the height follows the preview's aspect. 1024 is the docs' frame
// (docs/shaders.md "Speed"): the view shows that comparison live.
constexpr std::array<int, 3> picture_widths{256, 512, 1024};
constexpr std::array<const char*, 3> picture_width_labels{"256 px", "512 px", "1024 px"};

ImageResult image_of(const ShaderPicture& picture, std::vector<float>&& raw, std::uint64_t generation) {
    ImageResult image;
    image.generation = generation;
    image.params     = picture.request.params;
    image.width      = picture.request.width;
    image.height     = picture.request.height;
    image.raw        = std::move(raw);
    return image;
}

// The hidden window whose context the tasks draw with: GL 3.3 core like the window's own.
GLFWwindow* hidden_context() {
    glfwDefaultWindowHints();
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    GLFWwindow* window = glfwCreateWindow(16, 16, "noise-explorer gpu context", nullptr, nullptr);
    glfwDefaultWindowHints();
    return window;
}

}  // namespace

GpuView::GpuView(std::function<void()> wake) : wake_(std::move(wake)) {}

GpuView::~GpuView() {
    task_.reset();  // cancels and waits: the task may hold the context
    canvas_.reset();
    if (context_ != nullptr) glfwDestroyWindow(context_);  // and with it the context's objects
}

void GpuView::draw_menu_item() {
    ImGui::MenuItem("GPU view", nullptr, &open_);
    report_item("gpu_view_item");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "The preview drawn by the exported GLSL beside the CPU's picture, with their largest "
            "difference (docs/shaders.md).");
}

void GpuView::start(const ShaderPictureRequest& request) {
    if (context_ == nullptr) {
        context_ = hidden_context();
        if (context_ == nullptr) {
            error_ = "no GL 3.3 context for the GPU view";
            return;
        }
        canvas_ = std::make_unique<ShaderCanvas>();
    }
    task_ = std::make_unique<BackgroundTask<ShaderPicture>>(
        [request, context = context_, canvas = canvas_.get()](const TaskControl& control) {
            glfwMakeContextCurrent(context);
            struct Release {
                ~Release() { glfwMakeContextCurrent(nullptr); }
            } release;
            return canvas->draw(request, control);
        },
        wake_);
}

void GpuView::update(const noise::Params& params, bool valid, int preview_width, int preview_height) {
    // A finished task: its picture, unless a newer request had cancelled it.
    if (task_ && task_->finished()) {
        auto outcome = task_->take();
        if (outcome && !task_->cancelling()) {
            if (outcome->result) {
                ShaderPicture& picture = *outcome->result;
                ++generation_;
                cpu_.set_image(image_of(picture, std::move(picture.cpu), generation_));
                gpu_.set_image(image_of(picture, std::move(picture.gpu), generation_));
                shown_ = std::move(picture);
                error_.clear();
            } else {
                error_ = outcome->error;
            }
        }
        task_.reset();  // its thread has ended: no wait
    }
    if (!open_) {
        if (task_) task_->cancel();  // closed: its picture would not be shown
        return;
    }
    if (!valid || preview_width <= 0 || preview_height <= 0) return;

    const int width  = picture_widths[static_cast<std::size_t>(size_choice_)];
    const int height = std::max(
        1, static_cast<int>(std::lround(static_cast<double>(width) * preview_height / preview_width)));
    const ShaderPictureRequest request{params, width, std::min(height, 2 * width)};
    if (!wanted_ || !(*wanted_ == request)) {
        wanted_  = request;
        refusal_ = shader_refusal(params);
        error_.clear();
        if (task_) task_->cancel();  // its end starts the newest (busy keeps the frames coming)
    }
    // The newest request once no task holds the context.
    if (!task_ && refusal_.empty() && error_.empty() && !(shown_ && shown_->request == *wanted_))
        start(*wanted_);
}

void GpuView::draw(const ViewSettings& view) {
    if (!open_) return;
    cpu_.refresh(view);
    gpu_.refresh(view);

    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(std::floor(display.x * 0.28f), 40.0f), ImGuiCond_Appearing);
    ImGui::SetNextWindowSize(ImVec2(std::floor(display.x * 0.7f), std::floor(display.y * 0.7f)),
                             ImGuiCond_Appearing);
    if (!ImGui::Begin("GPU view", &open_, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse)) {
        ImGui::End();
        return;
    }
    report_rect("gpu_view_window", ImGui::GetWindowPos(),
                ImVec2(ImGui::GetWindowPos().x + ImGui::GetWindowSize().x,
                       ImGui::GetWindowPos().y + ImGui::GetWindowSize().y));
    ImGui::SetNextItemWidth(110.0f);
    if (ImGui::Combo("Width", &size_choice_, picture_width_labels.data(),
                     static_cast<int>(picture_width_labels.size())))
        wanted_.reset();  // asked again at the new size next frame
    report_item("gpu_view_width");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("The pictures' width in pixels; their height follows the preview's shape.");

    if (!refusal_.empty()) {
        ImGui::TextWrapped("The export refuses this field: %s", refusal_.c_str());
        report_item("gpu_view_refusal");
    } else if (!error_.empty()) {
        ImGui::TextWrapped("%s", error_.c_str());
    }
    if (task_) {
        ImGui::SameLine();
        ImGui::Text("Drawing: %.0f %%", 100.0 * task_->progress());
    }

    if (shown_ && refusal_.empty()) {
        const ShaderPicture& p = *shown_;
        const bool within      = p.over == 0;
        ImGui::Text("Largest |GPU - CPU|: %.2e of the range at pixel (%d, %d); the export's bound %.1e: %s",
                    p.largest, p.largest_x, p.largest_y, p.bound,
                    !within             ? "OVER"
                    : p.allowance > 0.0 ? "within, with the slope allowance"
                                        : "within");
        if (p.allowance > 0.0 && ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Where the carved field is steep a sample may differ by its slope times the "
                "rounding of a float point: up to %.1e here (docs/shaders.md).",
                p.allowance);
        report_item("gpu_view_difference");
        const std::string compile =
            p.compile_ms > 0.0 ? " (+ " + std::to_string(std::lround(p.compile_ms)) + " ms to compile)" : "";
        ImGui::TextDisabled("%d x %d: GPU %.0f ms%s, CPU %.0f ms. GL: %s", p.request.width, p.request.height,
                            p.gpu_ms, compile.c_str(), p.cpu_ms, p.renderer.c_str());
        const float spacing = ImGui::GetStyle().ItemSpacing.x;
        const ImVec2 avail  = ImGui::GetContentRegionAvail();
        const float label_h = ImGui::GetTextLineHeightWithSpacing();
        const float aspect  = static_cast<float>(p.request.height) / static_cast<float>(p.request.width);
        const float w = std::max(16.0f, std::min((avail.x - spacing) / 2.0f, (avail.y - label_h) / aspect));
        const ImVec2 size(w, w * aspect);
        const ImVec2 top = ImGui::GetCursorScreenPos();
        ImGui::TextUnformatted("CPU (noise::render)");
        ImGui::SetCursorScreenPos(ImVec2(top.x + w + spacing, top.y));
        ImGui::TextUnformatted("GPU (the exported GLSL)");
        ImGui::SetCursorScreenPos(ImVec2(top.x, top.y + label_h));
        ImGui::Image(cpu_.texture().id(), size);
        report_item("gpu_view_cpu");
        ImGui::SameLine();
        ImGui::Image(gpu_.texture().id(), size);
        report_item("gpu_view_gpu");
    }
    ImGui::End();
}

bool GpuView::busy() const { return open_ && task_ != nullptr; }

nlohmann::json GpuView::report_state() const {
    nlohmann::json state;
    state["open"]       = open_;
    state["drawing"]    = task_ != nullptr;
    state["refusal"]    = refusal_;
    state["error"]      = error_;
    state["generation"] = generation_;
    if (shown_) {
        state["current"]      = wanted_ && shown_->request == *wanted_;
        state["width"]        = shown_->request.width;
        state["height"]       = shown_->request.height;
        state["largest"]      = shown_->largest;
        state["bound"]        = shown_->bound;
        state["allowance"]    = shown_->allowance;
        state["over"]         = shown_->over;
        state["gpu_ms"]       = shown_->gpu_ms;
        state["cpu_ms"]       = shown_->cpu_ms;
        state["compile_ms"]   = shown_->compile_ms;
        state["renderer"]     = shown_->renderer;
        state["cpu_checksum"] = cpu_.checksum();
        state["gpu_checksum"] = gpu_.checksum();
    }
    return state;
}

}  // namespace app::gui
