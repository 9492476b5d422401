// Gradient noise on SIMD lanes: perlin.cpp's steps 3 and 4 for each Highway target, and the
// factory that picks the compiled function for a configuration (algorithms.hpp).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/perlin_kernel.cpp"
#include <hwy/foreach_target.h>  // re-includes this file once per target
#include <hwy/highway.h>

#include <array>
#include <type_traits>
#include <utility>

#include "simd/gradient_nibbles-inl.h"
#include "simd/lattice_simd-inl.h"

HWY_BEFORE_NAMESPACE();
namespace noise {
namespace HWY_NAMESPACE {

// [SECTION] Step 3: gradient . distance, per gradient set --------------------------------------
//
// Along a row only the x distance changes from lane to lane; y, z and w distances are the same
// for every lattice point of a combination. So each gradient set splits perlin.cpp's dot product
// into what a lattice point fixes (`tabulate`, once per point of the chunk, into `tables` arrays
// laid out like the hash table) and what each lane adds (`apply`, with its x distance). The split
// keeps the reference's operations and their order: x * +-1 is exactly +-x, a + b == b + a in
// IEEE arithmetic, and products of row constants are the same products.
// `operator()` is the whole dot product per lane, for chunks too spread out to tabulate.

// Ken Perlin's grad. 2D and 3D: (+-u) + (+-v), where one of u, v may be x. 4D: ((+-a) + (+-b))
// + (+-c), where a may be x. 1D: slope * x.
template <int D>
struct ImprovedLanes {
    static constexpr int tables = D == 1 ? 1 : (D <= 3 ? 2 : 3);
    // 2D and 3D: the tables' terms depend on h & 15 only (GradientNibbles).
    static constexpr bool by_nibble = D == 2 || D == 3;

    // tables (2D, 3D): sign of x (0: no x), and the other term. 4D: sign of x (0: no x), then
    // the two terms after it (or, without x, the whole sum in the second table).
    static void tabulate(const OctaveInputs&, const std::int64_t* hashes, const double* other,
                         std::int64_t count, double* const* t) {
        const DF d;
        const DI di;
        const VF one = hn::Set(d, 1.0), minus_one = hn::Set(d, -1.0), zero = hn::Zero(d);
        for (std::int64_t k = 0; k < count; k += static_cast<std::int64_t>(hn::Lanes(d))) {
            const VI h = hn::Load(di, hashes + k);
            if constexpr (D == 1) {
                hn::Store(hn::Sub(hn::Div(hn::ConvertTo(d, h), hn::Set(d, 127.5)), one), d,
                          t[0] + k);  // seed 002
            } else if constexpr (D <= 3) {
                const VI hh       = hn::And(h, hn::Set(di, 15));
                const auto below  = [&](int n) { return hn::RebindMask(d, hn::Lt(hh, hn::Set(di, n))); };
                const auto is     = [&](int n) { return hn::RebindMask(d, hn::Eq(hh, hn::Set(di, n))); };
                const auto is_set = [&](int bit) {
                    return hn::RebindMask(d, hn::Lt(hn::Zero(di), hn::And(hh, hn::Set(di, bit))));
                };
                const VF y = hn::Set(d, other[1]), z = hn::Set(d, D == 3 ? other[2] : 0.0);
                const VF y_signed = hn::IfThenElse(is_set(1), hn::Neg(y), y);
                const VF z_signed = hn::IfThenElse(is_set(2), hn::Neg(z), z);
                const VF v        = hn::IfThenElse(below(4), y, z);
                const auto x_is_v = hn::Or(is(12), is(14));
                // h < 8: (+-x) + (+-v);  h = 12, 14: (+-y) + (+-x);  else (+-y) + (+-z), no x.
                hn::Store(
                    hn::IfThenElse(below(8), hn::IfThenElse(is_set(1), minus_one, one),
                                   hn::IfThenElse(x_is_v, hn::IfThenElse(is_set(2), minus_one, one), zero)),
                    d, t[0] + k);
                hn::Store(hn::IfThenElse(below(8), hn::IfThenElse(is_set(2), hn::Neg(v), v),
                                         hn::IfThenElse(x_is_v, y_signed, hn::Add(y_signed, z_signed))),
                          d, t[1] + k);
            } else {
                const VI zero_axis = hn::And(hn::ShiftRight<3>(h), hn::Set(di, 3));
                const auto is_set  = [&](int bit) {
                    return hn::RebindMask(d, hn::Lt(hn::Zero(di), hn::And(h, hn::Set(di, bit))));
                };
                const auto signed_ = [&](int bit, VF v) {
                    return hn::IfThenElse(is_set(bit), hn::Neg(v), v);
                };
                const VF d1 = hn::Set(d, other[1]), d2 = hn::Set(d, other[2]), d3 = hn::Set(d, other[3]);
                const auto x_is_zero = hn::RebindMask(d, hn::Eq(zero_axis, hn::Zero(di)));
                const auto below     = [&](int n) {
                    return hn::RebindMask(d, hn::Lt(zero_axis, hn::Set(di, n)));
                };
                const VF b = signed_(2, hn::IfThenElse(below(2), d2, d1));
                const VF c = signed_(4, hn::IfThenElse(below(3), d3, d2));
                // x is a unless the zero axis is x's: then ((+-d1) + (+-d2)) + (+-d3), all fixed.
                hn::Store(hn::IfThenElse(x_is_zero, zero, hn::IfThenElse(is_set(1), minus_one, one)), d,
                          t[0] + k);
                hn::Store(hn::IfThenElse(x_is_zero, hn::Add(hn::Add(signed_(1, d1), b), c), b), d, t[1] + k);
                hn::Store(c, d, t[2] + k);
            }
        }
    }

    // Guarded, a point without x takes its fixed term as it is. Unguarded it adds x * 0 to it,
    // which is the same bits unless the fixed term is -0 (see OnALatticeLine).
    // 1D has no guard; 4D keeps it (a point without x holds its whole sum in t[1]).
    static constexpr bool may_drop_guard = D == 2 || D == 3;

    template <bool guarded>
    static VF apply(VF x, const VF* t) {
        const DF d;
        if constexpr (D == 1) return hn::Mul(t[0], x);
        if constexpr (D <= 3 && !guarded) return hn::Add(hn::Mul(x, t[0]), t[1]);
        const auto no_x = hn::Eq(t[0], hn::Zero(d));
        if constexpr (D <= 3) return hn::IfThenElse(no_x, t[1], hn::Add(hn::Mul(x, t[0]), t[1]));
        return hn::IfThenElse(no_x, t[1], hn::Add(hn::Add(hn::Mul(x, t[0]), t[1]), t[2]));
    }

    VF operator()(const OctaveInputs&, VI h, const VF* dist) const { return ImprovedGradientDot<D>(h, dist); }
};

// +-e_k: the axis from h / 2, the sign from the low bit (seed 001's four vectors in 2D).
template <int D>
struct AxisLanes {
    static constexpr int tables = 2;  // sign of x (0: not along x), and the fixed +-d_k otherwise

    static VI AxisOf(VI h) {  // (h >> 1) % D
        const DF d;
        const DI di;
        const VI half = hn::ShiftRight<1>(h);
        if constexpr (D == 3) {  // exactly, in doubles (h < 256)
            const VF x = hn::ConvertTo(d, half), three = hn::Set(d, 3.0);
            return hn::ConvertTo(di, hn::Sub(x, hn::Mul(hn::Floor(hn::Div(x, three)), three)));
        } else {
            return hn::And(half, hn::Set(di, D - 1));  // D = 1, 2, 4: a power of two
        }
    }

    static void tabulate(const OctaveInputs&, const std::int64_t* hashes, const double* other,
                         std::int64_t count, double* const* t) {
        const DF d;
        const DI di;
        for (std::int64_t k = 0; k < count; k += static_cast<std::int64_t>(hn::Lanes(d))) {
            const VI h          = hn::Load(di, hashes + k);
            const VI axis       = AxisOf(h);
            const auto negative = hn::RebindMask(d, hn::Eq(hn::And(h, hn::Set(di, 1)), hn::Set(di, 1)));
            VF fixed            = hn::Zero(d);
            for (int a = 1; a < D; ++a)
                fixed = hn::IfThenElse(hn::RebindMask(d, hn::Eq(axis, hn::Set(di, a))), hn::Set(d, other[a]),
                                       fixed);
            const auto along_x = hn::RebindMask(d, hn::Eq(axis, hn::Zero(di)));
            hn::Store(hn::IfThenElse(along_x, hn::IfThenElse(negative, hn::Set(d, -1.0), hn::Set(d, 1.0)),
                                     hn::Zero(d)),
                      d, t[0] + k);
            // Along x the fixed term is -0, so that x * sign + -0 is exactly x * sign.
            hn::Store(
                hn::IfThenElse(along_x, hn::Set(d, -0.0), hn::IfThenElse(negative, hn::Neg(fixed), fixed)), d,
                t[1] + k);
        }
    }

    static constexpr bool may_drop_guard = true;

    template <bool guarded>
    static VF apply(VF x, const VF* t) {
        const DF d;
        if constexpr (!guarded) return hn::Add(hn::Mul(x, t[0]), t[1]);
        return hn::IfThenElse(hn::Eq(t[0], hn::Zero(d)), t[1], hn::Mul(x, t[0]));
    }

    VF operator()(const OctaveInputs&, VI h, const VF* dist) const {
        const DF d;
        const DI di;
        const VI axis = AxisOf(h);
        VF chosen     = dist[0];
        for (int k = 1; k < D; ++k)
            chosen = hn::IfThenElse(hn::RebindMask(d, hn::Eq(axis, hn::Set(di, k))), dist[k], chosen);
        const auto positive = hn::RebindMask(d, hn::Eq(hn::And(h, hn::Set(di, 1)), hn::Zero(di)));
        return hn::IfThenElse(positive, chosen, hn::Neg(chosen));
    }
};

// Perlin 1985: the seed's random unit vectors. The reference sums ((0 + g0 x) + g1 y) + ...:
// tabulated are g0 and the fixed products g1 y, g2 z, g3 w.
template <int D>
struct RandomLanes {
    static constexpr int tables = D;

    static void tabulate(const OctaveInputs& in, const std::int64_t* hashes, const double* other,
                         std::int64_t count, double* const* t) {
        for (std::int64_t k = 0; k < count; ++k) {  // plain loads: a gather costs more here
            const double* g = in.random_gradient + hashes[k] * D;
            t[0][k]         = g[0];
            for (int axis = 1; axis < D; ++axis) t[axis][k] = g[axis] * other[axis];
        }
    }

    static constexpr bool may_drop_guard = false;  // there is no guard

    template <bool>
    static VF apply(VF x, const VF* t) {
        const DF d;
        VF dot = hn::Add(hn::Zero(d), hn::Mul(t[0], x));
        for (int axis = 1; axis < D; ++axis) dot = hn::Add(dot, t[axis]);
        return dot;
    }

    VF operator()(const OctaveInputs& in, VI h, const VF* dist) const {
        const DF d;
        const DI di;
        HWY_ALIGN std::int64_t hashes[max_lanes];
        HWY_ALIGN double g[4][max_lanes];
        hn::Store(h, di, hashes);
        for (std::size_t lane = 0; lane < hn::Lanes(d); ++lane)
            for (int axis = 0; axis < D; ++axis) g[axis][lane] = in.random_gradient[hashes[lane] * D + axis];
        VF dot = hn::Zero(d);
        for (int axis = 0; axis < D; ++axis) dot = hn::Add(dot, hn::Mul(hn::Load(d, g[axis]), dist[axis]));
        return dot;
    }
};

// [SECTION] One octave of gradient noise over a chunk --------------------------------------

// ByteTables: the CPU has AVX-512 VBMI's byte permutes, so far-apart lanes' nibbles come straight
// from the chain (ChainsInRegisters). Chosen when the kernel is made (ResolvePerlin), as the
// target itself is: asking the CPU per chunk cost more than the octave (in a VM, CPUID traps).
template <int D, int PerAxis, class Gradient, bool ByteTables = false>
struct PerlinOctave {
    static constexpr int first =
        first_lattice_offset<PerAxis>;        // the lattice points' offsets: first, first + 1, ...
    static constexpr bool starts_sum = true;  // EmitLanes<true>
    using Hasher                     = BlockHasher<D, PerAxis>;

    static void Run(const OctaveInputs& in) {
        if constexpr (by_nibble && ByteTables) {
            if (ChainsInRegisters(in)) return RunChainNibbles(in);
        }
        HWY_ALIGN std::int64_t table[Hasher::capacity];
        const Hasher hasher(in, first, table, true);  // 2. HASH THE CORNERS (BYTES)
        RunHashed(in, hasher);
    }

    // The distance vectors' row-constant components, per combination of the other axes.
    struct RowDistances {
        explicit RowDistances(const OctaveInputs& in) {
            for (int c = 0; c < Hasher::combos; ++c)
                for (int axis = 1; axis < D; ++axis)
                    at[c][axis] = in.row.cell[axis].frac - other_offset<PerAxis>(c, axis, first);
        }
        double at[Hasher::combos][4] = {};
    };

    static void RunHashed(const OctaveInputs& in, const Hasher& hasher) {
        const RowDistances row_distances(in);
        const auto& other = row_distances.at;
        if (hasher.tabulated()) return RunTabulated(in, hasher, other);
        const DF d;
        const Gradient gradient;
        VI hash[Hasher::points];
        VF values[Hasher::points];
        for (int i = 0; i < in.padded; i += static_cast<int>(hn::Lanes(d))) {
            hasher.hashes(i, hash);
            const VF frac_x = hn::Load(d, in.frac_x + i);  // 1. THE POINT IN ITS CELL
            for (int n = 0; n < Hasher::points; ++n) {
                VF dist[4];  // 3. FROM THE CORNER TO THE
                dist[0] = hn::Sub(frac_x, hn::Set(d, static_cast<double>(first + n % PerAxis)));  // POINT,
                for (int axis = 1; axis < D; ++axis) dist[axis] = hn::Set(d, other[n / PerAxis][axis]);
                values[n] = gradient(in, hash[n], dist);  //    DOTTED WITH ITS GRADIENT
            }
            EmitLanes<true>(
                in, i, BlendLanes<D, PerAxis>(values, hn::Load(d, in.weight_x + i), in.row));  // 4. BLEND
        }
    }

    // The same steps when the chunk's corners are tabulated: step 3's work for the fixed axes is
    // done once per lattice point, and each lane only brings in its x distance.
    static void RunTabulated(const OctaveInputs& in, const Hasher& hasher, const double (*other)[4]) {
        constexpr int T = Gradient::tables;
        if constexpr (by_nibble) {
            // Lanes far apart (high frequencies): the terms from registers, not from the tables.
            if (FarApart(hasher)) {
                HWY_ALIGN double terms[T][Hasher::combos][16];
                NibbleTerms(in, other, terms);
                const Nibbles nibbles(hasher.table(), hasher.range(), terms);
                const auto entry = [&](int i) { return hasher.entry_lanes(i); };
                if (!OnALatticeLine(other)) return BlendNibbles<false>(in, entry, nibbles);
                return BlendNibbles<true>(in, entry, nibbles);
            }
        }
        HWY_ALIGN double storage[T][Hasher::capacity];
        const double* tables[T];
        Tabulate(in, hasher, other, storage, tables);
        if constexpr (Gradient::may_drop_guard) {
            if (!OnALatticeLine(other)) return BlendTabulated<false>(in, hasher, tables);
        }
        BlendTabulated<true>(in, hasher, tables);
    }

    // Whether GradientNibbles serves this octave's gradients (two-point curves, Ken's 2D and 3D
    // gradients, an AVX-512 target).
    static constexpr bool by_nibble = [] {
        if constexpr (requires { Gradient::by_nibble; })
            return has_gradient_nibbles && PerAxis == 2 && Gradient::by_nibble && Gradient::may_drop_guard;
        return false;
    }();
    using Nibbles = GradientNibbles<Hasher::combos, Gradient::tables>;

    // Whether the chunk's lanes lie far apart in its tables, beyond two vectors' width (the first
    // vector's spread stands for every vector's: a row's pixels are evenly spaced), and
    // GradientNibbles can read them. Within two vectors' width the tables' permutes were as fast
    // (measured: the one-octave high-frequency grid, whose lanes reach 12-13 entries).
    static bool FarApart(const Hasher& hasher) {
        return hasher.within_256() && hasher.spread(0) > 2 * static_cast<std::int64_t>(hn::Lanes(DF()));
    }

    // Whether an octave's chunk takes its nibbles straight from Ken's chain in registers
    // (ChainNibbleWords), without tabulating its points first: the permutation untiled at stride 1
    // (the lattice wraps with & 255), lanes beyond one vector's width apart (and ByteTables: a
    // CPU with byte permutes). Measured on the Intel Xeon of docs/performance.md (Hosts): within
    // two vectors' width too (the one-octave high-frequency grid) the chain beat the table.
    static bool ChainsInRegisters(const OctaveInputs& in) {
        const auto lanes = static_cast<std::int64_t>(hn::Lanes(DF()));
        return in.lattice->hash() == Hash::permutation && in.period == 0 && in.lattice->stride() == 1 &&
               in.cell_x[lanes - 1] - in.cell_x[0] + PerAxis > lanes;
    }

    // The nibbles of an octave's chunk from the chain (ChainsInRegisters), for terms `terms`.
    static Nibbles ChainNibbles(const OctaveInputs& in, const double (*terms)[Hasher::combos][16]) {
        std::int64_t row_index[3][2] = {};  // the other axes' wrapped indices (Lattice::wrap)
        for (int axis = 1; axis < D; ++axis)
            for (int k = 0; k < 2; ++k) row_index[axis - 1][k] = (in.row.cell[axis].index + first + k) & 255;
        NibbleWords words[Hasher::combos];
        ChainNibbleWords<D, Hasher::combos>(*in.lattice, row_index, words);
        return Nibbles(words, terms);
    }

    // A lane's first entry in the chain's nibbles: its cell's x index, wrapped.
    static VI WrappedCellLanes(const OctaveInputs& in, int i) {
        const DI di;
        return hn::And(hn::Load(di, in.cell_x + i), hn::Set(di, 255));
    }

    static void RunChainNibbles(const OctaveInputs& in) {
        const RowDistances row_distances(in);
        const auto& other = row_distances.at;
        HWY_ALIGN double terms[Gradient::tables][Hasher::combos][16];
        NibbleTerms(in, other, terms);
        const Nibbles nibbles = ChainNibbles(in, terms);
        const auto entry      = [&](int i) { return WrappedCellLanes(in, i); };
        if (!OnALatticeLine(other)) return BlendNibbles<false>(in, entry, nibbles);
        BlendNibbles<true>(in, entry, nibbles);
    }

    template <int F>
    static void RunChainNibblesFields(const OctaveInputs* in) {
        const RowDistances row_distances(in[0]);  // the fields share the row
        const auto& other = row_distances.at;
        HWY_ALIGN double terms[F][Gradient::tables][Hasher::combos][16];
        for (int f = 0; f < F; ++f) NibbleTerms(in[f], other, terms[f]);
        const std::array<Nibbles, F> nibbles = ChainNibblesOf<F>(in, terms, std::make_index_sequence<F>{});
        const auto entry                     = [&](int i) { return WrappedCellLanes(in[0], i); };
        if (!OnALatticeLine(other)) return BlendNibblesFields<false, F>(in, entry, nibbles);
        BlendNibblesFields<true, F>(in, entry, nibbles);
    }

    template <int F, std::size_t... f>
    static std::array<Nibbles, F> ChainNibblesOf(const OctaveInputs* in,
                                                 const double (*terms)[Gradient::tables][Hasher::combos][16],
                                                 std::index_sequence<f...>) {
        return {ChainNibbles(in[f], terms[f])...};
    }

    // Each field's nibbles.
    template <int F, std::size_t... f>
    static std::array<Nibbles, F> NibblesOf(const std::array<Hasher, F>& hashers,
                                            const double (*terms)[Gradient::tables][Hasher::combos][16],
                                            std::index_sequence<f...>) {
        return {Nibbles(hashers[f].table(), hashers[f].range(), terms[f])...};
    }

    // BlendTabulatedFields with each lane's terms from the nibbles, the fields side by side.
    template <bool guarded, int F, class Entry>
    static void BlendNibblesFields(const OctaveInputs* in, const Entry& entry_of,
                                   const std::array<Nibbles, F>& nibbles) {
        const DF d;
        const std::array<Emitter<true>, F> emit = EmittersOf<F>(in, std::make_index_sequence<F>{});
        for (int i = 0; i < in[0].padded; i += static_cast<int>(hn::Lanes(d))) {
            const VF frac_x = hn::Load(d, in[0].frac_x + i);
            const VI entry  = entry_of(i);
            VF values[F][Hasher::points];
            for (int f = 0; f < F; ++f) {
                VF fixed[Hasher::points][Gradient::tables];
                nibbles[f].Fetch(entry, fixed);
                for (int n = 0; n < Hasher::points; ++n) {
                    const int offset = first + n % PerAxis;
                    const VF x =
                        offset == 0 ? frac_x : hn::Sub(frac_x, hn::Set(d, static_cast<double>(offset)));
                    values[f][n] = Gradient::template apply<guarded>(x, fixed[n]);
                }
            }
            BlendFieldsLanes<D>(values, hn::Load(d, in[0].weight_x + i), in[0].row);
            for (int f = 0; f < F; ++f) emit[f](i, values[f][0]);
        }
    }

    // terms[t][c][n]: table t's term for a point of combination c whose hash has low nibble n,
    // by the same tabulate as the tables' (so the same values).
    static void NibbleTerms(const OctaveInputs& in, const double (*other)[4],
                            double (*terms)[Hasher::combos][16]) {
        HWY_ALIGN std::int64_t nibble[16];
        for (int n = 0; n < 16; ++n) nibble[n] = n;
        for (int c = 0; c < Hasher::combos; ++c) {
            double* at[Gradient::tables];
            for (int t = 0; t < Gradient::tables; ++t) at[t] = terms[t][c];
            Gradient::tabulate(in, nibble, other[c], 16, at);
        }
    }

    // BlendTabulated with each lane's terms from the nibbles (GradientNibbles::Fetch).
    template <bool guarded, class Entry>
    static void BlendNibbles(const OctaveInputs& in, const Entry& entry, const Nibbles& nibbles) {
        const DF d;
        const Emitter<true> emit(in);
        for (int i = 0; i < in.padded; i += static_cast<int>(hn::Lanes(d))) {
            const VF frac_x = hn::Load(d, in.frac_x + i);
            VF fixed[Hasher::points][Gradient::tables];
            nibbles.Fetch(entry(i), fixed);
            VF values[Hasher::points];
            for (int n = 0; n < Hasher::points; ++n) {
                const int offset = first + n % PerAxis;
                const VF x = offset == 0 ? frac_x : hn::Sub(frac_x, hn::Set(d, static_cast<double>(offset)));
                values[n]  = Gradient::template apply<guarded>(x, fixed[n]);
            }
            emit(i, BlendLanes<D, PerAxis>(values, hn::Load(d, in.weight_x + i), in.row));
        }
    }

    // Step 3's fixed part for every tabulated lattice point, into storage; tables[t] = storage[t].
    static void Tabulate(const OctaveInputs& in, const Hasher& hasher, const double (*other)[4],
                         double (*storage)[Hasher::capacity], const double** tables) {
        constexpr int T          = Gradient::tables;
        const std::int64_t range = hasher.range();
        for (int c = 0; c < Hasher::combos; ++c) {
            double* at[T];
            for (int t = 0; t < T; ++t) at[t] = storage[t] + c * range;
            Gradient::tabulate(in, hasher.table() + c * range, other[c], range, at);
        }
        for (int t = 0; t < T; ++t) tables[t] = storage[t];
    }

    // Whether F fields' points fit side by side in the registers (RunFields): the 2D and 3D
    // warps' do. The 4D warp's four fields of sixteen points each would need far more vectors
    // than there are (measured almost twice as slow), so FillChunkFields runs them one by one.
    template <int F>
    static constexpr bool side_by_side = F <= 24 / Hasher::points;

    // A warp's components (FillChunkFields): one octave of F fields that differ only in their
    // seeds, on the same pixels. Each field hashes and tabulates its own points, but where their
    // tables come out alike in layout (every low frequency), the lanes go through them together:
    // the x distances, the lanes' entries and the blend weights serve every field, and the
    // fields' dot products and blends, independent of each other, go side by side, which lets the
    // processor overlap them (measured: the one-octave 2D warp about 9 % faster). Each field's
    // values are computed as Run computes them.
    template <int F>
    requires side_by_side<F>
    static void RunFields(const OctaveInputs* in) {
        if constexpr (by_nibble && ByteTables) {
            bool in_registers = true;
            for (int f = 0; f < F; ++f)  // the fields share the pixels' cells (FillChunkFields)
                in_registers = in_registers && ChainsInRegisters(in[f]) && in[f].cell_x == in[0].cell_x;
            if (in_registers) return RunChainNibblesFields<F>(in);
        }
        HWY_ALIGN std::int64_t table[F][Hasher::capacity];
        const std::array<Hasher, F> hashers = HashersOf<F>(in, table, std::make_index_sequence<F>{});
        bool together                       = true;
        for (int f = 1; f < F; ++f) together = together && hashers[0].same_layout(hashers[f]);
        if (!together) {
            for (int f = 0; f < F; ++f) RunHashed(in[f], hashers[f]);
            return;
        }
        const RowDistances row_distances(in[0]);  // the fields share the row
        const auto& other = row_distances.at;
        constexpr int T   = Gradient::tables;
        if constexpr (by_nibble) {
            if (FarApart(hashers[0])) {
                HWY_ALIGN double terms[F][T][Hasher::combos][16];
                for (int f = 0; f < F; ++f) NibbleTerms(in[f], other, terms[f]);
                const std::array<Nibbles, F> nibbles =
                    NibblesOf<F>(hashers, terms, std::make_index_sequence<F>{});
                const auto entry = [&](int i) { return hashers[0].entry_lanes(i); };
                if (!OnALatticeLine(other)) return BlendNibblesFields<false, F>(in, entry, nibbles);
                return BlendNibblesFields<true, F>(in, entry, nibbles);
            }
        }
        HWY_ALIGN double storage[F][T][Hasher::capacity];
        const double* tables[F][T];
        for (int f = 0; f < F; ++f) Tabulate(in[f], hashers[f], other, storage[f], tables[f]);
        if constexpr (Gradient::may_drop_guard) {
            if (!OnALatticeLine(other)) return BlendTabulatedFields<false, F>(in, hashers[0], tables);
        }
        BlendTabulatedFields<true, F>(in, hashers[0], tables);
    }

    // Unguarded, a point without x computes x * 0 + fixed, which is fixed bit for bit unless
    // fixed is -0 (+0 + -0 is +0). The fixed term of such a point is a signed sum of the row's
    // distances, so it can be -0 only if one of them is 0: a row on a lattice line.
    static bool OnALatticeLine(const double (*other)[4]) {
        for (int c = 0; c < Hasher::combos; ++c)
            for (int axis = 1; axis < D; ++axis)
                if (other[c][axis] == 0.0) return true;
        return false;
    }

    template <bool guarded>
    static void BlendTabulated(const OctaveInputs& in, const Hasher& hasher, const double* const* tables) {
        const DF d;
        constexpr int T         = Gradient::tables;
        const bool cells_shared = hasher.cells_shared();
        for (int i = 0; i < in.padded; i += static_cast<int>(hn::Lanes(d))) {
            const VF frac_x  = hn::Load(d, in.frac_x + i);
            const auto blend = [&](auto fetch) {
                VF values[Hasher::points];
                for (int n = 0; n < Hasher::points; ++n) {
                    VF fixed[T];
                    for (int t = 0; t < T; ++t) fixed[t] = fetch(tables[t], n / PerAxis, n % PerAxis);
                    const int offset = first + n % PerAxis;  // frac - 0 is frac: no Sub
                    const VF x =
                        offset == 0 ? frac_x : hn::Sub(frac_x, hn::Set(d, static_cast<double>(offset)));
                    values[n] = Gradient::template apply<guarded>(x, fixed);
                }
                EmitLanes<true>(in, i, BlendLanes<D, PerAxis>(values, hn::Load(d, in.weight_x + i), in.row));
            };
            if (!cells_shared || !hasher.visit_one_cell(i, blend)) hasher.visit(i, blend);  // as the fields'
        }
    }

    // Each field's hasher, hashing into its own table.
    template <int F, std::size_t... f>
    static std::array<Hasher, F> HashersOf(const OctaveInputs* in, std::int64_t (*table)[Hasher::capacity],
                                           std::index_sequence<f...>) {
        return {Hasher(in[f], first, table[f], true)...};
    }

    // Each field's emitter.
    template <int F, std::size_t... f>
    static std::array<Emitter<true>, F> EmittersOf(const OctaveInputs* in, std::index_sequence<f...>) {
        return {Emitter<true>(in[f])...};
    }

    // BlendTabulated for F fields whose tables share hasher's layout (RunFields), stage by stage.
    template <bool guarded, int F>
    static void BlendTabulatedFields(const OctaveInputs* in, const Hasher& hasher,
                                     const double* const (*tables)[Gradient::tables]) {
        static_assert(PerAxis == 2, "two-point curves: the warp's components (ResolvePerlin)");
        const DF d;
        constexpr int T                         = Gradient::tables;
        const std::array<Emitter<true>, F> emit = EmittersOf<F>(in, std::make_index_sequence<F>{});
        const bool cells_shared                 = hasher.cells_shared();
        for (int i = 0; i < in[0].padded; i += static_cast<int>(hn::Lanes(d))) {
            const VF frac_x  = hn::Load(d, in[0].frac_x + i);
            const auto blend = [&](auto fetch) {
                VF values[F][Hasher::points];
                for (int n = 0; n < Hasher::points; ++n) {
                    const int offset = first + n % PerAxis;
                    const VF x =
                        offset == 0 ? frac_x : hn::Sub(frac_x, hn::Set(d, static_cast<double>(offset)));
                    for (int f = 0; f < F; ++f) {
                        VF fixed[T];
                        for (int t = 0; t < T; ++t) fixed[t] = fetch(tables[f][t], n / PerAxis, n % PerAxis);
                        values[f][n] = Gradient::template apply<guarded>(x, fixed);
                    }
                }
                BlendFieldsLanes<D>(values, hn::Load(d, in[0].weight_x + i), in[0].row);
                for (int f = 0; f < F; ++f) emit[f](i, values[f][0]);
            };
            // Low frequencies: most vectors lie in one cell, whose entries every lane shares.
            if (!cells_shared || !hasher.visit_one_cell(i, blend)) hasher.visit(i, blend);
        }
    }
};

template <int D, template <int> class Gradient>
detail::ChunkFn PerlinFor(bool cubic) {
    if constexpr (has_gradient_nibbles && (D == 2 || D == 3) && std::is_same_v<Gradient<D>, ImprovedLanes<D>>)
        if (!cubic && HasByteTables()) return &FillChunk<PerlinOctave<D, 2, Gradient<D>, true>>;
    return cubic ? &FillChunk<PerlinOctave<D, 4, Gradient<D>>> : &FillChunk<PerlinOctave<D, 2, Gradient<D>>>;
}

template <int D>
detail::ChunkFn PerlinForDimension(Gradients gradients, bool cubic) {
    switch (gradients) {
        case Gradients::improved:
            return PerlinFor<D, ImprovedLanes>(cubic);
        case Gradients::axes:
            return PerlinFor<D, AxisLanes>(cubic);
        case Gradients::random:
            return PerlinFor<D, RandomLanes>(cubic);
    }
    return nullptr;
}

detail::ResolvedKernel ResolvePerlin(const Params& params) {
    const bool cubic                = params.interpolation == Interpolation::cubic;
    detail::ResolvedKernel resolved = ForDimension(
        params.dimension, [&](auto d) { return PerlinForDimension<d()>(params.gradients, cubic); });
    // A warp's components (fractal.cpp: Ken Perlin's gradients, a two-point curve) in 2D to 4D.
    if (params.gradients == Gradients::improved && !cubic && params.dimension >= 2)
        resolved.fill_fields = ForEachDimension(params.dimension, [](auto d) -> detail::FieldsFn {
            if constexpr (has_gradient_nibbles && d() <= 3)
                if (HasByteTables()) return &FillFields<PerlinOctave<d(), 2, ImprovedLanes<d()>, true>, d()>;
            return &FillFields<PerlinOctave<d(), 2, ImprovedLanes<d()>>, d()>;
        });
    return resolved;
}

}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace noise {
HWY_EXPORT(ResolvePerlin);

namespace detail {
ResolvedKernel make_perlin_kernel(const Params& params) {
    return HWY_DYNAMIC_DISPATCH(ResolvePerlin)(params);
}
}  // namespace detail
}  // namespace noise
#endif
