// gui/lessons/text_lines.hpp: a lesson's text broken into lines at spaces only.
//
//     auto lines = lines_at_spaces(step.text, width, [](std::string_view s) { return measure(s); });
//
// ImGui's own wrapping also breaks after '.', ',' and ';', so "r^2 = 0.5" could end one line with
// "0." and start the next with "5": at presenter mode's sizes a lesson read "(r^2 = 0." / "5)".
// Here a line breaks only at a space or a newline; a word wider than the line stands alone on
// its own line (and is cut by the window, as ImGui would). Spaces at a break are dropped.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace app::gui {

// `width` in the units `measure` returns (pixels for ImGui::CalcTextSize).
std::vector<std::string> lines_at_spaces(std::string_view text, float width,
                                         const std::function<float(std::string_view)>& measure);

}  // namespace app::gui
