// gui/screenshot.hpp: write the window's back buffer to a PNG (for --screenshot and tests).
//
// Call after ImGui has drawn into the back buffer and before the swap: the back buffer is then
// exactly the frame about to be shown. OpenGL's rows run bottom-up, so the PNG is flipped on write.
#pragma once

#include <string>

namespace app::gui {

// Returns an empty string on success, else the reason (one line).
std::string write_screenshot(const std::string& path, int framebuffer_width, int framebuffer_height);

}  // namespace app::gui
