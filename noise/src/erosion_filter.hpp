// erosion_filter.hpp (internal): the erosion filter of erosion.hpp, written once over a number type.
//
// On doubles it is erode_value, the reference every path evaluates; on dual numbers (dual.hpp),
// with the point, the unit height and the gradient as inputs that carry their own slopes, it
// returns the same value bit for bit with its exact gradient (trace.cpp's value_gradient). The
// steps are numbered as in erosion.hpp.
#pragma once

#include <cmath>
#include <cstdint>
#include <tuple>
#include <utility>

#include "dual.hpp"
#include "noise/erosion.hpp"
#include "noise/hashes.hpp"

namespace noise::detail {

// The blend's reach, in cells: the cells' points sit in the middle half of their cells, so every
// point within 1.25 of q lies in the 3 x 3 cells around it, and the own cell's point always does.
inline constexpr double erosion_reach2     = 1.25 * 1.25;
inline constexpr double erosion_inv_reach2 = 1.0 / erosion_reach2;
// The slope's floor, squared: keeps the direction across the slope defined on flat ground, where
// the depth (proportional to the slope) is then about 1e-6 of a spacing: nothing.
inline constexpr double erosion_slope_floor2 = 1e-12;

// The true modulo: a lattice index wrapped to [0, period) (period 0: not wrapped).
inline std::int64_t wrap_gully_cell(std::int64_t index, std::int64_t period) {
    if (period == 0) return index;
    const std::int64_t r = index % period;
    return r < 0 ? r + period : r;
}

// Step 2's wide hash of cell (ix, iy), in two links: the column's, then the row's (a row of cells
// shares the first link's start, a column of cells its first link).
inline std::uint64_t gully_column_hash(const ErosionOctave& octave, std::uint64_t start, std::int64_t ix) {
    return wide_link(start, 0, wrap_gully_cell(ix, octave.period_x));
}
inline std::uint64_t gully_cell_hash(const ErosionOctave& octave, std::uint64_t column, std::int64_t iy) {
    return wide_link(column, 1, wrap_gully_cell(iy, octave.period_y));
}

// The point a cell's hash puts in the middle half of the cell.
inline std::pair<double, double> gully_point_of(std::uint64_t h) {
    const double jx = static_cast<double>(h >> 40) * 0x1.0p-24;                // top 24 bits
    const double jy = static_cast<double>((h >> 16) & 0xFFFFFFu) * 0x1.0p-24;  // the next 24
    return {0.25 + 0.5 * jx, 0.25 + 0.5 * jy};
}

// Step 2: the point of cell (ix, iy), jittered into the middle half of the cell by the wide hash.
inline std::pair<double, double> gully_cell_point(const ErosionOctave& octave, std::int64_t ix,
                                                  std::int64_t iy) {
    const std::uint64_t column = gully_column_hash(octave, wide_start(octave.seed), ix);
    return gully_point_of(gully_cell_hash(octave, column, iy));
}

// The joined layout's point: anywhere in the cell (the hash's top 24 bits, then the next 24), so
// the points have no lattice in their spectrum: a point uniform over its cell averages
// exp(2 pi i k x) to 0 at every whole frequency k (the middle half's leaves 0.64 on the axes).
inline std::pair<double, double> joined_point_of(std::uint64_t h) {
    return {static_cast<double>(h >> 40) * 0x1.0p-24, static_cast<double>((h >> 16) & 0xFFFFFFu) * 0x1.0p-24};
}

template <class V>
struct GullyProfile {
    V y;      // the height of the profile, -1 on the gully line to +1 on the ridge
    V slope;  // dy / dt
};

// Step 3: the profile across one gully, t in [-1/2, 1/2) cells from its line, a = 2 |t|: straight
// walls y = 2a - 1, rounded into parabolas within plan.crease of the floor (written in t^2, so it
// is smooth through t = 0) and within plan.ridge of the crest (where t wraps, at +-1/2).
template <class V>
GullyProfile<V> gully_profile(const ErosionPlan& plan, const V& t) {
    using std::abs;
    const double side = value_of(t) < 0.0 ? -1.0 : 1.0;  // da/dt = 2 side
    const V a         = 2.0 * abs(t);
    if (value_of(a) < plan.crease) {  // y = a^2 / c + c - 1 = 4 t^2 / c + c - 1
        return {(t * t) * (4.0 / plan.crease) + V{plan.crease - 1.0}, t * (8.0 / plan.crease)};
    }
    const V b = 1.0 - a;             // how far the crest is
    if (value_of(b) < plan.ridge) {  // y = 1 - b^2 / r - r
        return {V{1.0 - plan.ridge} - (b * b) * (1.0 / plan.ridge), b * (4.0 * side / plan.ridge)};
    }
    return {2.0 * a - V{1.0}, V{4.0 * side}};
}

// Step 3 of the joined layout: the gully's phasor at t in [-1/2, 1/2) cells from its line, in
// parabolas (cos and sin of 2 pi t within 0.06, smooth to their first derivative): c = 1 - 16 t^2
// within a quarter of the line, 16 (1/2 - |t|)^2 - 1 past it; s = 8 t (1 - 2 |t|).
template <class V>
std::pair<V, V> gully_phasor(const V& t) {
    using std::abs;
    const V at    = abs(t);
    const V inner = 1.0 - (t * t) * 16.0;
    const V rim   = 0.5 - at;
    const V c     = value_of(at) <= 0.25 ? inner : (rim * rim) * 16.0 - V{1.0};
    return {c, (t * 8.0) * (1.0 - at * 2.0)};
}

// The phase's distance from the gully line, |phase| in [0, pi] of the blended phasor (c, s):
// atan2(|s|, c), from joined_atan on the octant.
template <class V>
V joined_angle(const V& c, const V& s) {
    using std::abs;
    const V ac       = abs(c);
    const V as       = abs(s);
    const bool lower = !(value_of(as) > value_of(ac));
    // The tiny term keeps 0 / 0 (c = s = 0) at 0; it leaves every other quotient as it is.
    const V r  = lower ? as / (ac + V{1e-300}) : ac / as;
    const V r2 = r * r;
    V poly{joined_atan[7]};
    for (int i = 6; i >= 0; --i) poly = poly * r2 + V{joined_atan[i]};
    V angle = r * poly;
    if (!lower) angle = V{joined_half_pi} - angle;
    if (value_of(c) < 0.0) angle = V{joined_pi} - angle;
    return angle;
}

// Steps 2 to 4 of the joined layout at q = (qx, qy), across the slope (cx, cy): the blended
// profile e and its slope de across the gullies.
template <class V>
std::pair<V, V> joined_blend(const ErosionPlan& plan, const ErosionOctave& octave, const V& qx, const V& qy,
                             const V& cx, const V& cy);

// Step 5's fade: (1 - valleys (1 - u)^2) (1 - peaks u^2), u clamped to [0, 1].
template <class V>
V gully_fade(const ErosionPlan& plan, const V& u) {
    const V held  = clamp01(u);
    const V below = 1.0 - held;
    return (1.0 - (below * below) * plan.valleys) * (1.0 - (held * held) * plan.peaks);
}

template <class V>
std::pair<V, V> joined_blend(const ErosionPlan& plan, const ErosionOctave& octave, const V& qx, const V& qy,
                             const V& cx, const V& cy) {
    using std::floor;
    // 2. The 4 x 4 cells around the lattice corner nearest q: cells mx - 2 .. mx + 1.
    const double mx           = std::floor(value_of(qx) + 0.5);
    const double my           = std::floor(value_of(qy) + 0.5);
    const V fx                = qx - V{mx};
    const V fy                = qy - V{my};
    const std::uint64_t start = wide_start(octave.seed);
    V weights{0.0}, cosine{0.0}, sine{0.0};
    for (int oy = -2; oy <= 1; ++oy) {
        for (int ox = -2; ox <= 1; ++ox) {
            const std::uint64_t column = gully_column_hash(octave, start, static_cast<std::int64_t>(mx) + ox);
            const auto [px, py] =
                joined_point_of(gully_cell_hash(octave, column, static_cast<std::int64_t>(my) + oy));
            const V dx = fx - V{ox + px};
            const V dy = fy - V{oy + py};
            const V r2 = dx * dx + dy * dy;
            if (!(value_of(r2) < joined_reach2)) continue;
            // 4. The weight; 3. the gully's phasor at its distance across the slope, wrapped.
            const V fall        = 1.0 - r2 * joined_inv_reach2;
            const V w           = fall * fall * fall;
            const V across      = dx * cx + dy * cy;
            const V t           = across - V{std::floor(value_of(across) + 0.5)};
            const auto [pc, ps] = gully_phasor(t);
            weights             = weights + w;
            cosine              = cosine + w * pc;
            sine                = sine + w * ps;
        }
    }
    // The blended phase, back to a distance across the gully (side * |phase| / 2 pi), and its
    // profile, faded where the phasors cancel.
    const V angle                 = joined_angle(cosine, sine);
    const V t                     = angle * (value_of(sine) < 0.0 ? -joined_inv_two_pi : joined_inv_two_pi);
    const GullyProfile<V> profile = gully_profile(plan, t);
    const V coherence             = (cosine * cosine + sine * sine) / (weights * weights);
    const V keep                  = coherence / (coherence + V{joined_fade2});
    return {keep * profile.y, keep * profile.slope};
}

// The whole stage at (x, y) on the raw value v with its gradient (gx, gy).
template <class V>
V erode(const ErosionPlan& plan, const V& x, const V& y, const V& v, V gx, V gy) {
    using std::sqrt;
    V u = (v - V{plan.lo}) * plan.inv_span;  // unit heights, as shaping.hpp's
    gx  = gx * plan.inv_span;
    gy  = gy * plan.inv_span;
    for (const ErosionOctave& octave : plan.octaves) {
        // 1. The slope, and the direction across it: gullies run down the slope, along G.
        const V slope = sqrt(gx * gx + gy * gy + V{erosion_slope_floor2});
        const V cx    = (0.0 - gy) / slope;
        const V cy    = gx / slope;
        // 2. The cell grid around q = p f_k.
        const V qx = x * octave.frequency;
        const V qy = y * octave.frequency;
        V e{0.0}, de{0.0};
        if (plan.joined) {
            std::tie(e, de) = joined_blend(plan, octave, qx, qy, cx, cy);
        } else {
            const double ix = std::floor(value_of(qx));
            const double iy = std::floor(value_of(qy));
            const V fx      = qx - V{ix};
            const V fy      = qy - V{iy};
            V weights{0.0}, height{0.0}, walls{0.0};
            for (int oy = -1; oy <= 1; ++oy) {
                for (int ox = -1; ox <= 1; ++ox) {
                    const auto [px, py] = gully_cell_point(octave, static_cast<std::int64_t>(ix) + ox,
                                                           static_cast<std::int64_t>(iy) + oy);
                    const V dx          = fx - V{ox + px};
                    const V dy          = fy - V{oy + py};
                    const V r2          = dx * dx + dy * dy;
                    if (!(value_of(r2) < erosion_reach2)) continue;
                    // 4. The weight, a smooth bump around the cell's point.
                    const V fall = 1.0 - r2 * erosion_inv_reach2;
                    const V w    = fall * fall * fall;
                    // 3. This cell's gully: the distance across the slope from its line, wrapped.
                    const V across                = dx * cx + dy * cy;
                    const V t                     = across - V{std::floor(value_of(across) + 0.5)};
                    const GullyProfile<V> profile = gully_profile(plan, t);
                    weights                       = weights + w;
                    height                        = height + w * profile.y;
                    walls                         = walls + w * profile.slope;
                }
            }
            e  = height / weights;
            de = walls / weights;
        }
        // 5. The carving: the drop across one gully, times the profile below the ridges.
        V depth = slope * octave.depth;
        if (plan.drainage != 0.0) depth = depth * (slope / (slope + V{plan.drainage}));
        if (plan.peaks != 0.0 || plan.valleys != 0.0) depth = depth * gully_fade(plan, u);
        u = u - depth * (1.0 - e) * 0.5;
        // 6. The slope of the walls just carved steers the next octave's gullies: they branch.
        const V turn = depth * de * (0.5 * octave.frequency);
        gx           = gx + turn * cx;
        gy           = gy + turn * cy;
    }
    return V{plan.lo} + u * plan.span;
}

}  // namespace noise::detail
