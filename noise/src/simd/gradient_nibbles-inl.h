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
// Valid when every entry a lane reads is entry (k + s) & 255 (BlockHasher::within_256), for
// two-point curves (a block of Span 2), AVX3 and AVX3_DL (16-bit permutes are AVX-512 BW, which
// both have). Other targets keep the tables' path: has_gradient_nibbles is false there.
#if defined(NOISE_SIMD_GRADIENT_NIBBLES_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef NOISE_SIMD_GRADIENT_NIBBLES_INL_H_
#undef NOISE_SIMD_GRADIENT_NIBBLES_INL_H_
#else
#define NOISE_SIMD_GRADIENT_NIBBLES_INL_H_
#endif

#include <hwy/highway.h>

#include <algorithm>
#include <cstdint>

#include "simd/lattice_simd-inl.h"

HWY_BEFORE_NAMESPACE();
namespace noise {
namespace HWY_NAMESPACE {

#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
inline constexpr bool has_gradient_nibbles = true;
#else
inline constexpr bool has_gradient_nibbles = false;
#endif

// The nibbles and the gradient terms of one octave's chunk, for Combos combinations of the other
// axes and Tables gradient tables (ImprovedLanes::tables). Only constructed where
// has_gradient_nibbles.
template <int Combos, int Tables>
class GradientNibbles {
  public:
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

}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#endif  // NOISE_SIMD_GRADIENT_NIBBLES_INL_H_
