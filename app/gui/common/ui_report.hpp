// gui/common/ui_report.hpp: the `--ui-report FILE` test hook: what the window shows, as JSON lines.
//
// After every frame in which something changed, one line is appended:
//   {"frame": 42, "time": 1.53, "rects": {"octaves": [x0, y0, x1, y1], ...},
//    "params": {"octaves": "5", ...}, "view": {...}, "preview": {"generation": 7,
//    "checksum": "9f...", "width": 940, "height": 512, "coarse": false}, "rendering": false, ...}
// Rectangles are in screen pixels (window position added), keyed by the control's parameter key
// or a short name ("preview", "curve", "algorithm=value" for an open combo's items), so a test
// drives real X11 input at the right place without hard-coding a layout. "frame" and "time" do
// not count as a change; everything else does, so a render in progress (whose progress moves)
// keeps producing lines: that is how a test sees that frames kept coming.
//
// One hook, not a parameter: the window installs its report for its run (`install_ui_report`),
// and every part marks its widgets with `report_item` / `report_rect`, which do nothing when no
// report is installed (a run without --ui-report, the unit tests). Dear ImGui's demo marks
// widgets for its tools the same way. UI thread only, like ImGui itself.
#pragma once

#include <imgui.h>

#include <array>
#include <cstdio>
#include <map>
#include <nlohmann/json_fwd.hpp>  // not json.hpp: every part of the window includes this header
#include <string>
#include <string_view>

namespace app::gui {

class UiReport {
  public:
    UiReport() = default;
    ~UiReport();
    UiReport(const UiReport&)            = delete;
    UiReport& operator=(const UiReport&) = delete;

    // Creates (truncates) the file. Returns an empty string or the reason it failed.
    std::string open(const std::string& path);

    // Rectangles are collected during the frame, relative to the window's client area; the
    // window's screen position is added when the line is written.
    void begin_frame() { rects_.clear(); }
    void item(std::string_view key);  // ImGui's last item
    void rect(std::string_view key, ImVec2 min, ImVec2 max);

    // `state` holds everything else; written with the rectangles when anything differs from the
    // previous line (ignoring "frame" and "time").
    void end_frame(nlohmann::json state, int window_x, int window_y, long frame, double time);

  private:
    std::FILE* file_ = nullptr;
    std::map<std::string, std::array<float, 4>> rects_;  // key: x0, y0, x1, y1 in the client area
    std::string last_;                                   // the previous line without frame and time
};

// The report the parts of the window write to; nullptr uninstalls it. The caller keeps it alive
// until it uninstalls it.
void install_ui_report(UiReport* report);
// ImGui's last item, or a rectangle, under `key` in the installed report (if any).
void report_item(std::string_view key);
void report_rect(std::string_view key, ImVec2 min, ImVec2 max);

// Nothing is reported while one lives: for drawing that is not the window's own (a figure painted
// offscreen draws the same overlays, whose rectangles are the figure's).
class UiReportPause {
  public:
    UiReportPause();
    ~UiReportPause();
    UiReportPause(const UiReportPause&)            = delete;
    UiReportPause& operator=(const UiReportPause&) = delete;

  private:
    UiReport* paused_;
};

}  // namespace app::gui
