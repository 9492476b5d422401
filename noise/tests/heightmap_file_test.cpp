// The library's heightmap reader (noise/heightmap_file.hpp) on its own: a 16-bit PNG and raw files
// give the samples they hold, and files that lie about their size are refused in one line before
// anything of that size is allocated. (app/core/tests/heightmap_file_test.cpp goes through every
// format and damage the program meets, through the same reader.)
#include "noise/heightmap_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

namespace {

class Folder {
  public:
    Folder()
        : path_(std::filesystem::temp_directory_path() /
                ("noise-heightmap-test-" + std::to_string(::getpid()))) {
        std::filesystem::create_directories(path_);
    }
    ~Folder() { std::filesystem::remove_all(path_); }
    std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

  private:
    std::filesystem::path path_;
};

void write(const std::filesystem::path& file, const std::string& bytes) {
    std::ofstream(file, std::ios::binary) << bytes;
}

std::string big_endian(std::uint32_t v) {
    return {static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8),
            static_cast<char>(v)};
}

// A chunk with the CRC PNG asks for, or a chunk header alone declaring `declared` bytes.
std::string chunk(const std::string& type, const std::string& data) {
    const std::string body = type + data;
    const auto crc         = static_cast<std::uint32_t>(
        crc32(0, reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size())));
    return big_endian(static_cast<std::uint32_t>(data.size())) + body + big_endian(crc);
}

std::string ihdr(std::uint32_t width, std::uint32_t height, int depth) {
    return chunk("IHDR",
                 big_endian(width) + big_endian(height) + std::string{static_cast<char>(depth), 0, 0, 0, 0});
}

const std::string signature = "\x89PNG\r\n\x1a\n";

// A 16-bit grey PNG, each row filter type 0, the samples big-endian, deflated by zlib.
std::string png16(int width, int height, const std::vector<std::uint16_t>& samples) {
    std::string raw;
    for (int y = 0; y < height; ++y) {
        raw += '\0';
        for (int x = 0; x < width; ++x)
            raw += big_endian(samples[static_cast<std::size_t>(y * width + x)]).substr(2);
    }
    std::string packed(compressBound(static_cast<uLong>(raw.size())), '\0');
    uLongf size = static_cast<uLongf>(packed.size());
    compress(reinterpret_cast<Bytef*>(packed.data()), &size, reinterpret_cast<const Bytef*>(raw.data()),
             static_cast<uLong>(raw.size()));
    packed.resize(size);
    return signature + ihdr(static_cast<std::uint32_t>(width), static_cast<std::uint32_t>(height), 16) +
           chunk("IDAT", packed) + chunk("IEND", "");
}

std::string error_of(const std::filesystem::path& file) {
    try {
        noise::read_heightmap(file);
    } catch (const noise::HeightmapError& error) {
        EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos) << error.what();
        return error.what();
    }
    return "(no error)";
}

TEST(HeightmapReader, A16BitPngGivesItsSamplesOver65535) {
    Folder dir;
    const std::vector<std::uint16_t> samples{0, 1, 32768, 65535, 12345, 54321};
    write(dir / "h.png", png16(3, 2, samples));
    const noise::HeightSamples map = noise::read_heightmap(dir / "h.png");
    ASSERT_EQ(map.width, 3);
    ASSERT_EQ(map.height, 2);
    for (std::size_t i = 0; i < samples.size(); ++i)
        EXPECT_EQ(map.values[i], static_cast<float>(samples[i] / 65535.0)) << i;
}

TEST(HeightmapReader, RawFilesGiveTheirSamplesSizedByTheSidecarOrTheSquare) {
    Folder dir;
    const std::vector<float> heights{-2.5f, 0.f, 1.f, 100.25f, 3.f, 7.f};
    std::string bytes(heights.size() * 4, '\0');
    std::memcpy(bytes.data(), heights.data(), bytes.size());  // little-endian, as x86 and ARM store it
    write(dir / "h.r32", bytes);
    write(dir / "h.r32.json", R"({"width": 3, "height": 2, "sample": "float32"})");
    const noise::HeightSamples r32 = noise::read_heightmap(dir / "h.r32");
    EXPECT_EQ(r32.width, 3);
    EXPECT_EQ(r32.height, 2);
    EXPECT_EQ(r32.values, heights);

    write(dir / "sq.r16", std::string{'\0', '\0', '\xff', '\xff', '\x01', '\0', '\0', '\x80'});
    const noise::HeightSamples r16 = noise::read_heightmap(dir / "sq.r16");
    EXPECT_EQ(r16.width, 2);
    EXPECT_EQ(r16.values, (std::vector<float>{0.f, 1.f, static_cast<float>(1 / 65535.0),
                                              static_cast<float>(32768 / 65535.0)}));
}

TEST(HeightmapReader, FilesThatLieAboutTheirSizeAreRefusedBeforeTheyAllocate) {
    Folder dir;
    // 20000 x 20000 declared in 47 bytes: refused from the header.
    write(dir / "wide.png", signature + ihdr(20000, 20000, 16) + chunk("IDAT", "xx"));
    EXPECT_NE(error_of(dir / "wide.png").find("20000 x 20000 samples: a heightmap may have at most 16384"),
              std::string::npos)
        << error_of(dir / "wide.png");
    // A text chunk declaring 2 GiB - 1 in a file of 60 bytes: refused from its length, before
    // libpng would allocate it.
    write(dir / "text.png",
          signature + ihdr(1, 1, 8) + big_endian(0x7fffffffu) + "tEXt" + std::string(8, 'x'));
    EXPECT_NE(error_of(dir / "text.png").find("chunk 'tEXt' at byte 33 declares 2147483647 bytes"),
              std::string::npos)
        << error_of(dir / "text.png");
    // A sidecar that says more samples than the file holds.
    write(dir / "short.r32", std::string(8, '\0'));
    write(dir / "short.r32.json", R"({"width": 100, "height": 100, "sample": "float32"})");
    EXPECT_NE(error_of(dir / "short.r32").find("holds 8 bytes, but its sidecar says 100 x 100 float32"),
              std::string::npos)
        << error_of(dir / "short.r32");
    // A height that is not a number.
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::string bytes(4, '\0');
    std::memcpy(bytes.data(), &nan, 4);
    write(dir / "nan.r32", bytes);
    EXPECT_NE(error_of(dir / "nan.r32").find("the sample at x 0, y 0 is NaN"), std::string::npos)
        << error_of(dir / "nan.r32");
    EXPECT_NE(error_of(dir / "none.png").find("heightmap file not found"), std::string::npos);
    EXPECT_NE(error_of(dir / "h.txt").find("heightmap file"), std::string::npos);
}

}  // namespace
