// The octave sum: see fractal.hpp.
#include "noise/fractal.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "noise/algorithms.hpp"
#include "octave_sum.hpp"

namespace noise {

FractalNoise::FractalNoise(const Params& params) : params_(params) {
    if (auto error = validate(params); !error.empty()) throw std::invalid_argument(error);

    const int lattice_count = params.octave_seeds == OctaveSeeds::same ? 1 : params.octaves;
    lattices_.reserve(static_cast<std::size_t>(lattice_count));
    for (int i = 0; i < lattice_count; ++i)
        lattices_.emplace_back(params.seed + static_cast<std::uint32_t>(i));  // wraps past 2^32 - 1

    double scale = 1.0, amplitude = 1.0;
    std::int64_t period = params.tile;
    for (int i = 0; i < params.octaves; ++i) {
        const Lattice& lattice = lattices_[lattices_.size() == 1 ? 0 : static_cast<std::size_t>(i)];
        octaves_.push_back({&lattice, scale, amplitude, period});
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
    for (int axis = 0; axis < params_.dimension; ++axis) q[static_cast<std::size_t>(axis)] *= setup.scale;
    return q;
}

double FractalNoise::octave(int i, const Point& p) const {
    const OctaveSetup& setup = octaves_[static_cast<std::size_t>(i)];
    return algorithm_info(params_.algorithm).reference(*setup.lattice, octave_point(i, p), params_, setup.period);
}

double FractalNoise::octave_weight(int i) const {
    return octaves_[static_cast<std::size_t>(i)].amplitude / amplitude_sum_;
}

double FractalNoise::at(const Point& p) const {
    return detail::sum_octaves<double>(params_.fractal, octaves_, amplitude_sum_, [&](int i) { return octave(i, p); });
}

}  // namespace noise
