// Lakes on the erosion simulation's grid: Priority-Flood. See erosion_sim.hpp (step 3).
#include <bit>
#include <cmath>
#include <limits>
#include <type_traits>

#include "erosion_sim_grid.hpp"

namespace noise::detail {
namespace {

// How often a serial loop polls the cancel flag: every 64 K cells.
constexpr std::size_t poll_mask = (std::size_t{1} << 16) - 1;

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

}  // namespace noise::detail
