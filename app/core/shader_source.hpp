// app/core/shader_source.hpp: a preset as shader source, GLSL or HLSL, the same noise on the GPU to
// a stated tolerance (docs/shaders.md).
//
//     std::string text = app::shader_source({{"ne_alpine_ridges", preset.params}},
//     app::ShaderLanguage::glsl);
//
// The text is a library of functions, no `#version` line and no `main`, with no other dependency:
// per preset one entry function of the preset's dimension, for example
//     float ne_alpine_ridges(vec2 world);                        // world: noise space
//     float ne_alpine_ridges_rebased(vec2 local, uvec4 cell_lo[6], uvec4 cell_hi[6], vec4 cell_frac[6]);
// (with a heightmap layer, its texture as one more parameter of each: shader_textures) and its
// tables (permutations, random gradients, Elias' primes, seed 001's prime table) as constant arrays. `world`
// is the point in noise space, where `noise-explorer sample` and the exports read the field (lattice cells of
// octave 0: an image pixel px is at offset_x + (px + 0.5) * frequency / width). The plain form is float
// throughout: exact to the tolerance near the origin, its error growing with |world| times the finest
// octave's scale. The rebased form is the guarantee at any distance: the caller picks an origin O in double
// on the CPU, passes local = world - O (small) and the origins shader_origins(params, O) computes
// (shader_origins.hpp): octave i's cell and fraction of O, so the GPU adds only small numbers to exact
// integers. Each octave splits local * scale's whole cells off exactly (ne_cells), and
//     float ne_alpine_ridges_rebased_split(vec2 local, vec2 local_rest, ...);
// takes local whole, as a float and its rest (a picture's pixel offset: shader_pixel_step).
//
// Value contract: |shader - CPU| <= 2e-6 of nominal_range's width for every exportable shipped
// preset at world offsets 0, 1e4 and 1e6 through the rebased form, local passed whole and within
// half the preset's frame (tests/shader_gpu_check.cpp renders them with Mesa's llvmpipe); for
// other settings shader_tolerance, plus with the erosion filter the sample's
// shader_slope_allowance. The CPU path stays in exact doubles; the shader computes in float.
//
// What is exported: shader_refusal says, in one line naming the key, what a preset holds that is
// not (docs/shaders.md lists both).
#pragma once

#include <array>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "noise/enum_names.hpp"
#include "noise/params.hpp"

namespace noise {
class FractalNoise;
}

namespace app {

enum class ShaderLanguage { glsl, hlsl };
inline constexpr std::array<std::string_view, 2> shader_language_names{"glsl", "hlsl"};
static_assert(noise::names_match_enum<ShaderLanguage>(shader_language_names));

// One entry function: its name (a C identifier) and the settings it computes.
struct ShaderEntry {
    std::string name;
    noise::Params params;
};

// The guarantee, as a share of nominal_range's width: 2e-6, times (1 + warp_amplitude) with a
// domain warp, and with a mask field at least its own (1 + warp_amplitude) times the steepest
// slope of its shaping (curve, terraces, scale) where that is above 1; with mask = select and a
// falloff f, at least 1 + 1.5 / 2f (the blend's slope). Why: the warp moves the
// point by warp_amplitude times its own field's float rounding (about 1e-7), and the field's slope
// turns that into value; a mask's curve magnifies its field's rounding by its slope. The shipped
// presets keep the plain 2e-6 (marble, amplitude 1.6, measures 1.4e-6 over 256 x 256 samples;
// river-valleys, a mask curve of slope 1.77 scaled by 1.5, 6.9e-7): the widening is for settings
// sharper than theirs.
double shader_tolerance(const noise::Params& params);

// With the erosion filter, a sample may differ by more than shader_tolerance where the carved
// field is steep: its gullies' creases steer the next octave's (erosion.hpp step 6), so its slope
// there reaches hundreds of unit heights per noise unit, and the shader's point itself, a float
// local (rounded, unless passed whole to _rebased_split), is off by up to about 2^-24 |local| per
// rounding. The allowance at the noise-space point
// p, |local| from the origin, as a share of the nominal range: 2^-22 |local| |grad u(p)| (four
// roundings, u the unit height; the CPU's own gradient, trace.hpp's value_gradient). 0 without
// the filter. Where the carving jumps (erosion.ridge_rounding or crease_rounding = 0, on a ridge or
// crease line) no slope bounds it: a sample within rounding of the line may take the other side.
double shader_slope_allowance(const noise::FractalNoise& field, const std::array<double, 4>& p,
                              double local_length);

// "" when `params` can be exported, else one line naming the key, its value and what to do.
std::string shader_refusal(const noise::Params& params);

// A heightmap layer's texture, which the caller binds: the entry functions take one parameter
// per read heightmap layer after their others, in this order (GLSL `sampler2D layer2_map`, HLSL
// `Texture2D<float> layer2_map`), and read texel (i, j) as the samples' value j * width + i: upload
// them as they are, one float per texel (GL_R32F, row 0 first), no filtering, no mipmaps.
struct ShaderTexture {
    std::string name;                                     // "layer2_map"
    std::shared_ptr<const noise::HeightSamples> samples;  // its texels
};
std::vector<ShaderTexture> shader_textures(const noise::Params& params);

// "ne_" and the preset's name in lower case, every run of other characters one '_':
// "Alpine ridges" -> "ne_alpine_ridges"; "" -> "ne_noise".
std::string shader_function_name(std::string_view preset_name);

// A preset's entry function, named alike by the CLI, Python and the window: shader_function_name
// of the preset's name, else of its file's stem ("" for both: ne_noise).
std::string shader_entry_name(std::string_view preset_name, std::string_view file_stem);

// The source of every entry, in `language`. Throws std::invalid_argument with shader_refusal's
// line for an entry that cannot be exported, or for two entries of one name.
std::string shader_source(std::span<const ShaderEntry> entries, ShaderLanguage language);

// A GLSL 330 fragment shader that draws `entry` of `library` (shader_source's GLSL) as a picture
// into a one-channel float target: its rebased form with the origins as uniforms (`blocks` of
// `cell_lo`, `cell_hi`, `cell_frac`, from shader_origins), the heightmap layers as samplers, and
// the pixel at local = (gl_FragCoord.xy - half_size) * (pixel_step + pixel_step_rest), the two
// uniforms from shader_pixel_step (docs/shaders.md "Using a file"). The GPU view and the GPU
// check draw with it.
std::string shader_picture_main(const std::string& library, const std::string& entry, int dimension,
                                int blocks, const std::vector<ShaderTexture>& textures);

// A picture's step between pixels (noise units) as the uniforms pixel_step and pixel_step_rest:
// the step to 12 significant bits and the rest, so that a whole or half number of pixels below
// 2048 times the first is exact in float and the pixel's offset from the centre reaches the
// shader whole, as _rebased_split's local_point and local_rest.
std::array<float, 2> shader_pixel_step(double step);

}  // namespace app
