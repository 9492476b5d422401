// gui/preview/gl_texture.hpp: an RGBA8 OpenGL texture owned by the UI thread.
//
// Only the main thread touches GL (the render worker hands back plain buffers). Filtering is
// linear when magnified, so the coarse preview looks soft instead of blocky while the full one
// renders; wrapping repeats, so the 3 x 3 tile view is one quad with texture coordinates 0..3.
#pragma once

#include <cstdint>
#include <span>

namespace app::gui {

class GlTexture {
public:
    GlTexture() = default;
    ~GlTexture();
    GlTexture(const GlTexture&) = delete;
    GlTexture& operator=(const GlTexture&) = delete;

    // Uploads width x height RGBA pixels (row 0 at the top), reallocating when the size changes.
    void upload(int width, int height, std::span<const std::uint8_t> rgba);

    // For ImGui::Image / ImDrawList::AddImage; nullptr until the first upload.
    void* id() const;
    int width() const { return width_; }
    int height() const { return height_; }

private:
    unsigned name_ = 0;
    int width_ = 0;
    int height_ = 0;
};

}  // namespace app::gui
