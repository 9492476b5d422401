// Water on the erosion simulation's grid: D8 receivers, the stack order, drained areas, the
// implicit stream-power step, and the lakes. See erosion_sim.hpp (steps 1 and 3).
#include <bit>
#include <cmath>
#include <limits>
#include <type_traits>

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

// The pieces of the stack order, each the whole trees of consecutive base cells: enough for
// threads to share evenly when the basins differ in size (the order of the cells never shows).
constexpr std::size_t stack_pieces = 256;

}  // namespace

namespace {

// A first-in-first-out queue of cells that reuses its storage once emptied.
struct CellQueue {
    std::vector<std::uint32_t> cells;
    std::size_t head = 0;
    bool empty() const { return head == cells.size(); }
    void push(std::size_t i) { cells.push_back(static_cast<std::uint32_t>(i)); }
    std::size_t pop() {
        const std::size_t i = cells[head++];
        if (head == cells.size()) cells.clear(), head = 0;
        return i;
    }
};

// The priority queue of Priority-Flood: a radix heap (Ahuja, Mehlhorn, Orlin and Tarjan 1990).
// The flood takes cells in an order whose heights never go down (a cell is queued at or above
// the one that reached it), which is all a radix heap needs: a push is O(1), and a cell moves
// to a lower bucket at most 64 times, rather than climbing a binary heap of a large front with
// a cache miss a level. Keys are the heights' bits mapped to unsigned integers in the same
// order; among equal heights the last queued comes out first (one order on every run).
class RadixHeap {
  public:
    template <class T>
    static std::uint64_t key(T height) {
        using Bits      = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
        const Bits bits = std::bit_cast<Bits>(height), sign = Bits(1) << (sizeof(T) * 8 - 1);
        return (bits & sign) != 0 ? Bits(~bits) : Bits(bits | sign);  // negatives reversed, below
    }
    bool empty() const { return size_ == 0; }
    void push(std::uint64_t key, std::uint32_t cell) {  // key >= the last taken
        buckets_[bucket(key)].push_back({key, cell});
        ++size_;
    }
    std::uint32_t pop() {
        if (buckets_[0].empty()) {
            // The lowest non-empty bucket's least key becomes the last taken; its entries all
            // land in lower buckets, the least ones in bucket 0.
            std::size_t b = 1;
            while (buckets_[b].empty()) ++b;
            last_ = std::numeric_limits<std::uint64_t>::max();
            for (const Entry& e : buckets_[b]) last_ = std::min(last_, e.key);
            for (const Entry& e : buckets_[b]) buckets_[bucket(e.key)].push_back(e);
            buckets_[b].clear();
        }
        const std::uint32_t cell = buckets_[0].back().cell;
        buckets_[0].pop_back();
        --size_;
        return cell;
    }

  private:
    struct Entry {
        std::uint64_t key;
        std::uint32_t cell;
    };
    std::size_t bucket(std::uint64_t key) const {
        return key == last_ ? 0 : 64 - static_cast<std::size_t>(std::countl_zero(key ^ last_));
    }
    std::array<std::vector<Entry>, 65> buckets_;
    std::uint64_t last_ = 0;
    std::size_t size_   = 0;
};

}  // namespace

template <class T>
void fill_pits(const Grid& grid, const Run& run, std::span<T> z, std::span<float> raised, double raised_scale,
               std::span<std::uint8_t> closed) {
    // Cells are taken lowest first from `open` (a radix heap; among equal heights the last
    // queued first: one order on every run), and each closes its neighbours not yet reached: a
    // neighbour not above it has no way down but through it and is raised to just above it. Two
    // shortcuts spare the sorting:
    //   - a cell whose open neighbours are all strictly higher closes them without raising any,
    //     whenever it is taken, and a lower cell could reach them only by way of it: it goes to
    //     the first-in-first-out `slope` queue, taken first (Zhou, Sun and Fu 2016);
    //   - a raised cell is in a lake, all of whose cells are at its spill height: they go to the
    //     `lake` queue, taken next (Barnes et al.'s improved Priority-Flood).
    // Every closed cell ends strictly above the cell that closed it, so none is a pit. Against a
    // plain sorted flood (ties by index) the shortcuts and the order of ties change only which of
    // two cells of exactly equal height closes a flat first: either is a fill (measured on the
    // bench's noise input at 512 and 2048 cells square, not one cell differs; after thermal
    // erosion, on its flats, about 1 % do, by a few float steps).
    RadixHeap open;
    CellQueue lake, slope;
    std::size_t taken = 0;
    std::fill(closed.begin(), closed.end(), std::uint8_t{0});
    for (int y = 0; y < grid.height; ++y)
        for (int x = 0; x < grid.width; ++x)
            if (grid.border(x, y)) {
                const std::size_t i = grid.at(x, y);
                closed[i]           = 2;  // 2: on the border (the only cells with a neighbour off the map)
                open.push(RadixHeap::key(z[i]), static_cast<std::uint32_t>(i));
            }
    std::array<std::ptrdiff_t, 8> step{};
    for (std::size_t k = 0; k < 8; ++k) step[k] = grid.step(k);
    const auto on_a_slope = [&](std::size_t n) {
        for (std::size_t k = 0; k < 8; ++k) {  // n is off the border: all its neighbours exist
            const std::size_t m = n + step[k];
            if (!closed[m] && !(z[m] > z[n])) return false;
        }
        return true;
    };
    while (!open.empty() || !lake.empty() || !slope.empty()) {
        std::size_t c;
        if (!slope.empty()) {
            c = slope.pop();
        } else if (!lake.empty()) {
            c = lake.pop();
        } else {
            c = open.pop();
        }
        if ((++taken & poll_mask) == 0) run.check();
        const T above    = next_up(z[c]);
        const bool inner = closed[c] != 2;
        const int cx     = inner ? 0 : static_cast<int>(c % grid.width),
                  cy     = inner ? 0 : static_cast<int>(c / grid.width);
        for (std::size_t k = 0; k < 8; ++k) {
            if (!inner && !grid.inside(cx + d8_x[k], cy + d8_y[k])) continue;
            const std::size_t n = c + step[k];
            if (closed[n]) continue;
            closed[n] = 1;
            if (z[n] < above) {  // no way down but through c: raise it to just above c
                raised[n] += static_cast<float>(static_cast<double>(above - z[n]) * raised_scale);
                z[n] = above;
                lake.push(n);
            } else if (on_a_slope(n)) {
                slope.push(n);
            } else {
                open.push(RadixHeap::key(z[n]), static_cast<std::uint32_t>(n));
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

namespace {

// The base cells: the border (after fill_pits every other cell has a lower neighbour, so a
// receiver), in index order.
std::vector<std::uint32_t> border_cells(const Grid& grid) {
    std::vector<std::uint32_t> roots;
    for (int y = 0; y < grid.height; ++y) {
        const bool edge_row = y == 0 || y + 1 == grid.height;
        for (int x = 0; x < grid.width; x += edge_row || x + 1 == grid.width ? 1 : grid.width - 1)
            roots.push_back(static_cast<std::uint32_t>(grid.at(x, y)));
    }
    return roots;
}

// Each cell's donors, one bit per D8 direction k: the neighbour in direction k drains into the
// cell (its receiver is direction k + 4). In parallel over rows, so the walk up the trees reads
// one byte a cell instead of its eight neighbours'.
void find_donors(const Grid& grid, const Run& run, std::span<const std::uint8_t> receiver,
                 std::span<std::uint8_t> donors) {
    std::array<std::ptrdiff_t, 8> step{};
    for (std::size_t k = 0; k < 8; ++k) step[k] = grid.step(k);
    const std::size_t w = static_cast<std::size_t>(grid.width);
    run.for_each_block(
        static_cast<std::size_t>(grid.height), rows_per_block(grid), [&](std::size_t y0, std::size_t y1) {
            for (std::size_t y = y0; y < y1; ++y) {
                const bool edge_row = y == 0 || y + 1 == static_cast<std::size_t>(grid.height);
                for (std::size_t x = 0; x < w; ++x) {
                    const std::size_t i = y * w + x;
                    std::uint8_t mask   = 0;
                    if (!edge_row && x > 0 && x + 1 < w) {
                        for (std::size_t k = 0; k < 8; ++k)
                            mask |= static_cast<std::uint8_t>(
                                (receiver[i + step[k]] == ((k + 4) & 7) ? 1u : 0u) << k);
                    } else {
                        for (std::size_t k = 0; k < 8; ++k)
                            if (grid.inside(static_cast<int>(x) + d8_x[k], static_cast<int>(y) + d8_y[k]) &&
                                receiver[i + step[k]] == ((k + 4) & 7))
                                mask |= static_cast<std::uint8_t>(1u << k);
                    }
                    donors[i] = mask;
                }
            }
        });
}

// One piece of the stack: the trees of `roots`, a tree at a time (Braun and Willett's stack is a
// depth-first walk; breadth-first within a tree keeps it in place), the list its own queue: the
// walk reads cells at `head` and appends their donors. False when cancelled.
bool build_piece(const Grid& grid, const Run& run, std::span<const std::uint8_t> donors,
                 std::span<const std::uint32_t> roots, std::vector<std::uint32_t>& order) {
    std::array<std::ptrdiff_t, 8> step{};
    for (std::size_t k = 0; k < 8; ++k) step[k] = grid.step(k);
    order.clear();
    for (const std::uint32_t root : roots) {
        order.push_back(root);
        for (std::size_t head = order.size() - 1; head < order.size(); ++head) {
            if ((head & poll_mask) == 0 && run.cancelled()) return false;
            const std::size_t c = order[head];
            for (unsigned mask = donors[c]; mask != 0; mask &= mask - 1)
                order.push_back(static_cast<std::uint32_t>(c + step[std::countr_zero(mask)]));
        }
    }
    return true;
}

// The drained areas of one piece: donors before receivers (the list backwards).
bool accumulate_piece(const Grid& grid, const Run& run, std::span<const std::uint8_t> receiver,
                      const std::vector<std::uint32_t>& order, std::span<float> area) {
    for (const std::uint32_t i : order) area[i] = 1.0f;
    for (std::size_t j = order.size(); j-- > 0;) {
        if ((j & poll_mask) == 0 && run.cancelled()) return false;
        const std::size_t i = order[j];
        if (receiver[i] != none) area[i + grid.step(receiver[i])] += area[i];
    }
    return true;
}

// Builds the stack a piece at a time and runs then(order) on each piece right after, on the same
// thread, while its cells are still in cache. A piece's list keeps its capacity from step to
// step: the trees change little.
template <class Then>
void each_piece(const Grid& grid, const Run& run, std::span<const std::uint8_t> receiver, Stack& stack,
                const Then& then) {
    stack.donors.resize(receiver.size());
    find_donors(grid, run, receiver, stack.donors);
    const std::vector<std::uint32_t> roots = border_cells(grid);
    const std::size_t pieces               = std::min(roots.size(), stack_pieces);
    stack.pieces.resize(pieces);
    run.for_each_block(pieces, 1, [&](std::size_t p, std::size_t) {
        const std::span<const std::uint32_t> mine(roots.data() + roots.size() * p / pieces,
                                                  roots.data() + roots.size() * (p + 1) / pieces);
        if (build_piece(grid, run, stack.donors, mine, stack.pieces[p])) then(stack.pieces[p]);
    });
}

}  // namespace

void drained_area(const Grid& grid, const Run& run, std::span<const std::uint8_t> receiver, Stack& stack,
                  std::span<float> area) {
    each_piece(grid, run, receiver, stack, [&](const std::vector<std::uint32_t>& order) {
        accumulate_piece(grid, run, receiver, order, area);
    });
}

void stream_power_step(const Grid& grid, const Run& run, const SimulationSettings& settings,
                       std::span<double> z, std::span<const std::uint8_t> receiver, Stack& stack,
                       std::span<float> area, std::span<float> wear) {
    // F = K dt (A cell_size^2)^m / (distance cell_size) = scale A^m / distance: the area and the
    // distance in world units, so the same K means the same law at any cell size.
    const double m = settings.area_exponent;
    const double scale =
        settings.erodibility * std::pow(settings.cell_size * settings.cell_size, m) / settings.cell_size;
    // The implicit update, receivers first (the stack order), so z[r] is already the new height:
    //   (z_i' - z_i) / dt = -K A^m (z_i' - z_r') / distance  =>  z_i' = (z_i + F z_r') / (1 + F).
    // z_i was above z_r before the step and z_r only went down, so z_i' lies between them; it is
    // kept at least one step of double above z_r', so no flat and no pit can appear. Each cell's
    // result depends on its own values and its receiver's alone: the trees are independent, and
    // no order of them changes a bit.
    each_piece(grid, run, receiver, stack, [&](const std::vector<std::uint32_t>& order) {
        if (!accumulate_piece(grid, run, receiver, order, area)) return;
        for (std::size_t j = 0; j < order.size(); ++j) {
            if ((j & poll_mask) == 0 && run.cancelled()) return;
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
            lowered        = std::max(lowered, next_up(zr));
            wear[i] += static_cast<float>(zi - lowered);
            z[i] = lowered;
        }
    });
}

}  // namespace noise::detail
