// Water on the erosion simulation's grid: D8 receivers, the stack order, drained areas, the
// implicit stream-power step, and the lakes. See erosion_sim.hpp (steps 1 and 3).
#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <utility>

#include "erosion_sim_grid.hpp"

namespace noise::detail {
namespace {

// Rows per block of parallel work: about 64 K cells, well under a millisecond, so a cancel is
// seen within ~20 ms and two threads share the work evenly.
std::size_t rows_per_block(const Grid& grid) {
    return std::max<std::size_t>(1, std::size_t{1 << 16} / static_cast<std::size_t>(grid.width));
}

// How often a serial loop polls the cancel flag: every 64 K cells.
constexpr std::size_t poll_mask = (std::size_t{1} << 16) - 1;

// The least cells in a piece of the stack order handed to a thread: whole trees, at least this
// many cells (64 K: under a millisecond of work, so a cancel is seen between pieces).
constexpr std::size_t piece_cells = std::size_t{1} << 16;

}  // namespace

template <class T>
void fill_pits(const Grid& grid, const Run& run, std::span<T> z, std::span<float> raised, double raised_scale,
               std::span<std::uint8_t> closed) {
    // Cells are taken lowest first (ties by index: one order on every run) from `open`; a cell
    // that had to be raised is in a lake, whose cells are all at its spill height: they go to the
    // first-in-first-out `lake` queue instead, which needs no sorting (Barnes et al.'s improved
    // Priority-Flood).
    using Entry = std::pair<T, std::uint32_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open;
    std::vector<std::uint32_t> lake;
    std::size_t lake_head = 0, taken = 0;
    std::fill(closed.begin(), closed.end(), std::uint8_t{0});
    for (int y = 0; y < grid.height; ++y)
        for (int x = 0; x < grid.width; ++x)
            if (grid.border(x, y)) {
                const std::size_t i = grid.at(x, y);
                closed[i]           = 1;
                open.push({z[i], static_cast<std::uint32_t>(i)});
            }
    while (!open.empty() || lake_head < lake.size()) {
        std::size_t c;
        if (lake_head < lake.size()) {
            c = lake[lake_head++];
            if (lake_head == lake.size()) lake.clear(), lake_head = 0;
        } else {
            c = open.top().second;
            open.pop();
        }
        if ((++taken & poll_mask) == 0) run.check();
        const int cx = static_cast<int>(c % grid.width), cy = static_cast<int>(c / grid.width);
        const T above    = std::nextafter(z[c], std::numeric_limits<T>::infinity());
        const bool inner = !grid.border(cx, cy);
        for (std::size_t k = 0; k < 8; ++k) {
            if (!inner && !grid.inside(cx + d8_x[k], cy + d8_y[k])) continue;
            const std::size_t n = c + grid.step(k);
            if (closed[n]) continue;
            closed[n] = 1;
            if (z[n] < above) {  // no way down but through c: raise it to just above c
                raised[n] += static_cast<float>(static_cast<double>(above - z[n]) * raised_scale);
                z[n] = above;
                lake.push_back(static_cast<std::uint32_t>(n));
            } else {
                open.push({z[n], static_cast<std::uint32_t>(n)});
            }
        }
    }
}

template void fill_pits<float>(const Grid&, const Run&, std::span<float>, std::span<float>, double,
                               std::span<std::uint8_t>);
template void fill_pits<double>(const Grid&, const Run&, std::span<double>, std::span<float>, double,
                                std::span<std::uint8_t>);

template <class T>
void find_receivers(const Grid& grid, const Run& run, std::span<const T> z,
                    std::span<std::uint8_t> receiver) {
    // The slope to each neighbour: its drop times 1 / distance (one rounding, the same on every
    // thread: each cell is computed on its own).
    constexpr std::array<double, 8> per_distance{1.0, 1.0 / diagonal, 1.0, 1.0 / diagonal,
                                                 1.0, 1.0 / diagonal, 1.0, 1.0 / diagonal};
    std::array<std::ptrdiff_t, 8> step{};
    for (std::size_t k = 0; k < 8; ++k) step[k] = grid.step(k);
    const std::size_t w = static_cast<std::size_t>(grid.width);
    run.for_each_block(
        static_cast<std::size_t>(grid.height), rows_per_block(grid), [&](std::size_t y0, std::size_t y1) {
            for (std::size_t y = y0; y < y1; ++y) {
                std::uint8_t* const out = receiver.data() + y * w;
                std::fill(out, out + w, none);  // the border: water leaves the map there
                if (y == 0 || y + 1 == static_cast<std::size_t>(grid.height)) continue;
                const T* const zc = z.data() + y * w;
                // No branch (the steepest so far is a select): a strictly steeper neighbour wins, so
                // ties go to the first in D8 order.
                for (std::size_t x = 1; x + 1 < w; ++x) {
                    const double zi   = static_cast<double>(zc[x]);
                    double steepest   = 0.0;
                    std::uint8_t best = none;
                    for (std::size_t k = 0; k < 8; ++k) {
                        const double slope = (zi - static_cast<double>(zc[x + step[k]])) * per_distance[k];
                        best               = slope > steepest ? static_cast<std::uint8_t>(k) : best;
                        steepest           = slope > steepest ? slope : steepest;
                    }
                    out[x] = best;
                }
            }
        });
}

template void find_receivers<float>(const Grid&, const Run&, std::span<const float>, std::span<std::uint8_t>);
template void find_receivers<double>(const Grid&, const Run&, std::span<const double>,
                                     std::span<std::uint8_t>);

std::vector<std::size_t> stack_order(const Grid& grid, const Run& run, std::span<const std::uint8_t> receiver,
                                     std::span<std::uint32_t> order) {
    // One tree at a time (Braun and Willett's stack is a depth-first walk; breadth-first within a
    // tree keeps it in place): `order` is its own queue, the walk reads cells at `head` and
    // appends their donors at `end`. Trees next to each other in the order are next to each other
    // on the map, which keeps the sweeps over the order in cache.
    std::array<std::ptrdiff_t, 8> step{};
    for (std::size_t k = 0; k < 8; ++k) step[k] = grid.step(k);
    std::vector<std::size_t> pieces{0};
    std::size_t end = 0, head = 0;
    for (std::size_t root = 0; root < receiver.size(); ++root) {
        if (receiver[root] != none) continue;
        if (end - pieces.back() >= piece_cells) pieces.push_back(end);  // a tree starts here
        order[end++] = static_cast<std::uint32_t>(root);
        for (; head < end; ++head) {
            if ((head & poll_mask) == 0) run.check();
            const std::size_t c = order[head];
            const int cx = static_cast<int>(c % grid.width), cy = static_cast<int>(c / grid.width);
            const bool inner = !grid.border(cx, cy);
            // A donor of c is a neighbour whose receiver is c: it lies in direction k from c and
            // drains in the opposite direction, k + 4.
            for (std::size_t k = 0; k < 8; ++k) {
                if (!inner && !grid.inside(cx + d8_x[k], cy + d8_y[k])) continue;
                const std::size_t n = c + step[k];
                if (receiver[n] == ((k + 4) & 7)) order[end++] = static_cast<std::uint32_t>(n);
            }
        }
    }
    pieces.push_back(end);
    return pieces;
}

void drained_area(const Grid& grid, const Run& run, std::span<const std::uint8_t> receiver,
                  std::span<const std::uint32_t> order, std::span<const std::size_t> pieces,
                  std::span<float> area) {
    run.for_each_block(pieces.size() - 1, 1, [&](std::size_t p, std::size_t) {
        for (std::size_t j = pieces[p]; j < pieces[p + 1]; ++j) area[order[j]] = 1.0f;
        for (std::size_t j = pieces[p + 1]; j-- > pieces[p];) {
            const std::size_t i = order[j];
            if (receiver[i] != none) area[i + grid.step(receiver[i])] += area[i];
        }
    });
}

void stream_power_step(const Grid& grid, const Run& run, const SimulationSettings& settings,
                       std::span<double> z, std::span<const std::uint8_t> receiver,
                       std::span<const std::uint32_t> order, std::span<const std::size_t> pieces,
                       std::span<float> area, std::span<float> wear) {
    // F = K dt (A cell_size^2)^m / (distance cell_size) = scale A^m / distance: the area and the
    // distance in world units, so the same K means the same law at any cell size.
    const double m = settings.area_exponent;
    const double scale =
        settings.erodibility * std::pow(settings.cell_size * settings.cell_size, m) / settings.cell_size;
    drained_area(grid, run, receiver, order, pieces, area);
    // The implicit update, receivers first (the stack order), so z[r] is already the new height:
    //   (z_i' - z_i) / dt = -K A^m (z_i' - z_r') / distance  =>  z_i' = (z_i + F z_r') / (1 + F).
    // z_i was above z_r before the step and z_r only went down, so z_i' lies between them; it is
    // kept at least one step of double above z_r', so no flat and no pit can appear. Each cell's
    // result depends on its own values and its receiver's alone: the trees are independent, and
    // no order of them changes a bit.
    run.for_each_block(pieces.size() - 1, 1, [&](std::size_t p, std::size_t) {
        for (std::size_t j = pieces[p]; j < pieces[p + 1]; ++j) {
            const std::size_t i = order[j];
            if (receiver[i] == none) continue;
            const double a = static_cast<double>(area[i]);
            const double f = scale *
                             (m == 0.5   ? std::sqrt(a)
                              : m == 1.0 ? a
                                         : std::pow(a, m)) /
                             d8_distance[receiver[i]];
            const double zi = z[i], zr = z[i + grid.step(receiver[i])];
            double lowered = std::min(zi, (zi + f * zr) / (1.0 + f));
            lowered        = std::max(lowered, std::nextafter(zr, std::numeric_limits<double>::infinity()));
            wear[i] += static_cast<float>(zi - lowered);
            z[i] = lowered;
        }
    });
}

}  // namespace noise::detail
