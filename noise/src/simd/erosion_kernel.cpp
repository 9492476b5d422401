// The erosion filter (erosion_filter.hpp's erode<double>) on SIMD lanes, one pixel per lane.
//
// Operation for operation the scalar steps, numbered as there: the same IEEE operations on the
// same operands in the same order (no fused multiply-adds: the library is built with
// -ffp-contract=off, and Highway's Mul and Add are single instructions). Every branch of the
// scalar code is taken here as a comparison and a blend of both sides: a cell out of reach keeps
// the sums as they were (IfThenElse, not adding a zero weight, which could differ in a NaN or a
// -0), the profile's three pieces are all computed and the one the scalar code would take is
// kept. std::clamp(u, 0, 1) is "u < 0 ? 0 : 1 < u ? 1 : u", written so; floor is Highway's Floor,
// exact like std::floor. So every target gives erode_value's bits.
//
// Step 2's points come from the row's bands (erosion_rows.hpp), gathered by cell index; the last
// pixels of a row that do not fill a vector take the scalar reference.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/erosion_kernel.cpp"
#include <hwy/foreach_target.h>  // re-includes this file once per target
#include <hwy/highway.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>

#include "erosion_filter.hpp"
#include "erosion_rows.hpp"
#include "simd/hash_simd-inl.h"

HWY_BEFORE_NAMESPACE();
namespace noise {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using D  = hn::ScalableTag<double>;
using DI = hn::RebindToSigned<D>;
using VD = hn::Vec<D>;

// Step 3 and 4's sums for one octave: weights, height and walls, as erode's inner loops add them.
struct Blend {
    VD weights, height, walls;
};

// Steps 3 and 4's constants, the scalar code's expressions, worked out once per row and kept as
// vectors: inside the cell loop the compiler may not hoist a division out of the code a branch
// skips (it could trap) and divided again per cell, and it broadcast the others anew.
struct ProfileTerms {
    VD crease, crease_k, crease_c, crease_s;   // c, 4 / c, c - 1, 8 / c
    VD ridge, ridge_top, ridge_k, ridge_s[2];  // r, 1 - r, 1 / r, 4 side / r (side -1, +1)
    VD wall_s[2];                              // 4 side
    VD reach2, inv_reach2;                     // the blend's reach, squared, and its inverse
    VD joined_reach2, joined_inv_reach2;       // the joined layout's
    explicit ProfileTerms(const ErosionPlan& plan)
        : crease(hn::Set(D(), plan.crease)),
          crease_k(hn::Set(D(), 4.0 / plan.crease)),
          crease_c(hn::Set(D(), plan.crease - 1.0)),
          crease_s(hn::Set(D(), 8.0 / plan.crease)),
          ridge(hn::Set(D(), plan.ridge)),
          ridge_top(hn::Set(D(), 1.0 - plan.ridge)),
          ridge_k(hn::Set(D(), 1.0 / plan.ridge)),
          ridge_s{hn::Set(D(), 4.0 * -1.0 / plan.ridge), hn::Set(D(), 4.0 * 1.0 / plan.ridge)},
          wall_s{hn::Set(D(), 4.0 * -1.0), hn::Set(D(), 4.0 * 1.0)},
          reach2(hn::Set(D(), detail::erosion_reach2)),
          inv_reach2(hn::Set(D(), detail::erosion_inv_reach2)),
          joined_reach2(hn::Set(D(), noise::joined_reach2)),
          joined_inv_reach2(hn::Set(D(), noise::joined_inv_reach2)) {}
};

// Step 3's profile: y and dy/dt of the gully at t (erosion_filter.hpp's gully_profile).
HWY_INLINE void Profile(const ProfileTerms& plan, VD t, VD& y, VD& slope) {
    const D d;
    const VD one = hn::Set(d, 1.0), two = hn::Set(d, 2.0);
    const auto negative  = hn::Lt(t, hn::Zero(d));  // side = -1
    const VD a           = hn::Mul(two, hn::Abs(t));
    const VD b           = hn::Sub(one, a);
    const VD crease_y    = hn::Add(hn::Mul(hn::Mul(t, t), plan.crease_k), plan.crease_c);
    const VD crease_s    = hn::Mul(t, plan.crease_s);
    const VD ridge_y     = hn::Sub(plan.ridge_top, hn::Mul(hn::Mul(b, b), plan.ridge_k));
    const VD ridge_s     = hn::Mul(b, hn::IfThenElse(negative, plan.ridge_s[0], plan.ridge_s[1]));
    const VD wall_y      = hn::Sub(hn::Mul(two, a), one);
    const VD wall_s      = hn::IfThenElse(negative, plan.wall_s[0], plan.wall_s[1]);
    const auto in_crease = hn::Lt(a, plan.crease);
    const auto in_ridge  = hn::Lt(b, plan.ridge);
    y                    = hn::IfThenElse(in_crease, crease_y, hn::IfThenElse(in_ridge, ridge_y, wall_y));
    slope                = hn::IfThenElse(in_crease, crease_s, hn::IfThenElse(in_ridge, ridge_s, wall_s));
}

// Steps 3 and 4 for one cell of every lane: the cell's (c - 1) + px (`shifted`), dy and dy * dy
// (the band's, erode's own operations on the cell's point and the row's fy), at fx in the lane's
// cell, across the slope (cx, cy); added to the sums where the point is within reach.
HWY_INLINE void AddCell(const ProfileTerms& plan, VD fx, VD cx, VD cy, VD shifted, VD dy, VD dy2,
                        Blend& sum) {
    const D d;
    const VD dx     = hn::Sub(fx, shifted);
    const VD r2     = hn::Add(hn::Mul(dx, dx), dy2);
    const auto near = hn::Lt(r2, plan.reach2);
    if (hn::AllFalse(d, near)) return;
    const VD fall   = hn::Sub(hn::Set(d, 1.0), hn::Mul(r2, plan.inv_reach2));
    const VD w      = hn::Mul(hn::Mul(fall, fall), fall);
    const VD across = hn::Add(hn::Mul(dx, cx), hn::Mul(dy, cy));
    const VD t      = hn::Sub(across, hn::Floor(hn::Add(across, hn::Set(d, 0.5))));
    VD y, slope;
    Profile(plan, t, y, slope);
    sum.weights = hn::IfThenElse(near, hn::Add(sum.weights, w), sum.weights);
    sum.height  = hn::IfThenElse(near, hn::Add(sum.height, hn::Mul(w, y)), sum.height);
    sum.walls   = hn::IfThenElse(near, hn::Add(sum.walls, hn::Mul(w, slope)), sum.walls);
}

// The Size x Size block of band entries whose first column is band column ix - band.ix_lo and
// whose first row is the band's first (the band's layout: the 3 x 3 cells around ix, or the 4 x 4
// around the nearest corner), row by row, each entry handed to add(shifted, dy, dy2) with every
// lane's own values. Along a row the lanes' cells are neighbours (at most a few cells apart):
// then one load of a band row from the lowest lane's column + c holds every lane's entry c
// columns over, and a lane takes its own by a permute. Lanes further apart (few lanes, fine
// gullies) gather theirs.
template <std::size_t Size, class Add>
HWY_INLINE void ForEachCell(const detail::GullyBand& band, VD ix, Add add) {
    const D d;
    const DI di;
    const std::size_t lanes = hn::Lanes(d);
    const double lowest     = hn::GetLane(hn::MinOfLanes(d, ix));
    const double highest    = hn::GetLane(hn::MaxOfLanes(d, ix));
    if (highest - lowest + static_cast<double>(Size) <= static_cast<double>(lanes)) {
        // Band column of the lowest lane's first cell, and each lane's cell counted from `lowest`.
        const auto first = static_cast<std::size_t>(lowest - band.ix_lo);
        const auto local = hn::IndicesFromVec(d, hn::ConvertTo(di, hn::Sub(ix, hn::Set(d, lowest))));
        for (std::size_t r = 0; r < Size; ++r) {
            for (std::size_t c = 0; c < Size; ++c) {
                const std::size_t at = r * band.columns + first + c;
                add(hn::TableLookupLanes(hn::LoadU(d, band.shifted[c] + at), local),
                    hn::TableLookupLanes(hn::LoadU(d, band.dy + at), local),
                    hn::TableLookupLanes(hn::LoadU(d, band.dy2 + at), local));
            }
        }
        return;
    }
    const auto column = hn::ConvertTo(di, hn::Sub(ix, hn::Set(d, band.ix_lo)));
    for (std::size_t r = 0; r < Size; ++r) {
        for (std::size_t c = 0; c < Size; ++c) {
            const auto index = hn::Add(column, hn::Set(di, static_cast<std::int64_t>(r * band.columns + c)));
            add(hn::GatherIndex(d, band.shifted[c], index), hn::GatherIndex(d, band.dy, index),
                hn::GatherIndex(d, band.dy2, index));
        }
    }
}

// Steps 3 and 4 over the 3 x 3 cells around the lanes' cells ix, in erode's order.
HWY_INLINE Blend Cells(const ProfileTerms& plan, const detail::GullyBand& band, VD ix, VD fx, VD cx, VD cy) {
    const D d;
    Blend sum{hn::Zero(d), hn::Zero(d), hn::Zero(d)};
    ForEachCell<3>(band, ix,
                   [&](VD shifted, VD dy, VD dy2) { AddCell(plan, fx, cx, cy, shifted, dy, dy2, sum); });
    return sum;
}

// The joined layout's sums for one octave: weights and the phasor's two parts.
struct Phasors {
    VD weights, cosine, sine;
};

// Steps 3 and 4 of the joined layout for one cell of every lane (erosion_filter.hpp's joined_blend,
// its loop body): the weight and the gully's phasor, added where the point is within reach.
HWY_INLINE void AddPhasor(const ProfileTerms& plan, VD fx, VD cx, VD cy, VD shifted, VD dy, VD dy2,
                          Phasors& sum) {
    const D d;
    const VD dx     = hn::Sub(fx, shifted);
    const VD r2     = hn::Add(hn::Mul(dx, dx), dy2);
    const auto near = hn::Lt(r2, plan.joined_reach2);
    if (hn::AllFalse(d, near)) return;
    const VD one    = hn::Set(d, 1.0);
    const VD fall   = hn::Sub(one, hn::Mul(r2, plan.joined_inv_reach2));
    const VD w      = hn::Mul(hn::Mul(fall, fall), fall);
    const VD across = hn::Add(hn::Mul(dx, cx), hn::Mul(dy, cy));
    const VD t      = hn::Sub(across, hn::Floor(hn::Add(across, hn::Set(d, 0.5))));
    // gully_phasor
    const VD sixteen = hn::Set(d, 16.0);
    const VD at      = hn::Abs(t);
    const VD inner   = hn::Sub(one, hn::Mul(hn::Mul(t, t), sixteen));
    const VD rim     = hn::Sub(hn::Set(d, 0.5), at);
    const VD outer   = hn::Sub(hn::Mul(hn::Mul(rim, rim), sixteen), one);
    const VD c       = hn::IfThenElse(hn::Le(at, hn::Set(d, 0.25)), inner, outer);
    const VD s       = hn::Mul(hn::Mul(t, hn::Set(d, 8.0)), hn::Sub(one, hn::Mul(at, hn::Set(d, 2.0))));
    sum.weights      = hn::IfThenElse(near, hn::Add(sum.weights, w), sum.weights);
    sum.cosine       = hn::IfThenElse(near, hn::Add(sum.cosine, hn::Mul(w, c)), sum.cosine);
    sum.sine         = hn::IfThenElse(near, hn::Add(sum.sine, hn::Mul(w, s)), sum.sine);
}

// Steps 3 and 4 of the joined layout over the 4 x 4 cells around the lanes' nearest corners mx, in
// joined_blend's order (oy, then ox).
HWY_INLINE Phasors JoinedCells(const ProfileTerms& plan, const detail::GullyBand& band, VD mx, VD fx, VD cx,
                               VD cy) {
    const D d;
    Phasors sum{hn::Zero(d), hn::Zero(d), hn::Zero(d)};
    ForEachCell<4>(band, mx,
                   [&](VD shifted, VD dy, VD dy2) { AddPhasor(plan, fx, cx, cy, shifted, dy, dy2, sum); });
    return sum;
}

// joined_blend's end: the blended phase's distance across the gully, its profile, faded where
// the phasors cancel; e and de.
HWY_INLINE void JoinedProfile(const ProfileTerms& terms, const Phasors& sum, VD& e, VD& de) {
    const D d;
    // joined_angle
    const VD ac     = hn::Abs(sum.cosine);
    const VD as     = hn::Abs(sum.sine);
    const auto high = hn::Gt(as, ac);
    // One division of the quotient each lane takes (ac / as or as / (ac + tiny)), not both.
    const VD r =
        hn::Div(hn::IfThenElse(high, ac, as), hn::IfThenElse(high, as, hn::Add(ac, hn::Set(d, 1e-300))));
    const VD r2 = hn::Mul(r, r);
    VD poly     = hn::Set(d, noise::joined_atan[7]);
    for (int i = 6; i >= 0; --i) poly = hn::Add(hn::Mul(poly, r2), hn::Set(d, noise::joined_atan[i]));
    VD angle = hn::Mul(r, poly);
    angle    = hn::IfThenElse(high, hn::Sub(hn::Set(d, noise::joined_half_pi), angle), angle);
    angle =
        hn::IfThenElse(hn::Lt(sum.cosine, hn::Zero(d)), hn::Sub(hn::Set(d, noise::joined_pi), angle), angle);
    const VD t =
        hn::Mul(angle, hn::IfThenElse(hn::Lt(sum.sine, hn::Zero(d)), hn::Set(d, -noise::joined_inv_two_pi),
                                      hn::Set(d, noise::joined_inv_two_pi)));
    VD y, slope;
    Profile(terms, t, y, slope);
    const VD coherence = hn::Div(hn::Add(hn::Mul(sum.cosine, sum.cosine), hn::Mul(sum.sine, sum.sine)),
                                 hn::Mul(sum.weights, sum.weights));
    const VD keep      = hn::Div(coherence, hn::Add(coherence, hn::Set(d, noise::joined_fade2)));
    e                  = hn::Mul(keep, y);
    de                 = hn::Mul(keep, slope);
}

// A vector of pixels' state between octaves: the unit height and the gradient.
struct Carving {
    VD u, gx, gy;
};

// Octave k of erode<double> on one vector of pixels at x.
HWY_INLINE Carving ErodeOctave(const ErosionPlan& plan, const ProfileTerms& terms,
                               const ErosionOctave& octave, const detail::GullyBand& band, VD x, Carving in) {
    const D d;
    const VD one = hn::Set(d, 1.0), zero = hn::Zero(d), half = hn::Set(d, 0.5);
    const VD u = in.u, gx = in.gx, gy = in.gy;
    // 1. The slope and the direction across it.
    const VD slope = hn::Sqrt(
        hn::Add(hn::Add(hn::Mul(gx, gx), hn::Mul(gy, gy)), hn::Set(d, detail::erosion_slope_floor2)));
    const VD cx = hn::Div(hn::Sub(zero, gy), slope);
    const VD cy = hn::Div(gx, slope);
    // 2. The cells (the row's fy and the cells' dy: the band's).
    const VD qx = hn::Mul(x, hn::Set(d, octave.frequency));
    VD e, de;
    if (plan.joined) {
        // 3, 4. The gullies of the 4 x 4 cells around the nearest corner, their phases blended.
        const VD mx = hn::Floor(hn::Add(qx, half));
        JoinedProfile(terms, JoinedCells(terms, band, mx, hn::Sub(qx, mx), cx, cy), e, de);
    } else {
        // 3, 4. The gullies of the 3 x 3 cells, blended.
        const VD ix     = hn::Floor(qx);
        const Blend sum = Cells(terms, band, ix, hn::Sub(qx, ix), cx, cy);
        e               = hn::Div(sum.height, sum.weights);
        de              = hn::Div(sum.walls, sum.weights);
    }
    // 5. The carving.
    VD depth = hn::Mul(slope, hn::Set(d, octave.depth));
    if (plan.drainage != 0.0)
        depth = hn::Mul(depth, hn::Div(slope, hn::Add(slope, hn::Set(d, plan.drainage))));
    if (plan.peaks != 0.0 || plan.valleys != 0.0) {
        const VD held  = hn::IfThenElse(hn::Lt(u, zero), zero, hn::IfThenElse(hn::Lt(one, u), one, u));
        const VD below = hn::Sub(one, held);
        const VD fade  = hn::Mul(hn::Sub(one, hn::Mul(hn::Mul(below, below), hn::Set(d, plan.valleys))),
                                 hn::Sub(one, hn::Mul(hn::Mul(held, held), hn::Set(d, plan.peaks))));
        depth          = hn::Mul(depth, fade);
    }
    // 6. The walls just carved turn the gradient.
    const VD turn = hn::Mul(hn::Mul(depth, de), hn::Set(d, 0.5 * octave.frequency));
    return {hn::Sub(u, hn::Mul(hn::Mul(depth, hn::Sub(one, e)), half)), hn::Add(gx, hn::Mul(turn, cx)),
            hn::Add(gy, hn::Mul(turn, cy))};
}

// The whole vectors of the row; returns how many pixels were done. Octave by octave over a block
// of pixels (their state kept between octaves), not pixel by pixel through every octave: the
// vectors of one octave are independent, so the next one's cells run while this one's divisions
// finish.
std::size_t ErodeRow(const ErosionPlan& plan, const detail::GullyBand* bands, const double* x,
                     const double* v, const double* gx, const double* gy, double* out, std::size_t count) {
    const D d;
    const std::size_t lanes = hn::Lanes(d);
    const ProfileTerms terms(plan);
    constexpr std::size_t block = 256;
    HWY_ALIGN double state_u[block], state_gx[block], state_gy[block];
    const VD inv_span = hn::Set(d, plan.inv_span);
    std::size_t start = 0;
    for (; start + lanes <= count; start += block) {
        const std::size_t size = std::min(block, (count - start) / lanes * lanes);
        const double* xs       = x + start;
        for (std::size_t i = 0; i < size; i += lanes) {  // unit heights, as erode's
            hn::Store(hn::Mul(hn::Sub(hn::LoadU(d, v + start + i), hn::Set(d, plan.lo)), inv_span), d,
                      state_u + i);
            hn::Store(hn::Mul(hn::LoadU(d, gx + start + i), inv_span), d, state_gx + i);
            hn::Store(hn::Mul(hn::LoadU(d, gy + start + i), inv_span), d, state_gy + i);
        }
        for (std::size_t k = 0; k < plan.octaves.size(); ++k) {
            for (std::size_t i = 0; i < size; i += lanes) {
                const Carving carved = ErodeOctave(
                    plan, terms, plan.octaves[k], bands[k], hn::LoadU(d, xs + i),
                    {hn::Load(d, state_u + i), hn::Load(d, state_gx + i), hn::Load(d, state_gy + i)});
                hn::Store(carved.u, d, state_u + i);
                hn::Store(carved.gx, d, state_gx + i);
                hn::Store(carved.gy, d, state_gy + i);
            }
        }
        for (std::size_t i = 0; i < size; i += lanes)
            hn::StoreU(hn::Add(hn::Set(d, plan.lo), hn::Mul(hn::Load(d, state_u + i), hn::Set(d, plan.span))),
                       d, out + start + i);
        if (size < block) return start + size;
    }
    return start;
}

// Step 2's points of one octave's band and what the cells loop reads of them (GullyBand), on
// lanes: the wide hash of cell (column, row) is mix64(column's link + row index * K_y), the
// column's link once per column (hash_simd-inl.h's WideLink), then the same integer and double
// operations as gully_point_of (or joined_point_of) and erode's dx, dy on each point. `column`
// holds the wrapped cell indices of the band's columns, padded to whole vectors; rows[r] the
// wrapped index of cell row r of the band (band.span of them). Vectors may run past a row's end
// into the next row (written after it) or the padding.
void FillBand(const ErosionOctave& octave, bool joined, const std::int64_t* column, const std::int64_t* rows,
              double fy, std::uint64_t* column_hash, detail::GullyBand& band) {
    const hash_lanes::DU du;
    const D d;
    const DI di;
    const std::size_t lanes = hn::Lanes(d);
    const auto start        = hn::Set(du, wide_start(octave.seed));
    for (std::size_t j = 0; j < band.columns; j += lanes)
        hn::StoreU(hash_lanes::WideLink(start, 0, hn::LoadU(di, column + j)), du, column_hash + j);
    const VD scale = hn::Set(d, 0x1.0p-24), quarter = hn::Set(d, 0.25), half = hn::Set(d, 0.5);
    const int reach = joined ? 2 : 1;
    for (std::size_t r = 0; r < band.span; ++r) {
        const auto row = hn::Set(du, static_cast<std::uint64_t>(rows[r]) * wide_axis_factor[1]);
        const VD oy    = hn::Set(d, static_cast<double>(static_cast<int>(r) - reach));
        for (std::size_t j = 0; j < band.columns; j += lanes) {
            const auto h        = hash_lanes::Mix64(hn::Add(hn::LoadU(du, column_hash + j), row));
            const auto top      = hn::BitCast(di, hn::ShiftRight<40>(h));
            const auto next     = hn::BitCast(di, hn::And(hn::ShiftRight<16>(h), hn::Set(du, 0xFFFFFFu)));
            const VD jx         = hn::Mul(hn::ConvertTo(d, top), scale);
            const VD jy         = hn::Mul(hn::ConvertTo(d, next), scale);
            const VD px         = joined ? jx : hn::Add(quarter, hn::Mul(half, jx));
            const VD py         = joined ? jy : hn::Add(quarter, hn::Mul(half, jy));
            const std::size_t i = r * band.columns + j;
            for (std::size_t c = 0; c < band.span; ++c)
                hn::StoreU(hn::Add(hn::Set(d, static_cast<double>(static_cast<int>(c) - reach)), px), d,
                           band.shifted[c] + i);
            const VD dy = hn::Sub(hn::Set(d, fy), hn::Add(oy, py));
            hn::StoreU(dy, d, band.dy + i);
            hn::StoreU(hn::Mul(dy, dy), d, band.dy2 + i);
        }
    }
}

}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace noise {
HWY_EXPORT(ErodeRow);
HWY_EXPORT(FillBand);

namespace detail {

namespace {

// The lowest and the highest of x (not empty) in lo and hi; false if one is NaN. Four running
// pairs, so that each comparison need not wait for the one before (one pair was 2 % of a filter
// preset's render, the comparisons in a chain). Which of -0 and +0 comes out does not matter:
// only floor(x f) is read from them.
bool x_range(std::span<const double> x, double& lo, double& hi) {
    double low[4] = {x[0], x[0], x[0], x[0]}, high[4] = {x[0], x[0], x[0], x[0]};
    bool nan      = false;
    std::size_t i = 0;
    for (; i + 4 <= x.size(); i += 4)
        for (std::size_t j = 0; j < 4; ++j) {
            const double xi = x[i + j];
            nan             = nan | (xi != xi);
            low[j]          = xi < low[j] ? xi : low[j];
            high[j]         = high[j] < xi ? xi : high[j];
        }
    for (; i < x.size(); ++i) {
        nan     = nan | (x[i] != x[i]);
        low[0]  = x[i] < low[0] ? x[i] : low[0];
        high[0] = high[0] < x[i] ? x[i] : high[0];
    }
    lo = std::min({low[0], low[1], low[2], low[3]});
    hi = std::max({high[0], high[1], high[2], high[3]});
    return !nan;
}

}  // namespace

GullyBands gully_bands(const ErosionPlan& plan, double y, std::span<const double> x) {
    GullyBands bands;
    if (x.empty()) return bands;
    // floor(x f) is monotonic in x (so is the rounding of x f): the cells of the lowest and the
    // highest x bound every pixel's cell, as erode finds them (floor(x f)).
    double x_min = 0.0, x_max = 0.0;
    if (!x_range(x, x_min, x_max)) return {};  // no cell at all: no band
    // Past the last row of each array, room for one vector's load from any column (Cells) and for
    // FillBand's last vector: 32 doubles, more than any target's lanes.
    constexpr std::size_t padding = 32;
    std::size_t total = 0, widest = 0;
    // The cells layout's pixels are in cell floor(x f), the joined one's at corner floor(x f + 1/2).
    const double shift     = plan.joined ? 0.5 : 0.0;
    const std::size_t span = plan.joined ? 4 : 3;
    for (const ErosionOctave& octave : plan.octaves) {
        const double ends[2] = {
            plan.joined ? std::floor(x_min * octave.frequency + shift) : std::floor(x_min * octave.frequency),
            plan.joined ? std::floor(x_max * octave.frequency + shift)
                        : std::floor(x_max * octave.frequency)};
        const double lo = ends[1] < ends[0] ? ends[1] : ends[0], hi = ends[1] < ends[0] ? ends[0] : ends[1];
        // Cells the int64 cell index of erode cannot hold (or no cell at all, NaN): no band.
        if (!(std::abs(lo) < 0x1.0p52) || !(std::abs(hi) < 0x1.0p52)) return {};
        // A band wider than the row (plus the cells around it) costs more hashes than the pixels'
        // own cells: every pixel then lies in a cell of its own, or the coordinates are huge.
        if (!(hi - lo <= 2.0 * static_cast<double>(x.size()) + 16.0)) return {};
        GullyBand band;
        band.ix_lo   = lo;
        band.columns = static_cast<std::size_t>(hi - lo) + span;
        band.span    = span;
        total += (span + 2) * (span * band.columns + padding);
        widest = std::max(widest, band.columns);
        bands.octaves.push_back(band);
    }
    bands.storage = std::make_unique_for_overwrite<double[]>(total);
    std::vector<std::int64_t> column(widest + padding);
    std::vector<std::uint64_t> column_hash(widest + padding);
    double* next = bands.storage.get();
    for (std::size_t k = 0; k < plan.octaves.size(); ++k) {
        const ErosionOctave& octave = plan.octaves[k];
        GullyBand& band             = bands.octaves[k];
        for (double*& array :
             {std::ref(band.shifted[0]), std::ref(band.shifted[1]), std::ref(band.shifted[2]),
              std::ref(band.shifted[3]), std::ref(band.dy), std::ref(band.dy2)}) {
            if (&array == &band.shifted[3] && span == 3) continue;
            array = next;
            next += span * band.columns + padding;
            std::fill(array + span * band.columns, next, 0.0);  // loaded, never read
        }
        const std::int64_t reach = plan.joined ? 2 : 1;
        const auto first         = static_cast<std::int64_t>(band.ix_lo) - reach;
        for (std::size_t j = 0; j < band.columns + padding; ++j)
            column[j] = wrap_gully_cell(first + static_cast<std::int64_t>(j), octave.period_x);
        const double qy = y * octave.frequency;
        const double iy = plan.joined ? std::floor(qy + shift) : std::floor(qy);
        const double fy = qy - iy;  // as erode's (joined_blend's)
        std::int64_t rows[4]{};
        for (std::size_t r = 0; r < span; ++r)
            rows[r] = wrap_gully_cell(static_cast<std::int64_t>(iy) - reach + static_cast<std::int64_t>(r),
                                      octave.period_y);
        HWY_DYNAMIC_DISPATCH(FillBand)
        (octave, plan.joined, column.data(), rows, fy, column_hash.data(), band);
    }
    return bands;
}

void erode_row(const ErosionPlan& plan, double y, std::span<const double> x, std::span<const double> v,
               std::span<const double> gx, std::span<const double> gy, std::span<double> out) {
    const std::size_t count = out.size();
    if (x.size() != count || v.size() != count || gx.size() != count || gy.size() != count)
        throw std::invalid_argument("erode_row: the rows differ in length");
    std::size_t done       = 0;
    const GullyBands bands = gully_bands(plan, y, x);
    if (!bands.octaves.empty() || plan.octaves.empty())
        done = HWY_DYNAMIC_DISPATCH(ErodeRow)(plan, bands.octaves.data(), x.data(), v.data(), gx.data(),
                                              gy.data(), out.data(), count);
    for (std::size_t i = done; i < count; ++i) out[i] = erode_value(plan, x[i], y, v[i], gx[i], gy[i]);
}

}  // namespace detail
}  // namespace noise
#endif  // HWY_ONCE
