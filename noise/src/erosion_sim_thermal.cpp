// Rock sliding to its angle of repose on the erosion simulation's grid: coloured talus passes,
// then the talus clamp. See erosion_sim.hpp (step 2).
#include <bit>
#include <cmath>
#include <cstdint>

#include "erosion_sim_grid.hpp"

namespace noise::detail {
namespace {

// The passes run over bands of this many rows, each band in one fixed order on one thread. A
// band's cells are touched by no other band of its phase (below), so the bits depend on the
// band height (fixed here) and never on the threads.
constexpr int band_rows = 32;

}  // namespace

int thermal_erosion(const Grid& grid, const Run& run, const SimulationSettings& settings, std::span<double> z,
                    std::span<float> wear, std::span<float> deposit) {
    if (settings.talus_degrees >= 90.0) return 0;
    // Wear and deposit are each cell's net change over the stage: a cell that gave on one side
    // and took on another shows only the balance (and the passes need not touch the maps).
    const std::vector<double> before(z.begin(), z.end());
    const double tangent = std::tan(settings.talus_degrees * pi / 180.0);
    const double steep =
        std::tan(std::min(89.999, settings.talus_degrees + settings.talus_tolerance_degrees) * pi / 180.0);
    // The pairs of a cell with its east (E), south-west, south and south-east neighbours: each
    // D8 pair once. A pair steeper than the talus angle gives half its excess height from the
    // higher cell to the lower, which leaves the pair exactly at the angle; mass is kept.
    // `pair(i, n, k)` moves one pair and says whether it was past the tolerance.
    std::array<double, 8> flat{}, past{};
    for (std::size_t k = 0; k < 8; ++k) {
        flat[k] = tangent * d8_distance[k] * settings.cell_size;
        past[k] = steep * d8_distance[k] * settings.cell_size;
    }
    double* const h = z.data();
    // The pairs of a run, each (top[x * stride], bottom[x * stride]) for x < count: no two share
    // a cell, so the run has no chain from one pair to the next and is vectorised (the same
    // bits: each pair is computed on its own, with no fused multiply-add; the only reduction is
    // an OR of bits). Without a branch (whether a pair moves is a coin toss on noise): `moved` is
    // 0 for a pair within the angle, signed like the rise. Returns true if a pair was at or past
    // the tolerance: its drop - past has the sign bit clear.
    const auto run_of_pairs = [](double* __restrict top, double* __restrict bottom, std::size_t stride,
                                 std::size_t count, double flat_k, double past_k) {
        std::uint64_t not_below = 0;
        for (std::size_t x = 0; x < count; ++x) {
            const double rise = top[x * stride] - bottom[x * stride], drop = std::abs(rise);
            const double moved = std::copysign(std::max(drop - flat_k, 0.0) * 0.5, rise);
            top[x * stride] -= moved;
            bottom[x * stride] += moved;
            not_below |= ~std::bit_cast<std::uint64_t>(drop - past_k);
        }
        return (not_below >> 63) != 0;
    };
    // Row y's pairs: the east pairs of even x, then of odd x, then (when `south`) the pairs with
    // row y + 1: south-west, south, south-east. True if a pair was past the tolerance.
    const auto slide = [&](int y, bool east, bool south) {
        bool too_steep      = false;
        const std::size_t w = static_cast<std::size_t>(grid.width);
        double* const top   = h + grid.at(0, y);
        if (east && w > 1) {
            too_steep |= run_of_pairs(top, top + 1, 2, w / 2, flat[0], past[0]);
            too_steep |= run_of_pairs(top + 1, top + 2, 2, (w - 1) / 2, flat[0], past[0]);
        }
        if (south && y + 1 < grid.height) {
            double* const bottom = top + w;  // the next row: no cell in common with this one
            too_steep |= run_of_pairs(top + 1, bottom, 1, w - 1, flat[3], past[3]);
            too_steep |= run_of_pairs(top, bottom, 1, w, flat[2], past[2]);
            too_steep |= run_of_pairs(top, bottom + 1, 1, w - 1, flat[1], past[1]);
        }
        return too_steep;
    };

    // 1. Talus passes, Gauss-Seidel (each move sees the ones before it) in bands of rows: the
    // even bands' pairs inside the band, then the odd bands' with the pairs across their edges
    // (an odd band reaches one row into each even band beside it, never as far as the next odd
    // band). Two phases, each band on its own: the same bits on any number of threads.
    const std::size_t bands = static_cast<std::size_t>((grid.height + band_rows - 1) / band_rows);
    int passes              = 0;
    for (; passes < settings.thermal_passes_max; ++passes) {
        std::atomic<bool> too_steep{false};  // any pair past the tolerance in this pass
        for (std::size_t phase = 0; phase < 2; ++phase) {
            run.for_each_block((bands + 1 - phase) / 2, 1, [&](std::size_t b, std::size_t) {
                const int first = static_cast<int>(2 * b + phase) * band_rows;
                const int last  = std::min(first + band_rows, grid.height) - 1;
                bool here       = false;
                if (phase == 1) here |= slide(first - 1, false, true);  // the pairs across the top edge
                for (int y = first; y <= last; ++y) here |= slide(y, true, phase == 1 || y < last);
                if (here) too_steep.store(true, std::memory_order_relaxed);
            });
        }
        if (!too_steep.load()) break;
    }

    // 2. The talus clamp: what the passes left steeper is cut to the angle, from above. The result
    // is the highest surface under z whose every D8 slope is at most the talus angle,
    // z_i = min over j of (z_j + tan(talus) * path length from j to i); two raster passes compute
    // it exactly, as a chamfer distance transform does (any 8-direction path can be reordered
    // into its east/south moves, taken by the forward pass, then its west/north moves, taken by
    // the backward one). What is cut is worn away: it leaves the map like the water's sediment.
    std::array<double, 8> limit{};
    for (std::size_t k = 0; k < 8; ++k) limit[k] = tangent * d8_distance[k] * settings.cell_size;
    const auto clamp = [&](int x, int y, std::size_t first) {
        const std::size_t i = grid.at(x, y);
        double lowest       = z[i];
        for (std::size_t k = first; k < first + 4; ++k)
            if (grid.inside(x + d8_x[k], y + d8_y[k]))
                lowest = std::min(lowest, z[i + grid.step(k)] + limit[k]);
        z[i] = lowest;
    };
    for (int y = 0; y < grid.height; ++y) {  // from the west, north-west, north and north-east
        if ((y & 15) == 0) run.check();
        for (int x = 0; x < grid.width; ++x) clamp(x, y, 4);
    }
    for (int y = grid.height - 1; y >= 0; --y) {  // from the east, south-east, south and south-west
        if ((y & 15) == 0) run.check();
        for (int x = grid.width - 1; x >= 0; --x) clamp(x, y, 0);
    }
    run.for_each_block(z.size(), std::size_t{1} << 16, [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            const double change = z[i] - before[i];
            if (change < 0.0) wear[i] += static_cast<float>(-change);
            if (change > 0.0) deposit[i] += static_cast<float>(change);
        }
    });
    return passes;
}

}  // namespace noise::detail
