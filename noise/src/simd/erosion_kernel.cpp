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

#include <cmath>
#include <cstddef>
#include <span>
#include <stdexcept>

#include "erosion_filter.hpp"
#include "erosion_rows.hpp"

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

// Step 3's profile: y and dy/dt of the gully at t (erosion_filter.hpp's gully_profile).
HWY_INLINE void Profile(const ErosionPlan& plan, VD t, VD& y, VD& slope) {
    const D d;
    const VD one = hn::Set(d, 1.0), two = hn::Set(d, 2.0);
    const auto negative = hn::Lt(t, hn::Zero(d));  // side = -1
    const VD a          = hn::Mul(two, hn::Abs(t));
    const VD b          = hn::Sub(one, a);
    const VD crease_y =
        hn::Add(hn::Mul(hn::Mul(t, t), hn::Set(d, 4.0 / plan.crease)), hn::Set(d, plan.crease - 1.0));
    const VD crease_s = hn::Mul(t, hn::Set(d, 8.0 / plan.crease));
    const VD ridge_y =
        hn::Sub(hn::Set(d, 1.0 - plan.ridge), hn::Mul(hn::Mul(b, b), hn::Set(d, 1.0 / plan.ridge)));
    const VD ridge_s = hn::Mul(
        b, hn::IfThenElse(negative, hn::Set(d, 4.0 * -1.0 / plan.ridge), hn::Set(d, 4.0 * 1.0 / plan.ridge)));
    const VD wall_y      = hn::Sub(hn::Mul(two, a), one);
    const VD wall_s      = hn::IfThenElse(negative, hn::Set(d, 4.0 * -1.0), hn::Set(d, 4.0 * 1.0));
    const auto in_crease = hn::Lt(a, hn::Set(d, plan.crease));
    const auto in_ridge  = hn::Lt(b, hn::Set(d, plan.ridge));
    y                    = hn::IfThenElse(in_crease, crease_y, hn::IfThenElse(in_ridge, ridge_y, wall_y));
    slope                = hn::IfThenElse(in_crease, crease_s, hn::IfThenElse(in_ridge, ridge_s, wall_s));
}

// Step 2's points of the 3 x 3 cells around the lanes' cells ix (the row's cell iy), from the band:
// px[oy + 1][ox + 1] for cell (ix + ox, iy + oy). Along a row the lanes' cells are neighbours (at
// most a few cells apart): then one load of each band row holds every lane's 3 cells, and a lane
// takes its own by a permute. Lanes further apart (few lanes, fine gullies) gather theirs.
HWY_INLINE void Points(const detail::GullyBand& band, VD ix, VD (&px)[3][3], VD (&py)[3][3]) {
    const D d;
    const DI di;
    const std::size_t lanes = hn::Lanes(d);
    const double lowest     = hn::GetLane(hn::MinOfLanes(d, ix));
    const double highest    = hn::GetLane(hn::MaxOfLanes(d, ix));
    if (highest - lowest + 3.0 <= static_cast<double>(lanes)) {
        // Band column of cell `lowest - 1`, and each lane's cell - 1 counted from there.
        const auto first = static_cast<std::size_t>(lowest - band.ix_lo);
        const auto local = hn::ConvertTo(di, hn::Sub(ix, hn::Set(d, lowest)));
        for (int r = 0; r < 3; ++r) {
            const std::size_t at = static_cast<std::size_t>(r) * band.columns + first;
            const VD row_x = hn::LoadU(d, band.px.data() + at), row_y = hn::LoadU(d, band.py.data() + at);
            for (int c = 0; c < 3; ++c) {
                const auto index = hn::IndicesFromVec(d, hn::Add(local, hn::Set(di, c)));
                px[r][c]         = hn::TableLookupLanes(row_x, index);
                py[r][c]         = hn::TableLookupLanes(row_y, index);
            }
        }
        return;
    }
    const auto column = hn::ConvertTo(di, hn::Sub(ix, hn::Set(d, band.ix_lo)));
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
            const auto index = hn::Add(column, hn::Set(di, c + static_cast<std::int64_t>(r * band.columns)));
            px[r][c]         = hn::GatherIndex(d, band.px.data(), index);
            py[r][c]         = hn::GatherIndex(d, band.py.data(), index);
        }
    }
}

// Steps 3 and 4 over the 3 x 3 cells around the lanes' cells ix, at (fx, fy) in the cell, across
// the slope (cx, cy).
HWY_INLINE Blend Cells(const ErosionPlan& plan, const detail::GullyBand& band, VD ix, VD fx, double fy, VD cx,
                       VD cy) {
    const D d;
    const VD reach2 = hn::Set(d, detail::erosion_reach2), inv_reach2 = hn::Set(d, detail::erosion_inv_reach2);
    const VD one = hn::Set(d, 1.0), half = hn::Set(d, 0.5);
    VD px[3][3], py[3][3];
    Points(band, ix, px, py);
    Blend sum{hn::Zero(d), hn::Zero(d), hn::Zero(d)};
    for (int oy = -1; oy <= 1; ++oy) {
        for (int ox = -1; ox <= 1; ++ox) {
            const VD dx = hn::Sub(fx, hn::Add(hn::Set(d, static_cast<double>(ox)), px[oy + 1][ox + 1]));
            const VD dy =
                hn::Sub(hn::Set(d, fy), hn::Add(hn::Set(d, static_cast<double>(oy)), py[oy + 1][ox + 1]));
            const VD r2     = hn::Add(hn::Mul(dx, dx), hn::Mul(dy, dy));
            const auto near = hn::Lt(r2, reach2);
            if (hn::AllFalse(d, near)) continue;
            const VD fall   = hn::Sub(one, hn::Mul(r2, inv_reach2));
            const VD w      = hn::Mul(hn::Mul(fall, fall), fall);
            const VD across = hn::Add(hn::Mul(dx, cx), hn::Mul(dy, cy));
            const VD t      = hn::Sub(across, hn::Floor(hn::Add(across, half)));
            VD y, slope;
            Profile(plan, t, y, slope);
            sum.weights = hn::IfThenElse(near, hn::Add(sum.weights, w), sum.weights);
            sum.height  = hn::IfThenElse(near, hn::Add(sum.height, hn::Mul(w, y)), sum.height);
            sum.walls   = hn::IfThenElse(near, hn::Add(sum.walls, hn::Mul(w, slope)), sum.walls);
        }
    }
    return sum;
}

// One vector of pixels through every octave (erode<double>).
VD ErodeLanes(const ErosionPlan& plan, const detail::GullyBand* bands, double y, VD x, VD v, VD gx, VD gy) {
    const D d;
    const VD one = hn::Set(d, 1.0), zero = hn::Zero(d), half = hn::Set(d, 0.5);
    const VD inv_span = hn::Set(d, plan.inv_span);
    VD u              = hn::Mul(hn::Sub(v, hn::Set(d, plan.lo)), inv_span);
    gx                = hn::Mul(gx, inv_span);
    gy                = hn::Mul(gy, inv_span);
    const bool fades  = plan.peaks != 0.0 || plan.valleys != 0.0;
    for (std::size_t k = 0; k < plan.octaves.size(); ++k) {
        const ErosionOctave& octave = plan.octaves[k];
        // 1. The slope and the direction across it.
        const VD slope = hn::Sqrt(
            hn::Add(hn::Add(hn::Mul(gx, gx), hn::Mul(gy, gy)), hn::Set(d, detail::erosion_slope_floor2)));
        const VD cx = hn::Div(hn::Sub(zero, gy), slope);
        const VD cy = hn::Div(gx, slope);
        // 2. The cells: the row's y is the same in every lane.
        const VD qx     = hn::Mul(x, hn::Set(d, octave.frequency));
        const double qy = y * octave.frequency;
        const VD ix     = hn::Floor(qx);
        const VD fx     = hn::Sub(qx, ix);
        const double fy = qy - std::floor(qy);
        // 3, 4. The gullies of the 3 x 3 cells, blended.
        const Blend sum = Cells(plan, bands[k], ix, fx, fy, cx, cy);
        const VD e      = hn::Div(sum.height, sum.weights);
        const VD de     = hn::Div(sum.walls, sum.weights);
        // 5. The carving.
        VD depth = hn::Mul(slope, hn::Set(d, octave.depth));
        if (fades) {
            const VD held  = hn::IfThenElse(hn::Lt(u, zero), zero, hn::IfThenElse(hn::Lt(one, u), one, u));
            const VD below = hn::Sub(one, held);
            const VD fade  = hn::Mul(hn::Sub(one, hn::Mul(hn::Mul(below, below), hn::Set(d, plan.valleys))),
                                     hn::Sub(one, hn::Mul(hn::Mul(held, held), hn::Set(d, plan.peaks))));
            depth          = hn::Mul(depth, fade);
        }
        u = hn::Sub(u, hn::Mul(hn::Mul(depth, hn::Sub(one, e)), half));
        // 6. The walls just carved turn the gradient.
        const VD turn = hn::Mul(hn::Mul(depth, de), hn::Set(d, 0.5 * octave.frequency));
        gx            = hn::Add(gx, hn::Mul(turn, cx));
        gy            = hn::Add(gy, hn::Mul(turn, cy));
    }
    return hn::Add(hn::Set(d, plan.lo), hn::Mul(u, hn::Set(d, plan.span)));
}

// The whole vectors of the row; returns how many pixels were done.
std::size_t ErodeRow(const ErosionPlan& plan, const detail::GullyBand* bands, double y, const double* x,
                     const double* v, const double* gx, const double* gy, double* out, std::size_t count) {
    const D d;
    const std::size_t lanes = hn::Lanes(d);
    std::size_t i           = 0;
    for (; i + lanes <= count; i += lanes) {
        const VD eroded = ErodeLanes(plan, bands, y, hn::LoadU(d, x + i), hn::LoadU(d, v + i),
                                     hn::LoadU(d, gx + i), hn::LoadU(d, gy + i));
        hn::StoreU(eroded, d, out + i);
    }
    return i;
}

}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace noise {
HWY_EXPORT(ErodeRow);

namespace detail {

std::vector<GullyBand> gully_bands(const ErosionPlan& plan, double y, std::span<const double> x) {
    std::vector<GullyBand> bands;
    if (x.empty()) return bands;
    for (const ErosionOctave& octave : plan.octaves) {
        // The cells exactly as erode finds them: floor(x f) for each pixel.
        double lo = std::floor(x[0] * octave.frequency), hi = lo;
        for (const double xi : x) {
            const double ix = std::floor(xi * octave.frequency);
            // Cells the int64 cell index of erode cannot hold, or no cell at all (NaN): no band.
            if (!(std::abs(ix) < 0x1.0p52)) return {};
            lo = ix < lo ? ix : lo;
            hi = hi < ix ? ix : hi;
        }
        // A band wider than the row (plus the cells around it) costs more hashes than the pixels'
        // own cells: every pixel then lies in a cell of its own, or the coordinates are huge.
        if (!(hi - lo <= 2.0 * static_cast<double>(x.size()) + 16.0)) return {};
        GullyBand band;
        band.ix_lo               = lo;
        band.columns             = static_cast<std::size_t>(hi - lo) + 3;
        const std::int64_t first = static_cast<std::int64_t>(lo) - 1;
        const std::int64_t iy    = static_cast<std::int64_t>(std::floor(y * octave.frequency));
        // Past the last row, room for one vector's load from any column (Points).
        band.px.resize(3 * band.columns + 16);
        band.py.resize(3 * band.columns + 16);
        for (std::size_t r = 0; r < 3; ++r) {
            for (std::size_t j = 0; j < band.columns; ++j) {
                const auto [px, py]           = gully_cell_point(octave, first + static_cast<std::int64_t>(j),
                                                                 iy - 1 + static_cast<std::int64_t>(r));
                band.px[r * band.columns + j] = px;
                band.py[r * band.columns + j] = py;
            }
        }
        bands.push_back(std::move(band));
    }
    return bands;
}

void erode_row(const ErosionPlan& plan, double y, std::span<const double> x, std::span<const double> v,
               std::span<const double> gx, std::span<const double> gy, std::span<double> out) {
    const std::size_t count = out.size();
    if (x.size() != count || v.size() != count || gx.size() != count || gy.size() != count)
        throw std::invalid_argument("erode_row: the rows differ in length");
    std::size_t done                   = 0;
    const std::vector<GullyBand> bands = gully_bands(plan, y, x);
    if (!bands.empty() || plan.octaves.empty())
        done = HWY_DYNAMIC_DISPATCH(ErodeRow)(plan, bands.data(), y, x.data(), v.data(), gx.data(), gy.data(),
                                              out.data(), count);
    for (std::size_t i = done; i < count; ++i) out[i] = erode_value(plan, x[i], y, v[i], gx[i], gy[i]);
}

}  // namespace detail
}  // namespace noise
#endif  // HWY_ONCE
