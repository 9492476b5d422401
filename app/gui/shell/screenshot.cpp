// The back buffer -> PNG bytes in memory (stb) -> one atomic write, so a failed write is reported.
#include "gui/shell/screenshot.hpp"

#include <cstdint>
#include <vector>

#include <glad/gl.h>
#include <stb_image_write.h>

#include "core/atomic_file.hpp"
#include "core/shown_text.hpp"

namespace app::gui {
namespace {

// stb calls this with pieces of the encoded PNG.
void append_bytes(void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
}

}  // namespace

std::string write_screenshot(const std::string& path, int width, int height) {
    if (width <= 0 || height <= 0) return "the window has no pixels to capture";
    std::vector<std::uint8_t> pixels(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
    stbi_flip_vertically_on_write(1);
    // stbi_write_png's own fwrite/fclose errors are lost (it returned success for /dev/full):
    // encode in memory and let AtomicFile write, sync, check and rename.
    std::string png;
    if (!stbi_write_png_to_func(append_bytes, &png, width, height, 3, pixels.data(), width * 3))
        return shown(path, 160) + ": cannot encode the window as PNG";
    try {
        write_file_atomically(path, png, /*overwrite=*/true);
    } catch (const AtomicFileError& error) {
        return error.what();
    }
    return {};
}

}  // namespace app::gui
