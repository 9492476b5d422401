// The whole-process peer of `noise-explorer export --format r16`: one thread of stb_perlin.h fBm
// written as a headerless 16-bit little-endian heightmap, the simplest program a pipeline could
// write instead of ours. docs/performance.md#whole-exports times both processes on the same image:
//
//     stb_r16_export WIDTH HEIGHT OCTAVES OUT
//
// The image shows the default preset's region: x = (px + 0.5) * 4 / WIDTH, y likewise, z = 0;
// fbm with lacunarity 2 and gain 0.5, divided by the amplitude sum as ours is, mapped from
// [-1, 1] to 0..65535.
#include <stb_perlin.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    if (argc != 5) {
        std::fprintf(stderr, "usage: stb_r16_export WIDTH HEIGHT OCTAVES OUT\n");
        return 2;
    }
    const int width = std::atoi(argv[1]), height = std::atoi(argv[2]), octaves = std::atoi(argv[3]);
    std::FILE* out = std::fopen(argv[4], "wb");
    if (width < 1 || height < 1 || octaves < 1 || out == nullptr) {
        std::fprintf(stderr, "stb_r16_export: bad arguments or cannot write %s\n", argv[4]);
        return 2;
    }
    float amplitude_sum = 0.0f;
    for (int i = 0; i < octaves; ++i) amplitude_sum += std::pow(0.5f, static_cast<float>(i));
    const float cell = 4.0f / static_cast<float>(width);
    std::vector<std::uint8_t> row(static_cast<std::size_t>(width) * 2);
    for (int py = 0; py < height; ++py) {
        for (int px = 0; px < width; ++px) {
            const float x     = (static_cast<float>(px) + 0.5f) * cell,
                        y     = (static_cast<float>(py) + 0.5f) * cell;
            const float v     = stb_perlin_fbm_noise3(x, y, 0.0f, 2.0f, 0.5f, octaves) / amplitude_sum;
            const float u     = std::fmin(1.0f, std::fmax(0.0f, (v + 1.0f) * 0.5f));
            const auto sample = static_cast<std::uint16_t>(std::floor(u * 65535.0f + 0.5f));
            row[static_cast<std::size_t>(px) * 2]     = static_cast<std::uint8_t>(sample & 255);
            row[static_cast<std::size_t>(px) * 2 + 1] = static_cast<std::uint8_t>(sample >> 8);
        }
        if (std::fwrite(row.data(), 1, row.size(), out) != row.size()) return 1;
    }
    return std::fclose(out) == 0 ? 0 : 1;
}
