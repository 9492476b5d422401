#include "gui/common/ui_report.hpp"

#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>

namespace app::gui {

namespace {
UiReport* installed = nullptr;  // the window's report while it runs (install_ui_report)
}  // namespace

void install_ui_report(UiReport* report) { installed = report; }

void report_item(std::string_view key) {
    if (installed) installed->item(key);
}

void report_rect(std::string_view key, ImVec2 min, ImVec2 max) {
    if (installed) installed->rect(key, min, max);
}

UiReportPause::UiReportPause() : paused_(installed) { installed = nullptr; }

UiReportPause::~UiReportPause() { installed = paused_; }

UiReport::~UiReport() {
    if (file_) std::fclose(file_);
}

std::string UiReport::open(const std::string& path) {
    file_ = std::fopen(path.c_str(), "w");
    if (!file_) return "--ui-report: cannot write '" + path + "': " + std::strerror(errno);
    return {};
}

void UiReport::item(std::string_view key) {
    if (!file_) return;
    rect(key, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

void UiReport::rect(std::string_view key, ImVec2 min, ImVec2 max) {
    if (!file_) return;
    rects_[std::string(key)] = {min.x, min.y, max.x, max.y};
}

void UiReport::end_frame(nlohmann::json state, int window_x, int window_y, long frame, double time) {
    if (!file_) return;
    nlohmann::json rects = nlohmann::json::object();
    for (const auto& [key, r] : rects_) {
        rects[key] = {static_cast<int>(r[0]) + window_x, static_cast<int>(r[1]) + window_y,
                      static_cast<int>(r[2]) + window_x, static_cast<int>(r[3]) + window_y};
    }
    state["rects"]   = std::move(rects);
    std::string body = state.dump();
    if (body == last_) return;
    last_          = std::move(body);
    state["frame"] = frame;
    state["time"]  = time;
    // Written whole and flushed, so a test reading the file never sees half a line.
    const std::string line = state.dump() + "\n";
    std::fwrite(line.data(), 1, line.size(), file_);
    std::fflush(file_);
}

}  // namespace app::gui
