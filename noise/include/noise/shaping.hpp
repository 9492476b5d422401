// noise/shaping.hpp: the shaping stage, what a terrain artist does to a heightmap after the noise.
//
//     noise::Params params;                           // any field ...
//     params.curve    = noise::curve_preset(noise::CurvePreset::plateau);
//     params.terraces = 6;                             // ... cut into six steps
//     noise::FractalNoise noise(params);              // at(), every row kernel, the gradient and
//     double v = noise.at({x, y, 0, 0});              // every export see the shaped field
//
// The stage runs after the octave sum (and the warp and the rotated layer), on unit heights: the
// raw value v becomes u = (v - lo) / (hi - lo) through nominal_range (fbm's [-1, 1] becomes [0, 1]),
// is shaped, and goes back as lo + u' (hi - lo), so the output mapping, the exports and the ramps
// read the shaped field exactly as they read a raw one. The steps, in this order:
//   1. curve      the remap curve through the control points (x in, y out, x strictly rising):
//                 a monotone cubic Hermite spline (Fritsch and Butland's tangents: the harmonic
//                 mean of the two neighbouring slopes, 0 where they differ in sign), so it never
//                 overshoots its points, and a rising set of points gives a rising curve. Past the
//                 first and last point it goes on as a straight line with the end's slope.
//   2. terraces   libnoise's Terrace with `terraces` = n even steps, control points at k / n:
//                 alpha = u n - k in step k; s = terrace_sharpness reshapes alpha to
//                 alpha + 2s (alpha^2 - alpha) for s <= 0.5 (s = 0.5: libnoise's alpha^2), and to
//                 alpha^2 + (2s - 1)(alpha^4 - alpha^2) above; u' = lerp(k/n, (k+1)/n, alpha').
//                 terrace_invert is libnoise's InvertTerraces (alpha -> 1 - alpha, ends swapped).
//                 Below 0 and above 1 the heights are held at 0 and 1, as libnoise holds them.
//   3. mask       the mask field m (mask_field: a complete set of parameters, with its own shaping,
//                 read at the same point, its unit height through its own nominal_range):
//                 min(u, m), max(u, m), u + m, u m, or select: libnoise's Select with the field
//                 as its control, (1 - a) u + a m with a = scurve3((u - (t - f)) / 2f) (0 below,
//                 1 above; a hard step at t when f = 0), t = mask_threshold, f = mask_falloff.
//   4. invert     u -> 1 - u
//   5. scale-bias u -> u scale + bias
//   6. clamp      u -> min(max(u, clamp_min), clamp_max)
// Each step with its default does nothing, and a stage where all do nothing is skipped: every
// existing preset draws the same bits as before.
//
// The mask field shares the field's view: it is read at the same noise-space point, at its own
// frequency relative to the field's (its octave 0 samples p * mask.frequency / frequency, folded
// into its octaves' scales as the warp's frequency is; with placement world p * mask.frequency,
// placement.hpp), so panning moves both together. Its own
// offsets, slice and tile are not read; while the field tiles, the mask repeats with the same tile
// (the frequency ratio must then be a whole number, validate says so). A mask field has no mask.
//
// Gradients (trace.hpp's value_gradient, the terrain's normals, normal8 exports): each step is
// differentiated by the chain rule on the same dual numbers as the octave sum, the curve by its
// cubic's derivative. Where a step has a kink the one-sided derivative of the side the point is on
// is returned: at the terrace edges u = k/n, where the slope of the height jumps from 1 + 2s at
// the end of a step to 1 - 2s at the start of the next (s <= 0.5; from 4s to 0 above: the cliff);
// at the clamp bounds and where min/max switch operand; and at libnoise's holds below 0 and
// above 1 (slope 0 outside). The curve itself is C1: no kink.
//
// Speed: the row kernels fill a chunk, the mask field's kernel fills the same chunk, and the
// stage runs on SIMD lanes (simd/shaping_kernel.cpp), the same IEEE operations in the same order
// as the scalar transcription (shape_value), so every pixel equals FractalNoise::at bit for bit.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "noise/enum_names.hpp"
#include "noise/params.hpp"

namespace noise {

// [SECTION] The remap curve ----------------------------------------------------------------

inline constexpr std::size_t curve_max_points = 16;

// Curves to start from, as control points: power (u^2: wider valleys), smoothstep (flatter tops
// and bottoms), plateau (rises early, then nearly flat), valley (flat floors, then steep sides).
enum class CurvePreset { linear, power, smoothstep, plateau, valley };
inline constexpr std::array<std::string_view, 5> curve_preset_names{"linear", "power", "smoothstep",
                                                                    "plateau", "valley"};
static_assert(names_match_enum<CurvePreset>(curve_preset_names));

std::vector<CurvePoint> curve_preset(CurvePreset preset);

// "" when the points make a curve: 2 to curve_max_points points, x and y finite in [0, 1], x
// strictly rising. Else one line naming the point, e.g.
// "curve: point 3 x '0.2' is not after point 2's 0.5: expected x strictly rising from 0 to 1".
std::string check_curve(std::span<const CurvePoint> points);

// Reads a curve from text: a preset's name ("plateau"), "none" (no curve), or points
// "x:y,x:y,..." ("0:0,0.5:0.8,1:1"). "" or one line, `points` unchanged on error.
std::string parse_curve(std::string_view text, std::vector<CurvePoint>& points);

// The text parse_curve reads back: "none" or "x:y,x:y,...".
std::string format_curve(std::span<const CurvePoint> points);

// [SECTION] The stage, resolved ------------------------------------------------------------

// One segment of the resolved curve: y = ((a t + b) t + c) t + d, t = (u - x0) * inv_h.
struct CurveSegment {
    double x0 = 0.0, inv_h = 1.0, a = 0.0, b = 0.0, c = 0.0, d = 0.0;
};

// Everything the stage needs, worked out once per field (FractalNoise holds one).
struct ShapingPlan {
    bool active = false;  // false: the stage is the identity and is skipped
    double lo = -1.0, span = 2.0, inv_span = 0.5;
    // The curve: knots x_0 < ... < x_{n-1}; segment j is used when exactly j knots are <= u:
    // segment 0 and n are the straight ends. No knots: no curve.
    std::vector<double> knots;
    std::vector<CurveSegment> segments;
    int terraces         = 0;
    double terrace_step  = 1.0;                         // 1 / terraces
    double sharpness_low = 1.0, sharpness_high = -1.0;  // 2s when s <= 0.5 (else -1), 2s - 1 above
    bool terrace_invert = false;
    MaskMode mask       = MaskMode::none;
    double mask_lo = -1.0, mask_span = 2.0, mask_inv_span = 0.5;  // the mask field's nominal range
    double select_low = 0.5, select_inv_width = 0.0;              // t - f and 1 / 2f (f > 0)
    double select_threshold = 0.5;                                // t, for f = 0
    bool invert             = false;
    double scale = 1.0, bias = 0.0;
    bool clamp       = false;
    double clamp_min = 0.0, clamp_max = 1.0;
};

// Whether params shape the field at all (any step away from its default).
bool has_shaping(const Params& params);

// params with every shaping step at its default (and no mask), and no layer stack or erosion
// (layer_stack.hpp and erosion.hpp, the stages after this one): the field before the stage.
Params without_shaping(const Params& params);

// Resolves the stage for valid params.
ShapingPlan make_shaping_plan(const Params& params);

// The stage on one raw value v (u = (v - lo) * inv_span: the reciprocals are multiplied, not
// divided, here and on the lanes alike), with the mask field's raw value (ignored without a mask): the
// scalar transcription the SIMD lanes equal bit for bit.
double shape_value(const ShapingPlan& plan, double v, double mask_v);

// The stage on a row, in place, on the CPU's widest SIMD target: values[i] = shape_value(plan,
// values[i], mask[i]); `mask` is read only with a mask (then at least values.size() long).
void shape_values(const ShapingPlan& plan, std::span<double> values, std::span<const double> mask);

}  // namespace noise
