// The octave sum: see fractal.hpp.
#include "noise/fractal.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "noise/algorithms.hpp"
#include "octave_sum.hpp"

namespace noise {
namespace {

// octave_offsets = shifted: octave i's shift on the axes x, y, z, w in 64ths of a cell, chosen by
// noise/tools/octave_shifts.py (fractal.hpp says why). Multiples of 1/64 keep
// p * lacunarity^i + shift exact for points with short binary fractions, so such points repeat
// bit for bit under tiling, as they do unshifted.
constexpr std::array<std::array<int, 4>, 16> octave_shift_64ths{{
    {{0, 0, 0, 0}},     {{32, 31, 33, 30}}, {{16, 44, 19, 41}}, {{16, 36, 27, 46}},
    {{8, 30, 29, 22}},  {{8, 42, 34, 38}},  {{40, 6, 31, 39}},  {{44, 6, 22, 40}},
    {{16, 39, 34, 40}}, {{22, 41, 47, 48}}, {{54, 9, 40, 8}},   {{15, 8, 7, 9}},
    {{8, 56, 46, 52}},  {{40, 24, 19, 8}},  {{44, 40, 21, 41}}, {{14, 48, 34, 47}},
}};

}  // namespace

FractalNoise::FractalNoise(const Params& params) : params_(params) {
    if (auto error = validate(params); !error.empty()) throw std::invalid_argument(error);

    const int lattice_count = params.octave_seeds == OctaveSeeds::same ? 1 : params.octaves;
    lattices_.reserve(static_cast<std::size_t>(lattice_count));
    if (params.octave_seeds == OctaveSeeds::texture) {
        // Seed 003: one texture (the lattice of `seed`), octave i reading texel j * L^(N-1-i) for
        // its lattice point j, L the whole-number lacunarity (validated): at most 4^15 = 2^30.
        for (int i = 0; i < lattice_count; ++i) {
            std::int64_t stride = 1;
            for (int k = i + 1; k < lattice_count; ++k) stride *= static_cast<std::int64_t>(params.lacunarity);
            lattices_.emplace_back(params.seed, params.hash, stride);
        }
    } else {
        for (int i = 0; i < lattice_count; ++i)
            lattices_.emplace_back(params.seed + static_cast<std::uint32_t>(i), params.hash);  // wraps past 2^32 - 1
    }

    double scale = 1.0, amplitude = 1.0;
    std::int64_t period = params.tile;
    for (int i = 0; i < params.octaves; ++i) {
        const Lattice& lattice = lattices_[lattices_.size() == 1 ? 0 : static_cast<std::size_t>(i)];
        OctaveSetup setup{&lattice, scale, amplitude, period};
        if (params.octave_offsets == OctaveOffsets::shifted)
            for (std::size_t axis = 0; axis < 4; ++axis)
                setup.shift[axis] = octave_shift_64ths[static_cast<std::size_t>(i)][axis] / 64.0;
        octaves_.push_back(setup);
        amplitude_sum_ += amplitude;
        scale *= params.lacunarity;
        amplitude *= params.persistence;
        // An integer lacunarity while tiling (validated), so the next period is a whole number
        // of cells: at most 65536 * 4^15 = 2^46.
        period *= static_cast<std::int64_t>(params.lacunarity);
    }
}

Point FractalNoise::octave_point(int i, const Point& p) const {
    const OctaveSetup& setup = octaves_[static_cast<std::size_t>(i)];
    Point q                  = p;
    for (int axis = 0; axis < params_.dimension; ++axis)
        q[static_cast<std::size_t>(axis)] = octave_coordinate(setup, axis, p[static_cast<std::size_t>(axis)]);
    return q;
}

double FractalNoise::octave(int i, const Point& p) const {
    const OctaveSetup& setup = octaves_[static_cast<std::size_t>(i)];
    return algorithm_info(params_.algorithm).reference(*setup.lattice, octave_point(i, p), params_, setup.period);
}

double FractalNoise::octave_weight(int i) const {
    return octaves_[static_cast<std::size_t>(i)].amplitude / divisor();
}

double FractalNoise::at(const Point& p) const {
    return detail::sum_octaves<double>(params_.fractal, octaves_, divisor(), [&](int i) { return octave(i, p); });
}

}  // namespace noise
