// The octave sum: see fractal.hpp.
#include "noise/fractal.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "noise/perlin.hpp"
#include "noise/value.hpp"

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
        scales_.push_back(scale);
        amplitudes_.push_back(amplitude);
        periods_.push_back(period);
        amplitude_sum_ += amplitude;
        scale *= params.lacunarity;
        amplitude *= params.persistence;
        // An integer lacunarity while tiling (validated), so the next period is a whole number
        // of cells: at most 65536 * 4^15 = 2^46.
        period *= static_cast<std::int64_t>(params.lacunarity);
    }
}

double FractalNoise::octave(int i, const Point& p) const {
    const auto index = static_cast<std::size_t>(i);
    Point q          = p;
    for (int axis = 0; axis < params_.dimension; ++axis) q[static_cast<std::size_t>(axis)] *= scales_[index];
    const Lattice& lattice = lattices_[lattices_.size() == 1 ? 0 : index];
    switch (params_.algorithm) {
        case Algorithm::perlin:
            return perlin_noise(lattice, q, params_.dimension, params_.gradients, params_.interpolation,
                                periods_[index]);
        case Algorithm::value:
            return value_noise(lattice, q, params_.dimension, params_.interpolation, params_.smooth, periods_[index]);
        case Algorithm::white: return white_noise(lattice, q, params_.dimension, params_.smooth, periods_[index]);
    }
    return 0.0;
}

double FractalNoise::octave_weight(int i) const { return amplitudes_[static_cast<std::size_t>(i)] / amplitude_sum_; }

double FractalNoise::at(const Point& p) const {
    double total  = 0.0;
    double weight = 1.0;  // ridged: how much the previous octave's crest lets this one through
    for (int i = 0; i < params_.octaves; ++i) {
        const double n         = octave(i, p);
        const double amplitude = amplitudes_[static_cast<std::size_t>(i)];
        switch (params_.fractal) {
            case Fractal::fbm: total += amplitude * n; break;
            case Fractal::turbulence: total += amplitude * std::abs(n); break;
            case Fractal::ridged: {
                double crest = 1.0 - std::abs(n);  // sharp where the noise crosses zero
                crest *= crest * weight;
                weight = std::clamp(crest * 2.0, 0.0, 1.0);
                total += amplitude * crest;
                break;
            }
        }
    }
    return total / amplitude_sum_;
}

}  // namespace noise
