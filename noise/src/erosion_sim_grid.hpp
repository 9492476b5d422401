// noise/src/erosion_sim_grid.hpp: what the erosion simulation's stages share (erosion_sim.hpp):
// the grid and its D8 neighbours, the run (threads, cancellation), and the stages themselves.
//
// The stages, one file each:
//   erosion_sim_flow.cpp     Priority-Flood (the lakes);
//   erosion_sim_routing.cpp  multiple-flow-direction routing, drained areas, the implicit
//                            stream-power step and the sediment's deposition;
//   erosion_sim_hillslope.cpp  hillslope diffusion;
//   erosion_sim_thermal.cpp  the talus passes and the talus clamp;
//   erosion_sim.cpp          the run: the stages in order, progress, snapshots, the output maps.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <limits>
#include <span>
#include <type_traits>
#include <vector>

#include "noise/erosion_sim.hpp"
#include "worker_pool.hpp"

namespace noise::detail {

// The D8 neighbours, in the fixed order every tie is broken by: east, then clockwise (y down).
// Direction k's opposite is (k + 4) % 8. A receiver is stored as its direction, one byte a cell;
// `none` on the border (where water leaves the map) and at a pit.
constexpr std::array<int, 8> d8_x{1, 1, 0, -1, -1, -1, 0, 1};
constexpr std::array<int, 8> d8_y{0, 1, 1, 1, 0, -1, -1, -1};
constexpr double diagonal = 1.4142135623730951;
constexpr std::array<double, 8> d8_distance{1.0, diagonal, 1.0, diagonal, 1.0, diagonal, 1.0, diagonal};
constexpr std::uint8_t none = 8;
constexpr double pi         = 3.14159265358979323846;

struct Grid {
    int width, height;
    std::size_t at(int x, int y) const { return static_cast<std::size_t>(y) * width + x; }
    bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
    bool border(int x, int y) const { return x == 0 || y == 0 || x == width - 1 || y == height - 1; }
    std::size_t cells() const { return static_cast<std::size_t>(width) * height; }
    // The offset of direction k's neighbour in the row-major arrays.
    std::ptrdiff_t step(std::size_t k) const {
        return static_cast<std::ptrdiff_t>(d8_y[k]) * width + d8_x[k];
    }
};

// std::nextafter(x, +infinity) for finite x, inline rather than a library call per cell: the
// next representable number up.
template <class T>
T next_up(T x) {
    using Bits = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
    if (x == T(0)) return std::numeric_limits<T>::denorm_min();
    const Bits bits = std::bit_cast<Bits>(x);
    return std::bit_cast<T>(x > T(0) ? Bits(bits + 1) : Bits(bits - 1));
}

// std::nextafter(x, -infinity) for finite x: the next representable number down.
template <class T>
T next_down(T x) {
    return -next_up(-x);
}

// Thrown on the calling thread (never in a worker) when the run was cancelled; simulate_erosion
// turns it into nullopt.
struct Cancelled {};

// The threads and the cancel flag of one run.
struct Run {
    unsigned threads                = 1;
    const std::atomic<bool>* cancel = nullptr;

    bool cancelled() const { return cancel != nullptr && cancel->load(std::memory_order_relaxed); }
    void check() const {
        if (cancelled()) throw Cancelled{};
    }

    // fn(begin, end) over [0, count) in blocks of `block` items, on up to `threads` threads.
    // Each block's result must not depend on which thread runs it or when: the bits never depend
    // on the thread count. Blocks left when the run is cancelled are skipped; check() after. An
    // exception in a block (std::bad_alloc from a growing list) stops the rest and is rethrown
    // here, on the calling thread: the pool's threads must not throw.
    template <class Fn>
    void for_each_block(std::size_t count, std::size_t block, const Fn& fn) const {
        const std::size_t blocks = (count + block - 1) / block;
        std::atomic<std::size_t> next{0};
        std::atomic<bool> failed{false};
        std::exception_ptr failure;  // written once, by the thread that set `failed`
        const auto work = [&] {
            for (;;) {
                const std::size_t b = next.fetch_add(1, std::memory_order_relaxed);
                if (b >= blocks || cancelled() || failed.load(std::memory_order_relaxed)) return;
                try {
                    fn(b * block, std::min(count, (b + 1) * block));
                } catch (...) {
                    if (!failed.exchange(true)) failure = std::current_exception();
                    return;
                }
            }
        };
        if (threads <= 1 || blocks <= 1)
            work();
        else
            WorkerPool::shared().run(static_cast<unsigned>(std::min<std::size_t>(threads, blocks)) - 1, work);
        if (failure) std::rethrow_exception(failure);
        check();
    }
};

// [SECTION] erosion_sim_flow.cpp

// Priority-Flood+epsilon (Barnes, Lehman, Mulla 2014): every cell off the border that has no way
// down to the border is raised to the next representable number above the cell it is reached
// from, so every cell has a strictly lower D8 neighbour. `raised` gets what each cell was raised,
// times `raised_scale`. `closed` is scratch, one byte a cell (its contents are lost).
template <class T>
void fill_pits(const Grid& grid, const Run& run, std::span<T> z, std::span<float> raised, double raised_scale,
               std::span<std::uint8_t> closed);

// [SECTION] erosion_sim_routing.cpp

// Where water goes: every strictly lower D8 neighbour takes a share (multiple flow directions).
// The passes over the routing visit each cell once, after the cells its values come from (its
// donors for the areas and the sediment, its receivers for the stream-power update), on as many
// threads as run has: a cell's values are a function of those cells' alone, summed in the fixed
// order of its neighbours, so whichever thread visits it and whenever, they are the same bits.
struct Routing {
    std::vector<std::uint8_t> lower;    // bit k: neighbour k is strictly lower (0 on the border)
    std::vector<std::uint8_t> donors;   // bit k: neighbour k has this cell among its lower ones
    std::vector<std::uint8_t> waiting;  // scratch: donors a cell still waits on; a replay's marks
    std::vector<float> share;           // scratch: what a cell hands on, over its weights' sum
    double per_cell = 1.0;              // 1 / the cell size
    // The order the areas' walk visited the cells in, for the walks after it: each block of
    // rows' visits in chunks of `order`, runs[b] the [begin, end) of block b's chunks in turn.
    std::vector<std::uint32_t> order;
    std::vector<std::vector<std::array<std::size_t, 2>>> runs;
};

// The lower neighbours and the donors on z (each cell on its own: any threads).
template <class T>
void route(const Grid& grid, const Run& run, std::span<const T> z, double cell_size, Routing& routing);

// The area drained through each cell, in cells (1 at a ridge): 1 plus its donors' areas in
// their shares, summed in the order of the neighbours.
template <class T>
void drained_area(const Grid& grid, const Run& run, std::span<const T> z, Routing& routing, double exponent,
                  std::span<float> area);

// One implicit stream-power step (erosion_sim.hpp, step 1c) on z (world units), receivers first.
// `eroded` gets how far each cell was lowered (world units), also added to `wear` when nothing
// settles (deposition 0; else deposit_sediment books the step's balance).
void stream_power_step(const Grid& grid, const Run& run, const SimulationSettings& settings,
                       std::span<double> z, Routing& routing, std::span<const float> area,
                       std::span<float> eroded, std::span<float> wear);

// What stream_power_step eroded, carried down and settled (step 1d); each cell's balance of the
// step (settled minus eroded) added to `deposit` where positive, to `wear` where negative.
void deposit_sediment(const Grid& grid, const Run& run, const SimulationSettings& settings,
                      std::span<double> z, Routing& routing, std::span<const float> area,
                      std::span<const float> eroded, std::span<float> wear, std::span<float> deposit);

// After hillslope diffusion (step 1e): each cell raised, where creep lifted its lowest receiver
// of the step's routing to its height or above, to just above it (the raise added to
// `deposit`), so every cell off the border keeps a strictly lower neighbour: no pit.
void keep_draining(const Grid& grid, const Run& run, std::span<double> z, Routing& routing,
                   std::span<float> deposit);

// [SECTION] erosion_sim_hillslope.cpp

// One step of linear hillslope diffusion (step 1e), implicit, rows then columns; the border stays.
void diffuse_hillslopes(const Grid& grid, const Run& run, const SimulationSettings& settings,
                        std::span<double> z);

// [SECTION] erosion_sim_thermal.cpp

// Talus passes then the talus clamp (see erosion_sim.hpp, step 2) on z (world units). Returns the
// number of passes run.
int thermal_erosion(const Grid& grid, const Run& run, const SimulationSettings& settings, std::span<double> z,
                    std::span<float> wear, std::span<float> deposit);

}  // namespace noise::detail
