// 2D gradient noise with its exact gradient on SIMD lanes: trace.cpp's dual numbers, lane-wise.
//
// shaped_value_gradient reads the field as dual numbers (dual.hpp): perlin.cpp's steps on a value
// that carries its slopes, then the fractal sum (octave_sum.hpp) on the same numbers. Here each
// lane is one pixel's dual number, its value and its slopes along x and y (DualLanes), and every
// operation is dual.hpp's, on the same operands in the same order: the products by a zero slope
// too (0 * v is -0 for a negative v, and a -0 can survive a sum), so no slope is "known to be 0"
// and skipped. The rest is what the value kernels do to be exact (lattice_simd-inl.h): no fused
// multiply-adds, selections by lane masks, the same hashes from BlockHasher. So every lane gives
// the reference's bits, on every target.
//
// One octave over a chunk of a row:
//   1. cells: x per lane (CellsFor, as the value kernels), y for the whole row, and each axis'
//      curve with its slope: s = Dual::along(axis, s(t), s'(t));
//   2. the corners' gradient bytes, from BlockHasher;
//   3. per corner the dual number {g . (f - corner), g}: the dot product, and the gradient
//      vector itself as the same dot product with the unit vectors (perlin.cpp's gradient_vector);
//   4. the blend along x, then y (lerp on dual numbers), the octave's scale on the slopes, and
//      the fractal sum's step, per pixel.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/gradient_kernel.cpp"
#include <hwy/foreach_target.h>  // re-includes this file once per target
#include <hwy/highway.h>

#include <algorithm>
#include <numbers>
#include <stdexcept>

#include "dual.hpp"
#include "erosion_stage.hpp"
#include "gradient_rows.hpp"
#include "noise/algorithms.hpp"
#include "shaping_stage.hpp"
#include "simd/dual_lanes-inl.h"
#include "simd/lattice_simd-inl.h"
#include "stack_rows.hpp"

HWY_BEFORE_NAMESPACE();
namespace noise {
namespace HWY_NAMESPACE {

// [SECTION] Step 1: the curves' slopes (interpolate.hpp's *_slope, lane-wise) -------------------

template <Interpolation curve>
HWY_INLINE VF CurveSlopeLanes(VF t) {
    const DF d;
    const VF one = hn::Set(d, 1.0);
    if constexpr (curve == Interpolation::smoothstep)
        return hn::Mul(hn::Mul(hn::Set(d, 6.0), t), hn::Sub(one, t));
    if constexpr (curve == Interpolation::quintic)
        return hn::Mul(hn::Mul(hn::Mul(hn::Set(d, 30.0), t), t),
                       hn::Add(hn::Mul(t, hn::Sub(t, hn::Set(d, 2.0))), one));
    if constexpr (curve == Interpolation::cosine) {
        const VF rest   = hn::Sub(one, t);
        const VF nearer = hn::IfThenElse(hn::Lt(rest, t), rest, t);  // std::min(t, 1 - t)
        const VF s      = SinPiLanes(hn::Mul(nearer, hn::Set(d, 0.5)));
        return hn::Mul(hn::Mul(hn::Set(d, std::numbers::pi), s), hn::Sqrt(hn::Sub(one, hn::Mul(s, s))));
    }
    return one;  // linear
}

// [SECTION] Step 3: a corner's dual number, per gradient set ---------------------------------

// Ken Perlin's gradients (the z = 0 slice of the 3D set): the dot product of lattice_simd-inl.h,
// with the distance and with each unit vector.
struct ImprovedDual {
    static DualLanes Corner(const double*, VI h, VF dist_x, VF dist_y) {
        const DF d;
        const VF one = hn::Set(d, 1.0), zero = hn::Zero(d);
        const VF dist[2] = {dist_x, dist_y}, along_x[2] = {one, zero}, along_y[2] = {zero, one};
        return {ImprovedGradientDot<2>(h, dist), ImprovedGradientDot<2>(h, along_x),
                ImprovedGradientDot<2>(h, along_y)};
    }
};

// Perlin 1985's random unit vectors: ((0 + g0 d0) + g1 d1), for the distance and each unit vector.
struct RandomDual {
    static DualLanes Corner(const double* random_gradient, VI h, VF dist_x, VF dist_y) {
        const DF d;
        const DI di;
        HWY_ALIGN std::int64_t hashes[max_lanes];
        HWY_ALIGN double g[2][max_lanes];
        hn::Store(h, di, hashes);
        for (std::size_t lane = 0; lane < hn::Lanes(d); ++lane)
            for (int axis = 0; axis < 2; ++axis) g[axis][lane] = random_gradient[hashes[lane] * 2 + axis];
        const VF g0 = hn::Load(d, g[0]), g1 = hn::Load(d, g[1]), one = hn::Set(d, 1.0), zero = hn::Zero(d);
        const auto dot = [&](VF a, VF b) { return hn::Add(hn::Add(zero, hn::Mul(g0, a)), hn::Mul(g1, b)); };
        return {dot(dist_x, dist_y), dot(one, zero), dot(zero, one)};
    }
};

// [SECTION] Shaping on dual numbers (shaping_stage.hpp's shape<Dual>, lane-wise) ------------------

HWY_INLINE DualLanes ShapeDual(const ShapingPlan& plan, const DualLanes& v) {
    const DF d;
    DualLanes u = Scaled(hn::Set(d, plan.inv_span), Minus(v, Constant(plan.lo)));
    if (!plan.knots.empty()) u = CurveDual(plan, u);
    if (plan.invert) u = OneMinus(u);
    if (plan.scale != 1.0 || plan.bias != 0.0)
        u = Plus(Scaled(hn::Set(d, plan.scale), u), Constant(plan.bias));
    if (plan.clamp) {
        const DualLanes low = Constant(plan.clamp_min), high = Constant(plan.clamp_max);
        u = Pick(hn::Lt(u.value, low.value), u, low);    // max_of(u, low)
        u = Pick(hn::Lt(high.value, u.value), u, high);  // min_of(u, high)
    }
    return Plus(Constant(plan.lo), Scaled(hn::Set(d, plan.span), u));
}

// [SECTION] The chunk: octaves, then the fractal sum on dual numbers ---------------------------

// A chunk's running sums per pixel: the total and (ridged) the previous crest's weight.
struct DualRows {
    HWY_ALIGN double value[padded_capacity], dx[padded_capacity], dy[padded_capacity];

    DualLanes Load(int i) const {
        const DF d;
        return {hn::Load(d, value + i), hn::Load(d, dx + i), hn::Load(d, dy + i)};
    }
    void Store(const DualLanes& v, int i) {
        const DF d;
        hn::Store(v.value, d, value + i);
        hn::Store(v.dx, d, dx + i);
        hn::Store(v.dy, d, dy + i);
    }
    void Fill(double start, int padded) {  // Dual{start}: the slopes +0
        std::fill(value, value + padded, start);
        std::fill(dx, dx + padded, 0.0);
        std::fill(dy, dy + padded, 0.0);
    }
};

// octave_sum.hpp's step for one octave's dual number n at pixels i ...
HWY_INLINE void AddOctaveDual(Fractal fractal, VF amplitude, const DualLanes& n, int i, DualRows& total,
                              DualRows& weight) {
    DualLanes share;
    switch (fractal) {
        case Fractal::fbm:
            share = Scaled(amplitude, n);
            break;
        case Fractal::turbulence:
            share = Scaled(amplitude, Absolute(n));
            break;
        case Fractal::ridged: {
            DualLanes crest = OneMinus(Absolute(n));
            crest           = Times(crest, Times(crest, weight.Load(i)));
            weight.Store(Clamped01(Scaled(hn::Set(DF(), 2.0), crest)), i);
            share = Scaled(amplitude, crest);
            break;
        }
    }
    total.Store(Plus(total.Load(i), share), i);
}

template <Interpolation curve, class Gradient>
void FieldGradientChunk(const FractalNoise& noise, const RowSpec& row, int count, double* value, double* gx,
                        double* gy) {
    const DF d;
    const int lanes      = static_cast<int>(hn::Lanes(d));
    const int padded     = (count + lanes - 1) / lanes * lanes;
    const Params& params = noise.params();
    HWY_ALIGN double x[padded_capacity];
    HWY_ALIGN std::int64_t cell_x[padded_capacity];
    HWY_ALIGN double frac_x[padded_capacity];
    HWY_ALIGN double weight_x[padded_capacity];
    HWY_ALIGN std::int64_t table[BlockHasher<2, 2>::capacity];
    DualRows total, weight;
    total.Fill(0.0, padded);
    weight.Fill(1.0, padded);
    // render.hpp's pixel model, as FillChunkFields computes it.
    const VF step = hn::Set(d, row.x_step), origin = hn::Set(d, row.x_origin);
    const VF advance = hn::Set(d, static_cast<double>(lanes));
    VF centre        = hn::Add(hn::Iota(d, static_cast<double>(row.first)), hn::Set(d, 0.5));
    for (int i = 0; i < padded; i += lanes, centre = hn::Add(centre, advance))
        hn::Store(hn::Add(origin, hn::Mul(centre, step)), d, x + i);

    const auto octaves = noise.octaves();
    for (const OctaveSetup& setup : octaves) {
        CellsFor(setup, curve, x, padded, cell_x, frac_x, weight_x);  // 1. THE CELLS
        RowCells cells;
        cells.cell[1]        = cell_of(octave_coordinate(setup, 1, row.y));
        const double frac_y  = cells.cell[1].frac;
        cells.weight[1]      = blend_weight(curve, frac_y);
        const DualLanes s_y  = {hn::Set(d, cells.weight[1]), hn::Zero(d),
                                hn::Set(d, blend_slope(curve, frac_y))};
        const VF dist_y[2]   = {hn::Set(d, frac_y - 0.0), hn::Set(d, frac_y - 1.0)};
        const double* random = setup.lattice->random_gradient(2, 0);
        OctaveInputs in{setup.lattice, random,   setup.period, cells,  cell_x,
                        frac_x,        weight_x, padded,       nullptr};
        const BlockHasher<2, 2> hasher(in, 0, table, true);  // 2. THE CORNERS' GRADIENT BYTES
        const VF scale = hn::Set(d, setup.scale), amplitude = hn::Set(d, setup.amplitude);
        for (int i = 0; i < padded; i += lanes) {
            VI hash[4];
            hasher.hashes(i, hash);
            const VF fx        = hn::Load(d, frac_x + i);
            const VF dist_x[2] = {hn::Sub(fx, hn::Set(d, 0.0)), hn::Sub(fx, hn::Set(d, 1.0))};
            DualLanes corner[4];  // 3. {g . (f - corner), g}
            for (int n = 0; n < 4; ++n)
                corner[n] = Gradient::Corner(random, hash[n], dist_x[n % 2], dist_y[n / 2]);
            const DualLanes s_x = {hn::Load(d, weight_x + i), CurveSlopeLanes<curve>(fx), hn::Zero(d)};
            DualLanes n =
                LerpDual(s_y, LerpDual(s_x, corner[0], corner[1]), LerpDual(s_x, corner[2], corner[3]));
            n.dx = hn::Mul(n.dx, scale);  // 4. the chain rule through the octave's scale
            n.dy = hn::Mul(n.dy, scale);
            AddOctaveDual(params.fractal, amplitude, n, i, total, weight);
        }
    }
    const VF divisor        = hn::Set(d, noise.divisor());
    const ShapingPlan& plan = noise.shaping();
    const bool shapes_here  = plan.active && detail::shaped_on_lanes(plan);
    for (int i = 0; i < padded; i += lanes) {
        const DualLanes sum = total.Load(i);
        DualLanes field{hn::Div(sum.value, divisor), hn::Div(sum.dx, divisor), hn::Div(sum.dy, divisor)};
        if (shapes_here) field = ShapeDual(plan, field);
        total.Store(field, i);
    }
    std::copy(total.value, total.value + count, value);
    std::copy(total.dx, total.dx + count, gx);
    std::copy(total.dy, total.dy + count, gy);
}

template <Interpolation curve>
void FieldGradientForCurve(const FractalNoise& noise, const RowSpec& row, int count, double* value,
                           double* gx, double* gy) {
    if (noise.params().gradients == Gradients::random)
        return FieldGradientChunk<curve, RandomDual>(noise, row, count, value, gx, gy);
    FieldGradientChunk<curve, ImprovedDual>(noise, row, count, value, gx, gy);
}

// The unshaped field's value and gradient for `count` (<= detail::max_chunk) pixels of `row`.
void FieldGradientRow(const FractalNoise& noise, const RowSpec& row, int count, double* value, double* gx,
                      double* gy) {
    switch (noise.params().interpolation) {
        case Interpolation::linear:
            return FieldGradientForCurve<Interpolation::linear>(noise, row, count, value, gx, gy);
        case Interpolation::cosine:
            return FieldGradientForCurve<Interpolation::cosine>(noise, row, count, value, gx, gy);
        case Interpolation::smoothstep:
            return FieldGradientForCurve<Interpolation::smoothstep>(noise, row, count, value, gx, gy);
        case Interpolation::quintic:
        case Interpolation::cubic:  // not covered (gradient_rows_cover)
            break;
    }
    FieldGradientForCurve<Interpolation::quintic>(noise, row, count, value, gx, gy);
}

}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace noise {
HWY_EXPORT(FieldGradientRow);

namespace detail {

bool gradient_rows_cover(const FractalNoise& noise) {
    const Params& params = noise.params();
    return params.algorithm == Algorithm::perlin && params.dimension == 2 &&
           (params.gradients == Gradients::improved || params.gradients == Gradients::random) &&
           params.interpolation != Interpolation::cubic && !noise.has_warp() && !noise.has_rotated_layer() &&
           kernels_cover(noise.octaves()) && noise.shaping().mask == MaskMode::none;
}

void shaped_gradient_row(const FractalNoise& noise, const RowSpec& row, double step, std::span<double> value,
                         std::span<double> gx, std::span<double> gy) {
    if (gx.size() != value.size() || gy.size() != value.size())
        throw std::invalid_argument("shaped_gradient_row: the rows differ in length");
    const Params& params = noise.params();
    if (!gradient_rows_cover(noise)) {
        for (std::size_t i = 0; i < value.size(); ++i) {
            const Point p{row.pixel_x(i), row.y, params.z, params.w};
            const ValueGradient field = shaped_value_gradient(noise, p, step);
            value[i]                  = field.value;
            gx[i]                     = field.gradient[0];
            gy[i]                     = field.gradient[1];
        }
        return;
    }
    const ShapingPlan& shaping = noise.shaping();
    for (std::size_t start = 0; start < value.size(); start += max_chunk) {
        const int count = static_cast<int>(std::min<std::size_t>(max_chunk, value.size() - start));
        RowSpec part    = row;
        part.first += static_cast<int>(start);
        HWY_DYNAMIC_DISPATCH(FieldGradientRow)
        (noise, part, count, value.data() + start, gx.data() + start, gy.data() + start);
        if (!shaping.active || shaped_on_lanes(shaping)) continue;
        // Shaping on dual.hpp's numbers, pixel by pixel (trace.cpp's `shaped`, without a mask).
        for (std::size_t i = start; i < start + static_cast<std::size_t>(count); ++i) {
            const Dual shaped = shape<Dual>(shaping, Dual{value[i], {gx[i], gy[i], 0.0, 0.0}}, Dual{});
            value[i]          = shaped.value;
            gx[i]             = shaped.slope[0];
            gy[i]             = shaped.slope[1];
        }
    }
    // The layers above layer 1, on the rows of layer 1's value and gradient.
    if (noise.stack() != nullptr) stack_gradient_row(*noise.stack(), row, step, value, gx, gy);
}

}  // namespace detail
}  // namespace noise
#endif  // HWY_ONCE
