// simplex_lattice.hpp (internal): the constants, the vertex hash and the gradient sets of simplex
// noise (simplex.hpp), shared by the readable reference (simplex.cpp) and the SIMD kernel
// (simd/simplex_kernel.cpp), which must agree with it bit for bit.
//
// Everything here is arithmetic on uint32 (wrap-around is defined) and selections of constants,
// so that a SIMD lane can compute it without table lookups: a lattice vertex's hash is its
// coordinates multiplied by odd constants, xored with the seed, then mixed by MurmurHash3's
// finaliser (Austin Appleby), whose every output bit depends on every input bit.
#pragma once

#include <array>
#include <cstdint>

namespace noise::simplex_detail {

// [SECTION] Lattices -----------------------------------------------------------------------

// 2D and 4D: the skew that takes space to the lattice of unit cells, (sqrt(D + 1) - 1) / D, and
// the unskew back, (1 - 1 / sqrt(D + 1)) / D (Perlin 2001; Gustavson 2005).
inline constexpr double skew2   = 0.36602540378443864676;  // (sqrt(3) - 1) / 2
inline constexpr double unskew2 = 0.21132486540518711775;  // (3 - sqrt(3)) / 6
inline constexpr double skew4   = 0.30901699437494742410;  // (sqrt(5) - 1) / 4
inline constexpr double unskew4 = 0.13819660112501051518;  // (5 - sqrt(5)) / 20

// 3D: the rotation that lays the noise's z axis along the cubic lattice's main diagonal, so that
// every slice at constant z cuts the lattice alike (x -> (2, -1, -1) / sqrt 6, y -> (0, 1, -1) /
// sqrt 2, z -> (1, 1, 1) / sqrt 3: an orthonormal basis, distances are kept).
inline constexpr double two_over_root6 = 0.81649658092772603273;  // 2 / sqrt(6)
inline constexpr double one_over_root6 = 0.40824829046386301637;  // 1 / sqrt(6)
inline constexpr double one_over_root2 = 0.70710678118654752440;  // 1 / sqrt(2)
inline constexpr double one_over_root3 = 0.57735026918962576451;  // 1 / sqrt(3)

// The squared radius of a vertex's influence: a vertex contributes (r^2 - |d|^2)^4 (g . d) while
// |d|^2 < r^2. 1/2 is the squared height of every simplex of the 2D and 4D lattices, and the
// squared distance past which no third vertex of a cubic grid comes (simplex.hpp): so each
// vertex fades out exactly before it leaves the vertices evaluated, and the noise is continuous.
inline constexpr double radius2 = 0.5;

// One octave's raw sum times these is within [-1, 1]: a little below the reciprocals of the
// largest |sum| a search found (random starts, then hill climbing) in each dimension's field
// (raw maxima 0.00999 in 2D, 0.01301 in 3D, 0.01593 in 4D; simplex.hpp quotes the ranges).
inline constexpr double norm2 = 99.0;
inline constexpr double norm3 = 76.0;
inline constexpr double norm4 = 62.0;

// 3D: the second cubic grid of the body-centred lattice (the first shifted by (1/2, 1/2, 1/2))
// hashes its vertices with the seed xored with this, so the two grids are independent.
inline constexpr std::uint32_t second_grid_seed = 0x5BD1E995u;

// [SECTION] The vertex hash ----------------------------------------------------------------

inline constexpr std::array<std::uint32_t, 4> axis_prime{0x8DA6B343u, 0xD8163841u, 0xCB1AB31Fu, 0xE2D6D3E1u};
inline constexpr std::uint32_t mix1 = 0x85EBCA6Bu, mix2 = 0xC2B2AE35u;

// Only the low 32 bits of each coordinate matter: the lattice repeats every 2^32 vertices.
template <std::size_t D>
std::uint32_t vertex_hash(std::uint32_t seed, const std::array<std::int64_t, D>& vertex) {
    std::uint32_t h = seed;
    for (std::size_t axis = 0; axis < D; ++axis)
        h ^= static_cast<std::uint32_t>(vertex[axis]) * axis_prime[axis];
    h ^= h >> 16;
    h *= mix1;
    h ^= h >> 13;
    h *= mix2;
    h ^= h >> 16;
    return h;
}

// [SECTION] Gradient sets ------------------------------------------------------------------
// Each returns the gradient g of a hash; noise values use g . d. The lengths differ per set
// (sqrt 2, sqrt 3): the normalisation constants of simplex.cpp take them in.

// 2D: 8 unit vectors at 22.5 + 45k degrees (none along an axis): bit 0 swaps the components,
// bits 1 and 2 are the signs of x and y.
inline constexpr double gradient2_long  = 0.92387953251128675613;  // cos(pi / 8)
inline constexpr double gradient2_short = 0.38268343236508977173;  // sin(pi / 8)
inline std::array<double, 2> gradient2(std::uint32_t h) {
    double gx = (h & 1) ? gradient2_short : gradient2_long;
    double gy = (h & 1) ? gradient2_long : gradient2_short;
    if (h & 2) gx = -gx;
    if (h & 4) gy = -gy;
    return {gx, gy};
}

// 3D: Ken Perlin's 12 edge vectors of the cube, (+-1, +-1, 0) and its rotations: (h * 3) >> 32
// picks the axis that is 0 (uniformly from the high bits), bits 0-2 the signs.
inline unsigned zero_axis3(std::uint32_t h) { return static_cast<unsigned>((std::uint64_t{h} * 3) >> 32); }
inline std::array<double, 3> gradient3(std::uint32_t h) {
    const unsigned zero = zero_axis3(h);
    std::array<double, 3> g{};
    for (unsigned axis = 0; axis < 3; ++axis) g[axis] = axis == zero ? 0.0 : ((h >> axis) & 1) ? -1.0 : 1.0;
    return g;
}

// 4D: the 32 edge vectors of the 4-cube (one coordinate 0, the others +-1): bits 30-31 pick the
// axis that is 0, bits 0-3 the signs.
inline std::array<double, 4> gradient4(std::uint32_t h) {
    const unsigned zero = h >> 30;
    std::array<double, 4> g{};
    for (unsigned axis = 0; axis < 4; ++axis) g[axis] = axis == zero ? 0.0 : ((h >> axis) & 1) ? -1.0 : 1.0;
    return g;
}

}  // namespace noise::simplex_detail
