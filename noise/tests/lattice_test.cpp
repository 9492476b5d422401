// The lattice: permutations, hashing, floor and wrap for negative coordinates.
#include "noise/lattice.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

namespace {

TEST(Lattice, SeedZeroIsKenPerlinsPermutation) {
    const noise::Lattice lattice(0);
    EXPECT_EQ(lattice.perm(0), 151);
    EXPECT_EQ(lattice.perm(1), 160);
    EXPECT_EQ(lattice.perm(255), 180);
    for (int i = 0; i < 256; ++i)
        EXPECT_EQ(lattice.perm(i), noise::perlin_permutation[static_cast<std::size_t>(i)]);
}

TEST(Lattice, EverySeedIsAPermutationAndReproducible) {
    for (std::uint32_t seed : {1u, 2u, 77u, 4294967295u}) {
        const noise::Lattice a(seed), b(seed);
        std::set<int> seen;
        for (int i = 0; i < 256; ++i) {
            seen.insert(a.perm(i));
            EXPECT_EQ(a.perm(i), b.perm(i));
        }
        EXPECT_EQ(seen.size(), 256u) << "seed " << seed;
    }
}

TEST(Lattice, DifferentSeedsGiveDifferentTables) {
    const noise::Lattice a(1), b(2);
    int same = 0;
    for (int i = 0; i < 256; ++i) same += a.perm(i) == b.perm(i);
    EXPECT_LT(same, 16);
}

TEST(Lattice, HashIsKenPerlinsChainBelow256) {
    const noise::Lattice lattice(0);
    const auto& p = noise::perlin_permutation;
    for (int x : {0, 1, 17, 255})
        for (int y : {0, 3, 200})
            for (int z : {0, 9, 254}) {
                const int expected = p[(p[(p[x] + y) & 255] + z) & 255];
                EXPECT_EQ(lattice.hash_corner<3>({x, y, z}), expected);
            }
    EXPECT_EQ(lattice.hash_corner<2>({5, 6}), lattice.hash_corner<3>({5, 6, 0}));  // 2D: the z = 0 slice
}

TEST(Lattice, WideIndicesUseTheirHighBytes) {
    const noise::Lattice lattice(0);
    int same = 0;
    for (int x = 0; x < 44; ++x) same += lattice.hash_corner<1>({x}) == lattice.hash_corner<1>({x + 256});
    EXPECT_LT(same, 6);  // a period of 300 is 300 distinct cells, not 256 and a repeat
}

TEST(Lattice, CellOfFloorsNegativeCoordinates) {
    EXPECT_EQ(noise::cell_of(-0.25).index, -1);
    EXPECT_DOUBLE_EQ(noise::cell_of(-0.25).frac, 0.75);
    EXPECT_EQ(noise::cell_of(-1.0).index, -1);
    EXPECT_DOUBLE_EQ(noise::cell_of(-1.0).frac, 0.0);
    EXPECT_EQ(noise::cell_of(2.5).index, 2);
}

TEST(Lattice, WrapIsATrueModulo) {
    EXPECT_EQ(noise::wrap_index(-1, 0), 255);
    EXPECT_EQ(noise::wrap_index(-1, 3), 2);
    EXPECT_EQ(noise::wrap_index(-3, 3), 0);
    EXPECT_EQ(noise::wrap_index(-301, 300), 299);
    EXPECT_EQ(noise::wrap_index(600, 300), 0);
}

TEST(Lattice, RandomGradientsAreUnitVectors) {
    const noise::Lattice lattice(5);
    for (int dimension = 2; dimension <= 4; ++dimension) {
        for (int h = 0; h < 256; ++h) {
            const double* g = lattice.random_gradient(dimension, static_cast<std::uint8_t>(h));
            double length2  = 0.0;
            for (int axis = 0; axis < dimension; ++axis) length2 += g[axis] * g[axis];
            EXPECT_NEAR(length2, 1.0, 1e-12);
        }
    }
    for (int h = 0; h < 256; ++h) {
        const double slope = *lattice.random_gradient(1, static_cast<std::uint8_t>(h));
        EXPECT_LE(std::abs(slope), 1.0);
    }
}

}  // namespace
