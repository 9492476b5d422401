#include "gui/screenshot.hpp"

#include <cstdint>
#include <vector>

#include <glad/gl.h>
#include <stb_image_write.h>

namespace app::gui {

std::string write_screenshot(const std::string& path, int width, int height) {
    if (width <= 0 || height <= 0) return "the window has no pixels to capture";
    std::vector<std::uint8_t> pixels(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
    stbi_flip_vertically_on_write(1);
    if (!stbi_write_png(path.c_str(), width, height, 3, pixels.data(), width * 3))
        return "cannot write '" + path + "'";
    return {};
}

}  // namespace app::gui
