#include "peers.hpp"

#include <stb_perlin.h>

#ifdef HAVE_LIBNOISE
#include <libnoise/noise.h>
#endif

namespace peers {

double stb_perlin_grid(int n, double step, int octaves) {
    double sum = 0.0;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            const auto x = static_cast<float>(i * step), y = static_cast<float>(j * step);
            sum += octaves == 1 ? stb_perlin_noise3(x, y, 0.5f, 0, 0, 0)
                                : stb_perlin_fbm_noise3(x, y, 0.5f, 2.0f, 0.5f, octaves);
        }
    return sum;
}

#ifdef HAVE_LIBNOISE
bool have_libnoise() { return true; }
double libnoise_grid(int n, double step, int octaves) {
    noise::module::Perlin perlin;
    perlin.SetOctaveCount(octaves);
    perlin.SetFrequency(1.0);
    perlin.SetPersistence(0.5);
    perlin.SetLacunarity(2.0);
    perlin.SetNoiseQuality(noise::QUALITY_BEST);  // quintic, like ours
    double sum = 0.0;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) sum += perlin.GetValue(i * step, j * step, 0.5);
    return sum;
}
#else
bool have_libnoise() { return false; }
double libnoise_grid(int, double, int) { return 0.0; }
#endif

}  // namespace peers
