// render_png: the noise library from outside. Six octaves of Perlin fBm, 256 x 256, as an
// 8-bit grayscale PNG (stb_image_write). Usage: render_png OUT.png
#include <stb_image_write.h>

#include <cstdint>
#include <noise/noise.hpp>
#include <vector>

int main(int argc, char** argv) {
    noise::Params params;
    params.octaves    = 6;
    const auto region = noise::Region::full(256, 256);
    std::vector<float> raw(region.pixel_count());
    noise::render(params, region, raw);  // row-major, raw values in about [-1, 1]
    std::vector<std::uint8_t> grey(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i)
        grey[i] =
            static_cast<std::uint8_t>(noise::to_unit(raw[i], noise::nominal_range(params)) * 255.0 + 0.5);
    return argc == 2 && stbi_write_png(argv[1], 256, 256, 1, grey.data(), 256) ? 0 : 1;
}
