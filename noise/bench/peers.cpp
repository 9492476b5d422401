// The peers, wrapped: see peers.hpp.
#include "peers.hpp"

#include <stb_perlin.h>

#ifdef HAVE_LIBNOISE
#include <libnoise/noise.h>
#endif

#include <FastNoise/FastNoise.h>

namespace peers {

void stb_perlin_fill(const Grid& grid, int octaves, std::span<float> out) {
    const auto z = static_cast<float>(grid.z);
    for (int j = 0; j < grid.height; ++j) {
        const auto y = static_cast<float>(grid.origin + (grid.first_row + j + 0.5) * grid.step);
        float* row   = out.data() + static_cast<std::size_t>(j) * static_cast<std::size_t>(grid.width);
        for (int i = 0; i < grid.width; ++i) {
            const auto x = static_cast<float>(grid.origin + (i + 0.5) * grid.step);
            row[i]       = octaves == 1 ? stb_perlin_noise3(x, y, z, 0, 0, 0)
                                        : stb_perlin_fbm_noise3(x, y, z, 2.0f, 0.5f, octaves);
        }
    }
}

// [SECTION] libnoise ---------------------------------------------------------------------------

#ifdef HAVE_LIBNOISE
bool have_libnoise() { return true; }

void libnoise_fill(const Grid& grid, int octaves, std::span<float> out) {
    noise::module::Perlin perlin;
    perlin.SetOctaveCount(octaves);
    perlin.SetFrequency(1.0);
    perlin.SetPersistence(0.5);
    perlin.SetLacunarity(2.0);
    perlin.SetNoiseQuality(noise::QUALITY_BEST);  // quintic, like ours
    perlin.SetSeed(0);
    for (int j = 0; j < grid.height; ++j) {
        const double y = grid.origin + (grid.first_row + j + 0.5) * grid.step;
        float* row     = out.data() + static_cast<std::size_t>(j) * static_cast<std::size_t>(grid.width);
        for (int i = 0; i < grid.width; ++i)
            row[i] = static_cast<float>(perlin.GetValue(grid.origin + (i + 0.5) * grid.step, y, grid.z));
    }
}
#else
bool have_libnoise() { return false; }
void libnoise_fill(const Grid&, int, std::span<float>) {}
#endif

// [SECTION] FastNoise2 --------------------------------------------------------------------------

struct FastNoise2::Tree {
    FastNoise::SmartNode<> root;
};

namespace {

// One octave: the node itself; more: FractalFBm around it, with our persistence and lacunarity.
FastNoise::SmartNode<> fractal(FastNoise::SmartNode<> source, int octaves) {
    if (octaves == 1) return source;
    auto fbm = FastNoise::New<FastNoise::FractalFBm>();
    fbm->SetSource(source);
    fbm->SetOctaveCount(octaves);
    fbm->SetGain(0.5f);
    fbm->SetLacunarity(2.0f);
    return fbm;
}

template <typename Node>
FastNoise::SmartNode<Node> unit_scale() {
    auto node = FastNoise::New<Node>();
    node->SetScale(1.0f);  // its default feature scale is 100 world units per cell
    return node;
}

FastNoise::SmartNode<> build(FastNoise2Case what, int octaves) {
    switch (what) {
        case FastNoise2Case::perlin:
            return fractal(unit_scale<FastNoise::Perlin>(), octaves);
        case FastNoise2Case::value:
            return fractal(unit_scale<FastNoise::Value>(), octaves);
        case FastNoise2Case::simplex:
            return fractal(unit_scale<FastNoise::Simplex>(), octaves);
        case FastNoise2Case::cellular_f1: {
            auto cellular = unit_scale<FastNoise::CellularDistance>();
            cellular->SetDistanceFunction(FastNoise::DistanceFunction::Euclidean);
            cellular->SetGridJitter(1.0f);
            cellular->SetReturnType(FastNoise::CellularDistance::ReturnType::Index0);
            return fractal(cellular, octaves);
        }
        case FastNoise2Case::perlin_warp: {
            auto warp = unit_scale<FastNoise::DomainWarpGradient>();
            warp->SetWarpAmplitude(1.0f);
            warp->SetSource(fractal(unit_scale<FastNoise::Perlin>(), octaves));
            auto progressive = FastNoise::New<FastNoise::DomainWarpFractalProgressive>();
            progressive->SetSource(warp);
            progressive->SetOctaveCount(3);
            progressive->SetGain(0.5f);
            progressive->SetLacunarity(2.0f);
            return progressive;
        }
    }
    return {};
}

}  // namespace

FastNoise2::FastNoise2(FastNoise2Case what, int octaves) : tree_(new Tree{build(what, octaves)}) {}

FastNoise2::~FastNoise2() = default;

void FastNoise2::fill(const Grid& grid, std::span<float> out) const {
    const double x0 = grid.origin + 0.5 * grid.step;
    const double y0 = grid.origin + (grid.first_row + 0.5) * grid.step;
    const auto step = static_cast<float>(grid.step);
    tree_->root->GenUniformGrid2D(out.data(), static_cast<float>(x0), static_cast<float>(y0), grid.width,
                                  grid.height, step, step, 0);
}

std::string FastNoise2::simd_level() const {
    return FastSIMD::GetFeatureSetString(tree_->root->GetActiveFeatureSet());
}

}  // namespace peers
