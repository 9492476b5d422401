// Soil creeping down hillslopes on the erosion simulation's grid: linear diffusion, implicit, one
// direction at a time. See erosion_sim.hpp (step 1f).
#include <cmath>

#include "erosion_sim_grid.hpp"

namespace noise::detail {
namespace {

// Columns solved together on the vertical pass: the rows of a block share cache lines.
constexpr std::size_t column_block = 16;

// Thomas's algorithm for -r u[j-1] + (1 + 2r) u[j] - r u[j+1] = u_old[j] on the inner points of a
// line of n (the two ends fixed: the border is the simulation's base level). `at(j)` is the
// j-th point's height, `scratch` n doubles. The matrix is diagonally dominant: no pivoting.
template <class At>
void solve_line(std::size_t n, double r, const At& at, double* c) {
    if (n < 3) return;
    const double b = 1.0 + 2.0 * r;
    // Forward: the known ends move to the right-hand side; c'[j] in c, d'[j] in place.
    at(1) += r * at(0);
    at(n - 2) += r * at(n - 1);
    c[1]  = -r / b;
    at(1) = at(1) / b;
    for (std::size_t j = 2; j + 1 < n; ++j) {
        const double denom = b + r * c[j - 1];
        c[j]               = -r / denom;
        at(j)              = (at(j) + r * at(j - 1)) / denom;
    }
    // Backward.
    for (std::size_t j = n - 2; j-- > 1;) at(j) -= c[j] * at(j + 1);
}

}  // namespace

void diffuse_hillslopes(const Grid& grid, const Run& run, const SimulationSettings& settings,
                        std::span<double> z) {
    // dz/dt = D (d2z/dx2 + d2z/dy2) over one step, backward Euler along the rows, then along the
    // columns (locally one-dimensional splitting): stable for any D and cell size, and each
    // line's solve a maximum principle (no new highs or lows along it). Lines are independent:
    // the same bits on any number of threads.
    const double r = settings.diffusivity / (settings.cell_size * settings.cell_size);
    if (!(r > 0.0)) return;
    const std::size_t w = static_cast<std::size_t>(grid.width), h = static_cast<std::size_t>(grid.height);
    if (w < 3 || h < 3) return;
    // Rows (the border rows stay).
    run.for_each_block(h - 2, std::max<std::size_t>(1, (std::size_t{1} << 16) / w),
                       [&](std::size_t y0, std::size_t y1) {
                           std::vector<double> scratch(w);
                           for (std::size_t y = y0 + 1; y < y1 + 1; ++y) {
                               double* const row = z.data() + y * w;
                               solve_line(
                                   w, r, [&](std::size_t j) -> double& { return row[j]; }, scratch.data());
                           }
                       });
    // Columns, a block at a time (the border columns stay).
    const std::size_t inner = w - 2, blocks = (inner + column_block - 1) / column_block;
    run.for_each_block(blocks, std::max<std::size_t>(1, (std::size_t{1} << 16) / (h * column_block)),
                       [&](std::size_t b0, std::size_t b1) {
                           std::vector<double> scratch(h);
                           for (std::size_t b = b0; b < b1; ++b)
                               for (std::size_t x = 1 + b * column_block;
                                    x < std::min(w - 1, 1 + (b + 1) * column_block); ++x)
                                   solve_line(
                                       h, r, [&](std::size_t j) -> double& { return z[j * w + x]; },
                                       scratch.data());
                       });
}

}  // namespace noise::detail
