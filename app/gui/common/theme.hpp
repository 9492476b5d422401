// gui/common/theme.hpp: the window's look: a calm dark theme and a readable font.
//
// The preview's colours are the point of the window, so the chrome around them is a quiet,
// slightly blue-gray dark theme with one accent colour. The font is DejaVu Sans when the system
// has it (Debian's fonts-dejavu-core), else ImGui's built-in one: the window works either way.
#pragma once

#include <string>

namespace app::gui {

void apply_theme();

// A wrapped line in the theme's error colour; nothing when `text` is empty.
void error_text(const std::string& text);

}  // namespace app::gui
