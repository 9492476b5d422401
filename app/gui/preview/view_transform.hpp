// gui/preview/view_transform.hpp: the one owner of noise space <-> image pixels <-> screen in the window.
//
// The pixel model is noise/render.hpp's: a W x H image shows
//     x = offset_x + (px + 0.5) * frequency / W,   y = offset_y + (py + 0.5) * frequency / W
// so `frequency` cells span the width and pixels are square. On screen one image occupies
// `screen_width` x `screen_height` pixels from `screen_min` (the preview may show it 3 x 3 times
// when tiling). Everything the window derives from that geometry goes through here:
//     the noise point under the cursor (readout, zoom), a pan by a mouse drag, zoom around a
//     point, the scanline's row and its noise y (the curve), the curve's x axis, the export frame.
// Continuous screen positions map to continuous noise positions: the left edge of the image is
// offset_x exactly, the right edge offset_x + frequency.
#pragma once

#include <imgui.h>

#include "noise/params.hpp"
#include "noise/render.hpp"

namespace app::gui {

struct NoisePoint {
    double x = 0.0, y = 0.0;
};

struct ViewTransform {
    noise::Params params;                   // offset_x, offset_y, frequency (and the slice) are read
    int image_width = 1, image_height = 1;  // the rendered image, pixels
    ImVec2 screen_min{0.0f, 0.0f};                           // one image on screen
    float screen_width = 1.0f, screen_height = 1.0f;

    static ViewTransform of(const noise::Params& params, int image_width, int image_height) {
        ViewTransform t;
        t.params = params;
        t.image_width = image_width;
        t.image_height = image_height;
        return t;
    }
    ViewTransform on_screen(ImVec2 min, float width, float height) const {
        ViewTransform t = *this;
        t.screen_min = min;
        t.screen_width = width;
        t.screen_height = height;
        return t;
    }

    // The image's edges in noise space, and noise units per screen pixel.
    double left() const { return params.offset_x; }
    double right() const { return params.offset_x + params.frequency; }
    double top() const { return params.offset_y; }
    double bottom() const { return params.offset_y + params.frequency * image_height / image_width; }
    double noise_per_screen_pixel() const { return params.frequency / screen_width; }

    // The fraction of the image width (u) and of the width again downwards (v: square pixels) at a
    // screen point; with `fold` the point is folded into one image of a 3 x 3 repeat.
    NoisePoint image_fraction(ImVec2 screen, bool fold = false) const;
    // The noise point at a screen point, and back: the screen point of a noise point (on the
    // first image of a repeat).
    NoisePoint noise_at(ImVec2 screen, bool fold = false) const;
    ImVec2 screen_at(NoisePoint point) const;
    // Screen pixels per noise unit (one lattice cell of the first octave).
    double screen_pixels_per_unit() const { return screen_width / params.frequency; }
    // The image pixel at a screen point (may lie outside the image).
    int pixel_x(ImVec2 screen, bool fold = false) const;
    int pixel_y(ImVec2 screen, bool fold = false) const;

    // The image row at a fraction of the height (the scanline), and the noise y of its pixel
    // centres, which is where the curve samples.
    int row_at(double fraction_of_height) const;
    double row_y(int row) const;

    // The offsets after dragging the picture by `delta` screen pixels from `start` offsets: the
    // point grabbed stays under the cursor.
    NoisePoint panned(NoisePoint start_offsets, ImVec2 delta) const;
    // The offsets that keep the noise point under `screen` in place at a new frequency.
    NoisePoint offsets_for_zoom(ImVec2 screen, double new_frequency, bool fold = false) const;
};

}  // namespace app::gui
