// The peers, wrapped: see peers.hpp.
#include "peers.hpp"

#include <stb_perlin.h>

#ifdef HAVE_LIBNOISE
#include <libnoise/noise.h>
#endif

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

}  // namespace peers
