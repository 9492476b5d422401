// The gradient sets, recovered one vector at a time through gradient_dot(h, e_k).
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <vector>

#include "noise/perlin.hpp"

namespace {

using noise::Gradients;

std::vector<double> gradient_of(const noise::Lattice& lattice, int dimension, Gradients set, unsigned h) {
    std::vector<double> g;
    for (int axis = 0; axis < dimension; ++axis) {
        double unit[4] = {0, 0, 0, 0};
        unit[axis]     = 1.0;
        g.push_back(noise::gradient_dot(lattice, dimension, set, static_cast<std::uint8_t>(h), unit));
    }
    return g;
}

// Ken Perlin's grad, as he wrote it, for comparison with the library's table.
double ken_grad(int hash, double x, double y, double z) {
    int h    = hash & 15;
    double u = h < 8 ? x : y, v = h < 4 ? y : h == 12 || h == 14 ? x : z;
    return ((h & 1) == 0 ? u : -u) + ((h & 2) == 0 ? v : -v);
}

TEST(Gradients, Improved3DIsKenPerlinsGradForEveryHash) {
    const noise::Lattice lattice(0);
    const double d[3] = {0.3, -0.7, 0.11};
    for (unsigned h = 0; h < 256; ++h)
        EXPECT_EQ(noise::gradient_dot(lattice, 3, Gradients::improved, static_cast<std::uint8_t>(h), d),
                  ken_grad(static_cast<int>(h), d[0], d[1], d[2]));
}

TEST(Gradients, Improved4DAreThe32EdgeVectorsOfTheFourCube) {
    const noise::Lattice lattice(0);
    std::set<std::vector<double>> seen;
    for (unsigned h = 0; h < 32; ++h) {
        const auto g = gradient_of(lattice, 4, Gradients::improved, h);
        int zeros    = 0;
        for (double c : g) {
            zeros += c == 0.0;
            EXPECT_TRUE(c == 0.0 || std::abs(c) == 1.0);
        }
        EXPECT_EQ(zeros, 1);
        seen.insert(g);
        EXPECT_EQ(gradient_of(lattice, 4, Gradients::improved, h + 32), g);  // only h & 31 counts
    }
    EXPECT_EQ(seen.size(), 32u);
}

TEST(Gradients, AxesAreTheUnitVectorsOfSeed001) {
    const noise::Lattice lattice(0);
    const std::vector<std::vector<double>> seed001{{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (unsigned h = 0; h < 4; ++h) EXPECT_EQ(gradient_of(lattice, 2, Gradients::axes, h), seed001[h]);
    for (int dimension = 1; dimension <= 4; ++dimension) {
        std::set<std::vector<double>> seen;
        for (unsigned h = 0; h < 256; ++h) seen.insert(gradient_of(lattice, dimension, Gradients::axes, h));
        EXPECT_EQ(seen.size(), static_cast<std::size_t>(2 * dimension));
    }
}

TEST(Gradients, OneDimensionalSlopesSpanMinusOneToOne) {
    const noise::Lattice lattice(0);
    double lo = 1.0, hi = -1.0;
    for (unsigned h = 0; h < 256; ++h) {
        const double slope = gradient_of(lattice, 1, Gradients::improved, h)[0];
        lo                 = std::min(lo, slope);
        hi                 = std::max(hi, slope);
    }
    EXPECT_EQ(lo, -1.0);
    EXPECT_EQ(hi, 1.0);
}

}  // namespace
