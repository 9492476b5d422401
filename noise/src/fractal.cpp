// The octave sum: see fractal.hpp.
#include "noise/fractal.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "erosion_stage.hpp"
#include "noise/algorithms.hpp"
#include "noise/layer_stack.hpp"
#include "octave_sum.hpp"

namespace noise {
namespace {

// octave_offsets = shifted: octave i's shift on the axes x, y, z, w in 64ths of a cell, chosen by
// noise/tools/octave_shifts.py (fractal.hpp says why). Multiples of 1/64 keep
// p * lacunarity^i + shift exact for points with short binary fractions, so such points repeat
// bit for bit under tiling, as they do unshifted.
constexpr std::array<std::array<int, 4>, 16> octave_shift_64ths{{
    {{0, 0, 0, 0}},
    {{32, 31, 33, 30}},
    {{16, 44, 19, 41}},
    {{16, 36, 27, 46}},
    {{8, 30, 29, 22}},
    {{8, 42, 34, 38}},
    {{40, 6, 31, 39}},
    {{44, 6, 22, 40}},
    {{16, 39, 34, 40}},
    {{22, 41, 47, 48}},
    {{54, 9, 40, 8}},
    {{15, 8, 7, 9}},
    {{8, 56, 46, 52}},
    {{40, 24, 19, 8}},
    {{44, 40, 21, 41}},
    {{14, 48, 34, 47}},
}};

}  // namespace

// The params of the warp field's component along `axis`: fractal.hpp's fixed fBm of gradient
// noise. Its frequency, offsets and tile are not read (the octave setups carry the scale and the
// periods).
Params warp_component_params(const Params& params, int axis) {
    Params component;  // perlin, improved, quintic, fbm, persistence 0.5, lacunarity 2, same seeds
    component.dimension = params.dimension;
    component.octaves   = params.warp_octaves;
    component.seed      = warp_seed(params.seed, axis);
    component.z         = params.z;  // the slice, which a RowKernel of the component reads from here
    component.w         = params.w;
    return component;
}

namespace {

// Octave 0's periods: tile on every axis, y tile_y's (tile_period_y), each times `factor`. 1D
// has no y to give its own period (the compiled kernels, which need one period, then apply).
Periods tile_periods(const Params& params, std::int64_t factor) {
    Periods periods(static_cast<std::int64_t>(params.tile) * factor);
    if (params.dimension >= 2) periods.axis[1] = static_cast<std::int64_t>(tile_period_y(params)) * factor;
    return periods;
}

}  // namespace

FractalNoise::FractalNoise(const Params& params) : FractalNoise(params, 1.0, tile_periods(params, 1)) {}

FractalNoise::FractalNoise(const Params& params, double base_scale, const Periods& base_period)
    : params_(params), base_scale_(base_scale), base_period_(base_period) {
    if (auto error = validate(params); !error.empty()) throw std::invalid_argument(error);

    // seed_mode = shift (seed 002): the lattices are seed 0's, and the seed moves every octave's
    // point along x instead (the shift below).
    const bool seed_shifts   = params.seed_mode == SeedMode::shift;
    const std::uint32_t seed = seed_shifts ? 0u : params.seed;
    const int lattice_count  = params.octave_seeds == OctaveSeeds::same ? 1 : params.octaves;
    lattices_.reserve(static_cast<std::size_t>(lattice_count));
    for (int i = 0; i < lattice_count; ++i) {
        switch (params.octave_seeds) {
            case OctaveSeeds::same:
            case OctaveSeeds::offset:
                lattices_.emplace_back(seed + static_cast<std::uint32_t>(i),
                                       params.hash);  // wraps past 2^32 - 1
                break;
            case OctaveSeeds::texture: {
                // Seed 003: one texture (the lattice of `seed`), octave i reading texel j * L^(N-1-i)
                // for its lattice point j, L the whole-number lacunarity (validated): at most 4^15.
                std::int64_t stride = 1;
                for (int k = i + 1; k < lattice_count; ++k)
                    stride *= static_cast<std::int64_t>(params.lacunarity);
                lattices_.emplace_back(seed, params.hash, stride);
                break;
            }
            case OctaveSeeds::primes:  // seed 004: one IntNoise per octave, its own primes (hash elias)
                lattices_.emplace_back(seed, params.hash, 1, elias_prime_sets[static_cast<std::size_t>(i)]);
                break;
        }
    }

    double scale = base_scale, amplitude = 1.0;
    Periods periods = base_period;
    for (int i = 0; i < params.octaves; ++i) {
        const Lattice& lattice = lattices_[lattices_.size() == 1 ? 0 : static_cast<std::size_t>(i)];
        OctaveSetup setup{&lattice, scale, amplitude, periods[0], periods};
        if (params.octave_offsets == OctaveOffsets::shifted)
            for (std::size_t axis = 0; axis < 4; ++axis)
                setup.shift[axis] = octave_shift_64ths[static_cast<std::size_t>(i)][axis] / 64.0;
        // Seed 002 adds its seed to the lattice index: the seed as C#'s and JavaScript's signed
        // int, a whole number of cells, at every octave's own scale.
        if (seed_shifts) setup.shift[0] += static_cast<double>(static_cast<std::int32_t>(params.seed));
        octaves_.push_back(setup);
        amplitude_sum_ += amplitude;
        scale *= params.lacunarity;
        amplitude *= params.persistence;
        // An integer lacunarity while tiling (validated), so the next period is a whole number
        // of cells: at most 65536 * 4^15 = 2^46. With tile_octaves = same (seed 000's repeat)
        // every octave keeps the tile as its own period.
        if (params.tile_octaves == TileOctaves::scaled)
            for (std::int64_t& period : periods.axis) period *= static_cast<std::int64_t>(params.lacunarity);
    }

    if (params.warp_amplitude > 0.0) {
        // A whole-number warp_frequency while tiling (validated): the warp repeats every
        // tile * warp_frequency of its own units, which is every tile in p.
        // A mask field (base_scale: its frequency relative to the field's, whole while tiling)
        // reads its warp at its own scale; for the field itself base_scale is 1.
        const Periods warp_period =
            tile_periods(params, static_cast<std::int64_t>(base_scale * params.warp_frequency));
        for (int axis = 0; axis < params.dimension; ++axis)
            warp_.emplace_back(new FractalNoise(warp_component_params(params, axis),
                                                base_scale * params.warp_frequency, warp_period));
    }

    shaping_ = make_shaping_plan(params);
    erosion_ = make_erosion_plan(params);
    if (params.mask != MaskMode::none) mask_ = alongside(params.mask_field.front());
    if (has_stack(params)) stack_ = std::make_shared<const LayerStack>(*this);
}

FractalNoise::~FractalNoise() = default;

std::unique_ptr<const FractalNoise> FractalNoise::alongside(const Params& other) const {
    // Its frequency relative to ours (placement frame) or the multiplier of the point itself
    // (world), folded into its octaves' scales; repeating with our tile (a whole-number ratio,
    // validated).
    const double ratio = field_scale(params_, other);
    Params read        = other;
    read.z             = params_.z;  // the slice, which a RowKernel of it reads from here
    read.w             = params_.w;
    read.tile          = params_.tile;
    read.tile_y        = params_.tile_y;
    read.tile_octaves  = params_.tile_octaves;
    return std::unique_ptr<const FractalNoise>(
        new FractalNoise(read, base_scale_ * ratio, tile_periods(read, static_cast<std::int64_t>(ratio))));
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
    return algorithm_info(params_.algorithm)
        .reference(*setup.lattice, octave_point(i, p), params_, setup.periods);
}

double FractalNoise::octave_weight(int i) const {
    return octaves_[static_cast<std::size_t>(i)].amplitude / divisor();
}

double FractalNoise::layer(const Point& q) const {
    return detail::sum_octaves<double>(params_.fractal, octaves_, divisor(),
                                       [&](int i) { return octave(i, q); });
}

Point FractalNoise::warped(const Point& p) const {
    Point q = p;
    for (int axis = 0; axis < static_cast<int>(warp_.size()); ++axis) {    // none without a warp
        const double w = warp_[static_cast<std::size_t>(axis)]->layer(p);  // w_k(p * warp_frequency)
        q[static_cast<std::size_t>(axis)] = p[static_cast<std::size_t>(axis)] + params_.warp_amplitude * w;
    }
    return q;
}

Point FractalNoise::rotated(const Point& q) const {
    Point r = q;
    if (params_.tile != 0) {  // the integer rotation: 45 degrees, sqrt 2 finer, keeps the period
        r[0] = q[0] - q[1];
        r[1] = q[0] + q[1];
    } else {  // seed 001's rotation, same scale
        r[0] = (q[0] - q[1]) * seed001_phi;
        r[1] = (q[1] + q[0]) * seed001_phi;
    }
    return r;
}

double FractalNoise::layered(const Point& q) const {
    const double first = layer(q);
    if (!has_rotated_layer()) return first;
    return (first + layer(rotated(q))) * 0.5;
}

double FractalNoise::shaped(const Point& p) const {
    const double v = layered(warped(p));
    if (!shaping_.active) return v;
    return shape_value(shaping_, v, mask_ ? mask_->at(p) : 0.0);
}

double FractalNoise::stacked(const Point& p) const {
    const double v = shaped(p);
    return stack_ ? stack_->apply(p, v) : v;
}

double FractalNoise::at(const Point& p) const {
    return erosion_.active ? detail::eroded_at(*this, p) : stacked(p);
}

}  // namespace noise
