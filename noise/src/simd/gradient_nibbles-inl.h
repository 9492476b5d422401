// simd/gradient_nibbles-inl.h (internal): Ken Perlin's 2D and 3D gradients for lanes whose cells
// lie far apart, looked up in registers instead of memory (AVX-512 targets only).
//
// At high frequencies a row's neighbouring pixels fall in cells far apart in the chunk's tables
// (BlockHasher), and reading each lane's tabulated gradient terms took a scalar load per lane, per
// lattice point and per table: 64 loads per vector of 8 pixels in 2D, the most of an octave's
// time on an Intel Xeon (docs/performance.md, Hosts), where a gather was slower still.
//
// Ken's improved 2D and 3D gradients depend on the hash's low four bits only (h & 15; perlin.cpp's
// grad), and the chunk's tables repeat every 256 entries (untiled: the lattice wraps with & 255).
// So per combination of the other axes a row's octave needs two small things, which fit in
// registers:
//   - the low nibble of each of the 256 hash entries: 128 bytes, two registers, four nibbles to
//     a 16-bit word, read with one word permute (vpermi2w) and a shift per word (vpsrlvw);
//   - the gradient tables' terms for the 16 nibbles: 16 doubles, two registers, read with one
//     double permute (vpermi2pd) indexed by the nibble itself.
// The terms are those of the tables the other path reads (the same tabulate on the same nibbles,
// exact lane-wise selections), so the noise keeps the reference's bits.
//
// The nibbles come from the chunk's hash table (BlockHasher) where every entry a lane reads is
// entry (k + s) & 255 (BlockHasher::within_256), or, on CPUs with AVX-512 VBMI and an untiled
// permutation, straight from Ken's chain in registers (ChainNibbleWords), which skips the table.
// Two-point curves (a block of Span 2), AVX3 and AVX3_DL (16-bit permutes are AVX-512 BW, which
// both have). Other targets keep the tables' path: has_gradient_nibbles is false there.
// Value noise reads the chain's whole bytes (ChainBytes) for its far-apart lanes (value_kernel.cpp).
#if defined(NOISE_SIMD_GRADIENT_NIBBLES_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef NOISE_SIMD_GRADIENT_NIBBLES_INL_H_
#undef NOISE_SIMD_GRADIENT_NIBBLES_INL_H_
#else
#define NOISE_SIMD_GRADIENT_NIBBLES_INL_H_
#endif

#include <hwy/highway.h>

#include <algorithm>
#include <cstdint>

#include "noise/lattice.hpp"
#include "simd/lattice_simd-inl.h"

HWY_BEFORE_NAMESPACE();
namespace noise {
namespace HWY_NAMESPACE {

#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
inline constexpr bool has_gradient_nibbles = true;
using NibbleWords = __m512i[2];  // a combination's 64 words of four nibbles, in two registers
#else
inline constexpr bool has_gradient_nibbles = false;
using NibbleWords                          = std::uint64_t[2];  // unused
#endif

// The nibbles and the gradient terms of one octave's chunk, for Combos combinations of the other
// axes and Tables gradient tables (ImprovedLanes::tables). Only constructed where
// has_gradient_nibbles.
template <int Combos, int Tables>
class GradientNibbles {
  public:
    // words[c]: the nibbles of combination c as ChainNibbleWords builds them.
    GradientNibbles(const NibbleWords* words, const double (*terms)[Combos][16]) {
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
        for (int c = 0; c < Combos; ++c) {
            words_[c][0] = words[c][0];
            words_[c][1] = words[c][1];
            for (int t = 0; t < Tables; ++t) {
                terms_[t][c][0] = _mm512_loadu_pd(terms[t][c]);
                terms_[t][c][1] = _mm512_loadu_pd(terms[t][c] + 8);
            }
        }
#else
        (void)words, (void)terms;
#endif
    }

    // hashes: the chunk's hash table (entry c * range + k: the gradient byte of point k of
    // combination c); terms[t][c][n]: table t's term for a point of combination c whose hash has
    // low nibble n.
    GradientNibbles(const std::int64_t* hashes, std::int64_t range, const double (*terms)[Combos][16]) {
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
        const std::int64_t count = std::min<std::int64_t>(range, 256);
        for (int c = 0; c < Combos; ++c) {
            HWY_ALIGN std::uint16_t word[64] = {};
            for (std::int64_t k = 0; k < count; ++k)
                word[k >> 2] =
                    static_cast<std::uint16_t>(word[k >> 2] | (hashes[c * range + k] & 15) << ((k & 3) * 4));
            words_[c][0] = _mm512_load_si512(word);
            words_[c][1] = _mm512_load_si512(word + 32);
            for (int t = 0; t < Tables; ++t) {
                terms_[t][c][0] = _mm512_loadu_pd(terms[t][c]);
                terms_[t][c][1] = _mm512_loadu_pd(terms[t][c] + 8);
            }
        }
#else
        (void)hashes, (void)range, (void)terms;
#endif
    }

    // fixed[s + 2 * c][t]: table t's term of point s (0, 1 along x) of combination c, for lanes
    // whose first entry (BlockHasher::entry_lanes) is `entry`.
    HWY_INLINE void Fetch(VI entry, VF (*fixed)[Tables]) const {
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
        const __m512i mask = _mm512_set1_epi64(255), three = _mm512_set1_epi64(3);
        const __m512i j0 = _mm512_and_si512(entry.raw, mask);
        const __m512i j1 = _mm512_and_si512(_mm512_add_epi64(entry.raw, _mm512_set1_epi64(1)), mask);
        // Word 0 of each lane reads point 0's nibble, word 1 point 1's: the word j / 4, the
        // nibble's place (j % 4) * 4 bits up. Words 2 and 3 read word 0, unused.
        const __m512i word =
            _mm512_or_si512(_mm512_srli_epi64(j0, 2), _mm512_slli_epi64(_mm512_srli_epi64(j1, 2), 16));
        const __m512i place = _mm512_or_si512(_mm512_slli_epi64(_mm512_and_si512(j0, three), 2),
                                              _mm512_slli_epi64(_mm512_and_si512(j1, three), 18));
        for (int c = 0; c < Combos; ++c) {
            const __m512i both =
                _mm512_srlv_epi16(_mm512_permutex2var_epi16(words_[c][0], word, words_[c][1]), place);
            // vpermi2pd reads bits 0-3 of each lane's index: the nibble; the bits above are ignored.
            const __m512i nibble[2] = {both, _mm512_srli_epi64(both, 16)};
            for (int s = 0; s < 2; ++s)
                for (int t = 0; t < Tables; ++t)
                    fixed[s + 2 * c][t] =
                        VF{_mm512_permutex2var_pd(terms_[t][c][0], nibble[s], terms_[t][c][1])};
        }
#else
        (void)entry, (void)fixed;
#endif
    }

  private:
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
    __m512i words_[Combos][2];
    __m512d terms_[Tables][Combos][2];
#endif
};

#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
// Whether the CPU (or the forced target, as on a CPU without it) has AVX-512 VBMI, which
// ChainNibbleWords needs. The row kernels are compiled for AVX3, not AVX3_DL, so this one
// function is compiled for VBMI on its own and called only where the CPU has it. Asked when a
// kernel is made (ResolvePerlin), of the answer kept since the first (cpu_has_byte_permutes):
// asked of the CPU per chunk it cost ten times the noise (in a VM, CPUID traps to the hypervisor).
inline bool HasByteTables() { return detail::cpu_has_byte_permutes(); }

// The bytes of Ken's chain for the 256 x indices of an untiled row (the lattice wraps with & 255,
// stride 1): hash[c][r] holds x indices 64 r .. 64 r + 63 for combination c of the other axes,
// whose wrapped indices are row_index[axis - 1][offset]. Each link of the 256 chains is four byte
// permutes of the table in four registers (vpermi2b), and the chain is the same: the same table
// (Lattice::permutation_table, its zero links riding with the last axis as ChainTable does), the
// same indices, byte additions wrapping as its & 255. Tabulating the points one at a time instead
// (BlockHasher: about 1300 scalar lookups per chunk in 2D) was a large share of a high-frequency
// octave (docs/performance.md, Hosts).
#define NOISE_VBMI __attribute__((target("avx512f,avx512bw,avx512dq,avx512vl,avx512vbmi")))

// Byte j of the 256 in table[0 .. 3] for each byte j of `index` (hash_simd-inl.h's PermuteBytes).
NOISE_VBMI inline __m512i PermuteBytes256(const __m512i* table, __m512i index) {
    const __m512i low  = _mm512_permutex2var_epi8(table[0], index, table[1]);
    const __m512i high = _mm512_permutex2var_epi8(table[2], index, table[3]);
    return _mm512_mask_blend_epi8(_mm512_movepi8_mask(index), low, high);
}

template <int D, int Combos>
NOISE_VBMI inline void ChainBytes(const Lattice& lattice, const std::int64_t (*row_index)[2],
                                  __m512i (*hash)[4]) {
    static_assert(D == 2 || D == 3, "the chain in registers: 2D and 3D");
    constexpr int zero_links = 3 - D;
    const auto permute       = [](const std::uint8_t* perm, __m512i index) {
        const __m512i table[4] = {_mm512_loadu_si512(perm), _mm512_loadu_si512(perm + 64),
                                  _mm512_loadu_si512(perm + 128), _mm512_loadu_si512(perm + 192)};
        return PermuteBytes256(table, index);
    };
    const auto table_of = [&](int axis) {
        return lattice.permutation_table(axis == D - 1 ? 1 + zero_links : 1);
    };
    for (int r = 0; r < 4; ++r) {  // the x link first
        HWY_ALIGN std::uint8_t x[64];
        for (int j = 0; j < 64; ++j) x[j] = static_cast<std::uint8_t>(64 * r + j);
        hash[0][r] = permute(table_of(0), _mm512_load_si512(x));
    }
    int filled = 1;  // combinations 0 .. filled hold the chains over the axes done (chain_rest)
    for (int axis = 1; axis < D; ++axis) {
        for (int offset = 1; offset >= 0; --offset)  // backwards: hash[n] is read before it is overwritten
            for (int n = filled - 1; n >= 0; --n) {
                const __m512i index = _mm512_set1_epi8(static_cast<char>(row_index[axis - 1][offset] & 255));
                for (int r = 0; r < 4; ++r)
                    hash[offset * filled + n][r] =
                        permute(table_of(axis), _mm512_add_epi8(hash[n][r], index));
            }
        filled *= 2;
    }
}

// The nibbles of the chain's bytes (ChainBytes), as GradientNibbles' words. Skipping the
// tabulation took perlin's 8 octaves from 2.1-2.3x FastNoise2 to 1.2-1.5x on an Intel Xeon.
template <int D, int Combos>
NOISE_VBMI void ChainNibbleWords(const Lattice& lattice, const std::int64_t (*row_index)[2],
                                 NibbleWords* words) {
    __m512i hash[Combos][4];
    ChainBytes<D, Combos>(lattice, row_index, hash);
    // Four nibbles to a word: n0 + 16 n1 (vpmaddubsw), + 256 (n2 + 16 n3) (vpmaddwd), narrowed.
    const __m512i low_nibble = _mm512_set1_epi8(15), by_16 = _mm512_set1_epi16(16 << 8 | 1);
    const __m512i by_256 = _mm512_set1_epi32(256 << 16 | 1);
    for (int c = 0; c < Combos; ++c) {
        __m256i quarter[4];
        for (int r = 0; r < 4; ++r) {
            const __m512i pairs = _mm512_maddubs_epi16(_mm512_and_si512(hash[c][r], low_nibble), by_16);
            quarter[r]          = _mm512_cvtepi32_epi16(_mm512_madd_epi16(pairs, by_256));
        }
        words[c][0] = _mm512_inserti64x4(_mm512_castsi256_si512(quarter[0]), quarter[1], 1);
        words[c][1] = _mm512_inserti64x4(_mm512_castsi256_si512(quarter[2]), quarter[3], 1);
    }
}
#else
inline bool HasByteTables() { return false; }
template <int D, int Combos>
void ChainNibbleWords(const Lattice&, const std::int64_t (*)[2], NibbleWords*) {}
#endif

}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#endif  // NOISE_SIMD_GRADIENT_NIBBLES_INL_H_
