// simd/lattice_simd-inl.h (internal): the lattice steps of the noise algorithms, on SIMD lanes.
//
// Compiled once per Highway target (AVX-512, AVX2, SSE4 and the portable fallback) by the
// kernels that include it through hwy/foreach_target.h. Every step here is the lane-wise twin of
// a step of the readable reference (lattice.hpp, interpolate.hpp, perlin.cpp, value.cpp,
// fractal.cpp) and does the same IEEE operations in the same order, so each lane gives the same
// bits as the reference at that point. Decisions that make that true:
// - no fused multiply-add anywhere: `noise/` is compiled with -ffp-contract=off, and the lanes
//   use Mul then Add, never MulAdd (FMA rounds once, not twice, so it changes the last bit);
// - the cosine curve is interpolate.hpp's own polynomial, not libm's cos;
// - selections (gradients, signs) are lane masks choosing values; +-1 factors only multiply,
//   which is exact.
//
// One octave over a chunk of a row (at most detail::max_chunk pixels):
//   1. cells: each octave scales (and with octave offsets shifts) the point as
//      fractal.hpp's octave_coordinate does; the x axis varies per lane (clamp, floor, frac and
//      the curve's weight per pixel); the other axes are the same for the whole row, so their
//      cells and weights are plain doubles;
//   2. hashing: Ken Perlin's chain p[p[p[X] + Y] + Z]. Only its x link differs between the
//      lanes, so the hashes of every lattice point the chunk touches (one period of the lattice
//      at most) go into a table once, and each lane reads its points from the table (BlockHasher);
//   3. the values at the lattice points: gradient . distance, or the hashed value;
//   4. the blend along x (per-lane weights), then y, z, w (row-constant weights).
// The octave loop runs outside the pixel loop; the fractal sum is accumulated per pixel in the
// same order as FractalNoise::at.
#if defined(NOISE_SIMD_LATTICE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef NOISE_SIMD_LATTICE_INL_H_
#undef NOISE_SIMD_LATTICE_INL_H_
#else
#define NOISE_SIMD_LATTICE_INL_H_
#endif

#include <hwy/highway.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <type_traits>

#include "kernel_plan.hpp"
#include "lattice_span.hpp"
#include "noise/interpolate.hpp"
#include "noise/lattice.hpp"
#include "simd/exact_quotient-inl.h"
#include "simd/hash_simd-inl.h"

HWY_BEFORE_NAMESPACE();
namespace noise {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using DF = hn::ScalableTag<double>;
using DI = hn::RebindToSigned<DF>;
using VF = hn::Vec<DF>;
using VI = hn::Vec<DI>;

using detail::first_lattice_offset;
using detail::ipow;

// The most lanes a vector has on any target. Scratch arrays hold a chunk rounded up to whole
// vectors, and reads two vectors wide past a table's last entry stay inside the table.
constexpr int max_lanes       = 16;
constexpr int padded_capacity = detail::max_chunk + max_lanes;

// [SECTION] Step 1: cells --------------------------------------------------------------------

// The row-constant axes 1..3 of one octave: their cells and (two-point curves) blend weights.
struct RowCells {
    std::array<Cell, 4> cell{};
    std::array<double, 4> weight{};  // blend_weight(curve, frac), or frac itself for cubic
};

// One octave over one chunk, as the octave functions below see it.
struct OctaveInputs {
    const Lattice* lattice;
    const double* random_gradient;  // the lattice's random unit vectors of this dimension
    std::int64_t period;
    RowCells row;
    const std::int64_t* cell_x;                // per pixel: floor(x)
    const double* frac_x;                      // x - floor(x)
    const double* weight_x;                    // blend weight of frac_x (two-point curves), else frac_x
    int padded;                                // pixels, a whole number of vectors
    double* out;                               // the octave's raw noise per pixel
    const detail::KernelPlan* plan = nullptr;  // the rest of the configuration (cellular noise)
    // fbm after the first octave: instead of writing out, the octave adds amplitude * noise to
    // the sum here (EmitLanes), as AddOctave would, in the same pass. With starts_sum (the first
    // octave, for the octaves that StartsSum), it writes the sum's first term, 0 + amplitude *
    // noise, without reading the sum.
    double* sum      = nullptr;
    double amplitude = 0.0;
    bool starts_sum  = false;
    // The chunk's x before the octave's scale and shift, and that octave's setup: what an octave
    // that finds its own cells reads (FindsOwnCells below) in place of cell_x, frac_x, weight_x.
    const double* x          = nullptr;
    const OctaveSetup* setup = nullptr;
};

// Octaves with `static constexpr bool finds_own_cells = true` (simplex noise, which skews or
// turns the point before it looks for cells) read OctaveInputs::x: FillChunk leaves cell_x,
// frac_x and weight_x unwritten for them.
template <class Octave>
concept FindsOwnCells = Octave::finds_own_cells;

// Octaves with `static constexpr bool starts_sum = true` also start fbm's sum themselves, in the
// pass that computes the first octave (EmitLanes<true>), which saves AddOctave's pass over the
// chunk: it shows at one octave, where that pass is a tenth of the time. It is opt-in because
// the extra case costs registers inside the octave's loop: the cellular search, which has none to
// spare, was measured 30 % slower at eight octaves with it.
template <class Octave>
concept StartsSum = Octave::starts_sum;

// Octaves with `template <int Fields> static void RunFields(const OctaveInputs*)` compute one
// octave of several fields together (FillChunkFields), each field's as Run would.
template <class Octave, int Fields>
concept RunsFields = requires(const OctaveInputs* in) {
    Octave::template RunFields<Fields>(in);
};

// An octave's noise for pixels i ..: into in.out, or added to the fractal sum (MayStartSum: or
// as its first term, 0 + amplitude * noise: the same bits as AddOctave<true>, -0 becoming +0).
template <bool MayStartSum = false>
HWY_INLINE void EmitLanes(const OctaveInputs& in, int i, VF noise) {
    const DF d;
    if (in.sum == nullptr) return hn::Store(noise, d, in.out + i);
    const VF term = hn::Mul(hn::Set(d, in.amplitude), noise);
    if (MayStartSum && in.starts_sum) return hn::Store(hn::Add(hn::Zero(d), term), d, in.sum + i);
    hn::Store(hn::Add(hn::Load(d, in.sum + i), term), d, in.sum + i);
}

// EmitLanes with the octave's destination read once, before a loop. Inside one, any store
// through a double pointer might change OctaveInputs' amplitude, so EmitLanes reads the fields
// again after every store (measured: PerlinOctave::RunFields, which emits several fields'
// vectors, gained nothing without this). The same arithmetic as EmitLanes, so the same bits;
// the loops that emit one vector at a time keep EmitLanes (simplex gained nothing from this).
template <bool MayStartSum = false>
class Emitter {
  public:
    explicit Emitter(const OctaveInputs& in)
        : out_(in.out),
          sum_(in.sum),
          amplitude_(hn::Set(DF(), in.amplitude)),
          starts_(MayStartSum && in.starts_sum) {}

    HWY_INLINE void operator()(int i, VF noise) const {
        const DF d;
        if (sum_ == nullptr) return hn::Store(noise, d, out_ + i);
        const VF term = hn::Mul(amplitude_, noise);
        if (starts_) return hn::Store(hn::Add(hn::Zero(d), term), d, sum_ + i);
        hn::Store(hn::Add(hn::Load(d, sum_ + i), term), d, sum_ + i);
    }

  private:
    double* out_;
    double* sum_;
    VF amplitude_;
    bool starts_;
};

// [SECTION] Curves (interpolate.hpp, lane-wise) -------------------------------------------

HWY_INLINE VF SinPiLanes(VF a) {
    const DF d;
    const VF a2 = hn::Mul(a, a);
    VF sum      = hn::Set(d, sin_pi_coefficients[9]);
    for (int k = 8; k >= 0; --k)
        sum = hn::Add(hn::Mul(sum, a2), hn::Set(d, sin_pi_coefficients[static_cast<std::size_t>(k)]));
    return hn::Mul(a, sum);
}

template <Interpolation curve>
HWY_INLINE VF CurveLanes(VF t) {
    const DF d;
    if constexpr (curve == Interpolation::linear) return t;
    if constexpr (curve == Interpolation::smoothstep)
        return hn::Mul(hn::Mul(t, t), hn::Sub(hn::Set(d, 3.0), hn::Mul(hn::Set(d, 2.0), t)));
    if constexpr (curve == Interpolation::quintic)
        return hn::Mul(
            hn::Mul(hn::Mul(t, t), t),
            hn::Add(hn::Mul(t, hn::Sub(hn::Mul(t, hn::Set(d, 6.0)), hn::Set(d, 15.0))), hn::Set(d, 10.0)));
    if constexpr (curve == Interpolation::cosine) {
        const auto near_start = hn::Le(t, hn::Set(d, 0.5));
        const VF one          = hn::Set(d, 1.0);
        const VF s  = SinPiLanes(hn::Mul(hn::IfThenElse(near_start, t, hn::Sub(one, t)), hn::Set(d, 0.5)));
        const VF s2 = hn::Mul(s, s);
        return hn::IfThenElse(near_start, s2, hn::Sub(one, s2));
    }
    return t;  // cubic blends frac_x itself
}

HWY_INLINE VF Lerp(VF s, VF a, VF b) { return hn::Add(a, hn::Mul(s, hn::Sub(b, a))); }

HWY_INLINE VF Cubic4(VF v0, VF v1, VF v2, VF v3, VF t) {
    const VF P = hn::Sub(hn::Sub(v3, v2), hn::Sub(v0, v1));
    const VF Q = hn::Sub(hn::Sub(v0, v1), P);
    const VF R = hn::Sub(v2, v0);
    return hn::Add(hn::Mul(hn::Add(hn::Mul(hn::Add(hn::Mul(P, t), Q), t), R), t), v1);
}

// Ken Perlin's improved gradient at hash h dotted with the distance `dist`, lane-wise
// (perlin.cpp's grad): 1D seed 002's slope h / 127.5 - 1, 2D the z = 0 slice of the 3D set, 3D
// the cube's 12 edges (of 16 codes), 4D the 4-cube's 32 edges. The row kernel's per-lane path
// (perlin_kernel.cpp) and the point kernel both read it.
// The choices are bit tests on h, and each sign bit of h is moved to bit 63 and xored in: -a is a
// with its sign bit flipped, exactly as the reference negates, in two instructions where a
// compare, a negation and a select took four (the 8-octave warp was 6-9 % faster).
template <int D>
HWY_INLINE VF ImprovedGradientDot(VI h, const VF* dist) {
    const DF d;
    const DI di;
    const auto signed_by = [&](VF a, VI moved) {  // a, negated where bit 63 of `moved` is set
        return hn::Xor(a, hn::And(hn::BitCast(d, moved), hn::Set(d, -0.0)));
    };
    if constexpr (D == 1) {
        return hn::Mul(hn::Sub(hn::Div(hn::ConvertTo(d, h), hn::Set(d, 127.5)), hn::Set(d, 1.0)), dist[0]);
    } else if constexpr (D <= 3) {
        // h & 15: u is y where bit 3 is set (h >= 8); v is y where bits 2 and 3 are clear (h < 4),
        // x where h & 13 is 12 (h is 12 or 14), else z (2D: the literal +0 of the z = 0 slice).
        // Bit 0 signs u, bit 1 signs v.
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
        // AVX-512 tests h against the bits straight into a mask, where the portable form takes an
        // And and a compare.
        const hn::Mask<DF> u_is_y{_mm512_test_epi64_mask(h.raw, _mm512_set1_epi64(8))};
        const hn::Mask<DF> v_is_y{_mm512_testn_epi64_mask(h.raw, _mm512_set1_epi64(12))};
#else
        const auto u_is_y = hn::RebindMask(d, hn::Ne(hn::And(h, hn::Set(di, 8)), hn::Zero(di)));
        const auto v_is_y = hn::RebindMask(d, hn::Eq(hn::And(h, hn::Set(di, 12)), hn::Zero(di)));
#endif
        const auto v_is_x = hn::RebindMask(d, hn::Eq(hn::And(h, hn::Set(di, 13)), hn::Set(di, 12)));
        const VF u        = hn::IfThenElse(u_is_y, dist[1], dist[0]);
        VF v;
        if constexpr (D == 3)
            v = hn::IfThenElse(v_is_y, dist[1], hn::IfThenElse(v_is_x, dist[0], dist[2]));
        else
            v = hn::IfThenElse(v_is_y, dist[1], hn::IfThenElseZero(v_is_x, dist[0]));
        return hn::Add(signed_by(u, hn::ShiftLeft<63>(h)), signed_by(v, hn::ShiftLeft<62>(h)));
    } else {
        // Bits 3-4: the axis that is 0; a, b, c the others in axis order, signed by bits 0-2.
        const VI zero_axis = hn::And(hn::ShiftRight<3>(h), hn::Set(di, 3));
        const auto below   = [&](int n) { return hn::RebindMask(d, hn::Lt(zero_axis, hn::Set(di, n))); };
        const VF a         = hn::IfThenElse(below(1), dist[1], dist[0]);
        const VF b         = hn::IfThenElse(below(2), dist[2], dist[1]);
        const VF c         = hn::IfThenElse(below(3), dist[3], dist[2]);
        return hn::Add(hn::Add(signed_by(a, hn::ShiftLeft<63>(h)), signed_by(b, hn::ShiftLeft<62>(h))),
                       signed_by(c, hn::ShiftLeft<61>(h)));
    }
}

// [SECTION] Step 2: hashing ----------------------------------------------------------------

// The entries row[first[lane]] of lanes whose table entries lie far apart. Generic: a scalar load
// per lane into a stack array, then one vector load of it. On the AVX-512 targets the vector is
// built in registers from pairs of scalar loads instead: the array's eight 8-byte stores cannot
// be forwarded to the one 64-byte load that reads them back, and a gather was slower still on an
// Intel Xeon (docs/performance.md, Hosts). Same values either way.
template <class DT, class T>
HWY_INLINE hn::Vec<DT> FarLanes(DT dt, const T* row, const std::int64_t* first) {
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
    if constexpr (sizeof(T) == 8 && hn::MaxLanes(DT()) == 8) {
        if constexpr (std::is_same_v<T, double>) {
            const __m128d p0 = _mm_set_pd(row[first[1]], row[first[0]]);
            const __m128d p1 = _mm_set_pd(row[first[3]], row[first[2]]);
            const __m128d p2 = _mm_set_pd(row[first[5]], row[first[4]]);
            const __m128d p3 = _mm_set_pd(row[first[7]], row[first[6]]);
            const __m256d lo = _mm256_insertf128_pd(_mm256_castpd128_pd256(p0), p1, 1);
            const __m256d hi = _mm256_insertf128_pd(_mm256_castpd128_pd256(p2), p3, 1);
            return hn::BitCast(dt, hn::Vec512<double>{_mm512_insertf64x4(_mm512_castpd256_pd512(lo), hi, 1)});
        } else {
            const auto at    = [&](int lane) { return static_cast<long long>(row[first[lane]]); };
            const __m128i p0 = _mm_set_epi64x(at(1), at(0));
            const __m128i p1 = _mm_set_epi64x(at(3), at(2));
            const __m128i p2 = _mm_set_epi64x(at(5), at(4));
            const __m128i p3 = _mm_set_epi64x(at(7), at(6));
            const __m256i lo = _mm256_inserti128_si256(_mm256_castsi128_si256(p0), p1, 1);
            const __m256i hi = _mm256_inserti128_si256(_mm256_castsi128_si256(p2), p3, 1);
            return hn::BitCast(
                dt, hn::Vec512<std::int64_t>{_mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1)});
        }
    }
#endif
    HWY_ALIGN T lane_entry[max_lanes];
    for (std::size_t lane = 0; lane < hn::Lanes(dt); ++lane) lane_entry[lane] = row[first[lane]];
    return hn::Load(dt, lane_entry);
}

// The hashes of the Span^D lattice points around each lane's cell, from offset `base` on every
// axis (base 0, span 2: the cell's corners; base -1, span 4: cubic's neighbourhood; one more on
// each side for smoothing), in blend order: point s + Span * c, where s is the x offset and c
// numbers the other axes' offsets, axis 1 fastest.
//
// Gathers are slow on the CPUs we measured (an 8-lane gather costs as much as 20-30 scalar
// loads), so none are used: the chunk's lattice points are hashed once into a table with plain
// loads, each lane finds its points by permuting one or two vectors of the table (they are near
// each other), and only when lanes are far apart are entries copied lane by lane.
template <int D, int Span>
class BlockHasher {
  public:
    static constexpr int combos = ipow(Span, D - 1);
    static constexpr int links  = (D > 3 ? D : 3) - 1;  // chain links after x (1D, 2D: y = 0, z = 0)
    static constexpr int points = Span * combos;
    // Entries past one period in a wrapped table: enough for two vectors' reads plus the block.
    static constexpr int extension = 2 * max_lanes + Span;
    // Table entries (of the hash table, and of each table laid out like it): room for one period
    // of the untiled lattice with its extension, so high frequencies always tabulate; at least
    // 64 KiB, which lets low frequencies with tiling periods above 256 tabulate too. The tables
    // live on the stack: up to about 1 MB for 4D cubic smoothing, far below a thread's 8 MB.
    static constexpr int capacity = std::max(8192, combos*(256 + extension + max_lanes) + 2 * max_lanes);

    // as_bytes: entries are the points' gradient bytes (Lattice::gradient_byte, for gradient
    // noise), else their hash codes (Lattice::value_of turns them into values). For the
    // permutation the two are the same byte.
    BlockHasher(const OctaveInputs& in, int base, std::int64_t* table, bool as_bytes = false)
        : in_(in), base_(base), table_(table), as_bytes_(as_bytes) {
        for (int axis = 1; axis <= links; ++axis)
            for (int k = 0; k < Span; ++k)
                axis_index_[axis - 1][k] =
                    axis < D ? in.lattice->wrap(in.row.cell[axis].index + base + k, in.period) : 0;
        // Pixels run in increasing x (RowKernel checks x_step > 0), so the first and last lanes
        // hold the lowest and highest cells.
        const std::int64_t lowest = in.cell_x[0], highest = in.cell_x[in.padded - 1];
        x_lo_ = lowest + base;
        // Unsigned: the difference of any two int64 is defined there, and nonnegative here.
        const auto range = static_cast<std::uint64_t>(highest) - static_cast<std::uint64_t>(lowest) + Span;
        const auto lanes = static_cast<std::uint64_t>(hn::Lanes(DI()));
        // The lattice repeats every `period` cells (0: elias and wide untiled, as good as never).
        j_period_         = in.period != 0 ? in.period : in.lattice->untiled_period();
        const auto period = static_cast<std::uint64_t>(j_period_);
        const auto whole  = [&](std::uint64_t n) {
            return (n + lanes - 1) / lanes * lanes;
        };  // vectors of entries
        // A table entry costs one chain; without a table each lane walks Span chains per
        // combination. When the chunk spans a whole period of the lattice, one period is all
        // there is to tabulate; beyond it the table repeats itself for as far as a vector reads.
        // The other hashes cost a whole point hash per entry: a period longer than the chunk's
        // own points (prime_table's 1024 cells) is then dearer to tabulate than to hash per lane.
        const bool period_pays =
            in.lattice->hash() == Hash::permutation || period <= Span * static_cast<std::uint64_t>(in.padded);
        if (period != 0 && range >= period && period_pays &&
            whole(period + extension) * combos + 2 * max_lanes <= capacity) {
            wrapped_ = true;
            range_   = static_cast<std::int64_t>(whole(period + extension));
        } else if (range <= Span * static_cast<std::uint64_t>(in.padded) &&
                   whole(range) * combos + 2 * max_lanes <= capacity) {
            range_ = static_cast<std::int64_t>(whole(range));
        } else {
            return;  // each lane hashes its own points
        }
        tabulated_                  = true;
        const std::int64_t distinct = wrapped_ ? static_cast<std::int64_t>(period) : range_;
        // Single-lookup links need every wrapped index below 256: Ken's chain, untiled or with
        // texels (period * stride) below 256.
        if (in.lattice->hash() == Hash::permutation &&
            (in.period == 0 || in.period * in.lattice->stride() <= 256))
            tabulate_by_links(distinct);
        else
            tabulate_by_points(distinct);
        for (std::int64_t k = distinct; k < range_; ++k)
            for (int c = 0; c < combos; ++c) table_[c * range_ + k] = table_[c * range_ + k % distinct];
    }

    // Whether the chunk's points were tabulated: then `read` can fetch anything laid out like the
    // hash table (entry c * range() + k for combination c; see entry_of for k).
    bool tabulated() const { return tabulated_; }
    std::int64_t range() const { return range_; }  // a whole number of vectors
    const std::int64_t* table() const { return table_; }

    // Whether both tabulated their points with the same layout, entry for entry, for the same
    // pixels: then one hasher's `visit` fetches from the other's tables too (lattices of one
    // kind and period that differ in their seeds, as a warp's components do).
    bool same_layout(const BlockHasher& other) const {
        return tabulated_ && other.tabulated_ && in_.cell_x == other.in_.cell_x &&
               in_.padded == other.in_.padded && in_.period == other.in_.period && base_ == other.base_ &&
               j_period_ == other.j_period_ && x_lo_ == other.x_lo_ && range_ == other.range_ &&
               wrapped_ == other.wrapped_;
    }

    // How many table entries the lanes of pixels i .. i + Lanes - 1 reach: up to Lanes, one vector
    // of the table holds them; up to 2 * Lanes, two; beyond, the lanes lie far apart.
    std::int64_t spread(int i) const {
        return in_.cell_x[i + static_cast<int>(hn::Lanes(DI())) - 1] - in_.cell_x[i] + Span;
    }

    // Whether entry k + s of every combination, for any lane's first entry k and s < Span, is
    // also entry (k + s) & 255: the table holds at most 256 entries, or repeats a period of 256
    // (untiled permutation). Then 256 entries per combination say all a lane can read.
    bool within_256() const { return tabulated_ && (range_ <= 256 || (wrapped_ && j_period_ == 256)); }

    // The table entry of each lane's first block point (entry_of), for pixels i ...
    VI entry_lanes(int i) const {
        const DI di;
        const VI cell = hn::Load(di, in_.cell_x + i);
        if (!wrapped_) return hn::Add(cell, hn::Set(di, base_ - x_lo_));
        if (in_.period == 0) return hn::And(hn::Add(cell, hn::Set(di, base_)), hn::Set(di, j_period_ - 1));
        HWY_ALIGN std::int64_t entry[max_lanes];
        for (std::size_t lane = 0; lane < hn::Lanes(di); ++lane) entry[lane] = entry_of(in_.cell_x[i + lane]);
        return hn::Load(di, entry);
    }

    // hash[s + Span * c] for the lanes of pixels i .. i + Lanes - 1.
    void hashes(int i, VI* hash) const {
        const DI di;
        if (tabulated_) return read(di, table_, i, hash);
        if (in_.lattice->hash() != Hash::permutation) {  // the seeds' hashes: lane-wise
            VI code[combos];
            const VI cell = hn::Load(di, in_.cell_x + i);
            for (int s = 0; s < Span; ++s) {
                codes_of_lanes(hn::Add(cell, hn::Set(di, base_ + s)), code);
                for (int c = 0; c < combos; ++c) hash[s + Span * c] = code[c];
            }
            return;
        }
        const int lanes = static_cast<int>(hn::Lanes(di));
        HWY_ALIGN std::int64_t lane_hash[combos][max_lanes];
        std::int64_t rest[combos];
        for (int s = 0; s < Span; ++s) {
            for (int lane = 0; lane < lanes; ++lane) {
                const std::int64_t x = in_.cell_x[i + lane] + base_ + s;
                entries_of(in_.lattice->wrap(x, in_.period), rest);
                for (int c = 0; c < combos; ++c) lane_hash[c][lane] = rest[c];
            }
            for (int c = 0; c < combos; ++c) hash[s + Span * c] = hn::Load(di, lane_hash[c]);
        }
    }

    // Calls body(fetch) for the vector of pixels i .. i + Lanes - 1, where fetch(table, c, s)
    // returns the lanes' entries of point s + Span * c from a double table laid out like the hash
    // table. How the lanes find their entries is decided here once per vector, for every table
    // the body reads, and the body is compiled once per way, so the usual way (one permute of
    // one vector) keeps everything in registers. Only when tabulated().
    template <class Body>
    HWY_INLINE void visit(int i, Body&& body) const {
        const DF d;
        const DI di;
        const int lanes            = static_cast<int>(hn::Lanes(di));
        const std::int64_t k_first = entry_of(in_.cell_x[i]);
        const std::int64_t spread  = in_.cell_x[i + lanes - 1] - in_.cell_x[i] + Span;
        const VI local             = hn::Sub(hn::Load(di, in_.cell_x + i), hn::Set(di, in_.cell_x[i]));
        if (spread <= lanes) {
            // Low frequencies: the lanes' points lie within one vector's width of the table.
            decltype(hn::IndicesFromVec(d, local)) index[Span];
            for (int s = 0; s < Span; ++s) index[s] = hn::IndicesFromVec(d, hn::Add(local, hn::Set(di, s)));
            return body([&](const double* table, int c, int s) {
                return hn::TableLookupLanes(hn::LoadU(d, table + c * range_ + k_first), index[s]);
            });
        }
        if (spread <= 2 * lanes) {
            // Within two vectors' width: permute both and pick per lane.
            decltype(hn::IndicesFromVec(d, local)) index[Span];
            decltype(hn::RebindMask(d, hn::Lt(local, local))) upper[Span];
            for (int s = 0; s < Span; ++s) {
                const VI entry = hn::Add(local, hn::Set(di, s));
                index[s]       = hn::IndicesFromVec(d, hn::And(entry, hn::Set(di, lanes - 1)));
                upper[s]       = hn::RebindMask(d, hn::Lt(hn::Set(di, lanes - 1), entry));
            }
            return body([&](const double* table, int c, int s) {
                const double* from = table + c * range_ + k_first;
                return hn::IfThenElse(upper[s], hn::TableLookupLanes(hn::LoadU(d, from + lanes), index[s]),
                                      hn::TableLookupLanes(hn::LoadU(d, from), index[s]));
            });
        }
        // Lanes far apart: each lane's entry, one at a time.
        std::int64_t lane_first[max_lanes];
        for (int lane = 0; lane < lanes; ++lane) lane_first[lane] = entry_of(in_.cell_x[i + lane]);
        body([&](const double* table, int c, int s) {
            return FarLanes(d, table + c * range_ + s, lane_first);
        });
    }

    // Whether a vector's lanes mostly share one cell: the chunk's pixels reach fewer than a
    // quarter of a cell per vector, so visit_one_cell mostly finds one and its branch mostly
    // goes the same way.
    bool cells_shared() const {
        const auto vectors = static_cast<std::int64_t>(in_.padded / static_cast<int>(hn::Lanes(DI())));
        return tabulated_ && 4 * (in_.cell_x[in_.padded - 1] - in_.cell_x[0]) < vectors;
    }

    // visit where the lanes of pixels i .. i + Lanes - 1 lie in one cell: fetch then broadcasts
    // the one entry every lane reads, a load where visit's is a load and a permute (which on
    // AVX-512 takes the port the blend's arithmetic needs). False, calling nothing, otherwise.
    template <class Body>
    HWY_INLINE bool visit_one_cell(int i, Body&& body) const {
        const int lanes = static_cast<int>(hn::Lanes(DI()));
        if (in_.cell_x[i + lanes - 1] != in_.cell_x[i]) return false;
        const std::int64_t k_first = entry_of(in_.cell_x[i]);
        body([&](const double* table, int c, int s) {
            return hn::Set(DF(), table[c * range_ + k_first + s]);
        });
        return true;
    }

    // out[s + Span * c] = table[c * range() + (the lane's entry for point s)], for a table laid out
    // like the hash table (of int64 or double lanes, tag `dt`). Only when tabulated().
    template <class DT, class T>
    void read(DT dt, const T* table, int i, hn::Vec<DT>* out) const {
        const DI di;
        const int lanes            = static_cast<int>(hn::Lanes(di));
        const std::int64_t k_first = entry_of(in_.cell_x[i]);
        const std::int64_t spread  = in_.cell_x[i + lanes - 1] - in_.cell_x[i] + Span;
        if (spread <= 2 * lanes) {
            const VI local = hn::Sub(hn::Load(di, in_.cell_x + i), hn::Set(di, in_.cell_x[i]));
            for (int s = 0; s < Span; ++s) {
                const VI entry = hn::Add(local, hn::Set(di, s));
                if (spread <= lanes) {
                    // The usual case at low frequencies: the lanes' points lie within one
                    // vector's width of the table, so one lane permute reads them.
                    const auto index = hn::IndicesFromVec(dt, entry);
                    for (int c = 0; c < combos; ++c)
                        out[s + Span * c] =
                            hn::TableLookupLanes(hn::LoadU(dt, table + c * range_ + k_first), index);
                } else {
                    // Within two vectors' width: permute both and pick per lane.
                    const auto index = hn::IndicesFromVec(dt, hn::And(entry, hn::Set(di, lanes - 1)));
                    const auto upper = hn::RebindMask(dt, hn::Lt(hn::Set(di, lanes - 1), entry));
                    for (int c = 0; c < combos; ++c) {
                        const T* from = table + c * range_ + k_first;
                        out[s + Span * c] =
                            hn::IfThenElse(upper, hn::TableLookupLanes(hn::LoadU(dt, from + lanes), index),
                                           hn::TableLookupLanes(hn::LoadU(dt, from), index));
                    }
                }
            }
            return;
        }
        std::int64_t lane_first[max_lanes];
        for (int lane = 0; lane < lanes; ++lane) lane_first[lane] = entry_of(in_.cell_x[i + lane]);
        for (int s = 0; s < Span; ++s)
            for (int c = 0; c < combos; ++c)
                out[s + Span * c] = FarLanes(dt, table + c * range_ + s, lane_first);
    }

  private:
    // Tabulates entries 0 .. count of every combination one chain link at a time: each link is a
    // pass of independent lookups over all entries (no chain waits for the one before), sharing
    // first links as chain_rest does, in the table itself. The zero links past D (1D, 2D) ride
    // along with the last true link as one lookup (Lattice::perm_repeated). Only for lattice
    // indices below 256, whose links are single lookups.
    void tabulate_by_links(std::int64_t count) {
        const Lattice& lattice   = *in_.lattice;
        constexpr int zero_links = links - (D - 1);
        const int x_times        = D == 1 ? 1 + zero_links : 1;
        for (std::int64_t k = 0; k < count; ++k)
            table_[k] = lattice.perm_repeated(x_times, lattice.wrap(wrapped_ ? k : x_lo_ + k, in_.period));
        int filled = 1;
        for (int axis = 1; axis < D; ++axis) {
            const int times = axis == D - 1 ? 1 + zero_links : 1;
            for (int offset = Span - 1; offset >= 0; --offset) {
                for (int n = filled - 1; n >= 0; --n) {
                    const std::int64_t index = axis_index_[axis - 1][offset];
                    const std::int64_t* from = table_ + n * range_;
                    std::int64_t* to         = table_ + (offset * filled + n) * range_;
                    for (std::int64_t k = 0; k < count; ++k)
                        to[k] = lattice.perm_repeated(times, from[k] + index);
                }
            }
            filled *= Span;
        }
    }

    // The same, one lattice point at a time (entries_of): Lattice::chain, which handles indices
    // past 255 (tiling periods above 256), or the other hashes.
    void tabulate_by_points(std::int64_t count) {
        if (in_.lattice->hash() != Hash::permutation) return tabulate_by_lanes(count);
        std::int64_t entry[combos];
        for (std::int64_t k = 0; k < count; ++k) {
            entries_of(in_.lattice->wrap(wrapped_ ? k : x_lo_ + k, in_.period), entry);
            for (int c = 0; c < combos; ++c) table_[c * range_ + k] = entry[c];
        }
    }

    // The seeds' hashes (hashes.hpp), a vector of entries at a time (hash_simd-inl.h). The
    // table holds whole vectors (range_), so the last one fits; entries past `count` are
    // overwritten or never read.
    void tabulate_by_lanes(std::int64_t count) {
        const DI di;
        const auto lanes = static_cast<std::int64_t>(hn::Lanes(di));
        VI code[combos];
        for (std::int64_t k = 0; k < count; k += lanes) {
            codes_of_lanes(hn::Add(hn::Set(di, wrapped_ ? k : x_lo_ + k), hn::Iota(di, 0)), code);
            for (int c = 0; c < combos; ++c) hn::Store(code[c], di, table_ + c * range_ + k);
        }
    }

    // entries_of for the seeds' hashes on lanes: the entries of the points with unwrapped x index
    // `x` per lane, one per combination of the other axes (their wrapped indices are the row's).
    void codes_of_lanes(VI x, VI* entry) const {
        const DF d;
        const DI di;
        const Lattice& lattice = *in_.lattice;
        VI wrapped[D][Span];
        wrapped[0][0] =
            hash_lanes::WrapLanes(lattice, in_.period, hn::ConvertTo(d, x), x);  // |x| < 2^53: exact
        for (int axis = 1; axis < D; ++axis)
            for (int k = 0; k < Span; ++k) wrapped[axis][k] = hn::Set(di, axis_index_[axis - 1][k]);
        hash_lanes::BlockCodes<D, Span, 1>(lattice, wrapped, false, entry);
        if (as_bytes_)
            for (int c = 0; c < combos; ++c) entry[c] = hash_lanes::GradientByteLanes(lattice, entry[c]);
    }

    // The table entries of the points with wrapped x index `x`, one per combination of the
    // other axes: Ken's chain sharing its first links (chain_rest), or for the other hashes one
    // Lattice::point_hash per point, as detail::hash_points does. A 64-bit code is kept as its
    // bit pattern.
    void entries_of(std::int64_t x, std::int64_t* entry) const {
        const Lattice& lattice = *in_.lattice;
        if (lattice.hash() == Hash::permutation) {
            unsigned hash[combos];
            chain_rest(lattice.chain(0, x), hash);
            for (int c = 0; c < combos; ++c) entry[c] = hash[c];
            return;
        }
        for (int c = 0; c < combos; ++c) {
            std::array<std::int64_t, D> wrapped;
            wrapped[0] = x;
            for (int axis = 1, rest = c; axis < D; ++axis, rest /= Span)
                wrapped[axis] = axis_index_[axis - 1][rest % Span];
            const std::uint64_t code = lattice.point_hash<D>(wrapped);
            entry[c]                 = as_bytes_ ? static_cast<std::int64_t>(lattice.gradient_byte(code))
                                                 : static_cast<std::int64_t>(code);
        }
    }

    // The table entry of the first block point (offset base_) of a cell; point s is s entries on.
    std::int64_t entry_of(std::int64_t cell) const {
        if (!wrapped_) return cell + base_ - x_lo_;
        // Untiled, the period is a power of two (256, 1024): a mask, like wrap_index's & 255. A
        // true modulo by a run-time period would be a division per lane.
        return in_.period == 0 ? ((cell + base_) & (j_period_ - 1)) : wrap_index(cell + base_, in_.period);
    }

    // Lattice::chain over the other axes for every combination, after the x link `h`, sharing
    // the first links as detail::hash_points does: Span + Span^2 + ... lookups, not combos * links.
    void chain_rest(unsigned h, unsigned* hash) const {
        hash[0]    = h;
        int filled = 1;  // hash[0 .. filled) hold the chains over the axes done so far
        for (int axis = 1; axis <= links; ++axis) {
            const int offsets = axis < D ? Span : 1;  // past D: the zero links of 1D and 2D
            for (int k = offsets - 1; k >= 0; --k)    // backwards: hash[n] is read before it is overwritten
                for (int n = filled - 1; n >= 0; --n)
                    hash[k * filled + n] = in_.lattice->chain(hash[n], axis_index_[axis - 1][k]);
            filled *= offsets;
        }
    }

    const OctaveInputs& in_;
    int base_;
    std::int64_t* table_;
    std::int64_t axis_index_[links][Span]{};  // the wrapped lattice index of each offset on axes 1, 2, 3
    bool as_bytes_;
    std::int64_t j_period_ = 0;  // the lattice's period in cells along x (0: none)
    std::int64_t x_lo_     = 0;
    std::int64_t range_    = 0;
    bool tabulated_        = false;
    bool wrapped_          = false;  // the table holds one period, indexed by the wrapped cell
};

// [SECTION] Step 4: the blend ----------------------------------------------------------------

// Blends the PerAxis^D values (axis 0 fastest) along x with per-lane weights, then along the
// other axes with the row's weights, as detail::blend_points does.
template <int D, int PerAxis>
HWY_INLINE VF BlendLanes(VF* values, VF weight_x, const RowCells& row) {
    const DF d;
    int remaining = ipow(PerAxis, D);
    for (int axis = 0; axis < D; ++axis) {
        const VF t = axis == 0 ? weight_x : hn::Set(d, row.weight[axis]);
        remaining /= PerAxis;
        for (int n = 0; n < remaining; ++n) {
            if constexpr (PerAxis == 4)
                values[n] = Cubic4(values[4 * n], values[4 * n + 1], values[4 * n + 2], values[4 * n + 3], t);
            else
                values[n] = Lerp(t, values[2 * n], values[2 * n + 1]);
        }
    }
    return values[0];
}

// BlendLanes of a two-point curve for F fields side by side (a warp's components): each field's
// lerps in BlendLanes' order, interleaved across the fields so that their chains overlap.
template <int D, int F, int Points>
HWY_INLINE void BlendFieldsLanes(VF (&values)[F][Points], VF weight_x, const RowCells& row) {
    const DF d;
    int remaining = Points;
    for (int axis = 0; axis < D; ++axis) {
        const VF t = axis == 0 ? weight_x : hn::Set(d, row.weight[axis]);
        remaining /= 2;
        for (int n = 0; n < remaining; ++n)
            for (int f = 0; f < F; ++f) values[f][n] = Lerp(t, values[f][2 * n], values[f][2 * n + 1]);
    }
}

// The offset of point c's axis `axis` (1..D-1) in a block of Span points per axis from `base`.
template <int Span>
constexpr int other_offset(int c, int axis, int base) {
    for (int a = 1; a < axis; ++a) c /= Span;
    return base + c % Span;
}

// value.cpp's value_of_hash: h / 127.5 - 1.
HWY_INLINE VF ValueOfHash(VI h) {
    const DF d;
    return hn::Sub(hn::Div(hn::ConvertTo(d, h), hn::Set(d, 127.5)), hn::Set(d, 1.0));
}

// [SECTION] The chunk: octaves, then the fractal sum -----------------------------------------

// lattice.hpp's clamp_to_lattice, lane-wise, with the same comparisons in the same order: above
// the limit gives the limit, else anything not >= -limit (NaN too) gives -limit. Then Floor and
// ConvertTo see |q| <= 2^52 only, which every target converts exactly.
HWY_INLINE VF ClampLanes(VF q) {
    const DF d;
    const VF limit = hn::Set(d, lattice_limit), minus_limit = hn::Set(d, -lattice_limit);
    return hn::IfThenElse(hn::Gt(q, limit), limit, hn::IfThenElse(hn::Ge(q, minus_limit), q, minus_limit));
}

// Chunks whose cells all lie strictly within +-2^51 (every real use) skip the clamp and convert
// their cells the quick way; the others go through the clamp and Highway's exact conversion.
inline constexpr double quick_limit = 0x1.0p51;

// A whole double as an int64 (what cell_of's cast does). AVX-512 converts in one instruction
// (Highway's ConvertTo adds four more, for values out of int64's range, which a cell never has).
// The other targets have no such instruction; within +-2^51 adding 1.5 * 2^52 puts the integer
// in the low bits of the sum exactly (both lie in [2^52, 2^53), where a double's unit is 1).
template <bool WithinQuickLimit>
HWY_INLINE VI CellIndexLanes(VF whole) {
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
    return VI{_mm512_cvttpd_epi64(whole.raw)};
#else
    const DF d;
    const DI di;
    if constexpr (!WithinQuickLimit) return hn::ConvertTo(di, whole);
    const VF magic = hn::Set(d, 0x1.8p52);
    return hn::Sub(hn::BitCast(di, hn::Add(whole, magic)), hn::BitCast(di, magic));
#endif
}

// Step 1 along x for a chunk: octave_coordinate (fractal.hpp), then cell_of. Shifted: x * scale,
// rounded, then + shift, rounded (two operations, as the reference does them, never one MulAdd).
// Unshifted there is no Add at all, as the reference adds nothing when the shift is 0.
// Clamped: with the clamp and the exact conversion, for chunks that reach the quick limit.
template <Interpolation curve, bool Shifted, bool Clamped>
void CellsOfChunk(const double* x, double scale, double shift, int padded, std::int64_t* cell_x,
                  double* frac_x, double* weight_x) {
    const DF d;
    const DI di;
    for (int i = 0; i < padded; i += static_cast<int>(hn::Lanes(d))) {
        VF q = hn::Mul(hn::Load(d, x + i), hn::Set(d, scale));
        if constexpr (Shifted) q = hn::Add(q, hn::Set(d, shift));
        if constexpr (Clamped) q = ClampLanes(q);  // cell_of's clamp
        const VF fl = hn::Floor(q);
        const VF f  = hn::Sub(q, fl);
        hn::Store(CellIndexLanes<!Clamped>(fl), di, cell_x + i);
        hn::Store(f, d, frac_x + i);
        hn::Store(CurveLanes<curve>(f), d, weight_x + i);
    }
}

// CellsOfChunk compiled for a curve, with or without a shift and the clamp.
using CellsFn = void (*)(const double*, double, double, int, std::int64_t*, double*, double*);
template <bool Shifted, bool Clamped>
CellsFn CellsOfChunkFor(Interpolation curve) {
    switch (curve) {
        case Interpolation::linear:
            return &CellsOfChunk<Interpolation::linear, Shifted, Clamped>;
        case Interpolation::cosine:
            return &CellsOfChunk<Interpolation::cosine, Shifted, Clamped>;
        case Interpolation::cubic:
            return &CellsOfChunk<Interpolation::cubic, Shifted, Clamped>;
        case Interpolation::quintic:
            return &CellsOfChunk<Interpolation::quintic, Shifted, Clamped>;
        case Interpolation::smoothstep:
            break;
    }
    return &CellsOfChunk<Interpolation::smoothstep, Shifted, Clamped>;
}

// Step 1 of one octave over a chunk, picked once per octave. The chunk's x grow from pixel to
// pixel and rounding keeps their order, so q = x * scale + shift is monotonic along the chunk:
// when its first and last lanes lie strictly within the quick limit, every lane does, and the
// clamp (at 2^52) would change nothing. (A NaN fails the comparisons and keeps the clamp.)
HWY_INLINE void CellsFor(const OctaveSetup& setup, Interpolation curve, const double* x, int padded,
                         std::int64_t* cell_x, double* frac_x, double* weight_x) {
    const double scale = setup.scale, shift = setup.shift[0];
    const bool shifted = shift != 0.0;
    const double first = octave_coordinate(setup, 0, x[0]), last = octave_coordinate(setup, 0, x[padded - 1]);
    const bool inside =
        first > -quick_limit && first < quick_limit && last > -quick_limit && last < quick_limit;
    CellsFn cells = nullptr;
    if (inside)
        cells = shifted ? CellsOfChunkFor<true, false>(curve) : CellsOfChunkFor<false, false>(curve);
    else
        cells = shifted ? CellsOfChunkFor<true, true>(curve) : CellsOfChunkFor<false, true>(curve);
    cells(x, scale, shift, padded, cell_x, frac_x, weight_x);
}

// Hands a chunk's or a batch's sums over, each divided by `divisor` (FractalNoise::divisor; 1:
// not divided, as x / 1 is x; else without the divider where that keeps the quotient's bits,
// QuotientLanes): as doubles into `out`, or else rounded to float (as static_cast<float> rounds,
// to nearest) straight into `out_float`, which saves the caller a pass.
HWY_INLINE void HandOver(const double* values, int count, double divisor, double* out, float* out_float) {
    const DF d;
    const hn::Rebind<float, DF> df;
    const int lanes = static_cast<int>(hn::Lanes(d));
    const QuotientLanes<DF> by(divisor);
    const auto each = [&](auto divides, auto rounds) {  // each case its own loop, without branches
        int i = 0;
        for (; i + lanes <= count; i += lanes) {
            VF value = hn::Load(d, values + i);
            if constexpr (divides()) value = by(value);
            if constexpr (rounds())
                hn::StoreU(hn::DemoteTo(df, value), df, out_float + i);
            else
                hn::StoreU(value, d, out + i);
        }
        for (; i < count; ++i) {
            double value = values[i];
            if constexpr (divides()) value = value / divisor;
            if constexpr (rounds())
                out_float[i] = static_cast<float>(value);
            else
                out[i] = value;
        }
    };
    using yes = std::true_type;
    using no  = std::false_type;
    if (out == nullptr) return divisor == 1.0 ? each(no{}, yes{}) : each(yes{}, yes{});
    if (divisor != 1.0) return each(yes{}, no{});
    std::copy(values, values + count, out);
}

// The ridged multifractal's crest of one octave's noise at a vector of points: (1 - |noise|)^2
// times the weight the previous crest lets through (1 before the first), which becomes
// clamp(2 crest, 0, 1) for the next octave (in crest_weight). The row and point kernels' sums.
template <bool First>
HWY_INLINE VF RidgedCrestLanes(VF noise, double* crest_weight) {
    const DF d;
    const VF one = hn::Set(d, 1.0);
    VF crest     = hn::Sub(one, hn::Abs(noise));  // sharp where the noise crosses zero
    crest        = hn::Mul(crest, First ? crest : hn::Mul(crest, hn::Load(d, crest_weight)));
    hn::Store(hn::Min(hn::Max(hn::Mul(crest, hn::Set(d, 2.0)), hn::Zero(d)), one), d, crest_weight);
    return crest;
}

// FractalNoise::at's sum, one octave's noise at a time: total += amplitude * f(noise), in its
// order. The first octave adds to 0 and (ridged) its crest to a weight of 1, without reading
// either: 0 + v and v * 1 are the same bits as the sum's first step, and nothing is zeroed.
template <bool First>
void AddOctave(Fractal fractal, double amplitude_value, const double* noise, int padded, double* total,
               double* crest_weight) {
    const DF d;
    const int lanes       = static_cast<int>(hn::Lanes(d));
    const VF amplitude    = hn::Set(d, amplitude_value);
    const auto sum_so_far = [&](int i) { return First ? hn::Zero(d) : hn::Load(d, total + i); };
    switch (fractal) {
        case Fractal::fbm:
            for (int i = 0; i < padded; i += lanes)
                hn::Store(hn::Add(sum_so_far(i), hn::Mul(amplitude, hn::Load(d, noise + i))), d, total + i);
            return;
        case Fractal::turbulence:
            for (int i = 0; i < padded; i += lanes)
                hn::Store(hn::Add(sum_so_far(i), hn::Mul(amplitude, hn::Abs(hn::Load(d, noise + i)))), d,
                          total + i);
            return;
        case Fractal::ridged: {
            for (int i = 0; i < padded; i += lanes) {
                const VF crest = RidgedCrestLanes<First>(hn::Load(d, noise + i), crest_weight + i);
                hn::Store(hn::Add(sum_so_far(i), hn::Mul(amplitude, crest)), d, total + i);
            }
            return;
        }
    }
}

// The octave loop over one chunk, with Octave::Run(const OctaveInputs&) computing one octave's
// raw noise (handed over through EmitLanes), then the fractal sum of FractalNoise::at, lane by
// lane: fbm's later octaves add themselves to it as they go, the others go through AddOctave.
// `Fields` fields at once, the same pixels of each (chunks differ only in where they write):
// fields that differ only in their lattices (and random unit vectors), as the warp's components
// differ only in their seeds, share the pixels' cells, found once per octave (FillFields).
template <class Octave, int Fields>
void FillChunkFields(const detail::KernelPlan* const* plans, const detail::Chunk* chunks) {
    const DF d;
    const detail::KernelPlan& plan = *plans[0];  // the fields' common settings
    const detail::Chunk& chunk     = chunks[0];  // and pixels
    const int lanes                = static_cast<int>(hn::Lanes(d));
    const int padded               = (chunk.count + lanes - 1) / lanes * lanes;

    HWY_ALIGN double x[padded_capacity];
    HWY_ALIGN std::int64_t cell_x[padded_capacity];
    HWY_ALIGN double frac_x[padded_capacity];
    HWY_ALIGN double weight_x[padded_capacity];
    HWY_ALIGN double noise[Fields][padded_capacity];
    HWY_ALIGN double total[Fields][padded_capacity];
    HWY_ALIGN double crest_weight[Fields][padded_capacity];
    // render.hpp's pixel model, x_origin + (first + i + 0.5) x_step; pixels past count only pad
    // the last vector. The pixels' centres, first + i + 0.5, are exact doubles, and so is each
    // step of `lanes` from one vector's to the next.
    const VF step = hn::Set(d, chunk.x_step), origin = hn::Set(d, chunk.x_origin);
    const VF advance = hn::Set(d, static_cast<double>(lanes));
    VF centre        = hn::Add(hn::Iota(d, static_cast<double>(chunk.first)), hn::Set(d, 0.5));
    for (int i = 0; i < padded; i += lanes, centre = hn::Add(centre, advance))
        hn::Store(hn::Add(origin, hn::Mul(centre, step)), d, x + i);

    const int octave_count         = static_cast<int>(plan.octaves.size());
    const int first_octave         = chunk.only_octave >= 0 ? chunk.only_octave : 0;
    const int end_octave           = chunk.only_octave >= 0 ? chunk.only_octave + 1 : octave_count;
    const double row_coordinate[4] = {0.0, chunk.y, plan.z, plan.w};
    for (int o = first_octave; o < end_octave; ++o) {
        const OctaveSetup& setup = plan.octaves[static_cast<std::size_t>(o)];
        if constexpr (!FindsOwnCells<Octave>)
            CellsFor(setup, plan.curve, x, padded, cell_x, frac_x, weight_x);
        RowCells row;
        for (int axis = 1; axis < plan.dimension; ++axis) {
            const Cell cell = cell_of(octave_coordinate(setup, axis, row_coordinate[axis]));
            row.cell[axis]  = cell;
            row.weight[axis] =
                plan.curve == Interpolation::cubic ? cell.frac : blend_weight(plan.curve, cell.frac);
        }
        const bool adds_itself =
            chunk.only_octave < 0 && plan.fractal == Fractal::fbm && (o != first_octave || StartsSum<Octave>);
        OctaveInputs in[Fields]{};
        for (int field = 0; field < Fields; ++field) {
            const detail::KernelPlan& own = *plans[field];
            const OctaveSetup& own_octave = own.octaves[static_cast<std::size_t>(o)];
            in[field]                     = {own_octave.lattice,
                                             own.random_gradients[static_cast<std::size_t>(o)],
                                             own_octave.period,
                                             row,
                                             cell_x,
                                             frac_x,
                                             weight_x,
                                             padded,
                                             noise[field]};
            in[field].plan                = &own;
            in[field].x                   = x;
            in[field].setup               = &own_octave;
            if (adds_itself) {
                in[field].sum        = total[field];
                in[field].amplitude  = setup.amplitude;
                in[field].starts_sum = o == first_octave;
            }
        }
        if constexpr (Fields > 1 && RunsFields<Octave, Fields>)
            Octave::template RunFields<Fields>(in);
        else
            for (int field = 0; field < Fields; ++field) Octave::Run(in[field]);
        if (adds_itself) continue;
        for (int field = 0; field < Fields; ++field) {
            if (chunk.only_octave >= 0) {
                const VF share = hn::Set(d, setup.amplitude / plan.divisor);  // FractalNoise::octave_weight
                for (int i = 0; i < padded; i += lanes)
                    hn::Store(hn::Mul(share, hn::Load(d, noise[field] + i)), d, total[field] + i);
                continue;
            }
            if (o == first_octave)
                AddOctave<true>(plan.fractal, setup.amplitude, noise[field], padded, total[field],
                                crest_weight[field]);
            else
                AddOctave<false>(plan.fractal, setup.amplitude, noise[field], padded, total[field],
                                 crest_weight[field]);
        }
    }
    const double divisor = chunk.only_octave < 0 ? plan.divisor : 1.0;  // octave_weight divided already
    for (int field = 0; field < Fields; ++field)
        HandOver(total[field], chunk.count, divisor, chunks[field].out, chunks[field].out_float);
}

// One field: the row kernels' ChunkFn.
template <class Octave>
void FillChunk(const detail::KernelPlan& plan, const detail::Chunk& chunk) {
    const detail::KernelPlan* const plans[1] = {&plan};
    FillChunkFields<Octave, 1>(plans, &chunk);
}

// D fields at once (detail::FieldsFn): a D-dimensional warp's components.
template <class Octave, int D>
void FillFields(const detail::KernelPlan* const* plans, const detail::Chunk* chunks) {
    FillChunkFields<Octave, D>(plans, chunks);
}

// make(std::integral_constant<int, D>) for the dimension D (1 .. 4): the function compiled for it.
template <class Make>
auto ForEachDimension(int dimension, Make make) {
    switch (dimension) {
        case 1:
            return make(std::integral_constant<int, 1>{});
        case 2:
            return make(std::integral_constant<int, 2>{});
        case 3:
            return make(std::integral_constant<int, 3>{});
        default:
            return make(std::integral_constant<int, 4>{});
    }
}

// The row kernel for the params' dimension: `make` receives it as std::integral_constant<int, D>.
template <class Make>
detail::ResolvedKernel ForDimension(int dimension, Make make) {
    return {ForEachDimension(dimension, [&](auto d) -> detail::ChunkFn { return make(d); }), HWY_TARGET};
}

}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#endif  // NOISE_SIMD_LATTICE_INL_H_
