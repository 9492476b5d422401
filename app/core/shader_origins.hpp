// app/core/shader_origins.hpp: the CPU's half of the shader's precision (shader_source.hpp).
//
//     const app::ShaderOrigins o = app::shader_origins(params, {1e6, 1e6, params.z, params.w});
//     // upload o.cell_lo, o.cell_hi (uvec4 per octave) and o.frac (vec4 per octave), then call
//     // ne_NAME_rebased(world - O, cell_lo, cell_hi, frac) in the shader
//
// Octave i samples its lattice at p * scale_i + shift_i (fractal.hpp). A float cannot hold that
// at p = 1e6 (the finest octave of six is at 3.2e7, where floats are 2 apart), so the origin O is
// split here in double, once per frame rather than per pixel: o_i = O * scale_i + shift_i, its
// cell floor(o_i) as the lattice will wrap it (the true modulo of the octave's period while
// tiling, else all 64 bits, low and high halves) and its fraction o_i - floor(o_i) as a float.
// The shader then computes (frac_i + local * scale_i) in float, a number below a few cells, and
// adds its floor to the integer cell: the error does not grow with the distance from the origin.
//
// Axes past the preset's dimension are zero. The blocks, each one entry per octave in octave
// order: the field at O; with layers = rotated the field again at R O (fractal.hpp's turn, linear,
// so the turned layer of O + q is R O + R q); with a warp each component's octaves at O, x first;
// with a mask field the mask field's own blocks, in this order, at O; with a layer stack, each read
// noise layer's (a warped shape's: its warp field's two components) and each layer mask field's blocks, then,
// when a shape or constant layer is read, one entry whose frac holds O's frame point (x, y)
// (layer_stack.hpp's frame units); then, per read heightmap layer, one entry: O's texel in cell_lo (x, y as
// 32-bit integers), its fraction in frac (x, y); with the erosion filter, per erosion octave k, O's gully
// cell floor(O f_k) (x, y, all 64 bits) and its fraction. Simplex noise floors in its skewed or turned
// lattice (simplex.hpp): its cell and fraction are those of O's lattice point.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "noise/params.hpp"

namespace app {

struct ShaderOrigins {
    std::vector<std::array<std::uint32_t, 4>> cell_lo;  // per octave, per axis: the cell's low 32 bits
    std::vector<std::array<std::uint32_t, 4>> cell_hi;  // the high 32 bits (the wide hash reads them)
    std::vector<std::array<float, 4>> frac;             // the origin's place in that cell, [0, 1]
};

// The per-octave origins of `params`' field at the noise-space point `origin` (x, y, z, w; pass
// the preset's z and w for its slice). Throws std::invalid_argument for invalid params.
ShaderOrigins shader_origins(const noise::Params& params, const std::array<double, 4>& origin);

}  // namespace app
