// Painting into an offscreen framebuffer: see offscreen.hpp.
#include "gui/figures/offscreen.hpp"

#include <backends/imgui_impl_opengl3.h>
#include <glad/gl.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

namespace app::gui {

namespace {

// The GL objects of one painting, released whatever happens.
struct Framebuffer {
    GLuint fbo = 0, colour = 0;
    GLint previous = 0;
    Framebuffer(int width, int height) {
        glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &previous);
        glGenFramebuffers(1, &fbo);
        glGenRenderbuffers(1, &colour);
        glBindRenderbuffer(GL_RENDERBUFFER, colour);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour);
    }
    ~Framebuffer() {
        glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous));
        glDeleteRenderbuffers(1, &colour);
        glDeleteFramebuffers(1, &fbo);
    }
    Framebuffer(const Framebuffer&)            = delete;
    Framebuffer& operator=(const Framebuffer&) = delete;
};

ImU32 colour_of(const FigureColour& c) { return IM_COL32(c.r, c.g, c.b, c.a); }

}  // namespace

int max_offscreen_side() {
    GLint renderbuffer = 0, viewport[2] = {0, 0};
    glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &renderbuffer);
    glGetIntegerv(GL_MAX_VIEWPORT_DIMS, viewport);
    return std::min(
        {8192, static_cast<int>(renderbuffer), static_cast<int>(viewport[0]), static_cast<int>(viewport[1])});
}

std::vector<std::uint8_t> paint_offscreen(int width, int height,
                                          const std::function<void(ImDrawList*)>& paint) {
    const int limit = max_offscreen_side();
    if (width < 1 || height < 1 || width > limit || height > limit)
        throw std::runtime_error("figure size " + std::to_string(width) + "x" + std::to_string(height) +
                                 " is out of range: expected each side from 1 to " + std::to_string(limit));
    const Framebuffer target(width, height);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        throw std::runtime_error("the graphics driver could not make a " + std::to_string(width) + "x" +
                                 std::to_string(height) + " image for the figure");
    glViewport(0, 0, width, height);
    glDisable(GL_SCISSOR_TEST);
    glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);

    ImDrawList list(ImGui::GetDrawListSharedData());
    list._ResetForNewFrame();
    list.PushTextureID(ImGui::GetIO().Fonts->TexID);
    list.PushClipRect(ImVec2(0.0f, 0.0f), ImVec2(static_cast<float>(width), static_cast<float>(height)));
    paint(&list);
    ImDrawList* lists[] = {&list};
    ImDrawData data;
    data.Valid            = true;
    data.CmdLists         = lists;
    data.CmdListsCount    = 1;
    data.TotalVtxCount    = list.VtxBuffer.Size;
    data.TotalIdxCount    = list.IdxBuffer.Size;
    data.DisplayPos       = ImVec2(0.0f, 0.0f);
    data.DisplaySize      = ImVec2(static_cast<float>(width), static_cast<float>(height));
    data.FramebufferScale = ImVec2(1.0f, 1.0f);
    ImGui_ImplOpenGL3_RenderDrawData(&data);

    // GL's rows are bottom first: read, then flip.
    const std::size_t row = static_cast<std::size_t>(width) * 4;
    std::vector<std::uint8_t> bottom_first(row * static_cast<std::size_t>(height));
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, bottom_first.data());
    std::vector<std::uint8_t> rgba(bottom_first.size());
    for (int y = 0; y < height; ++y)
        std::memcpy(rgba.data() + row * static_cast<std::size_t>(y),
                    bottom_first.data() + row * static_cast<std::size_t>(height - 1 - y), row);
    return rgba;
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
                    draw->AddCircle(at(s.points[0]), size, colour, 24, 1.5f * scale);
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
                                head = (4.0f + 2.5f * static_cast<float>(s.size)) * scale;
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
