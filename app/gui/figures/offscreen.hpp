// gui/figures/offscreen.hpp: paint ImGui draw commands into an offscreen image of any size.
//
//     std::vector<std::uint8_t> rgba = paint_offscreen(1920, 1080, [&](ImDrawList* draw) {
//         draw->AddImage(texture, {0, 0}, {1920, 1080});     // what the preview shows
//         overlay.draw(draw, view);                          // and what it draws over it
//     });
//
// The figures are drawn with the very calls that draw the window (the preview's texture, the
// lattice overlay, the probe marker, the shapes of a VectorFigure), into a framebuffer object of
// the requested size, by Dear ImGui's own OpenGL 3 renderer, and read back. So a figure is the
// student's picture without the controls around it, at the resolution a slide needs.
// Main thread only (GL); between ImGui::NewFrame and ImGui::Render (it uses the frame's font).
// Limits: a side is at most max_offscreen_side() (the GL renderbuffer limit, at most 8192);
// paint_offscreen throws std::runtime_error beyond it or if the framebuffer cannot be made.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <functional>
#include <vector>

#include "gui/figures/vector_figure.hpp"

namespace app::gui {

int max_offscreen_side();

// RGBA bytes, rows top first, width * height * 4; the background starts opaque black.
std::vector<std::uint8_t> paint_offscreen(int width, int height,
                                          const std::function<void(ImDrawList*)>& paint);

// A VectorFigure's shapes into `draw`, at `scale` pixels per figure unit.
void paint_figure(const VectorFigure& figure, ImDrawList* draw, float scale);

}  // namespace app::gui
