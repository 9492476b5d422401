// gui/shell/screenshot.hpp: write the window's back buffer to a PNG (for --screenshot and tests).
//
// Call after ImGui has drawn into the back buffer and before the swap: the back buffer is then
// exactly the frame about to be shown. OpenGL's rows run bottom-up, so the PNG is flipped on write.
//
// The file is written atomically (core/atomic_file.hpp): an existing regular file is replaced
// whole, keeping its mode; a failed write (disk full, /dev/full, a device, FIFO, folder or
// symbolic link at the path) leaves the old file or nothing, and returns the reason.
#pragma once

#include <string>

namespace app::gui {

// Returns an empty string on success, else the reason (one line naming the file); the caller
// prints it and exits non-zero.
std::string write_screenshot(const std::string& path, int framebuffer_width, int framebuffer_height);

}  // namespace app::gui
