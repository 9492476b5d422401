// Corner contributions as images: see influence_image.hpp.
#include "gui/teaching/influence_image.hpp"

#include <chrono>
#include <stdexcept>

#include "noise/render.hpp"
#include "noise/trace.hpp"

namespace app::gui {

double corner_contribution(const noise::FractalNoise& first_octave, const noise::Point& p, FieldLayer layer,
                           int corner) {
    const noise::Trace trace         = noise::trace_point(first_octave, p);
    const noise::OctaveTrace& octave = trace.octaves[0];
    if (octave.corners.size() == 1) return octave.corners[0].value;  // white noise: the cell's own point
    // The offsets wanted along each axis: the chosen corner's bits, or the nearer end of the cell.
    // Axes past the dimension have offset 0 and frac 0 in a trace, so they match by themselves.
    std::array<int, 4> wanted{};
    for (std::size_t axis = 0; axis < 4; ++axis) {
        if (layer == FieldLayer::corner_influence)
            wanted[axis] = axis < 2 ? (corner >> axis) & 1 : 0;
        else
            wanted[axis] = octave.frac[axis] >= 0.5 ? 1 : 0;
    }
    for (const noise::CornerTrace& c : octave.corners)
        if (c.offset == wanted) return c.value;
    throw std::logic_error("corner_contribution: the trace has no such corner");
}

ImageResult render_influence(const noise::Params& params, int width, int height, FieldLayer layer, int corner,
                             const TaskControl& control) {
    const auto start = std::chrono::steady_clock::now();
    noise::Params first = params;
    first.octaves       = 1;
    first.fractal       = noise::Fractal::fbm;
    first.warp_amplitude = 0.0;  // the lattice views teach the unwarped first octave (the menu says so)
    first.layers         = noise::Layers::single;
    const noise::FractalNoise noise(first);
    ImageResult result;
    result.params = first;
    result.width  = width;
    result.height = height;
    result.raw.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
    for (int y = 0; y < height && !control.cancelled; ++y) {
        for (int x = 0; x < width; ++x) {
            const noise::Point p = noise::pixel_point(params, width, x, y);
            result.raw[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)] =
                static_cast<float>(corner_contribution(noise, p, layer, corner));
        }
        control.progress = static_cast<double>(y + 1) / height;
    }
    result.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace app::gui
