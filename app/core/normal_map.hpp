// app/core/normal_map.hpp: tangent-space normal maps of the field, from the library's gradients.
//
//     std::vector<std::uint8_t> rgb(columns * rows * 3);
//     app::normal_rows(noise, scale, {width, height}, window, view.normal_convention, threads, cancel, rgb);
//
// Each pixel's normal comes from noise::value_gradient at the pixel's noise point (render.hpp's
// pixel model), chain-ruled into metres (terrain_scale.hpp: slope = (dh/dX, dh/dZ), Z south):
//     n = normalize(-dh/dX, +dh/dZ, 1)    opengl: +Y (green) points up the image
//     n = normalize(-dh/dX, -dh/dZ, 1)    directx: +Y points down the image
//     byte = floor((n * 0.5 + 0.5) * 255 + 0.5)   per channel, so flat ground is (128, 128, 255)
// The slope is the mapped surface's: where the value is clamped (outside the mapping range) the
// ground is flat. Gradient noise gets exact derivatives; white noise has none, and the library
// takes central differences over one pixel (noise::gradient_method says which).
// Every pixel depends on its own point alone, so bands and regions join without a seam and the
// bytes do not depend on the thread count. Thread-safe; `cancel` is polled between rows.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <span>

#include "core/image_size.hpp"
#include "core/terrain_scale.hpp"
#include "core/view_settings.hpp"
#include "noise/fractal.hpp"
#include "noise/render.hpp"

namespace app {

// One normal from the slope (dh/dX, dh/dZ in metres per metre), as RGB bytes.
std::array<std::uint8_t, 3> encode_normal(std::array<double, 2> slope, NormalConvention convention);

// The normals of `window`'s pixels (a window of the full `size` image), row-major RGB into
// `out` (window.pixel_count() * 3 bytes). Returns false if cancelled.
bool normal_rows(const noise::FractalNoise& noise, const TerrainScale& scale, const noise::Region& window,
                 NormalConvention convention, unsigned threads, const std::atomic<bool>* cancel,
                 std::span<std::uint8_t> out);

}  // namespace app
