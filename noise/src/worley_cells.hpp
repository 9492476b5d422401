// worley_cells.hpp (internal): the pieces of cellular noise that the readable reference
// (worley.cpp) and the SIMD kernel (simd/worley_kernel.cpp) must share bit for bit: the hash
// that places a cell's feature point, the feature point's position, and the list of cells the
// search visits (worley.hpp states why that list is sufficient).
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "noise/params.hpp"

namespace noise::detail {

// Chris Wellons' "lowbias32" integer mixer: two multiplies and three xor-shifts on uint32_t, whose
// wraparound is defined; every input bit reaches every output bit. Lane-wise it is the same
// integer arithmetic (no table, no gather), which is why cellular noise hashes this way rather
// than through Ken Perlin's permutation chain.
constexpr std::uint32_t mix32(std::uint32_t h) {
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    h *= 0x846ca68bu;
    h ^= h >> 16;
    return h;
}

// The start of a cell's hash: the lattice's seed, mixed.
constexpr std::uint32_t worley_seed_hash(std::uint32_t seed) { return mix32(seed ^ 0x9e3779b9u); }

// One link of the hash per axis, over the axis' WRAPPED cell index (lattice.hpp's wrap_index), so
// that a tiled lattice's cells repeat exactly. Indices reach 2^46 while tiling: the high word
// joins after the mix, and the next link mixes it in.
constexpr std::uint32_t worley_link(std::uint32_t h, std::int64_t wrapped) {
    const auto bits = static_cast<std::uint64_t>(wrapped);
    return mix32(h ^ static_cast<std::uint32_t>(bits)) ^ static_cast<std::uint32_t>(bits >> 32);
}

// The hash of a cell is worley_seed_hash, then worley_link over the axes w, z, y, x (those of the
// dimension; x last, because it is the axis that differs between the pixels of a row). Its two
// words give 16 bits per axis: axis a reads word a / 2, bits 16 * (a % 2) on.
constexpr std::uint32_t worley_word0(std::uint32_t linked) { return mix32(linked); }
constexpr std::uint32_t worley_word1(std::uint32_t word0) { return mix32(word0 ^ 0x68e31da4u); }
constexpr std::uint32_t worley_bits(std::uint32_t word0, std::uint32_t word1, int axis) {
    return ((axis < 2 ? word0 : word1) >> (16 * (axis & 1))) & 0xffffu;
}

// The feature point's position inside its cell along one axis, from its 16 hash bits: a uniform
// u in (0, 1), pulled towards the centre by the jitter: 0.5 + jitter (u - 0.5). With jitter <= 1
// it stays strictly inside the cell, which is what the search's proof needs.
inline double feature_offset(std::uint32_t bits, double jitter) {
    const double u = (static_cast<double>(bits) + 0.5) * 0x1.0p-16;
    return 0.5 + jitter * (u - 0.5);
}

// One cell the search may visit: its offset from the point's own cell on each axis (0 past the
// dimension), and a lower bound of the distance (the squared distance for euclidean) from ANY
// point of the own cell to ANY point of it: the metric of max(|k| - 1, 0) per axis.
struct WorleyCandidate {
    std::array<int, 4> offset;
    double floor_bound;
};

// Every cell that can hold F1 or F2 (worley.hpp), nearest bound first: the 3^D neighbourhood
// (bound 0), then the shells beyond. The search stops at the first cell whose bound is not below
// the F2 found so far. Immutable, built once per dimension and metric.
std::span<const WorleyCandidate> worley_candidates(int dimension, CellularDistance metric);

// The factor that brings one octave's distance to its nominal range (worley.hpp).
double worley_scale(int dimension, CellularDistance metric, CellularReturn cellular_return);

}  // namespace noise::detail
