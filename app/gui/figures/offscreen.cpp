// Painting into an offscreen framebuffer: see offscreen.hpp.
#include "gui/figures/offscreen.hpp"

#include <backends/imgui_impl_opengl3.h>
#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

namespace app::gui {

namespace {

ImU32 colour_of(const FigureColour& c) { return IM_COL32(c.r, c.g, c.b, c.a); }

// The window's framebuffer and viewport, given back when a step is done (the frame's own drawing
// follows).
struct KeepBinding {
    GLint framebuffer = 0;
    GLint viewport[4]{};
    KeepBinding() {
        glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &framebuffer);
        glGetIntegerv(GL_VIEWPORT, viewport);
    }
    ~KeepBinding() {
        glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(framebuffer));
        glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
    }
    KeepBinding(const KeepBinding&)            = delete;
    KeepBinding& operator=(const KeepBinding&) = delete;
};

ImTextureID texture_id(GLuint name) {
    return reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(name));
}

GLuint texture_name(ImTextureID id) { return static_cast<GLuint>(reinterpret_cast<std::intptr_t>(id)); }

}  // namespace

void GpuImage::draw(ImDrawList* draw, ImVec2 min, ImVec2 max) const {
    const float sx = (max.x - min.x) / static_cast<float>(width),
                sy = (max.y - min.y) / static_cast<float>(height);
    for (const Chunk& c : chunks)
        draw->AddImage(c.texture,
                       ImVec2(min.x + static_cast<float>(c.x0) * sx, min.y + static_cast<float>(c.y0) * sy),
                       ImVec2(min.x + static_cast<float>(c.x0 + c.width) * sx,
                              min.y + static_cast<float>(c.y0 + c.height) * sy));
}

void OffscreenResult::rgb_row(int y, std::uint8_t* out) const {
    const int tiles_x = (width + tile_side - 1) / tile_side;
    const int ty = y / tile_side, in_tile = y % tile_side;
    for (int tx = 0; tx < tiles_x; ++tx) {
        const int w             = std::min(tile_side, width - tx * tile_side);
        const std::uint8_t* row = tiles[static_cast<std::size_t>(ty * tiles_x + tx)].data() +
                                  static_cast<std::size_t>(in_tile) * static_cast<std::size_t>(w) * 4;
        for (int x = 0; x < w; ++x)
            for (int c = 0; c < 3; ++c)
                out[static_cast<std::size_t>(tx * tile_side + x) * 3 + c] = row[x * 4 + c];
    }
}

int max_offscreen_side() {
    GLint viewport[2] = {0, 0};
    glGetIntegerv(GL_MAX_VIEWPORT_DIMS, viewport);
    return std::min({8192, static_cast<int>(viewport[0]), static_cast<int>(viewport[1])});
}

OffscreenPainting::OffscreenPainting(int width, int height, std::vector<OffscreenImage> images, Paint paint)
    : width_(width), height_(height), images_(std::move(images)), paint_(std::move(paint)) {
    const int limit = max_offscreen_side();
    if (width < 1 || height < 1 || width > limit || height > limit)
        throw std::runtime_error("figure size " + std::to_string(width) + "x" + std::to_string(height) +
                                 " is out of range: expected each side from 1 to " + std::to_string(limit));
    for (const OffscreenImage& image : images_) {
        GpuImage gpu{image.width, image.height, {}};
        for (int y0 = 0; y0 < image.height; y0 += chunk_side)
            for (int x0 = 0; x0 < image.width; x0 += chunk_side)
                gpu.chunks.push_back({x0, y0, std::min(chunk_side, image.width - x0),
                                      std::min(chunk_side, image.height - y0), nullptr});
        uploads_ += gpu.chunks.size();
        gpu_.push_back(std::move(gpu));
    }
    glGenFramebuffers(1, &fbo_);
    glGenRenderbuffers(1, &colour_);
    glBindRenderbuffer(GL_RENDERBUFFER, colour_);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, tile_side, tile_side);
    tiles_x_ = (width + tile_side - 1) / tile_side;
    tiles_y_ = (height + tile_side - 1) / tile_side;
    result_  = {width, height, tile_side, {}};
}

OffscreenPainting::~OffscreenPainting() {
    glDeleteRenderbuffers(1, &colour_);
    glDeleteFramebuffers(1, &fbo_);
    for (const GpuImage& image : gpu_)
        for (const GpuImage::Chunk& c : image.chunks)
            if (c.texture) {
                const GLuint name = texture_name(c.texture);
                glDeleteTextures(1, &name);
            }
}

double OffscreenPainting::progress() const {
    const double uploads =
        uploads_ == 0 ? 1.0 : static_cast<double>(uploaded_) / static_cast<double>(uploads_);
    const double tiles = static_cast<double>(tile_) / static_cast<double>(tiles_x_ * tiles_y_);
    return 0.3 * uploads + 0.7 * tiles;
}

bool OffscreenPainting::step() {
    if (tile_ >= tiles_x_ * tiles_y_) return true;
    if (uploaded_ < uploads_)
        upload_chunk();
    else
        draw_tile();
    return tile_ >= tiles_x_ * tiles_y_;
}

void OffscreenPainting::upload_chunk() {
    // The next chunk without a texture, in order.
    std::size_t i = 0, n = uploaded_;
    while (n >= gpu_[i].chunks.size()) n -= gpu_[i++].chunks.size();
    GpuImage::Chunk& c          = gpu_[i].chunks[n];
    const OffscreenImage& image = images_[i];
    GLuint name                 = 0;
    glGenTextures(1, &name);
    glBindTexture(GL_TEXTURE_2D, name);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, image.width);  // the chunk is a window of the image's rows
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, c.width, c.height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 image.rgba.data() + (static_cast<std::size_t>(c.y0) * image.width + c.x0) * 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    c.texture = texture_id(name);
    if (++uploaded_ == uploads_) images_.clear();  // on the GPU now
}

void OffscreenPainting::draw_tile() {
    if (!list_) {  // once everything is uploaded: the whole figure's draw list, in figure pixels
        list_ = std::make_unique<ImDrawList>(ImGui::GetDrawListSharedData());
        list_->_ResetForNewFrame();
        list_->PushTextureID(ImGui::GetIO().Fonts->TexID);
        list_->PushClipRect(ImVec2(0.0f, 0.0f),
                            ImVec2(static_cast<float>(width_), static_cast<float>(height_)));
        paint_(list_.get(), gpu_);
    }
    const int x0 = (tile_ % tiles_x_) * tile_side, y0 = (tile_ / tiles_x_) * tile_side;
    const int w = std::min(tile_side, width_ - x0), h = std::min(tile_side, height_ - y0);
    const KeepBinding keep;
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour_);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        throw std::runtime_error("the graphics driver could not make an image for the figure");
    glViewport(0, 0, w, h);
    glDisable(GL_SCISSOR_TEST);
    glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImDrawList* lists[] = {list_.get()};
    ImDrawData data;
    data.Valid         = true;
    data.CmdLists      = lists;
    data.CmdListsCount = 1;
    data.TotalVtxCount = list_->VtxBuffer.Size;
    data.TotalIdxCount = list_->IdxBuffer.Size;
    data.DisplayPos    = ImVec2(static_cast<float>(x0), static_cast<float>(y0));  // this tile of the figure
    data.DisplaySize   = ImVec2(static_cast<float>(w), static_cast<float>(h));
    data.FramebufferScale = ImVec2(1.0f, 1.0f);
    ImGui_ImplOpenGL3_RenderDrawData(&data);
    // GL's rows are bottom first: read the tile, then turn it over.
    std::vector<std::uint8_t> bottom_first(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, bottom_first.data());
    std::vector<std::uint8_t> tile(bottom_first.size());
    const std::size_t row = static_cast<std::size_t>(w) * 4;
    for (int y = 0; y < h; ++y)
        std::memcpy(tile.data() + row * static_cast<std::size_t>(y),
                    bottom_first.data() + row * static_cast<std::size_t>(h - 1 - y), row);
    result_.tiles.push_back(std::move(tile));
    ++tile_;
}

void paint_figure(const VectorFigure& figure, ImDrawList* draw, float scale) {
    const auto at = [&](const FigurePoint& p) {
        return ImVec2(static_cast<float>(p.x) * scale, static_cast<float>(p.y) * scale);
    };
    draw->AddRectFilled(ImVec2(0.0f, 0.0f), at({figure.width, figure.height}), colour_of(figure.background));
    for (const FigureShape& s : figure.shapes) {
        const ImU32 colour = colour_of(s.colour);
        const float size   = static_cast<float>(s.size) * scale;
        switch (s.kind) {
            case FigureShape::Kind::rect:
                if (s.filled)
                    draw->AddRectFilled(at(s.points[0]), at(s.points[1]), colour);
                else
                    draw->AddRect(at(s.points[0]), at(s.points[1]), colour, 0.0f, 0, size);
                break;
            case FigureShape::Kind::polyline: {
                std::vector<ImVec2> points;
                for (const FigurePoint& p : s.points) points.push_back(at(p));
                draw->AddPolyline(points.data(), static_cast<int>(points.size()), colour, 0, size);
                break;
            }
            case FigureShape::Kind::circle:
                if (s.filled)
                    draw->AddCircleFilled(at(s.points[0]), size, colour, 24);
                else
                    draw->AddCircle(at(s.points[0]), size, colour, 24, static_cast<float>(s.stroke) * scale);
                break;
            case FigureShape::Kind::image:  // only in SVGs: a raster figure paints its picture itself
                break;
            case FigureShape::Kind::text:
                draw->AddText(ImGui::GetFont(), size, at(s.points[0]), colour, s.text.c_str());
                break;
            case FigureShape::Kind::arrow: {
                const ImVec2 a = at(s.points[0]), b = at(s.points[1]);
                draw->AddLine(a, b, colour, size);
                const float dx = b.x - a.x, dy = b.y - a.y, length = std::sqrt(dx * dx + dy * dy);
                if (length > 0.0f) {
                    const float ux = dx / length, uy = dy / length,
                                head = static_cast<float>(arrow_head_length(s.size)) * scale;
                    draw->AddTriangleFilled(
                        b, ImVec2(b.x - ux * head - uy * head * 0.5f, b.y - uy * head + ux * head * 0.5f),
                        ImVec2(b.x - ux * head + uy * head * 0.5f, b.y - uy * head - ux * head * 0.5f),
                        colour);
                }
                break;
            }
        }
    }
}

}  // namespace app::gui
