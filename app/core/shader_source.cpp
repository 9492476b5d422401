// A preset as GLSL or HLSL: see shader_source.hpp.
//
// [SECTION] Index
//   Refusals        what a shader cannot hold yet, in one line naming the key; the tolerance
//   Shared helpers  64-bit words in 32-bit pairs, SplitMix64's finalizer, the curves, ne_scaled
//                   and ne_cells (an octave's cell of local without rounding local * scale)
//   One preset      a field's per-octave arrays and sum, its shaped form (warp, turned layer, mask
//                   field, shaping), the stack, the entry functions
//
// Beside it (shader_octaves.hpp): one octave of each family of algorithms (shader_lattice.cpp,
// shader_simplex.cpp, shader_worley.cpp), the layer stack (shader_stack.cpp), numbers and arrays
// in each language's spelling (shader_text.cpp). The code is written once, in GLSL, and turned
// into HLSL by renaming its vector types (to_language): it uses no function whose name differs
// between the two (no mix, fract or vector splats) but a heightmap's texel fetch, and its arrays
// are written by ShaderWriter::array. Every constant comes from the library's own FractalNoise
// (octave scales, amplitudes, periods, shifts), Lattice (permutations, random gradients, primes)
// and plans (shaping, stack), so the shader cannot drift from the reference's tables.
#include "core/shader_source.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <regex>
#include <set>
#include <stdexcept>
#include <vector>

#include "core/shader_octaves.hpp"
#include "core/shader_origins.hpp"
#include "core/shader_text.hpp"
#include "noise/erosion.hpp"
#include "noise/fractal.hpp"
#include "noise/hashes.hpp"
#include "noise/interpolate.hpp"
#include "noise/lattice.hpp"
#include "noise/layer_stack.hpp"
#include "noise/trace.hpp"

namespace app {
namespace {

using noise::Params;
using namespace shader_detail;
using namespace std::string_literals;

// [SECTION] Refusals ------------------------------------------------------------------------

// One line for a key the shader does not compute yet: what it is, and what the export accepts.
std::string not_yet(std::string_view key, std::string_view value, std::string_view allowed) {
    return std::string(key) + ": '" + std::string(value) + "' is not exported to shaders yet: expected " +
           std::string(allowed) + " (docs/shaders.md lists what is)";
}

// Octave i's lattice indices times its texture stride must fit 31 bits while tiling: the shader
// wraps them in 32-bit integers.
bool periods_fit(const noise::FractalNoise& field) {
    for (const noise::OctaveSetup& setup : field.octaves())
        for (int axis = 0; axis < 4; ++axis)
            if (setup.periods[axis] * setup.lattice->stride() >= (std::int64_t{1} << 31)) return false;
    return true;
}

// What one field (and its mask field, keys "mask.") holds that the shader's integers cannot.
std::string field_refusal(const noise::FractalNoise& field, const std::string& prefix) {
    const Params& params = field.params();
    if (params.algorithm == noise::Algorithm::voronoi)  // no GLSL/HLSL form of its cells yet
        return not_yet(prefix + "algorithm", "voronoi", "perlin, value, white, simplex or worley");
    const bool hashes_lattice =
        params.algorithm != noise::Algorithm::simplex && params.algorithm != noise::Algorithm::worley;
    if (hashes_lattice && params.hash == noise::Hash::wide &&
        params.octave_seeds == noise::OctaveSeeds::texture && params.tile == 0)
        return not_yet(prefix + "octave_seeds", "texture", "same, offset or primes with hash=wide untiled");
    if (!periods_fit(field))
        return "tile: " + std::to_string(params.tile) +
               " makes the finest octave's period 2^31 cells or more, which the shader's 32-bit integers "
               "cannot wrap: expected a smaller tile or fewer octaves";
    if (field.shaping().mask != noise::MaskMode::none) return field_refusal(field.mask(), prefix + "mask.");
    return {};
}

// The erosion filter carves along the field's gradient, which the shader computes beside the
// value for the fields below only (shader_lattice.cpp's P_octave_grad and write_shaped's
// P_at_grad): 2D gradient noise summed as fbm, shaped by a curve, invert, scale and bias.
std::string erosion_refusal(const noise::FractalNoise& field) {
    const Params& params = field.params();
    if (params.erosion_method != noise::ErosionMethod::filter) return {};
    const std::string with = " with erosion.method=filter";
    if (params.dimension != 2) return not_yet("dimension", std::to_string(params.dimension), "2" + with);
    if (params.algorithm != noise::Algorithm::perlin)
        return not_yet("algorithm", name_of(params.algorithm, noise::algorithm_names), "perlin" + with);
    if (params.interpolation != noise::Interpolation::quintic &&
        params.interpolation != noise::Interpolation::smoothstep)
        return not_yet("interpolation", name_of(params.interpolation, noise::interpolation_names),
                       "quintic or smoothstep" + with);
    if (params.fractal != noise::Fractal::fbm)
        return not_yet("fractal", name_of(params.fractal, noise::fractal_names), "fbm" + with);
    if (params.tile != 0) return not_yet("tile", std::to_string(params.tile), "0" + with);
    if (field.has_warp()) {
        char amplitude[32];
        std::snprintf(amplitude, sizeof amplitude, "%g", params.warp_amplitude);
        return not_yet("warp_amplitude", amplitude, "0" + with);
    }
    if (field.has_rotated_layer())
        return not_yet("layers", name_of(params.layers, noise::layers_names), "single" + with);
    const noise::ShapingPlan& plan = field.shaping();
    if (plan.mask != noise::MaskMode::none)
        return not_yet("mask", name_of(plan.mask, noise::mask_mode_names), "none" + with);
    if (plan.terraces > 0) return not_yet("terraces", std::to_string(plan.terraces), "0" + with);
    if (plan.clamp) return not_yet("clamp", "true", "false" + with);
    // A stack of shapes and constants (shader_stack.cpp's write_stack_grad).
    if (const noise::LayerStack* stack = field.stack()) {
        if (stack->solo() != 0)
            return not_yet("layer." + std::to_string(stack->solo()) + ".solo", "true", "false" + with);
        const auto layers = stack->layers();
        for (std::size_t k = 0; k < layers.size(); ++k) {
            const std::string key          = "layer." + std::to_string(k + 2) + ".";
            const noise::StackLayer& layer = *layers[k].settings;
            if (layers[k].needed && layer.source != noise::LayerSource::shape &&
                layer.source != noise::LayerSource::constant)
                return not_yet(key + "source", name_of(layer.source, noise::layer_source_names),
                               "shape or constant" + with);
            if (layer.mask != noise::LayerMask::none)
                return not_yet(key + "mask", name_of(layer.mask, noise::layer_mask_names), "none" + with);
        }
    }
    return {};
}

}  // namespace

std::string shader_refusal(const Params& params) {
    if (auto error = noise::validate(params); !error.empty()) return error;
    if (params.erosion_method == noise::ErosionMethod::simulate)
        return "erosion.method: 'simulate' runs on a whole grid, not per pixel, so it is not exported to "
               "shaders: bake it with `export --format r32 --values raw` and read the file as a heightmap "
               "layer (layer.2.source=heightmap) that the shader's caller binds as a texture";
    // A shape's or heightmap's point would be a float of noise space, as far out as the view: the
    // rebased form's precision holds only for frame units.
    for (std::size_t k = 0; k < params.stack.size(); ++k)
        if (params.placement == noise::Placement::world &&
            (params.stack[k].source == noise::LayerSource::shape ||
             params.stack[k].source == noise::LayerSource::heightmap))
            return "placement: 'world' is not exported to shaders with layer." + std::to_string(k + 2) +
                   ".source = " +
                   std::string(noise::layer_source_names[static_cast<std::size_t>(params.stack[k].source)]) +
                   ": expected placement frame (the preset as it was before Place in the world) or noise "
                   "and constant layers only";
    for (std::size_t k = 0; k < params.stack.size(); ++k)
        if (params.stack[k].source == noise::LayerSource::heightmap &&
            !params.stack[k].heightmap_image.samples)
            return "layer." + std::to_string(k + 2) +
                   ".heightmap: the image is not read, and the shader's caller binds its samples as a "
                   "texture: "
                   "expected a preset whose heightmap file was found";
    const noise::FractalNoise field(params);
    if (auto refusal = field_refusal(field, ""); !refusal.empty()) return refusal;
    if (auto refusal = erosion_refusal(field); !refusal.empty()) return refusal;
    if (field.stack() != nullptr) {
        const auto layers = field.stack()->layers();
        for (std::size_t k = 0; k < layers.size(); ++k) {
            const std::string prefix = "layer." + std::to_string(k + 2) + ".";
            if (layers[k].field)
                if (auto refusal = field_refusal(*layers[k].field, prefix); !refusal.empty()) return refusal;
            if (layers[k].mask)
                if (auto refusal = field_refusal(*layers[k].mask, prefix + "mask."); !refusal.empty())
                    return refusal;
        }
    }
    return {};
}

namespace {

// The largest slope of a shaping stage's map of unit heights (its curve's cubics, its terraces'
// steps, its scale): how much it can magnify an error in the value it shapes.
double shaping_gain(const noise::ShapingPlan& plan) {
    if (!plan.active) return 1.0;
    double curve = plan.knots.empty() ? 1.0 : 0.0;
    for (const noise::CurveSegment& s : plan.segments) {
        // d/du of ((a t + b) t + c) t + d, t = (u - x0) inv_h in [0, 1]: ends and the vertex.
        const auto slope = [&](double t) {
            return std::abs((3.0 * s.a * t + 2.0 * s.b) * t + s.c) * s.inv_h;
        };
        curve = std::max({curve, slope(0.0), slope(1.0)});
        if (s.a != 0.0) {
            const double vertex = -s.b / (3.0 * s.a);
            if (vertex > 0.0 && vertex < 1.0) curve = std::max(curve, slope(vertex));
        }
    }
    double terraces = 1.0;  // the shaped step's slope: 1 + |2s - 1|... from shape_terraces
    if (plan.terraces > 0)
        terraces = plan.sharpness_high < 0.0 ? 1.0 + std::abs(plan.sharpness_low)
                                             : 2.0 + 2.0 * std::abs(plan.sharpness_high);
    return curve * terraces * std::abs(plan.scale);
}

}  // namespace

double shader_tolerance(const Params& params) {
    const noise::FractalNoise field(params);
    double factor = 1.0 + std::max(0.0, params.warp_amplitude);
    if (field.shaping().mask != noise::MaskMode::none) {
        // The mask field's unit height enters as it is (min, max, add, ...), after its own shaping:
        // a steep mask curve magnifies its float rounding as the warp does (docs/shaders.md).
        const noise::FractalNoise& mask = field.mask();
        factor = std::max(factor, (1.0 + std::max(0.0, mask.params().warp_amplitude)) *
                                      std::max(1.0, shaping_gain(mask.shaping())));
        // A soft select's weight rises across 2f with slope up to 1.5 / 2f: where the field and
        // the mask differ, the field's own rounding moves the blend by that much more.
        const noise::ShapingPlan& plan = field.shaping();
        if (plan.mask == noise::MaskMode::select && plan.select_inv_width > 0.0)
            factor = std::max(
                factor, (1.0 + std::max(0.0, params.warp_amplitude)) * (1.0 + 1.5 * plan.select_inv_width));
    }
    return 2e-6 * factor;
}

double shader_slope_allowance(const noise::FractalNoise& field, const std::array<double, 4>& p,
                              double local_length) {
    if (!field.erosion().active) return 0.0;
    const noise::ValueGradient vg = noise::value_gradient(field, p);
    const noise::Range range      = noise::nominal_range(field.params());
    return 0x1p-22 * local_length * std::hypot(vg.gradient[0], vg.gradient[1]) / (range.hi - range.lo);
}

std::vector<ShaderTexture> shader_textures(const Params& params) {
    std::vector<ShaderTexture> out;
    const noise::FractalNoise field(params);
    if (field.stack() == nullptr) return out;
    const auto layers = field.stack()->layers();
    for (std::size_t k = 0; k < layers.size(); ++k)
        if (layers[k].needed && layers[k].settings->source == noise::LayerSource::heightmap)
            out.push_back({texture_name(k), layers[k].settings->heightmap_image.samples});
    return out;
}

std::string shader_function_name(std::string_view preset_name) {
    std::string name = "ne";
    bool gap         = true;
    for (const char c : preset_name) {
        const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (!alnum) {
            gap = true;
            continue;
        }
        if (gap) name += '_';
        gap = false;
        name += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    return name == "ne" ? "ne_noise" : name;
}

std::string shader_entry_name(std::string_view preset_name, std::string_view file_stem) {
    return shader_function_name(preset_name.empty() ? file_stem : preset_name);
}

namespace {

// [SECTION] Shared helpers ------------------------------------------------------------------

// Emitted once per file, before the presets. ne_ names, so they stay out of the caller's way.
constexpr std::string_view shared_helpers =
    R"(// 64-bit words as (low, high) pairs of 32-bit unsigned integers: the wide hash is SplitMix64's
// finalizer over 64-bit words, which GLSL 3.30 and HLSL SM 5.0 do not have.
uvec2 ne_add64(uvec2 a, uvec2 b) {
    uint lo = a.x + b.x;
    return uvec2(lo, a.y + b.y + (lo < a.x ? 1u : 0u));
}
// The full 64-bit product of two 32-bit words, by 16-bit halves.
uvec2 ne_mul32(uint a, uint b) {
    uint a0 = a & 0xFFFFu;
    uint a1 = a >> 16;
    uint b0 = b & 0xFFFFu;
    uint b1 = b >> 16;
    uint t  = ((a0 * b0) >> 16) + a1 * b0;
    uint u  = (t & 0xFFFFu) + a0 * b1;
    return uvec2(a * b, a1 * b1 + (t >> 16) + (u >> 16));
}
uvec2 ne_mul64(uvec2 a, uvec2 b) {
    uvec2 p = ne_mul32(a.x, b.x);
    return uvec2(p.x, p.y + a.x * b.y + a.y * b.x);
}
// z ^ (z >> n) for 0 < n < 32.
uvec2 ne_xorshift64(uvec2 z, uint n) {
    return uvec2(z.x ^ ((z.x >> n) | (z.y << (32u - n))), z.y ^ (z.y >> n));
}
uvec2 ne_mix64(uvec2 z) {
    z = ne_mul64(ne_xorshift64(z, 30u), uvec2(0x1CE4E5B9u, 0xBF58476Du));
    z = ne_mul64(ne_xorshift64(z, 27u), uvec2(0x133111EBu, 0x94D049BBu));
    return ne_xorshift64(z, 31u);
}
// A signed cell offset as a 64-bit word.
uvec2 ne_wide_int(int c) {
    return uvec2(uint(c), c < 0 ? 0xFFFFFFFFu : 0u);
}
// The true modulo of r by p > 0, negative r too.
uint ne_mod(int r, int p) {
    return r >= 0 ? uint(r) % uint(p) : uint(p) - 1u - uint(-r - 1) % uint(p);
}
// Hugo Elias' IntNoise with one octave's primes (noise/hashes.hpp).
uint ne_elias(uint n, uint a, uint b, uint c) {
    n = (n << 13) ^ n;
    return n * (n * n * a + b) + c;
}
// x * c, c = hi + lo, as (whole cells, the rest in [0, 1)): x's nearest whole cells times hi (a
// multiple of 2^-12) are exact below 4096 cells, so their floor is split off exactly, and the
// parts that round are below a few cells, where a float keeps 1e-7 of a cell (an x below 1/2, a
// local's rest, is not split at all).
vec2 ne_whole_and_rest(float whole, float rest) {
    float w = floor(rest);
    return vec2(whole + w, rest - w);
}
vec2 ne_scaled(float x, float hi, float lo, float c) {
    float n = floor(x + 0.5);
    float p = n * hi;
    float whole = floor(p);
    vec2 r = ne_whole_and_rest(whole, (p - whole) + n * lo);
    return ne_whole_and_rest(r.x, r.y + (x - n) * c);
}
// c + (x + y) s as (whole cells, fraction in [0, 1)): c an origin's fraction, x + y a point's
// offset from the origin (local and its shift: a warp's displacement), s = hi + lo an octave's
// scale, hi of 12 significant bits. x and y to the nearest 1/64 (12 bits while below 64) times
// hi are exact, so their whole cells split off exactly and only numbers below a few cells round:
// the fraction keeps about 1e-7 of a cell however many cells (x + y) s spans, where c + x s in
// float rounds by 2^-24 |x s| (2e-6 of a cell at 32 cells), and x + y is never rounded.
vec2 ne_cells(float c, float x, float y, float hi, float lo, float s) {
    float x_hi = floor(x * 64.0 + 0.5) * 0.015625;
    float y_hi = floor(y * 64.0 + 0.5) * 0.015625;
    float p = x_hi * hi;
    float q = y_hi * hi;
    float wp = floor(p);
    float wq = floor(q);
    float small = (x_hi + y_hi) * lo + ((x - x_hi) + (y - y_hi)) * s;
    return ne_whole_and_rest(wp + wq, ((p - wp) + c) + ((q - wq) + small));
}
// The same where y is only the rest of a local (below 2^-12 of it), whose product rounds by
// nothing that counts: not split.
vec2 ne_cells_near(float c, float x, float y, float hi, float lo, float s) {
    float x_hi = floor(x * 64.0 + 0.5) * 0.015625;
    float p = x_hi * hi;
    float wp = floor(p);
    return ne_whole_and_rest(wp, ((p - wp) + c) + (x_hi * lo + ((x - x_hi) * s + y * s)));
}
// The same where s is a power of two: x s and y s are exact products, so only their whole cells
// need splitting off (y's nearest, so that a small y stays as it is).
vec2 ne_cells_pow2(float c, float x, float y, float hi, float lo, float s) {
    float p = x * s;
    float q = y * s;
    float wp = floor(p);
    float wq = floor(q + 0.5);
    return ne_whole_and_rest(wp + wq, ((p - wp) + c) + (q - wq));
}
// The sum of two (whole, rest) pairs, the rest kept in [0, 1).
vec2 ne_add_scaled(vec2 a, vec2 b) {
    return ne_whole_and_rest(a.x + b.x, a.y + b.y);
}
// smoothstep of t clamped to [0, 1] (the layer stack's shapes and mask steps).
float ne_smooth_step(float t) {
    float c = clamp(t, 0.0, 1.0);
    return c * c * (3.0 - 2.0 * c);
}
// Catmull-Rom through four samples at t in [0, 1] between the middle two (a heightmap layer).
float ne_catmull_rom(float p0, float p1, float p2, float p3, float t) {
    float cubic = (3.0 * (p1 - p2) + p3 - p0) * t;
    float quad = ((2.0 * p0 - 5.0 * p1 + 4.0 * p2 - p3) + cubic) * t;
    return p1 + 0.5 * t * ((p2 - p0) + quad);
}
float ne_lerp(float s, float a, float b) {
    return a + s * (b - a);
}
SIN_PI
float ne_cosine(float t) {
    bool near_start = t <= 0.5;
    float s = ne_sin_pi((near_start ? t : 1.0 - t) * 0.5);
    return near_start ? s * s : 1.0 - s * s;
}
// The curves about t = 1/2, u = t - 1/2 (exact from t = 1/4 on): 6t^5 - 15t^4 + 10t^3 is
// 1/2 + u (15/8 - 5u^2 + 6u^4), whose terms stay below 2 where t's form sums terms up to 15
// (5e-7 of a float's rounding near t = 1, against 6e-8 here).
float ne_quintic(float t) {
    float u = t - 0.5;
    float u2 = u * u;
    return 0.5 + u * (1.875 + u2 * (u2 * 6.0 - 5.0));
}
float ne_smoothstep(float t) {
    float u = t - 0.5;
    return 0.5 + u * (1.5 - 2.0 * (u * u));
}
// Seed 004's four-point cubic through v1 (t = 0) and v2 (t = 1).
float ne_cubic4(float v0, float v1, float v2, float v3, float t) {
    float P = (v3 - v2) - (v0 - v1);
    float Q = (v0 - v1) - P;
    float R = v2 - v0;
    return ((P * t + Q) * t + R) * t + v1;
}
// Ken Perlin's grad (2002): the low 4 bits pick one of the 12 edges of the cube.
float ne_grad3(uint hash, float x, float y, float z) {
    uint h  = hash & 15u;
    float u = h < 8u ? x : y;
    float v = h < 4u ? y : (h == 12u || h == 14u ? x : z);
    return ((h & 1u) == 0u ? u : -u) + ((h & 2u) == 0u ? v : -v);
}
// The 32 edges of the 4-cube: bits 3-4 the axis that is 0, bits 0-2 the signs of the others.
float ne_grad4(uint hash, vec4 d) {
    uint zero_axis = (hash >> 3) & 3u;
    float a = zero_axis == 0u ? d.y : d.x;
    float b = zero_axis <= 1u ? d.z : d.y;
    float c = zero_axis <= 2u ? d.w : d.z;
    return (((hash & 1u) == 0u ? a : -a) + ((hash & 2u) == 0u ? b : -b)) + ((hash & 4u) == 0u ? c : -c);
}

)";

// sin(pi a) for |a| <= 1/4: the library's polynomial (noise/interpolate.hpp) to the six terms a
// float holds (the seventh is below 1e-11 there).
std::string sin_pi_text() {
    std::string text = "float ne_sin_pi(float a) {\n    float a2 = a * a;\n    float s = " +
                       float_text(noise::sin_pi_coefficients[5]) + ";\n";
    for (int k = 4; k >= 0; --k)
        text +=
            "    s = s * a2 + " + float_text(noise::sin_pi_coefficients[static_cast<std::size_t>(k)]) + ";\n";
    return text + "    return a * s;\n}\n";
}

// [SECTION] One preset ----------------------------------------------------------------------

std::string vec_type(int dimension) { return dimension == 1 ? "float" : "vec" + std::to_string(dimension); }

// `value` rounded to 12 significant bits (ne_cells' hi): its product with a number of 12 bits is
// exact in float.
double twelve_bits(double value) {
    if (value == 0.0 || !std::isfinite(value)) return 0.0;
    const int exponent = std::ilogb(value);
    return std::ldexp(std::round(std::ldexp(value, 11 - exponent)), exponent - 11);
}

// The zero of a vecD.
std::string zero_of(int dimension) {
    switch (dimension) {
        case 1:
            return "0.0";
        case 2:
            return "vec2(0.0, 0.0)";
        case 3:
            return "vec3(0.0, 0.0, 0.0)";
        default:
            return "vec4(0.0, 0.0, 0.0, 0.0)";
    }
}

// The function that turns a vecD into the vec4 the octave reads.
std::string widened(int dimension, std::string_view name) {
    switch (dimension) {
        case 1:
            return "vec4(" + std::string(name) + ", 0.0, 0.0, 0.0)";
        case 2:
            return "vec4(" + std::string(name) + ", 0.0, 0.0)";
        case 3:
            return "vec4(" + std::string(name) + ", 0.0)";
        default:
            return std::string(name);
    }
}

}  // namespace

namespace shader_detail {

void write_field(ShaderWriter& out, const std::string& P, const noise::FractalNoise& field, int total,
                 bool gradient) {
    gradient                = gradient || field.params().erosion_method == noise::ErosionMethod::filter;
    const Params& params    = field.params();
    const Lattices lattices = lattices_of(field);
    const auto octaves      = field.octaves();
    const int count         = static_cast<int>(octaves.size());

    out << "// [" << P << "] " << name_of(params.algorithm, noise::algorithm_names) << ", "
        << std::to_string(params.dimension) << "D, " << std::to_string(count) << " octaves of "
        << name_of(params.fractal, noise::fractal_names) << ", hash "
        << name_of(params.hash, noise::hash_names) << ", seed " << std::to_string(params.seed) << "\n";

    // --- Per octave: its lattice, scale, amplitude, periods (0: the hash's own wrap) and stride.
    std::vector<std::string> lattice_items, scale_items, scale_hi_items, scale_lo_items, amplitude_items,
        period_items, stride_items;
    for (int i = 0; i < count; ++i) {
        const noise::OctaveSetup& setup = octaves[static_cast<std::size_t>(i)];
        lattice_items.push_back(int_text(lattices.of_octave[static_cast<std::size_t>(i)]));
        scale_items.push_back(float_text(setup.scale));
        const double hi = twelve_bits(setup.scale);  // ne_cells: exact products with 12-bit offsets
        scale_hi_items.push_back(float_text(hi));
        scale_lo_items.push_back(float_text(setup.scale - hi));
        amplitude_items.push_back(float_text(setup.amplitude));
        for (int axis = 0; axis < 4; ++axis) period_items.push_back(int_text(setup.periods[axis]));
        stride_items.push_back(uint_text(static_cast<std::uint32_t>(setup.lattice->stride())));
    }
    out.array("int", P + "_lattice", lattice_items);
    out.array("float", P + "_scale", scale_items);
    out.array("float", P + "_scale_hi", scale_hi_items);
    out.array("float", P + "_scale_lo", scale_lo_items);
    out.array("float", P + "_amplitude", amplitude_items);
    out.array("int", P + "_period", period_items);
    out.array("uint", P + "_stride", stride_items);

    // --- One octave, P_octave(octave, local, shift, lo, hi, cell_frac): the algorithm's own writer.
    switch (params.algorithm) {
        case noise::Algorithm::simplex:
            write_simplex_octave(out, P, field, lattices);
            break;
        case noise::Algorithm::worley:
            write_worley_octave(out, P, field, lattices);
            break;
        default:
            write_lattice_octave(out, P, field, lattices, gradient);
            break;
    }

    // --- The octave sum (octave_sum.hpp).
    const std::string t = std::to_string(total);
    out << "float " << P << "_sum(vec4 local, vec4 shift, uvec4 cell_lo[" << t << "], uvec4 cell_hi[" << t
        << "], vec4 cell_frac[" << t << "], int base) {\n"
        << "    float total = 0.0;\n"
        << "    float weight = 1.0;\n"
        << "    for (int i = 0; i < " << std::to_string(count) << "; ++i) {\n"
        << "        float n = " << P
        << "_octave(i, local, shift, cell_lo[base + i], cell_hi[base + i], cell_frac[base + i]);\n"
        << "        float amplitude = " << P << "_amplitude[i];\n";
    switch (params.fractal) {
        case noise::Fractal::fbm:
            out << "        total += amplitude * n;\n";
            break;
        case noise::Fractal::turbulence:
            out << "        total += amplitude * abs(n);\n";
            break;
        case noise::Fractal::ridged:
            out << "        float crest = 1.0 - abs(n);\n"
                << "        crest = crest * (crest * weight);\n"
                << "        weight = clamp(crest * 2.0, 0.0, 1.0);\n"
                << "        total += amplitude * crest;\n";
            break;
    }
    out << "    }\n"
        << "    return total / " << float_text(field.divisor()) << ";\n}\n";
    if (!gradient) return;
    // The erosion filter's input: the fbm sum with its gradient (erosion_refusal: fbm only).
    out << "vec3 " << P << "_sum_grad(vec4 local, vec4 shift, uvec4 cell_lo[" << t << "], uvec4 cell_hi[" << t
        << "], vec4 cell_frac[" << t << "], int base) {\n"
        << "    vec3 total = vec3(0.0, 0.0, 0.0);\n"
        << "    for (int i = 0; i < " << std::to_string(count) << "; ++i)\n"
        << "        total += " << P << "_amplitude[i] * " << P
        << "_octave_grad(i, local, shift, cell_lo[base + i], cell_hi[base + i], cell_frac[base + i]);\n"
        << "    return total / " << float_text(field.divisor()) << ";\n}\n";
}

}  // namespace shader_detail

namespace {

std::string uvec4_text(const std::array<std::uint32_t, 4>& v) {
    return "uvec4(" + uint_text(v[0]) + ", " + uint_text(v[1]) + ", " + uint_text(v[2]) + ", " +
           uint_text(v[3]) + ")";
}
std::string vec4_text(const std::array<float, 4>& v) {
    return "vec4(" + float_text(v[0]) + ", " + float_text(v[1]) + ", " + float_text(v[2]) + ", " +
           float_text(v[3]) + ")";
}

}  // namespace

namespace shader_detail {

// The curve's segment tables as local arrays x0, inv_h, a, b, c, d (one entry a segment), and j,
// the segment holding `u`: exactly j knots are <= u.
static void write_curve_tables(ShaderWriter& out, const noise::ShapingPlan& plan, const std::string& u) {
    out << "    {\n        int j = 0;\n";
    for (const double knot : plan.knots)
        out << "        j += " << u << " >= " << float_text(knot) << " ? 1 : 0;\n";
    const char* fields[] = {"x0", "inv_h", "a", "b", "c", "d"};
    for (int f = 0; f < 6; ++f) {
        std::vector<std::string> items;
        for (const noise::CurveSegment& segment : plan.segments) {
            const double values[] = {segment.x0, segment.inv_h, segment.a, segment.b, segment.c, segment.d};
            items.push_back(float_text(values[f]));
        }
        out << "        float " << fields[f] << "[" << std::to_string(items.size()) << "];\n";
        for (std::size_t i = 0; i < items.size(); ++i)
            out << "        " << fields[f] << "[" << std::to_string(i) << "] = " << items[i] << ";\n";
    }
}

// The remap curve of `plan` on the variable `u` (shaping_stage.hpp's shape_curve), when it has
// knots: segment j where exactly j knots are <= u, y = ((a t + b) t + c) t + d, t = (u - x0) inv_h.
void write_curve(ShaderWriter& out, const noise::ShapingPlan& plan, const std::string& u) {
    if (plan.knots.empty()) return;
    write_curve_tables(out, plan, u);
    out << "        float t = (" << u << " - x0[j]) * inv_h[j];\n"
        << "        " << u << " = ((a[j] * t + b[j]) * t + c[j]) * t + d[j];\n    }\n";
}

// write_curve with the slope: segment j's ((3 a t + 2 b) t + c) inv_h multiplies g.
void write_curve_grad(ShaderWriter& out, const noise::ShapingPlan& plan, const std::string& u,
                      const std::string& g) {
    if (plan.knots.empty()) return;
    write_curve_tables(out, plan, u);
    out << "        float t = (" << u << " - x0[j]) * inv_h[j];\n"
        << "        " << u << " = ((a[j] * t + b[j]) * t + c[j]) * t + d[j];\n"
        << "        " << g << " *= ((3.0 * a[j] * t + 2.0 * b[j]) * t + c[j]) * inv_h[j];\n    }\n";
}

}  // namespace shader_detail

namespace {

// The shaping stage (noise/src/shaping_stage.hpp) on v, in its order, each step only where the
// plan has it; the curve's segments and the terraces' constants from the library's own plan.
void write_shaping(ShaderWriter& out, const noise::ShapingPlan& plan) {
    if (!plan.active) return;
    out << "    float u = (v - " << float_text(plan.lo) << ") * " << float_text(plan.inv_span) << ";\n";
    write_curve(out, plan, "u");
    if (plan.terraces > 0) {
        // libnoise's Terrace: held at 0 below 0 and at 1 from 1; step k = floor(u n), at most n - 1.
        const std::string n = float_text(plan.terraces);
        out << "    if (u >= 1.0) {\n        u = 1.0;\n    } else if (!(u > 0.0)) {\n        u = 0.0;\n    } "
               "else {\n"
            << "        float scaled = u * " << n << ";\n"
            << "        float k = min(floor(scaled), " << n << " - 1.0);\n"
            << "        float alpha = scaled - k;\n"
            << "        float from = k * " << float_text(plan.terrace_step) << ";\n"
            << "        float to = (k + 1.0) * " << float_text(plan.terrace_step) << ";\n";
        if (plan.terrace_invert)
            out << "        alpha = 1.0 - alpha;\n        float swap = from;\n        from = to;\n        to "
                   "= swap;\n";
        out << "        float square = alpha * alpha;\n";
        if (plan.sharpness_high < 0.0)
            out << "        float shaped = alpha + " << float_text(plan.sharpness_low)
                << " * (square - alpha);\n";
        else
            out << "        float shaped = square + " << float_text(plan.sharpness_high)
                << " * (square * square - square);\n";
        out << "        u = from + shaped * (to - from);\n    }\n";
    }
    if (plan.mask != noise::MaskMode::none) {
        // The mask field's unit height m, joined as shape_mask does.
        out << "    float m = (mask_v - " << float_text(plan.mask_lo) << ") * "
            << float_text(plan.mask_inv_span) << ";\n";
        switch (plan.mask) {
            case noise::MaskMode::none:
                break;
            case noise::MaskMode::min:
                out << "    u = min(u, m);\n";
                break;
            case noise::MaskMode::max:
                out << "    u = max(u, m);\n";
                break;
            case noise::MaskMode::add:
                out << "    u = u + m;\n";
                break;
            case noise::MaskMode::multiply:
                out << "    u = u * m;\n";
                break;
            case noise::MaskMode::select:
                // libnoise's Select: m's weight rises along SCurve3 across [t - f, t + f].
                if (plan.select_inv_width > 0.0)
                    out << "    float a = clamp((u - " << float_text(plan.select_low) << ") * "
                        << float_text(plan.select_inv_width) << ", 0.0, 1.0);\n"
                        << "    a = a * a * (3.0 - 2.0 * a);\n";
                else
                    out << "    float a = u >= " << float_text(plan.select_threshold) << " ? 1.0 : 0.0;\n";
                out << "    u = (1.0 - a) * u + a * m;\n";
                break;
        }
    }
    if (plan.invert) out << "    u = 1.0 - u;\n";
    if (plan.scale != 1.0 || plan.bias != 0.0)
        out << "    u = u * " << float_text(plan.scale) << " + " << float_text(plan.bias) << ";\n";
    if (plan.clamp)
        out << "    u = min(max(u, " << float_text(plan.clamp_min) << "), " << float_text(plan.clamp_max)
            << ");\n";
    out << "    v = " << float_text(plan.lo) << " + u * " << float_text(plan.span) << ";\n";
}

// The shaping stage with the field's gradient (the erosion filter's input; erosion_refusal leaves
// a curve, invert, scale and bias): v and g = (dv/dx, dv/dy) through each step by the chain rule.
void write_shaping_grad(ShaderWriter& out, const noise::ShapingPlan& plan) {
    if (!plan.active) return;
    out << "    float u = (v - " << float_text(plan.lo) << ") * " << float_text(plan.inv_span) << ";\n"
        << "    g *= " << float_text(plan.inv_span) << ";\n";
    write_curve_grad(out, plan, "u", "g");
    if (plan.invert) out << "    u = 1.0 - u;\n    g = -g;\n";
    if (plan.scale != 1.0 || plan.bias != 0.0)
        out << "    u = u * " << float_text(plan.scale) << " + " << float_text(plan.bias) << ";\n"
            << "    g *= " << float_text(plan.scale) << ";\n";
    out << "    v = " << float_text(plan.lo) << " + u * " << float_text(plan.span) << ";\n"
        << "    g *= " << float_text(plan.span) << ";\n";
}

// The erosion filter (noise/erosion.hpp, src/erosion_filter.hpp's erode, its steps numbered as
// there) on the shaped value and gradient vg at local: P_eroded(local, ..., base, vg). Octave k's
// gully cells are read from the origins' entry base + k: O f_k's cell (64 bits) and fraction, so
// q = O f_k + local f_k is never formed in float; the cell's point from the wide hash in 32-bit
// pairs, as the lattice's.
void write_erosion(ShaderWriter& out, const std::string& P, const noise::ErosionPlan& plan, int total) {
    std::vector<std::string> frequency, depth, start;
    for (const noise::ErosionOctave& octave : plan.octaves) {
        frequency.push_back(float_text(octave.frequency));
        depth.push_back(float_text(octave.depth));
        const std::uint64_t s = noise::wide_start(octave.seed);
        start.push_back("uvec2(" + uint_text(static_cast<std::uint32_t>(s)) + ", " +
                        uint_text(static_cast<std::uint32_t>(s >> 32)) + ")");
    }
    out.array("float", P + "_gully_frequency", frequency);
    out.array("float", P + "_gully_depth", depth);
    out.array("uvec2", P + "_gully_start", start);
    const auto factor = [](int axis) {
        const std::uint64_t k = noise::wide_axis_factor[static_cast<std::size_t>(axis)];
        return "uvec2(" + uint_text(static_cast<std::uint32_t>(k)) + ", " +
               uint_text(static_cast<std::uint32_t>(k >> 32)) + ")";
    };
    // 3. The profile across one gully, t in [-1/2, 1/2): (y, dy/dt).
    const std::string crease = float_text(plan.crease), ridge = float_text(plan.ridge);
    // A rounding of 0 has no parabola (a < 0 and b < 0 never hold).
    out << "vec2 " << P << "_gully_profile(float t) {\n"
        << "    float side = t < 0.0 ? -1.0 : 1.0;\n"
        << "    float a = 2.0 * abs(t);\n";
    if (plan.crease > 0.0)
        out << "    if (a < " << crease << ") return vec2(t * t * " << float_text(4.0 / plan.crease) << " + "
            << float_text(plan.crease - 1.0) << ", t * " << float_text(8.0 / plan.crease) << ");\n";
    out << "    float b = 1.0 - a;\n";
    if (plan.ridge > 0.0)
        out << "    if (b < " << ridge << ") return vec2(" << float_text(1.0 - plan.ridge) << " - b * b * "
            << float_text(1.0 / plan.ridge) << ", b * side * " << float_text(4.0 / plan.ridge) << ");\n";
    out << "    return vec2(2.0 * a - 1.0, 4.0 * side);\n}\n";
    if (plan.joined) {
        // The joined layout's phasor of one gully (gully_phasor) and the blended phase's angle from
        // the gully line (joined_angle; the tiny term keeps 0 / 0 at 0 in float).
        out << "vec2 " << P << "_gully_phasor(float t) {\n"
            << "    float at = abs(t);\n"
            << "    float rim = 0.5 - at;\n"
            << "    float c = at <= 0.25 ? 1.0 - t * t * 16.0 : rim * rim * 16.0 - 1.0;\n"
            << "    return vec2(c, t * 8.0 * (1.0 - at * 2.0));\n}\n"
            << "float " << P << "_joined_angle(float c, float s) {\n"
            << "    float abs_c = abs(c);\n"
            << "    float abs_s = abs(s);\n"
            << "    bool high = abs_s > abs_c;\n"
            << "    float r = high ? abs_c / abs_s : abs_s / (abs_c + 1e-30);\n"
            << "    float r2 = r * r;\n"
            << "    float poly = " << float_text(noise::joined_atan[7]) << ";\n";
        for (int i = 6; i >= 0; --i)
            out << "    poly = poly * r2 + " << float_text(noise::joined_atan[i]) << ";\n";
        out << "    float angle = r * poly;\n"
            << "    if (high) angle = " << float_text(noise::joined_half_pi) << " - angle;\n"
            << "    if (c < 0.0) angle = " << float_text(noise::joined_pi) << " - angle;\n"
            << "    return angle;\n}\n";
    }
    const std::string t = std::to_string(total);
    out << "float " << P << "_eroded(vec4 local, vec4 shift, uvec4 cell_lo[" << t << "], uvec4 cell_hi[" << t
        << "], vec4 cell_frac[" << t << "], int base, vec3 vg) {\n"
        << "    float u = (vg.x - " << float_text(plan.lo) << ") * " << float_text(plan.inv_span) << ";\n"
        << "    vec2 g = vec2(vg.y, vg.z) * " << float_text(plan.inv_span) << ";\n"
        << "    for (int k = 0; k < " << std::to_string(plan.octaves.size()) << "; ++k) {\n"
        << "        // 1. The slope, and the direction across it.\n"
        << "        float slope = sqrt(g.x * g.x + g.y * g.y + 1e-12);\n"
        << "        vec2 across_slope = vec2(-g.y, g.x) / slope;\n"
        << "        // 2. The cells around q = O f_k + local f_k.\n"
        << "        float frequency = " << P << "_gully_frequency[k];\n"
        << "        vec2 qx = ne_cells_near(cell_frac[base + k].x, local.x, shift.x, " << P
        << "_gully_frequency_hi[k], " << P << "_gully_frequency_lo[k], frequency);\n"
        << "        vec2 qy = ne_cells_near(cell_frac[base + k].y, local.y, shift.y, " << P
        << "_gully_frequency_hi[k], " << P << "_gully_frequency_lo[k], frequency);\n"
        << "        vec2 whole = vec2(qx.x, qy.x);\n"
        << "        vec2 f = vec2(qx.y, qy.y);\n"
        << (plan.joined
                ? "        // The joined layout's cells sit around the nearest corner, floor(q + 1/2).\n"
                  "        vec2 up = step(0.5, f);\n"
                  "        whole += up;\n"
                  "        f -= up;\n"
                : "")
        << "        uvec2 ix = ne_add64(uvec2(cell_lo[base + k].x, cell_hi[base + k].x), "
           "ne_wide_int(int(whole.x)));\n"
        << "        uvec2 iy = ne_add64(uvec2(cell_lo[base + k].y, cell_hi[base + k].y), "
           "ne_wide_int(int(whole.y)));\n";
    if (plan.joined) {
        // The joined layout (erosion_filter.hpp's joined_blend): the 4 x 4 cells around the
        // nearest corner, points anywhere in their cells, the gullies' phasors blended.
        out << "        float weights = 0.0;\n"
            << "        float cosine = 0.0;\n"
            << "        float sine = 0.0;\n"
            << "        for (int oy = -2; oy <= 1; ++oy) {\n"
            << "            for (int ox = -2; ox <= 1; ++ox) {\n"
            << "                uvec2 column = ne_mix64(ne_add64(" << P
            << "_gully_start[k], ne_mul64(ne_add64(ix, ne_wide_int(ox)), " << factor(0) << ")));\n"
            << "                uvec2 h = ne_mix64(ne_add64(column, ne_mul64(ne_add64(iy, ne_wide_int(oy)), "
            << factor(1) << ")));\n"
            << "                float px = float(h.y >> 8) * 5.9604644775390625e-08;\n"
            << "                float py = float((h.x >> 16) | ((h.y & 255u) << 16)) * "
               "5.9604644775390625e-08;\n"
            << "                float dx = f.x - (float(ox) + px);\n"
            << "                float dy = f.y - (float(oy) + py);\n"
            << "                float r2 = dx * dx + dy * dy;\n"
            << "                if (!(r2 < 2.25)) continue;\n"
            << "                float fall = 1.0 - r2 * " << float_text(noise::joined_inv_reach2) << ";\n"
            << "                float w = fall * fall * fall;\n"
            << "                float across = dx * across_slope.x + dy * across_slope.y;\n"
            << "                vec2 phasor = " << P << "_gully_phasor(across - floor(across + 0.5));\n"
            << "                weights += w;\n"
            << "                cosine += w * phasor.x;\n"
            << "                sine += w * phasor.y;\n"
            << "            }\n"
            << "        }\n"
            << "        // The blended phase back to a distance across the gully, faded where the phasors "
               "cancel.\n"
            << "        float t = " << P << "_joined_angle(cosine, sine) * (sine < 0.0 ? "
            << float_text(-noise::joined_inv_two_pi) << " : " << float_text(noise::joined_inv_two_pi)
            << ");\n"
            << "        vec2 profile = " << P << "_gully_profile(t);\n"
            << "        float coherence = (cosine * cosine + sine * sine) / (weights * weights);\n"
            << "        float keep = coherence / (coherence + " << float_text(noise::joined_fade2) << ");\n"
            << "        float e = keep * profile.x;\n"
            << "        float de = keep * profile.y;\n";
    } else {
        out << "        float weights = 0.0;\n"
            << "        float height = 0.0;\n"
            << "        float walls = 0.0;\n"
            << "        for (int oy = -1; oy <= 1; ++oy) {\n"
            << "            for (int ox = -1; ox <= 1; ++ox) {\n"
            << "                uvec2 column = ne_mix64(ne_add64(" << P
            << "_gully_start[k], ne_mul64(ne_add64(ix, ne_wide_int(ox)), " << factor(0) << ")));\n"
            << "                uvec2 h = ne_mix64(ne_add64(column, ne_mul64(ne_add64(iy, ne_wide_int(oy)), "
            << factor(1) << ")));\n"
            << "                // The point in the middle half of the cell: the hash's top 24 bits, then "
               "the "
               "next 24.\n"
            << "                float px = 0.25 + 0.5 * (float(h.y >> 8) * 5.9604644775390625e-08);\n"
            << "                float py = 0.25 + 0.5 * (float((h.x >> 16) | ((h.y & 255u) << 16)) * "
               "5.9604644775390625e-08);\n"
            << "                float dx = f.x - (float(ox) + px);\n"
            << "                float dy = f.y - (float(oy) + py);\n"
            << "                float r2 = dx * dx + dy * dy;\n"
            << "                if (!(r2 < 1.5625)) continue;\n"
            << "                // 4. The weight; 3. this cell's gully, the distance across it wrapped.\n"
            << "                float fall = 1.0 - r2 * 0.64;\n"
            << "                float w = fall * fall * fall;\n"
            << "                float across = dx * across_slope.x + dy * across_slope.y;\n"
            << "                vec2 profile = " << P << "_gully_profile(across - floor(across + 0.5));\n"
            << "                weights += w;\n"
            << "                height += w * profile.x;\n"
            << "                walls += w * profile.y;\n"
            << "            }\n"
            << "        }\n"
            << "        float e = height / weights;\n"
            << "        float de = walls / weights;\n";
    }
    out << "        // 5. The carving.\n"
        << "        float depth = slope * " << P << "_gully_depth[k];\n";
    if (plan.drainage != 0.0)
        out << "        depth *= slope / (slope + " << float_text(plan.drainage) << ");\n";
    if (plan.peaks != 0.0 || plan.valleys != 0.0)
        out << "        float held = clamp(u, 0.0, 1.0);\n"
            << "        depth *= (1.0 - (1.0 - held) * (1.0 - held) * " << float_text(plan.valleys)
            << ") * (1.0 - held * held * " << float_text(plan.peaks) << ");\n";
    out << "        u -= depth * (1.0 - e) * 0.5;\n"
        << "        // 6. The slope of the walls just carved steers the next octave's gullies.\n"
        << "        float turn = depth * de * (0.5 * frequency);\n"
        << "        g += turn * across_slope;\n"
        << "    }\n"
        << "    return " << float_text(plan.lo) << " + u * " << float_text(plan.span) << ";\n}\n";
}

}  // namespace

namespace shader_detail {

// One field as FractalNoise::shaped computes it, P_at(local, cell_lo, cell_hi, cell_frac, base):
// its octave sums (warped, layered), its mask field's P_mask_at at the same point, its shaping;
// its blocks from `base` on. `total` is the length of the entry's origin arrays.
void write_shaped(ShaderWriter& out, const std::string& P, const noise::FractalNoise& field, int total) {
    const Params& params = field.params();
    const int dimension  = params.dimension;
    const int count      = params.octaves;

    write_field(out, P + "_field", field, total);
    int next = field.has_rotated_layer() ? 2 * count : count;  // the warp's blocks follow the layers'
    std::vector<int> warp_base;
    for (int k = 0; field.has_warp() && k < dimension; ++k) {
        write_field(out, P + "_warp" + std::to_string(k), field.warp_component(k), total);
        warp_base.push_back(next);
        next += field.warp_component(k).params().octaves;
    }
    const bool masked = field.shaping().mask != noise::MaskMode::none;
    if (masked) write_shaped(out, P + "_mask", field.mask(), total);

    const std::string t      = std::to_string(total);
    const std::string arrays = "cell_lo, cell_hi, cell_frac, base";
    out << "float " << P << "_at(vec4 local, vec4 shift, uvec4 cell_lo[" << t << "], uvec4 cell_hi[" << t
        << "], vec4 cell_frac[" << t << "], int base) {\n"
        << "    vec4 q = shift;\n";
    // The warp (fractal.hpp): p + a w(p), each component the octave sum of its own field. The
    // displacement joins the shift, so the warped point local + q is never rounded to a float:
    // each octave splits both parts exactly (ne_cells).
    for (int k = 0; k < static_cast<int>(warp_base.size()); ++k) {
        const std::string axis = "xyzw"s.substr(static_cast<std::size_t>(k), 1);
        out << "    q." << axis << " = shift." << axis << " + " << float_text(params.warp_amplitude) << " * "
            << P << "_warp" << std::to_string(k) << "_sum(local, shift, " << arrays << " + "
            << std::to_string(warp_base[static_cast<std::size_t>(k)]) << ");\n";
    }
    out << "    float v = " << P << "_field_sum(local, q, " << arrays << ");\n";
    if (field.has_rotated_layer()) {
        // The turned copy reads its own origins, R O: R is linear, so R (O + p) = R O + R p.
        if (params.tile != 0)
            out << "    vec4 r = vec4(local.x - local.y, local.x + local.y, local.z, local.w);\n"
                << "    vec4 r_shift = vec4(q.x - q.y, q.x + q.y, q.z, q.w);\n";
        else
            out << "    vec4 r = vec4((local.x - local.y) * " << float_text(noise::seed001_phi)
                << ", (local.y + local.x) * " << float_text(noise::seed001_phi) << ", local.z, local.w);\n"
                << "    vec4 r_shift = vec4((q.x - q.y) * " << float_text(noise::seed001_phi)
                << ", (q.y + q.x) * " << float_text(noise::seed001_phi) << ", q.z, q.w);\n";
        out << "    v = (v + " << P << "_field_sum(r, r_shift, " << arrays << " + " << std::to_string(count)
            << ")) * 0.5;\n";
    }
    // The mask field is read at the point itself, not the warped one (FractalNoise::shaped).
    if (masked)
        out << "    float mask_v = " << P << "_mask_at(local, shift, " << arrays << " + "
            << std::to_string(next) << ");\n";
    write_shaping(out, field.shaping());
    out << "    return v;\n}\n";
    if (params.erosion_method != noise::ErosionMethod::filter) return;
    // The value with its gradient, the erosion filter's input (erosion_refusal: no warp, layer,
    // mask or terraces, so the field's own sum shaped).
    out << "vec3 " << P << "_at_grad(vec4 local, vec4 shift, uvec4 cell_lo[" << t << "], uvec4 cell_hi[" << t
        << "], vec4 cell_frac[" << t << "], int base) {\n"
        << "    vec3 sum = " << P << "_field_sum_grad(local, shift, " << arrays << ");\n"
        << "    float v = sum.x;\n"
        << "    vec2 g = vec2(sum.y, sum.z);\n";
    write_shaping_grad(out, field.shaping());
    out << "    return vec3(v, g.x, g.y);\n}\n";
}

}  // namespace shader_detail

namespace {

// One preset: its shaped field and the entries that read it.
void write_preset(ShaderWriter& out, const ShaderEntry& entry) {
    const Params& params = entry.params;
    const noise::FractalNoise field(params);
    const std::string P         = entry.name;
    const int dimension         = params.dimension;
    const ShaderOrigins at_zero = shader_origins(params, {0.0, 0.0, 0.0, 0.0});
    const int total             = static_cast<int>(at_zero.frac.size());

    write_shaped(out, P, field, total);
    if (field.stack() != nullptr) write_stack(out, P, field, total, field_blocks(field));
    // The erosion filter carves the stacked field; its blocks come last (shader_origins.hpp), a
    // stack's frame point just before them.
    const bool carved = field.erosion().active;
    const int gullies = total - static_cast<int>(field.erosion().octaves.size());
    if (carved) {
        // The gully frequencies split for ne_cells, as the octaves' scales are.
        std::vector<std::string> hi, lo;
        for (const noise::ErosionOctave& octave : field.erosion().octaves) {
            hi.push_back(float_text(twelve_bits(octave.frequency)));
            lo.push_back(float_text(octave.frequency - twelve_bits(octave.frequency)));
        }
        out.array("float", P + "_gully_frequency_hi", hi);
        out.array("float", P + "_gully_frequency_lo", lo);
        write_erosion(out, P, field.erosion(), total);
    }
    if (carved && field.stack() != nullptr) write_stack_grad(out, P, field, total, field_blocks(field));
    const std::string arrays = "local, shift, cell_lo, cell_hi, cell_frac";
    const std::string carved_input =
        field.stack() != nullptr ? P + "_stacked_grad(" + arrays + ", " + P + "_at_grad(" + arrays + ", 0))"
                                 : P + "_at_grad(" + arrays + ", 0)";
    const std::string t        = std::to_string(total);
    const std::string textures = texture_parameters(out.language, field);
    const std::string origins =
        "uvec4 cell_lo[" + t + "], uvec4 cell_hi[" + t + "], vec4 cell_frac[" + t + "]";
    out << "// " << P
        << "_rebased_split: local = world - O as local_point + local_rest, a float and the rest a float\n"
        << "// cannot hold (the picture of a grid: shader_pixel_step), the arrays from shader_origins.\n"
        << "float " << P << "_rebased_split(" << vec_type(dimension) << " local_point, "
        << vec_type(dimension) << " local_rest, " << origins << textures << ") {\n"
        << "    vec4 local = " << widened(dimension, "local_point") << ";\n"
        << "    vec4 shift = " << widened(dimension, "local_rest") << ";\n"
        << (carved ? "    float v = " + P + "_eroded(" + arrays + ", " + std::to_string(gullies) + ", " +
                         carved_input + ");\n"
                   : "    float v = " + P + "_at(" + arrays + ", 0);\n");
    if (field.stack() != nullptr && !carved)
        out << "    v = " << P << "_stacked(" << arrays << ", v" << texture_arguments(field) << ");\n";
    out << "    return v;\n}\n";
    out << "// " << P
        << "_rebased: local = world - O, the arrays from shader_origins(params, O) (C++, Python).\n"
        << "float " << P << "_rebased(" << vec_type(dimension) << " local_point, " << origins << textures
        << ") {\n"
        << "    return " << P << "_rebased_split(local_point, " << zero_of(dimension)
        << ", cell_lo, cell_hi, cell_frac" << texture_arguments(field) << ");\n}\n";

    // The plain form: the origin 0, whose per-octave cells and fractions (the octave shifts, a
    // shifting seed) are constants.
    std::vector<std::string> zero_lo, zero_hi, zero_frac;
    for (int i = 0; i < total; ++i) {
        zero_lo.push_back(uvec4_text(at_zero.cell_lo[static_cast<std::size_t>(i)]));
        zero_hi.push_back(uvec4_text(at_zero.cell_hi[static_cast<std::size_t>(i)]));
        zero_frac.push_back(vec4_text(at_zero.frac[static_cast<std::size_t>(i)]));
    }
    out.array("uvec4", P + "_origin_lo", zero_lo);
    out.array("uvec4", P + "_origin_hi", zero_hi);
    out.array("vec4", P + "_origin_frac", zero_frac);
    out << "// " << P << ": world in noise space; float throughout, for points near the origin.\n"
        << "float " << P << "(" << vec_type(dimension) << " world" << textures << ") {\n"
        << "    return " << P << "_rebased(world, " << P << "_origin_lo, " << P << "_origin_hi, " << P
        << "_origin_frac" << texture_arguments(field) << ");\n}\n\n";
}

}  // namespace

std::string shader_source(std::span<const ShaderEntry> entries, ShaderLanguage language) {
    std::set<std::string> names;
    for (const ShaderEntry& entry : entries) {
        if (auto refusal = shader_refusal(entry.params); !refusal.empty())
            throw std::invalid_argument(entry.name + ": " + refusal);
        if (!names.insert(entry.name).second)
            throw std::invalid_argument(entry.name + ": two presets give this function name: rename one");
    }
    ShaderWriter out{language, {}};
    out << "// Noise Explorer shader export (" << name_of(language, shader_language_names)
        << "): one entry function per preset; no #version, no main.\n"
        << "// Each agrees with the program's CPU render to 2e-6 of the preset's nominal range through its\n"
        << "// _rebased form at any distance (docs/shaders.md); the plain form is float, exact near 0.\n\n";
    std::string helpers(shared_helpers);
    helpers.replace(helpers.find("SIN_PI"), 6, sin_pi_text());
    out << helpers;
    for (const ShaderEntry& entry : entries) write_preset(out, entry);
    return to_language(std::move(out.text), language);
}

std::string shader_picture_main(const std::string& library, const std::string& entry, int dimension,
                                int blocks, const std::vector<ShaderTexture>& textures) {
    std::string samplers, arguments;  // the heightmap layers' textures (shader_textures)
    for (const ShaderTexture& texture : textures) {
        samplers += "uniform sampler2D " + texture.name + ";\n";
        arguments += ", " + texture.name;
    }
    const std::string n = std::to_string(blocks);
    const auto widen    = [&](const std::string& v) {
        return dimension == 1   ? v + ".x"
                  : dimension == 2 ? v
                  : dimension == 3 ? "vec3(" + v + ", 0.0)"
                                   : "vec4(" + v + ", 0.0, 0.0)";
    };
    // k pixels from the centre (a half-integer, exact) times the step split as shader_pixel_step
    // does: k times its 12-bit part is exact, so local_point + local_rest is the pixel's offset.
    return "#version 330 core\n" + library + "uniform uvec4 cell_lo[" + n + "];\nuniform uvec4 cell_hi[" + n +
           "];\nuniform vec4 cell_frac[" + n + "];\n" + samplers +
           "uniform float pixel_step;\nuniform float pixel_step_rest;\nuniform vec2 half_size;\n"
           "layout(location = 0) out float value;\n"
           "void main() {\n    vec2 k = gl_FragCoord.xy - half_size;\n    vec2 local = k * pixel_step;\n"
           "    vec2 rest = k * pixel_step_rest;\n    value = " +
           entry + "_rebased_split(" + widen("local") + ", " + widen("rest") +
           ", cell_lo, cell_hi, cell_frac" + arguments + ");\n}\n";
}

std::array<float, 2> shader_pixel_step(double step) {
    const double hi = twelve_bits(step);
    return {static_cast<float>(hi), static_cast<float>(step - hi)};
}

}  // namespace app
