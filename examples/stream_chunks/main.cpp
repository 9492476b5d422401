// stream_chunks: a preset's frame streamed in chunks by the installed library's stable Sampler,
// as a game streams its terrain, and put together into one image.
// Usage: stream_chunks PRESET.json SIZE CHUNK OUT.r32 [world] (SIZE a multiple of CHUNK). With
// `world` the preset is first placed in the world (noise/placement.hpp): its shapes, heightmaps
// and field frequencies no longer hang on the frame, so chunks cut anywhere, at any distance, are
// windows of one world (the picture the same, the bits up to rounding). Each chunk is
// CHUNK + 1 samples a side, sharing its last column and row with its neighbours; the frame's
// pixel (px, py) is grid sample (px, py) at spacing frequency / SIZE from the preset's offsets, so
// OUT.r32 is `noise-explorer export --format r32 --values raw` of the preset at SIZE x SIZE.
// Exit 1 when two chunks disagree on a shared sample or a point read by Sampler::points
// differs from its chunk's sample; 2 for bad arguments.
#include <cstdio>
#include <fstream>
#include <noise/placement.hpp>
#include <noise/preset.hpp>
#include <noise/sampler.hpp>
#include <stdexcept>
#include <string>
#include <vector>

int main(int argc, char** argv) try {
    if (argc != 5 && !(argc == 6 && std::string(argv[5]) == "world")) return 2;
    noise::Preset preset = noise::load_preset(argv[1]);
    if (argc == 6)
        if (const std::string error = noise::place_in_world(preset.params); !error.empty())
            throw std::invalid_argument(error);
    const int size = std::stoi(argv[2]), chunk = std::stoi(argv[3]);
    if (size < 1 || chunk < 1 || size % chunk != 0) return 2;
    const noise::Sampler terrain(preset.params);
    const auto at = [](std::size_t row, std::size_t column, std::size_t width) {
        return row * width + column;
    };
    std::vector<float> image(static_cast<std::size_t>(size) * size, -1e30f), heights;
    int disagreements = 0;
    for (int cy = 0; cy < size / chunk; ++cy)
        for (int cx = 0; cx < size / chunk; ++cx) {
            const noise::GridWindow window{.origin_x = preset.params.offset_x,
                                           .origin_y = preset.params.offset_y,
                                           .spacing  = preset.params.frequency / size,
                                           .i0       = cx * chunk,
                                           .j0       = cy * chunk,
                                           .columns  = chunk + 1,
                                           .rows     = chunk + 1};
            heights.resize(window.sample_count());
            terrain.grid(window, heights);
            // The chunk's far corner as a point: the same bits as its sample.
            const noise::Point corner = terrain.grid_point(window, window.i0 + chunk, window.j0 + chunk);
            double value              = 0.0;
            terrain.points({&corner, 1}, {&value, 1});
            disagreements += static_cast<float>(value) != heights.back();
            for (int j = 0; j <= chunk; ++j)
                for (int i = 0; i <= chunk; ++i) {
                    const int px = window.i0 + i, py = window.j0 + j;
                    if (px >= size || py >= size) continue;
                    float& pixel      = image[at(py, px, size)];
                    const float value = heights[at(j, i, chunk + 1)];
                    disagreements += pixel != -1e30f && pixel != value;  // a neighbour's edge, already there
                    pixel = value;
                }
        }
    std::ofstream(argv[4], std::ios::binary)
        .write(reinterpret_cast<const char*>(image.data()),
               static_cast<std::streamsize>(image.size() * sizeof(float)));
    if (disagreements != 0) std::fprintf(stderr, "stream_chunks: %d shared samples differ\n", disagreements);
    return disagreements == 0 ? 0 : 1;
} catch (const std::exception& error) {
    std::fprintf(stderr, "stream_chunks: %s\n", error.what());
    return 1;
}
