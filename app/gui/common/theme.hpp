// gui/common/theme.hpp: the window's look: a calm dark theme and a readable font.
//
// The preview's colours are the point of the window, so the chrome around them is a quiet,
// slightly blue-gray dark theme with one accent colour. The font is DejaVu Sans when the system
// has it (Debian's fonts-dejavu-core), else ImGui's built-in one: the window works either way.
#pragma once

#include <imgui.h>

#include <string>

namespace app::gui {

void apply_theme();

// The same font at 24 px for presenter mode (lessons/presenter_mode.hpp), read from the back of a
// room; null without DejaVu Sans (ImGui's built-in font has one size: the caller scales it).
ImFont* large_font();

// The colours the parts draw with themselves (text colours, draw lists), beside ImGui's own.
namespace colours {
// Errors and warnings: messages, a render that failed, "stale" over what the settings no longer
// make. One red for all of them, the error_text colour.
inline constexpr ImU32 error = IM_COL32(255, 115, 102, 255);
// Notes before something is done: a tiling export that would show a seam, a file to replace.
inline constexpr ImU32 warning = IM_COL32(255, 204, 89, 255);
}  // namespace colours

// A wrapped line in the theme's error colour; nothing when `text` is empty.
void error_text(const std::string& text);

}  // namespace app::gui
