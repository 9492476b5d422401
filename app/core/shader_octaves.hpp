// app/core/shader_octaves.hpp (the shader generator's own): one writer per family of algorithms,
// each emitting a field's tables and its one-octave function
//     float P_octave(int octave, vec4 local, uvec4 lo, uvec4 hi, vec4 cell_frac)
// octave i's raw noise at local (a noise-space offset from the origin O), lo/hi/cell_frac the
// octave's entry of shader_origins(params, O): O's cell and its fraction, in the space where the
// algorithm floors (shader_origins.hpp). The writers may read the per-octave arrays that
// shader_source.cpp emits before them: P_lattice (which distinct lattice), P_scale, P_amplitude,
// P_period (4 per octave, 0 where untiled) and P_stride.
//
//   shader_lattice.cpp  perlin, value, white: the hashes of Lattice (lattice.hpp)
//   shader_simplex.cpp  simplex: its skewed and body-centred lattices (simplex.hpp)
//   shader_worley.cpp   worley: the feature points and the cell search (worley.hpp)
#pragma once

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "core/shader_text.hpp"
#include "noise/fractal.hpp"

namespace app::shader_detail {

// The distinct lattices of a field, in octave order, and which one each octave reads.
struct Lattices {
    std::vector<const noise::Lattice*> distinct;
    std::vector<int> of_octave;
};
Lattices lattices_of(const noise::FractalNoise& field);

// `with_gradient`: also P_octave_grad, the octave's value with its gradient (2D gradient noise).
void write_lattice_octave(ShaderWriter& out, const std::string& P, const noise::FractalNoise& field,
                          const Lattices& lattices, bool with_gradient);
void write_simplex_octave(ShaderWriter& out, const std::string& P, const noise::FractalNoise& field,
                          const Lattices& lattices);
void write_worley_octave(ShaderWriter& out, const std::string& P, const noise::FractalNoise& field,
                         const Lattices& lattices);

// The function that finds an octave's cell and fraction of local + shift (shader_source.cpp's
// helpers): ne_cells_pow2 where every octave's scale is a power of two (its products are exact),
// else ne_cells, which splits the shift too, for a field read at a warped point (its shift holds
// the warp's displacement), else ne_cells_near (the shift only the rest of a local).
inline std::string cells_function(const noise::FractalNoise& field) {
    bool powers_of_two = true;
    for (const noise::OctaveSetup& setup : field.octaves()) {
        int exponent  = 0;
        powers_of_two = powers_of_two && std::frexp(setup.scale, &exponent) == 0.5;
    }
    if (powers_of_two) return "ne_cells_pow2";
    return field.has_warp() ? "ne_cells" : "ne_cells_near";
}

// One field's tables and functions: float P_sum(vec4 local, vec4 shift, cell_lo, cell_hi,
// cell_frac, int base), the octave sum at local (a noise-space offset from the origin) whose octave
// i reads the origin's block entry base + i; with `gradient` (or an eroded field) also vec3
// P_sum_grad, the fbm sum of 2D gradient noise with its gradient (a shape's warp field under the
// erosion filter, shader_stack.cpp). `total` is the length of the entry's origin arrays.
void write_field(ShaderWriter& out, const std::string& P, const noise::FractalNoise& field, int total,
                 bool gradient = false);

// One field as FractalNoise::shaped computes it, float P_at(vec4 local, cell_lo, cell_hi,
// cell_frac, int base): its octave sums (warped, layered), its mask field, its shaping; its blocks
// of the origins from `base` on (shader_origins.hpp's order). `total`: the origin arrays' length.
void write_shaped(ShaderWriter& out, const std::string& P, const noise::FractalNoise& field, int total);

// How many entries of the origins one shaped field reads (shader_origins.cpp counts them in the
// order it appends them).
int field_blocks(const noise::FractalNoise& field);

// The remap curve of `plan` applied to the float variable named `u`, when it has knots; the _grad
// form also multiplies the vec2 named `g` (u's gradient) by the curve's slope.
void write_curve(ShaderWriter& out, const noise::ShapingPlan& plan, const std::string& u);
void write_curve_grad(ShaderWriter& out, const noise::ShapingPlan& plan, const std::string& u,
                      const std::string& g);

// The layer stack (layer_stack.hpp) on layer 1's shaped raw value `v` (shader_stack.cpp): the
// functions of its layers, written before the caller's P_stacked(local, ..., v), which returns
// the stack's raw value. `base` is the first block after layer 1's.
void write_stack(ShaderWriter& out, const std::string& P, const noise::FractalNoise& field, int total,
                 int base);
// The same with its gradient for the erosion filter, P_stacked_grad(local, ..., vec3 vg) -> vec3,
// over a stack of shapes and constants whose frame point is entry `base`.
void write_stack_grad(ShaderWriter& out, const std::string& P, const noise::FractalNoise& field, int total,
                      int base);

// The entry functions' texture parameters (", sampler2D layer2_map" ...; HLSL Texture2D<float>),
// one per read heightmap layer, and the arguments that pass them on; "" without one.
std::string texture_name(std::size_t layer_index);
std::string texture_parameters(ShaderLanguage language, const noise::FractalNoise& field);
std::string texture_arguments(const noise::FractalNoise& field);

// Simplex noise floors in its own lattice's space, a linear map of the octave's point (skewed in
// 1D, 2D and 4D, turned in 3D): the point where it does, axes past its use 0. shader_origins
// splits O there, so the shader adds the same map of `local` to the fraction.
std::array<double, 4> simplex_lattice_point(const std::array<double, 4>& octave_point, int dimension);

}  // namespace app::shader_detail
