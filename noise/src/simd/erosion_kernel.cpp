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

// Steps 3 and 4 for one cell of every lane: the cell's (c - 1) + px (`shifted`), dy and dy * dy
// (the band's, erode's own operations on the cell's point and the row's fy), at fx in the lane's
// cell, across the slope (cx, cy); added to the sums where the point is within reach.
HWY_INLINE void AddCell(const ErosionPlan& plan, VD fx, VD cx, VD cy, VD shifted, VD dy, VD dy2, Blend& sum) {
    const D d;
    const VD dx     = hn::Sub(fx, shifted);
    const VD r2     = hn::Add(hn::Mul(dx, dx), dy2);
    const auto near = hn::Lt(r2, hn::Set(d, detail::erosion_reach2));
    if (hn::AllFalse(d, near)) return;
    const VD fall   = hn::Sub(hn::Set(d, 1.0), hn::Mul(r2, hn::Set(d, detail::erosion_inv_reach2)));
    const VD w      = hn::Mul(hn::Mul(fall, fall), fall);
    const VD across = hn::Add(hn::Mul(dx, cx), hn::Mul(dy, cy));
    const VD t      = hn::Sub(across, hn::Floor(hn::Add(across, hn::Set(d, 0.5))));
    VD y, slope;
    Profile(plan, t, y, slope);
    sum.weights = hn::IfThenElse(near, hn::Add(sum.weights, w), sum.weights);
    sum.height  = hn::IfThenElse(near, hn::Add(sum.height, hn::Mul(w, y)), sum.height);
    sum.walls   = hn::IfThenElse(near, hn::Add(sum.walls, hn::Mul(w, slope)), sum.walls);
}

// Steps 3 and 4 over the 3 x 3 cells around the lanes' cells ix, in erode's order (oy, then ox).
// Along a row the lanes' cells are neighbours (at most a few cells apart): then one load of a band
// row from the lowest lane's cell - 1 + c holds every lane's cell c - 1 columns over, and a lane
// takes its own by a permute. Lanes further apart (few lanes, fine gullies) gather theirs.
HWY_INLINE Blend Cells(const ErosionPlan& plan, const detail::GullyBand& band, VD ix, VD fx, VD cx, VD cy) {
    const D d;
    const DI di;
    Blend sum{hn::Zero(d), hn::Zero(d), hn::Zero(d)};
    const std::size_t lanes = hn::Lanes(d);
    const double lowest     = hn::GetLane(hn::MinOfLanes(d, ix));
    const double highest    = hn::GetLane(hn::MaxOfLanes(d, ix));
    if (highest - lowest + 3.0 <= static_cast<double>(lanes)) {
        // Band column of cell `lowest - 1`, and each lane's cell counted from `lowest`.
        const auto first = static_cast<std::size_t>(lowest - band.ix_lo);
        const auto local = hn::IndicesFromVec(d, hn::ConvertTo(di, hn::Sub(ix, hn::Set(d, lowest))));
        for (std::size_t r = 0; r < 3; ++r) {
            for (std::size_t c = 0; c < 3; ++c) {
                const std::size_t at = r * band.columns + first + c;
                AddCell(plan, fx, cx, cy,
                        hn::TableLookupLanes(hn::LoadU(d, band.shifted[c].data() + at), local),
                        hn::TableLookupLanes(hn::LoadU(d, band.dy.data() + at), local),
                        hn::TableLookupLanes(hn::LoadU(d, band.dy2.data() + at), local), sum);
            }
        }
        return sum;
    }
    const auto column = hn::ConvertTo(di, hn::Sub(ix, hn::Set(d, band.ix_lo)));
    for (std::size_t r = 0; r < 3; ++r) {
        for (std::size_t c = 0; c < 3; ++c) {
            const auto index = hn::Add(column, hn::Set(di, static_cast<std::int64_t>(r * band.columns + c)));
            AddCell(plan, fx, cx, cy, hn::GatherIndex(d, band.shifted[c].data(), index),
                    hn::GatherIndex(d, band.dy.data(), index), hn::GatherIndex(d, band.dy2.data(), index),
                    sum);
        }
    }
    return sum;
}

// One vector of pixels through every octave (erode<double>).
VD ErodeLanes(const ErosionPlan& plan, const detail::GullyBand* bands, VD x, VD v, VD gx, VD gy) {
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
        // (fy and the cells' dy: the band's).
        const VD qx = hn::Mul(x, hn::Set(d, octave.frequency));
        const VD ix = hn::Floor(qx);
        const VD fx = hn::Sub(qx, ix);
        // 3, 4. The gullies of the 3 x 3 cells, blended.
        const Blend sum = Cells(plan, bands[k], ix, fx, cx, cy);
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
std::size_t ErodeRow(const ErosionPlan& plan, const detail::GullyBand* bands, const double* x,
                     const double* v, const double* gx, const double* gy, double* out, std::size_t count) {
    const D d;
    const std::size_t lanes = hn::Lanes(d);
    std::size_t i           = 0;
    for (; i + lanes <= count; i += lanes) {
        const VD eroded = ErodeLanes(plan, bands, hn::LoadU(d, x + i), hn::LoadU(d, v + i),
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
    // floor(x f) is monotonic in x (so is the rounding of x f): the cells of the lowest and the
    // highest x bound every pixel's cell, as erode finds them (floor(x f)).
    double x_min = x[0], x_max = x[0];
    for (const double xi : x) {
        if (std::isnan(xi)) return {};  // no cell at all: no band
        x_min = xi < x_min ? xi : x_min;
        x_max = x_max < xi ? xi : x_max;
    }
    std::vector<std::uint64_t> column_hash;
    for (const ErosionOctave& octave : plan.octaves) {
        const double ends[2] = {std::floor(x_min * octave.frequency), std::floor(x_max * octave.frequency)};
        const double lo = ends[1] < ends[0] ? ends[1] : ends[0], hi = ends[1] < ends[0] ? ends[0] : ends[1];
        // Cells the int64 cell index of erode cannot hold (or no cell at all, NaN): no band.
        if (!(std::abs(lo) < 0x1.0p52) || !(std::abs(hi) < 0x1.0p52)) return {};
        // A band wider than the row (plus the cells around it) costs more hashes than the pixels'
        // own cells: every pixel then lies in a cell of its own, or the coordinates are huge.
        if (!(hi - lo <= 2.0 * static_cast<double>(x.size()) + 16.0)) return {};
        GullyBand band;
        band.ix_lo               = lo;
        band.columns             = static_cast<std::size_t>(hi - lo) + 3;
        const std::int64_t first = static_cast<std::int64_t>(lo) - 1;
        const double qy          = y * octave.frequency;
        const double fy          = qy - std::floor(qy);  // as ErodeLanes' scalar fy was
        const auto iy            = static_cast<std::int64_t>(std::floor(qy));
        // Past the last row, room for one vector's load from any column (Cells).
        const std::size_t size = 3 * band.columns + 16;
        for (std::vector<double>& shifted : band.shifted) shifted.resize(size);
        band.dy.resize(size);
        band.dy2.resize(size);
        const std::uint64_t start = wide_start(octave.seed);
        column_hash.resize(band.columns);
        for (std::size_t j = 0; j < band.columns; ++j)
            column_hash[j] = gully_column_hash(octave, start, first + static_cast<std::int64_t>(j));
        for (std::size_t r = 0; r < 3; ++r) {
            const std::int64_t cell_row = iy - 1 + static_cast<std::int64_t>(r);
            const double oy             = static_cast<double>(static_cast<int>(r) - 1);
            for (std::size_t j = 0; j < band.columns; ++j) {
                const auto [px, py] = gully_point_of(gully_cell_hash(octave, column_hash[j], cell_row));
                const std::size_t i = r * band.columns + j;
                for (int c = 0; c < 3; ++c)
                    band.shifted[static_cast<std::size_t>(c)][i] = static_cast<double>(c - 1) + px;
                const double dy = fy - (oy + py);
                band.dy[i]      = dy;
                band.dy2[i]     = dy * dy;
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
        done = HWY_DYNAMIC_DISPATCH(ErodeRow)(plan, bands.data(), x.data(), v.data(), gx.data(), gy.data(),
                                              out.data(), count);
    for (std::size_t i = done; i < count; ++i) out[i] = erode_value(plan, x[i], y, v[i], gx[i], gy[i]);
}

}  // namespace detail
}  // namespace noise
#endif  // HWY_ONCE
