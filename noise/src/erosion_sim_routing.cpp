// Water and sediment on the erosion simulation's grid, routed to every lower neighbour: the
// multiple-flow-direction order, drained areas, the implicit stream-power step and the
// deposition of what it carries. See erosion_sim.hpp (steps 1a-1e).
#include <bit>
#include <cmath>
#include <limits>

#include "erosion_sim_grid.hpp"

namespace noise::detail {
namespace {

// Rows per block of parallel work: about 64 K cells, well under a millisecond.
std::size_t rows_per_block(const Grid& grid) {
    return std::max<std::size_t>(1, std::size_t{1 << 16} / static_cast<std::size_t>(grid.width));
}

// How often a serial loop polls the cancel flag: every 64 K cells.
constexpr std::size_t poll_mask = (std::size_t{1} << 16) - 1;

// The slope below which every lower neighbour counts the same (a drop of 0.1 mm per metre).
// Filled lakes slope by a step of double a cell, in rings around their outlet (fill_pits):
// weighing those steps would send their water along the rings' straight lines; weighing the
// neighbours alike spreads it across the lake towards the outlet. On land slopes are far steeper.
constexpr double flat_slope = 1e-4;

// Quinn et al. (1991)'s contour lengths, in cells: a cardinal neighbour's side of the cell is
// wider than a diagonal's corner. Without them diagonals take as much water as cardinals.
constexpr std::array<double, 8> contour{0.5, 0.354, 0.5, 0.354, 0.5, 0.354, 0.5, 0.354};
constexpr std::array<double, 8> per_distance{1.0, 1.0 / diagonal, 1.0, 1.0 / diagonal,
                                             1.0, 1.0 / diagonal, 1.0, 1.0 / diagonal};

// slope^p, with the exponents presets use computed without pow.
double power(double slope, double p) {
    if (p == 1.0) return slope;
    if (p == 2.0) return slope * slope;
    return std::pow(slope, p);
}

std::array<std::ptrdiff_t, 8> steps_of(const Grid& grid) {
    std::array<std::ptrdiff_t, 8> step{};
    for (std::size_t k = 0; k < 8; ++k) step[k] = grid.step(k);
    return step;
}

}  // namespace

template <class T>
void Routing::weights(const Grid& grid, std::span<const T> z, std::size_t i, double exponent,
                      std::array<double, 8>& w) const {
    // The share of a cell's water each lower neighbour takes: contour length times slope^p
    // (Freeman 1991, Quinn et al. 1991), over their sum. Slopes per world unit, floored at
    // flat_slope. Only the lower neighbours' entries are written: the callers read no other.
    const double zi = static_cast<double>(z[i]);
    double total    = 0.0;
    for (unsigned mask = lower[i]; mask != 0; mask &= mask - 1) {
        const std::size_t k = static_cast<std::size_t>(std::countr_zero(mask));
        const double slope  = std::max(
             (zi - static_cast<double>(z[i + grid.step(k)])) * per_distance[k] * per_cell, flat_slope);
        w[k] = contour[k] * power(slope, exponent);
        total += w[k];
    }
    const double scale = 1.0 / total;
    for (unsigned mask = lower[i]; mask != 0; mask &= mask - 1) w[std::countr_zero(mask)] *= scale;
}

template <class T>
void route(const Grid& grid, const Run& run, std::span<const T> z, double cell_size, Routing& routing) {
    const std::size_t cells = grid.cells(), w = static_cast<std::size_t>(grid.width);
    routing.per_cell = 1.0 / cell_size;
    routing.lower.resize(cells);
    routing.waiting.resize(cells);
    const std::array<std::ptrdiff_t, 8> step = steps_of(grid);
    // a. Each cell's lower neighbours, a bit each; none on the border (water leaves the map there).
    run.for_each_block(
        static_cast<std::size_t>(grid.height), rows_per_block(grid), [&](std::size_t y0, std::size_t y1) {
            for (std::size_t y = y0; y < y1; ++y) {
                std::uint8_t* const out = routing.lower.data() + y * w;
                std::fill(out, out + w, std::uint8_t{0});
                if (y == 0 || y + 1 == static_cast<std::size_t>(grid.height)) continue;
                const T* const zc = z.data() + y * w;
                for (std::size_t x = 1; x + 1 < w; ++x) {
                    std::uint8_t mask = 0;
                    for (std::size_t k = 0; k < 8; ++k)
                        mask |= static_cast<std::uint8_t>((zc[x + step[k]] < zc[x] ? 1u : 0u) << k);
                    out[x] = mask;
                }
            }
        });
    // b. Each cell's donors not yet ordered: the neighbours with it among their lower ones.
    run.for_each_block(
        static_cast<std::size_t>(grid.height), rows_per_block(grid), [&](std::size_t y0, std::size_t y1) {
            for (std::size_t y = y0; y < y1; ++y) {
                const bool edge_row = y == 0 || y + 1 == static_cast<std::size_t>(grid.height);
                for (std::size_t x = 0; x < w; ++x) {
                    const std::size_t i = y * w + x;
                    unsigned count      = 0;
                    if (!edge_row && x > 0 && x + 1 < w) {  // every neighbour exists
                        for (std::size_t k = 0; k < 8; ++k)
                            count += (routing.lower[i + step[k]] >> ((k + 4) & 7)) & 1u;
                    } else {
                        for (std::size_t k = 0; k < 8; ++k) {
                            const int nx = static_cast<int>(x) + d8_x[k], ny = static_cast<int>(y) + d8_y[k];
                            if (grid.inside(nx, ny))
                                count += (routing.lower[grid.at(nx, ny)] >> ((k + 4) & 7)) & 1u;
                        }
                    }
                    routing.waiting[i] = static_cast<std::uint8_t>(count);  // at most 8
                }
            }
        });
    // c. The order, donors before receivers (a topological sort, Kahn 1962): cells with no donor
    // in index order, each followed depth-first down its receivers as their last donor is
    // ordered. Depth-first keeps the walk near the cells it just read. One thread: one order.
    routing.order.clear();
    routing.order.reserve(cells);
    std::vector<std::uint32_t>& todo = routing.todo;
    todo.clear();
    for (std::size_t i = 0; i < cells; ++i) {
        if ((i & poll_mask) == 0) run.check();
        if (routing.waiting[i] != 0) continue;
        todo.push_back(static_cast<std::uint32_t>(i));
        while (!todo.empty()) {
            const std::size_t c = todo.back();
            todo.pop_back();
            routing.order.push_back(static_cast<std::uint32_t>(c));
            for (unsigned mask = routing.lower[c]; mask != 0; mask &= mask - 1) {
                const std::size_t r = c + step[std::countr_zero(mask)];
                if (--routing.waiting[r] == 0) todo.push_back(static_cast<std::uint32_t>(r));
            }
        }
    }
}

template void route<float>(const Grid&, const Run&, std::span<const float>, double, Routing&);
template void route<double>(const Grid&, const Run&, std::span<const double>, double, Routing&);

template <class T>
void drained_area(const Grid& grid, const Run& run, std::span<const T> z, const Routing& routing,
                  double exponent, std::span<float> area) {
    std::fill(area.begin(), area.end(), 1.0f);
    std::array<double, 8> w{};
    for (std::size_t j = 0; j < routing.order.size(); ++j) {
        if ((j & poll_mask) == 0) run.check();
        const std::size_t i = routing.order[j];
        if (routing.lower[i] == 0) continue;
        routing.weights(grid, z, i, exponent, w);
        const double a = static_cast<double>(area[i]);
        for (unsigned mask = routing.lower[i]; mask != 0; mask &= mask - 1) {
            const std::size_t k = static_cast<std::size_t>(std::countr_zero(mask));
            area[i + grid.step(k)] += static_cast<float>(a * w[k]);
        }
    }
}

template void drained_area<float>(const Grid&, const Run&, std::span<const float>, const Routing&, double,
                                  std::span<float>);
template void drained_area<double>(const Grid&, const Run&, std::span<const double>, const Routing&, double,
                                   std::span<float>);

void stream_power_step(const Grid& grid, const Run& run, const SimulationSettings& settings,
                       std::span<double> z, const Routing& routing, std::span<const float> area,
                       std::span<float> eroded, std::span<float> wear) {
    // F_k = K dt (A cell_size^2)^m w_k / (distance_k cell_size) = scale A^m w_k / distance_k: the
    // area and the distance in world units, so the same K means the same law at any cell size.
    const double m = settings.area_exponent;
    const double scale =
        settings.erodibility * std::pow(settings.cell_size * settings.cell_size, m) / settings.cell_size;
    // The implicit update, receivers first (the order backwards), so every z_k' is already new:
    //   (z_i' - z_i) / dt = -K A^m sum_k w_k (z_i' - z_k') / distance_k
    //   =>  z_i' = (z_i + sum_k F_k z_k') / (1 + sum_k F_k).
    // The shares w_k come from the heights before the step (each cell's before its own update;
    // its receivers' already new would weigh them by a step half taken). z_i was above every
    // z_k before and they only went down, so z_i' is a weighted mean strictly above the lowest:
    // kept at least a step of double above it, no pit can appear.
    std::array<double, 8> w{};
    std::fill(eroded.begin(), eroded.end(), 0.0f);
    for (std::size_t j = routing.order.size(); j-- > 0;) {
        if ((j & poll_mask) == 0) run.check();
        const std::size_t i = routing.order[j];
        if (routing.lower[i] == 0) continue;
        // The shares from the heights before the step: z_i is still old, but the receivers are
        // new. Their old heights are new + what they lost, kept in `eroded` until the step ends.
        const double zi = z[i];
        double total = 0.0, lowest = std::numeric_limits<double>::infinity();
        for (unsigned mask = routing.lower[i]; mask != 0; mask &= mask - 1) {
            const std::size_t k = static_cast<std::size_t>(std::countr_zero(mask));
            const std::size_t r = i + grid.step(k);
            const double old_r  = z[r] + static_cast<double>(eroded[r]);
            const double slope  = std::max((zi - old_r) * per_distance[k] * routing.per_cell, flat_slope);
            w[k]                = contour[k] * power(slope, settings.flow_exponent);
            total += w[k];
            lowest = std::min(lowest, z[r]);
        }
        const double a  = static_cast<double>(area[i]);
        const double am = scale * (m == 0.5 ? std::sqrt(a) : m == 1.0 ? a : std::pow(a, m)) / total;
        double sum_f = 0.0, sum_fz = 0.0;
        for (unsigned mask = routing.lower[i]; mask != 0; mask &= mask - 1) {
            const std::size_t k = static_cast<std::size_t>(std::countr_zero(mask));
            const double f      = am * w[k] * per_distance[k];
            sum_f += f;
            sum_fz += f * z[i + grid.step(k)];
        }
        double lowered = std::min(zi, (zi + sum_fz) / (1.0 + sum_f));
        lowered        = std::max(lowered, next_up(lowest));
        eroded[i]      = static_cast<float>(zi - lowered);
        wear[i] += eroded[i];
        z[i] = lowered;
    }
}

void deposit_sediment(const Grid& grid, const Run& run, const SimulationSettings& settings,
                      std::span<double> z, const Routing& routing, std::span<const float> area,
                      std::span<const float> eroded, std::span<float> incoming, std::span<float> deposit) {
    // What the step eroded travels down with the water, donors first (the order forwards), and
    // settles at rate G / A per unit of sediment carried (Davy and Lague 2009; Yuan et al. 2019's
    // G term, taken here after the implicit step rather than inside it): a cell draining a small
    // area (a mountain front's foot) keeps much of what arrives, a large river carries it on.
    // `incoming` gathers the volume each cell's donors hand on, in their shares of the water. A
    // cell gains no more than keeps it strictly below every donor, so no donor becomes a pit
    // and the order stays one of donors before receivers. Where water stops (a pit) all of it
    // settles, up to that roof. The border keeps nothing: sediment leaves the map there.
    const std::array<std::ptrdiff_t, 8> step = steps_of(grid);
    const double cell_area                   = settings.cell_size * settings.cell_size;
    const std::size_t width                  = static_cast<std::size_t>(grid.width);
    std::fill(incoming.begin(), incoming.end(), 0.0f);
    std::array<double, 8> w{};
    for (std::size_t j = 0; j < routing.order.size(); ++j) {
        if ((j & poll_mask) == 0) run.check();
        const std::size_t i = routing.order[j];
        const int x = static_cast<int>(i % width), y = static_cast<int>(i / width);
        if (grid.border(x, y)) continue;  // leaves the map
        const double volume = static_cast<double>(incoming[i]) + static_cast<double>(eroded[i]) * cell_area;
        if (volume <= 0.0) continue;
        double roof = std::numeric_limits<double>::infinity();  // the lowest donor
        for (std::size_t k = 0; k < 8; ++k) {
            const std::size_t n = i + step[k];  // off the border: every neighbour exists
            if (((routing.lower[n] >> ((k + 4) & 7)) & 1u) != 0) roof = std::min(roof, z[n]);
        }
        double settle = volume / cell_area;
        if (routing.lower[i] != 0)
            settle =
                std::min(settle, settings.deposition * volume / (static_cast<double>(area[i]) * cell_area));
        if (roof != std::numeric_limits<double>::infinity())
            settle = std::min(settle, std::nextafter(roof, -std::numeric_limits<double>::infinity()) - z[i]);
        settle = std::max(settle, 0.0);
        z[i] += settle;
        deposit[i] += static_cast<float>(settle);
        const double passed = volume - settle * cell_area;
        if (routing.lower[i] == 0 || passed <= 0.0) continue;
        routing.weights(grid, std::span<const double>(z), i, settings.flow_exponent, w);
        for (unsigned mask = routing.lower[i]; mask != 0; mask &= mask - 1) {
            const std::size_t k = static_cast<std::size_t>(std::countr_zero(mask));
            incoming[i + step[k]] += static_cast<float>(passed * w[k]);
        }
    }
}

}  // namespace noise::detail
