// Exact agreement with Ken Perlin's reference implementation of improved noise (2002).
//
// `reference::noise` below is his Java code transcribed line by line (Java's `(int)Math.floor`
// becomes a floor to int64, which is the same for |x| < 2^31): an independent oracle that shares
// nothing with the library but the published permutation, typed in again here.
//
// "Exact" is meant literally: the library does his IEEE operations in his order (and neither
// side fuses multiply-adds, see CMakeLists.txt), so the values are compared with ==, not within a
// tolerance that would let a reordered sum or a wrong last bit through.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>

#include "noise/fractal.hpp"

namespace reference {

const int permutation[] = {
    151, 160, 137, 91,  90,  15,  131, 13,  201, 95,  96,  53,  194, 233, 7,   225, 140, 36,  103, 30,
    69,  142, 8,   99,  37,  240, 21,  10,  23,  190, 6,   148, 247, 120, 234, 75,  0,   26,  197, 62,
    94,  252, 219, 203, 117, 35,  11,  32,  57,  177, 33,  88,  237, 149, 56,  87,  174, 20,  125, 136,
    171, 168, 68,  175, 74,  165, 71,  134, 139, 48,  27,  166, 77,  146, 158, 231, 83,  111, 229, 122,
    60,  211, 133, 230, 220, 105, 92,  41,  55,  46,  245, 40,  244, 102, 143, 54,  65,  25,  63,  161,
    1,   216, 80,  73,  209, 76,  132, 187, 208, 89,  18,  169, 200, 196, 135, 130, 116, 188, 159, 86,
    164, 100, 109, 198, 173, 186, 3,   64,  52,  217, 226, 250, 124, 123, 5,   202, 38,  147, 118, 126,
    255, 82,  85,  212, 207, 206, 59,  227, 47,  16,  58,  17,  182, 189, 28,  42,  223, 183, 170, 213,
    119, 248, 152, 2,   44,  154, 163, 70,  221, 153, 101, 155, 167, 43,  172, 9,   129, 22,  39,  253,
    19,  98,  108, 110, 79,  113, 224, 232, 178, 185, 112, 104, 218, 246, 97,  228, 251, 34,  242, 193,
    238, 210, 144, 12,  191, 179, 162, 241, 81,  51,  145, 235, 249, 14,  239, 107, 49,  192, 214, 31,
    181, 199, 106, 157, 184, 84,  204, 176, 115, 121, 50,  45,  127, 4,   150, 254, 138, 236, 205, 93,
    222, 114, 67,  29,  24,  72,  243, 141, 128, 195, 78,  66,  215, 61,  156, 180};

int p[512];
const bool initialised = [] {
    for (int i = 0; i < 256; i++) p[256 + i] = p[i] = permutation[i];
    return true;
}();

double fade(double t) { return t * t * t * (t * (t * 6 - 15) + 10); }
double lerp(double t, double a, double b) { return a + t * (b - a); }
double grad(int hash, double x, double y, double z) {
    int h    = hash & 15;
    double u = h < 8 ? x : y, v = h < 4 ? y : h == 12 || h == 14 ? x : z;
    return ((h & 1) == 0 ? u : -u) + ((h & 2) == 0 ? v : -v);
}

double noise(double x, double y, double z) {
    int X = (int)(std::int64_t)std::floor(x) & 255, Y = (int)(std::int64_t)std::floor(y) & 255,
        Z = (int)(std::int64_t)std::floor(z) & 255;
    x -= std::floor(x);
    y -= std::floor(y);
    z -= std::floor(z);
    double u = fade(x), v = fade(y), w = fade(z);
    int A = p[X] + Y, AA = p[A] + Z, AB = p[A + 1] + Z, B = p[X + 1] + Y, BA = p[B] + Z, BB = p[B + 1] + Z;
    return lerp(w,
                lerp(v, lerp(u, grad(p[AA], x, y, z), grad(p[BA], x - 1, y, z)),
                     lerp(u, grad(p[AB], x, y - 1, z), grad(p[BB], x - 1, y - 1, z))),
                lerp(v, lerp(u, grad(p[AA + 1], x, y, z - 1), grad(p[BA + 1], x - 1, y, z - 1)),
                     lerp(u, grad(p[AB + 1], x, y - 1, z - 1), grad(p[BB + 1], x - 1, y - 1, z - 1))));
}

}  // namespace reference

namespace {

noise::Params improved_3d() {
    noise::Params params;
    params.algorithm     = noise::Algorithm::perlin;
    params.dimension     = 3;
    params.gradients     = noise::Gradients::improved;
    params.interpolation = noise::Interpolation::quintic;
    params.octaves       = 1;
    params.seed          = 0;
    return params;
}

TEST(PerlinReference, MatchesKenPerlinsImprovedNoiseAtRandomPoints) {
    const noise::FractalNoise noise(improved_3d());
    std::mt19937_64 rng(2002);  // the test's own points; the library never sees this generator
    for (double spread : {1.0, 10.0, 300.0, 1e5, 1e9}) {
        std::uniform_real_distribution<double> coordinate(-spread, spread);
        for (int i = 0; i < 20000; ++i) {
            const double x = coordinate(rng), y = coordinate(rng), z = coordinate(rng);
            ASSERT_EQ(noise.at({x, y, z, 0.0}), reference::noise(x, y, z))
                << "at (" << x << ", " << y << ", " << z << ")";
        }
    }
}

TEST(PerlinReference, MatchesAtNegativeIntegersAndCellEdges) {
    const noise::FractalNoise noise(improved_3d());
    for (double x : {-256.0, -255.5, -1.0, -0.999999, -1e-9, 0.0, 1e-9, 0.5, 1.0, 255.999, 256.0, 3.7e4}) {
        for (double y : {-3.25, -1.0, 0.0, 0.75, 17.0}) {
            for (double z : {-0.5, 0.0, 2.125}) {
                ASSERT_EQ(noise.at({x, y, z, 0.0}), reference::noise(x, y, z))
                    << "at (" << x << ", " << y << ", " << z << ")";
            }
        }
    }
}

TEST(PerlinReference, KnownValueFromThePaperSetup) {
    // Ken Perlin's Java at (3.14, 42, 7) is 0.13691995878400012; the transcription must agree
    // with the published program, or the oracle itself is wrong.
    EXPECT_EQ(reference::noise(3.14, 42.0, 7.0), 0.13691995878400012);
}

TEST(PerlinReference, TwoDimensionalIsTheSliceAtZZero) {
    noise::Params params = improved_3d();
    params.dimension     = 2;
    const noise::FractalNoise noise(params);
    std::mt19937_64 rng(1);
    std::uniform_real_distribution<double> coordinate(-500.0, 500.0);
    for (int i = 0; i < 20000; ++i) {
        const double x = coordinate(rng), y = coordinate(rng);
        // == treats +0 and -0 alike, as it should here: the 3D reference's last lerp, with weight
        // fade(0) = 0, adds a zero that can turn the 2D sum's -0 into +0.
        ASSERT_EQ(noise.at({x, y, 123.0, 0.0}), reference::noise(x, y, 0.0))
            << "at (" << x << ", " << y << ")";
    }
}

TEST(PerlinReference, OtherSeedsDiffer) {
    noise::Params params = improved_3d();
    params.seed          = 1;
    const noise::FractalNoise noise(params);
    int different = 0;
    for (int i = 0; i < 100; ++i) {
        const double x = 0.37 * i + 0.1, y = 0.11 * i + 0.2, z = 0.23 * i + 0.3;
        different += std::abs(noise.at({x, y, z, 0.0}) - reference::noise(x, y, z)) > 1e-6;
    }
    EXPECT_GT(different, 90);
}

}  // namespace
