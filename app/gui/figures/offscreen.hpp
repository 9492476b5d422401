// gui/figures/offscreen.hpp: paint ImGui draw commands into an offscreen image of any size, a
// little each frame.
//
//     OffscreenPainting painting(1920, 1080, {field}, [&](ImDrawList* draw, const auto& images) {
//         images[0].draw(draw, {0, 0}, {1920, 1080});   // what the preview shows
//         overlay.draw(draw, view);                      // and what it draws over it
//     });
//     while (!painting.step()) { /* next frame */ }       // once a frame, on the UI thread
//     OffscreenResult figure = painting.take();          // its rows, on any thread
//
// The figures are drawn with the very calls that draw the window (the preview's texture, the
// lattice overlay, the probe marker, the shapes of a VectorFigure) by Dear ImGui's own OpenGL 3
// renderer, and read back. GL belongs to the UI thread, and under Mesa's software renderer a
// 4096 x 4096 figure takes seconds to upload, draw and read: too long for one frame. So the work
// is cut up: each step() uploads one texture of at most chunk_side x chunk_side, or draws and
// reads back one tile of at most tile_side x tile_side (ImDrawData's DisplayPos picks the tile: the same draw
// list, another window onto it). A frame never carries more than one such piece (a few ms).
// Main thread only, between ImGui::NewFrame and ImGui::Render (it uses the frame's font).
// Limits: a side is at most max_offscreen_side() (8192, or less if GL allows less); the
// constructor throws std::runtime_error beyond it.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "gui/figures/vector_figure.hpp"

namespace app::gui {

int max_offscreen_side();

// RGBA pixels to upload for the painting, rows top first.
struct OffscreenImage {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgba;
};

// An uploaded image, in square textures of at most chunk_side (one large texture would be one
// large allocation and copy in one frame); draw() covers a rectangle with it.
struct GpuImage {
    struct Chunk {
        int x0 = 0, y0 = 0, width = 0, height = 0;
        ImTextureID texture = nullptr;
    };
    int width = 0, height = 0;
    std::vector<Chunk> chunks;
    void draw(ImDrawList* draw, ImVec2 min, ImVec2 max) const;
};

// The painted figure, as the tiles it was read back in; rows are put together off the UI thread.
struct OffscreenResult {
    int width = 0, height = 0, tile_side = 0;
    std::vector<std::vector<std::uint8_t>> tiles;  // RGBA, row-major tiles, rows top first
    // Row y's RGB bytes (3 * width) into `out`.
    void rgb_row(int y, std::uint8_t* out) const;
};

class OffscreenPainting {
  public:
    using Paint                     = std::function<void(ImDrawList*, const std::vector<GpuImage>&)>;
    static constexpr int tile_side  = 256;
    static constexpr int chunk_side = 512;

    OffscreenPainting(int width, int height, std::vector<OffscreenImage> images, Paint paint);
    ~OffscreenPainting();
    OffscreenPainting(const OffscreenPainting&)            = delete;
    OffscreenPainting& operator=(const OffscreenPainting&) = delete;

    // One piece of the work; true once the whole image is read back.
    bool step();
    double progress() const;
    // The figure, once step() returned true.
    OffscreenResult take() { return std::move(result_); }

  private:
    void upload_chunk();
    void draw_tile();

    int width_, height_;
    std::vector<OffscreenImage> images_;
    Paint paint_;
    std::vector<GpuImage> gpu_;
    std::size_t uploads_ = 0, uploaded_ = 0;  // chunks in all, and done
    std::unique_ptr<ImDrawList> list_;
    unsigned fbo_ = 0, colour_ = 0;
    int tile_ = 0, tiles_x_ = 0, tiles_y_ = 0;
    OffscreenResult result_;
};

// A VectorFigure's shapes into `draw`, at `scale` pixels per figure unit.
void paint_figure(const VectorFigure& figure, ImDrawList* draw, float scale);

}  // namespace app::gui
