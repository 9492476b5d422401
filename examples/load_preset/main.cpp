// load_preset: a preset rendered by the installed library, as the program renders it.
// Usage: load_preset PRESET.json SIZE OUT.r32 (SIZE x SIZE raw values, little-endian float32,
// row-major: what `noise-explorer export --format r32 --values raw` writes). A preset's heightmap
// layers (imported-hills) are read by the library's own reader, relative to the preset's folder.
#include <cstdio>
#include <fstream>
#include <noise/preset.hpp>
#include <noise/render.hpp>
#include <string>
#include <vector>

int main(int argc, char** argv) try {
    if (argc != 4) return 2;
    const noise::Preset preset = noise::load_preset(argv[1]);
    const int size             = std::stoi(argv[2]);
    std::vector<float> raw(static_cast<std::size_t>(size) * size);
    noise::render(preset.params, noise::Region::full(size, size), raw);
    std::ofstream(argv[3], std::ios::binary)
        .write(reinterpret_cast<const char*>(raw.data()),
               static_cast<std::streamsize>(raw.size() * sizeof(float)));
} catch (const noise::PresetError& error) {
    std::fprintf(stderr, "load_preset: %s\n", error.what());
    return 1;
}
