// Water and sediment on the erosion simulation's grid, routed to every lower neighbour: the
// multiple-flow-direction order, drained areas, the implicit stream-power step and the
// deposition of what it carries. See erosion_sim.hpp (steps 1a-1e).
#include <atomic>
#include <bit>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

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

// slope^p: the exponent presets use (1) a type of its own, so the walks' weights have no branch
// on it; the others computed without pow where they can be.
struct Linear {
    double operator()(double slope) const { return slope; }
};
struct Power {
    double p;
    double operator()(double slope) const {
        if (p == 2.0) return slope * slope;
        return std::pow(slope, p);
    }
};

// Calls fn(Linear{}) for exponent 1, else fn(Power{exponent}): the same numbers (slope^1 is the
// slope), with the walk compiled once for each.
template <class Fn>
void with_power(double exponent, const Fn& fn) {
    if (exponent == 1.0)
        fn(Linear{});
    else
        fn(Power{exponent});
}

std::array<std::ptrdiff_t, 8> steps_of(const Grid& grid) {
    std::array<std::ptrdiff_t, 8> step{};
    for (std::size_t k = 0; k < 8; ++k) step[k] = grid.step(k);
    return step;
}

// Blocks of rows (Region) the areas' walk cuts the grid into, per thread: few, so that the water
// seldom crosses from one to another (a handover, and a place where a replay waits on another
// thread), yet more than one a thread so that they share the work. Measured at 1024 x 1024 on 2
// threads (with each thread's walk starting from blocks of rows, before Region): blocks of 8
// rows, 1.85 s; of 128 rows, 1.72 s; of 256 rows (2 a thread), 1.66 and 1.69 s.
constexpr std::size_t walk_blocks_per_thread = 2;

// The walks: down visits every donor before its receivers (areas, sediment), up every receiver
// before its donors (the implicit stream-power update).
enum class Walk { down, up };

// Calls fn(k, n) for each donor n = i + step[k] of cell i, in the order of k.
template <class Fn>
void for_each_donor(const std::array<std::ptrdiff_t, 8>& step, const Routing& routing, std::size_t i,
                    const Fn& fn) {
    for (unsigned mask = routing.donors[i]; mask != 0; mask &= mask - 1) {
        const std::size_t k = static_cast<std::size_t>(std::countr_zero(mask));
        fn(k, i + step[k]);
    }
}

// The bits set in a byte (std::popcount is a library call on the baseline x86-64 target).
constexpr std::array<std::uint8_t, 256> bits_set = [] {
    std::array<std::uint8_t, 256> table{};
    for (unsigned b = 0; b < 256; ++b) table[b] = static_cast<std::uint8_t>((b & 1u) + table[b >> 1]);
    return table;
}();

// Slots of `order` a block of the areas' walk takes at a time.
constexpr std::size_t order_chunk = 4096;

// How often a replay checks a cell that waits on another block's before it tries another
// block's visits (and, with none free, yields): the cell it waits on is most often a few visits
// away on the other thread. Measured at 1024 x 1024 on 2 threads: 1 try, 2.00 and 1.95 s; 1000,
// 1.91 and 1.83 s.
constexpr int spin_tries = 1000;

// A block of rows of the areas' walk: its cells' counts are only ever touched by the thread that
// holds it (`busy`), so they are plain bytes; a cell of another block that it releases is posted
// to that block's `mail`, under its lock, for its holder to count down.
struct Region {
    std::size_t begin = 0, end = 0;      // its cells
    std::size_t scan = 0;                // the next of its cells to look at for one waiting on none
    std::vector<std::uint32_t> todo;     // its cells ready to visit
    std::size_t slot = 0, slot_end = 0;  // where its next visit goes in routing.order
    std::atomic<bool> busy{false}, has_mail{false};
    std::mutex lock;
    std::vector<std::uint32_t> mail, mail_read;
};

// Visits every cell once, after its donors, depth-first from the cells that wait on none: each
// cell's count starts at its donors, and the visit that counts it down to 0 (the last of them)
// makes it ready. visit(i) must write no cell but i and read only i and the cells it waits on
// (and what no visit writes): then the order the threads happen to take shows nowhere. The grid
// is cut into blocks of rows (Region), a thread working in one block at a time, so counting
// needs no atomic read-modify-write (measured: one a cell and donor took a quarter of the
// walk's time on 2 threads); only water that crosses into another block is handed over, under a
// lock. Each block keeps the cells visited in it, in their order, in routing.order (the chunks
// routing.runs[block]): replay() walks them again, for the walks after it on the same routing.
template <class Visit>
void walk_down(const Grid& grid, const Run& run, Routing& routing, const Visit& visit) {
    const std::array<std::ptrdiff_t, 8> step = steps_of(grid);
    const std::size_t w = static_cast<std::size_t>(grid.width), h = static_cast<std::size_t>(grid.height);
    const std::size_t cells = grid.cells();
    routing.waiting.resize(cells);
    run.for_each_block(h, rows_per_block(grid), [&](std::size_t y0, std::size_t y1) {
        for (std::size_t i = y0 * w; i < y1 * w; ++i) routing.waiting[i] = bits_set[routing.donors[i]];
    });
    const std::size_t threads = std::max(1u, run.threads);
    const std::size_t wanted  = threads == 1 ? 1 : threads * walk_blocks_per_thread;
    const std::size_t rows    = std::max<std::size_t>(1, (h + wanted - 1) / wanted);
    const std::size_t count   = (h + rows - 1) / rows;
    std::vector<std::unique_ptr<Region>> regions;
    for (std::size_t r = 0; r < count; ++r) {
        regions.push_back(std::make_unique<Region>());
        regions.back()->begin = regions.back()->scan = r * rows * w;
        regions.back()->end                          = std::min(h, (r + 1) * rows) * w;
    }
    routing.order.resize(cells + count * order_chunk);
    routing.runs.assign(count, {});
    std::atomic<std::size_t> next_chunk{0}, visited{0};
    // Works in region r until nothing in it is ready; returns the cells visited.
    const auto work_in = [&](std::size_t r) {
        Region& region                                = *regions[r];
        std::vector<std::array<std::size_t, 2>>& runs = routing.runs[r];
        if (region.has_mail.load(std::memory_order_acquire)) {
            {
                const std::lock_guard<std::mutex> guard(region.lock);
                region.mail_read.swap(region.mail);
                region.has_mail.store(false, std::memory_order_relaxed);
            }
            for (const std::uint32_t n : region.mail_read)
                if (--routing.waiting[n] == 0) region.todo.push_back(n);
            region.mail_read.clear();
        }
        std::size_t done = 0;
        for (;;) {
            if (region.todo.empty()) {
                while (region.scan < region.end && routing.donors[region.scan] != 0) ++region.scan;
                if (region.scan == region.end) break;
                region.todo.push_back(static_cast<std::uint32_t>(region.scan++));
            }
            const std::size_t c = region.todo.back();
            region.todo.pop_back();
            visit(c);
            if (region.slot == region.slot_end) {
                region.slot     = next_chunk.fetch_add(order_chunk, std::memory_order_relaxed);
                region.slot_end = region.slot + order_chunk;
                runs.push_back({region.slot, region.slot});
            }
            routing.order[region.slot++] = static_cast<std::uint32_t>(c);
            runs.back()[1]               = region.slot;
            for (unsigned mask = routing.lower[c]; mask != 0; mask &= mask - 1) {
                const std::size_t n = c + step[std::countr_zero(mask)];
                if (n >= region.begin && n < region.end) {
                    if (--routing.waiting[n] == 0) region.todo.push_back(static_cast<std::uint32_t>(n));
                } else {
                    Region& other = *regions[n / w / rows];
                    const std::lock_guard<std::mutex> guard(other.lock);
                    other.mail.push_back(static_cast<std::uint32_t>(n));
                    other.has_mail.store(true, std::memory_order_release);
                }
            }
            if ((++done & poll_mask) == 0 && run.cancelled()) break;
        }
        return done;
    };
    std::atomic<bool> failed{false};  // a thread threw (std::bad_alloc): the others stop too
    run.for_each_block(std::min(threads, count), 1, [&](std::size_t first, std::size_t) {
        for (;;) {
            if (visited.load(std::memory_order_acquire) == cells || run.cancelled() ||
                failed.load(std::memory_order_relaxed))
                return;  // check() throws
            std::size_t done = 0;
            for (std::size_t k = 0; k < count; ++k) {
                const std::size_t r = (first + k) % count;
                if (regions[r]->busy.exchange(true, std::memory_order_acquire)) continue;
                try {
                    done += work_in(r);
                } catch (...) {
                    failed.store(true, std::memory_order_relaxed);
                    throw;
                }
                regions[r]->busy.store(false, std::memory_order_release);
            }
            if (done != 0)
                visited.fetch_add(done, std::memory_order_acq_rel);
            else
                std::this_thread::yield();  // the other threads' turn: what is left waits on theirs
        }
    });
}

// One block's visits of the areas' walk, forwards (down) or backwards (up), a cell at a time.
struct Sequence {
    // A constructor, not an aggregate: clang 14 (the fuzz build) cannot make_unique an aggregate.
    Sequence(const Routing* of, const std::vector<std::array<std::size_t, 2>>* its_runs, bool backwards)
        : routing(of), runs(its_runs), up(backwards) {}
    const Routing* routing;
    const std::vector<std::array<std::size_t, 2>>* runs;
    bool up;
    std::size_t chunk = 0, at = 0;  // the next cell: at cells from chunk's start (or end, up)
    std::atomic<bool> busy{false}, done{false};

    bool finished() const { return chunk == runs->size(); }
    std::size_t cell() const {
        const std::array<std::size_t, 2>& r = (*runs)[up ? runs->size() - 1 - chunk : chunk];
        return routing->order[up ? r[1] - 1 - at : r[0] + at];
    }
    void advance() {
        const std::array<std::size_t, 2>& r = (*runs)[up ? runs->size() - 1 - chunk : chunk];
        if (++at == r[1] - r[0]) ++chunk, at = 0;
    }
};

// Visits every cell once in the order of the last walk_down (down) or its reverse (up: every
// receiver before its donors), on the routing walk_down saw. One block's visits alone (one
// thread) are such an order: replayed without a check. With more, each block's visits are
// replayed in their order and a cell waits until the cells it depends on (down: its donors; up:
// its receivers) are marked visited with `epoch` in `waiting` (acquire and release: plain loads
// and stores on x86, no atomic read-modify-write). It never waits in vain: every block's order is
// part of one order of all the visits (when they happened; a block is held by one thread at a
// time), whose first cell not yet replayed is always ready. A thread takes whichever block's
// visits are free and not blocked, so that fewer threads than walked (a busy pool) still finish.
// visit(i) as for walk_down.
template <class Visit>
void replay(const Run& run, Routing& routing, const std::array<std::ptrdiff_t, 8>& step, Walk walk,
            std::uint8_t epoch, const Visit& visit) {
    const bool up         = walk == Walk::up;
    std::size_t sequences = 0;
    for (const auto& runs : routing.runs) sequences += runs.empty() ? 0 : 1;
    if (sequences <= 1) {
        for (const auto& runs : routing.runs) {
            Sequence seq{&routing, &runs, up};
            for (std::size_t visited = 0; !seq.finished(); seq.advance()) {
                visit(seq.cell());
                if ((++visited & poll_mask) == 0) run.check();
            }
        }
        return;
    }
    std::vector<std::unique_ptr<Sequence>> all;
    for (const auto& runs : routing.runs)
        if (!runs.empty()) all.push_back(std::make_unique<Sequence>(&routing, &runs, up));
    const std::uint8_t* const depends = (up ? routing.lower : routing.donors).data();
    const auto ready                  = [&](std::size_t c) {
        for (unsigned mask = depends[c]; mask != 0; mask &= mask - 1)
            if (std::atomic_ref<std::uint8_t>(routing.waiting[c + step[std::countr_zero(mask)]])
                    .load(std::memory_order_acquire) != epoch)
                return false;
        return true;
    };
    run.for_each_block(std::min<std::size_t>(run.threads, all.size()), 1, [&](std::size_t, std::size_t) {
        std::size_t visited = 0;
        for (;;) {
            bool left                = false;
            const std::size_t before = visited;
            for (const std::unique_ptr<Sequence>& seq : all) {
                if (seq->done.load(std::memory_order_acquire)) continue;
                left = true;
                if (seq->busy.exchange(true, std::memory_order_acquire)) continue;
                while (!seq->finished()) {
                    const std::size_t c = seq->cell();
                    int tries           = 0;
                    while (!ready(c) && ++tries < spin_tries) {
                    }
                    if (tries == spin_tries) break;
                    visit(c);
                    std::atomic_ref<std::uint8_t>(routing.waiting[c]).store(epoch, std::memory_order_release);
                    seq->advance();
                    if ((++visited & poll_mask) == 0 && run.cancelled()) break;
                }
                if (seq->finished()) seq->done.store(true, std::memory_order_release);
                seq->busy.store(false, std::memory_order_release);
                if (run.cancelled()) return;  // check() throws
            }
            if (!left) return;
            if (visited == before) std::this_thread::yield();  // blocked: the other threads' turn
        }
    });
}

// The weight of the water going from cell n to its lower neighbour n + step[k] at height z_to:
// contour length times slope^exponent (Freeman 1991, Quinn et al. 1991), the slope per world
// unit floored at flat_slope.
template <class Pow>
double weight(double z_from, double z_to, std::size_t k, double per_cell, const Pow& power) {
    const double slope = std::max((z_from - z_to) * per_distance[k] * per_cell, flat_slope);
    return contour[k] * power(slope);
}

// Cell i's weights' sum: over its lower neighbours, contour length times slope^exponent (the
// share neighbour k takes is its weight over the sum). 0 where none is lower.
template <class T, class Pow>
double total_weight(const Routing& routing, const std::array<std::ptrdiff_t, 8>& step, const T* z,
                    std::size_t i, const Pow& power) {
    const double zi = static_cast<double>(z[i]);
    double total    = 0.0;
    for (unsigned mask = routing.lower[i]; mask != 0; mask &= mask - 1) {
        const std::size_t k = static_cast<std::size_t>(std::countr_zero(mask));
        total += weight(zi, static_cast<double>(z[i + step[k]]), k, routing.per_cell, power);
    }
    return total;
}

}  // namespace

template <class T>
void route(const Grid& grid, const Run& run, std::span<const T> z, double cell_size, Routing& routing) {
    const std::size_t w = static_cast<std::size_t>(grid.width);
    routing.per_cell    = 1.0 / cell_size;
    routing.lower.resize(grid.cells());
    routing.donors.resize(grid.cells());
    const std::array<std::ptrdiff_t, 8> step = steps_of(grid);
    // Each cell's lower neighbours, a bit each; none on the border (water leaves the map there).
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
    // Each cell's donors: the neighbours with it among their lower ones.
    run.for_each_block(
        static_cast<std::size_t>(grid.height), rows_per_block(grid), [&](std::size_t y0, std::size_t y1) {
            for (std::size_t y = y0; y < y1; ++y) {
                const bool edge_row = y == 0 || y + 1 == static_cast<std::size_t>(grid.height);
                for (std::size_t x = 0; x < w; ++x) {
                    const std::size_t i = y * w + x;
                    unsigned mask       = 0;
                    if (!edge_row && x > 0 && x + 1 < w) {  // every neighbour exists
                        for (std::size_t k = 0; k < 8; ++k)
                            mask |= ((routing.lower[i + step[k]] >> ((k + 4) & 7)) & 1u) << k;
                    } else {
                        for (std::size_t k = 0; k < 8; ++k) {
                            const int nx = static_cast<int>(x) + d8_x[k], ny = static_cast<int>(y) + d8_y[k];
                            if (grid.inside(nx, ny))
                                mask |= ((routing.lower[grid.at(nx, ny)] >> ((k + 4) & 7)) & 1u) << k;
                        }
                    }
                    routing.donors[i] = static_cast<std::uint8_t>(mask);
                }
            }
        });
}

template void route<float>(const Grid&, const Run&, std::span<const float>, double, Routing&);
template void route<double>(const Grid&, const Run&, std::span<const double>, double, Routing&);

template <class T>
void drained_area(const Grid& grid, const Run& run, std::span<const T> z, Routing& routing, double exponent,
                  std::span<float> area) {
    // Donors first: a cell's area is 1 plus what each donor hands on, its area times its weight
    // towards the cell over its weights' sum (kept in `share` when the donor was visited).
    routing.share.resize(grid.cells());
    const std::array<std::ptrdiff_t, 8> step = steps_of(grid);
    with_power(exponent, [&](const auto& power) {
        walk_down(grid, run, routing, [&](std::size_t i) {
            const double zi = static_cast<double>(z[i]);
            double a        = 1.0;
            for_each_donor(step, routing, i, [&](std::size_t k, std::size_t n) {
                a += static_cast<double>(routing.share[n]) *
                     weight(static_cast<double>(z[n]), zi, k, routing.per_cell, power);
            });
            area[i]          = static_cast<float>(a);
            routing.share[i] = routing.lower[i] == 0
                                   ? 0.0f
                                   : static_cast<float>(a / total_weight(routing, step, z.data(), i, power));
        });
    });
}

template void drained_area<float>(const Grid&, const Run&, std::span<const float>, Routing&, double,
                                  std::span<float>);
template void drained_area<double>(const Grid&, const Run&, std::span<const double>, Routing&, double,
                                   std::span<float>);

void stream_power_step(const Grid& grid, const Run& run, const SimulationSettings& settings,
                       std::span<double> z, Routing& routing, std::span<const float> area,
                       std::span<float> eroded, std::span<float> wear) {
    // F_k = K dt (A cell_size^2)^m w_k / (distance_k cell_size) = scale A^m w_k / distance_k: the
    // area and the distance in world units, so the same K means the same law at any cell size.
    const double m = settings.area_exponent;
    const double scale =
        settings.erodibility * std::pow(settings.cell_size * settings.cell_size, m) / settings.cell_size;
    // The implicit update, receivers first, so every z_k' is already new:
    //   (z_i' - z_i) / dt = -K A^m sum_k w_k (z_i' - z_k') / distance_k
    //   =>  z_i' = (z_i + sum_k F_k z_k') / (1 + sum_k F_k).
    // The shares w_k come from the heights before the step (each cell's before its own update;
    // its receivers' already new would weigh them by a step half taken). z_i was above every
    // z_k before and they only went down, so z_i' is a weighted mean strictly above the lowest:
    // kept at least a step of double above it, no pit can appear.
    const std::array<std::ptrdiff_t, 8> step = steps_of(grid);
    const bool settles                       = settings.deposition > 0.0;
    with_power(settings.flow_exponent, [&](const auto& power) {
        replay(run, routing, step, Walk::up, 1, [&](std::size_t i) {
            if (routing.lower[i] == 0) {
                eroded[i] = 0.0f;
                return;
            }
            // The shares from the heights before the step: z_i is still old, but the receivers are
            // new. Their old heights are new + what they lost, kept in `eroded` until the step ends.
            std::array<double, 8> w;
            const double zi = z[i];
            double total = 0.0, lowest = std::numeric_limits<double>::infinity();
            for (unsigned mask = routing.lower[i]; mask != 0; mask &= mask - 1) {
                const std::size_t k = static_cast<std::size_t>(std::countr_zero(mask));
                const std::size_t r = i + step[k];
                w[k] = weight(zi, z[r] + static_cast<double>(eroded[r]), k, routing.per_cell, power);
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
                sum_fz += f * z[i + step[k]];
            }
            double lowered = std::min(zi, (zi + sum_fz) / (1.0 + sum_f));
            lowered        = std::max(lowered, next_up(lowest));
            eroded[i]      = static_cast<float>(zi - lowered);
            if (!settles) wear[i] += eroded[i];  // else deposit_sediment books the step's balance
            z[i] = lowered;
        });
    });
}

void deposit_sediment(const Grid& grid, const Run& run, const SimulationSettings& settings,
                      std::span<double> z, Routing& routing, std::span<const float> area,
                      std::span<const float> eroded, std::span<float> wear, std::span<float> deposit) {
    // What the step eroded travels down with the water, donors first, and settles at rate G / A
    // per unit of sediment carried (Davy and Lague 2009; Yuan et al. 2019's G term, taken here
    // after the implicit step rather than inside it): a cell draining a small area (a mountain
    // front's foot) keeps much of what arrives, a large river carries it on. A cell gathers the
    // volume its donors hand on, each in its share of the water (what the donor passed over its
    // weights' sum, in `share`, times its weight towards the cell, on the heights as they were
    // when the donor was visited: its own settled, the cell's not yet). A cell gains no more
    // than keeps it strictly below every donor, so no donor becomes a pit and the walk stays one
    // of donors before receivers. Where water stops (a pit) all of it settles, up to that roof.
    // The border keeps nothing: sediment leaves the map there.
    const std::array<std::ptrdiff_t, 8> step = steps_of(grid);
    const double cell_area                   = settings.cell_size * settings.cell_size;
    const std::span<const double> heights(z);
    // The step's balance at each cell is booked, not its two movements: a hillslope cell that
    // lost 1 m to the water and caught 0.4 m of what came down from above it was worn 0.6 m, and
    // the deposit map shows only where more settled than was cut (where sediment settled).
    const auto book = [&](std::size_t i, double settle) {
        const double net = settle - static_cast<double>(eroded[i]);
        if (net > 0.0) deposit[i] += static_cast<float>(net);
        if (net < 0.0) wear[i] += static_cast<float>(-net);
    };
    with_power(settings.flow_exponent, [&](const auto& power) {
        replay(run, routing, step, Walk::down, 2, [&](std::size_t i) {
            routing.share[i] = 0.0f;
            if (routing.lower[i] == 0 &&
                grid.border(static_cast<int>(i % static_cast<std::size_t>(grid.width)),
                            static_cast<int>(i / static_cast<std::size_t>(grid.width))))
                return book(i, 0.0);  // leaves the map
            const double zi = z[i];
            double incoming = 0.0, roof = std::numeric_limits<double>::infinity();  // roof: the lowest donor
            for_each_donor(step, routing, i, [&](std::size_t k, std::size_t n) {
                roof = std::min(roof, z[n]);
                incoming +=
                    static_cast<double>(routing.share[n]) * weight(z[n], zi, k, routing.per_cell, power);
            });
            const double volume = incoming + static_cast<double>(eroded[i]) * cell_area;
            if (volume <= 0.0) return book(i, 0.0);
            double settle = volume / cell_area;
            if (routing.lower[i] != 0)
                settle = std::min(settle,
                                  settings.deposition * volume / (static_cast<double>(area[i]) * cell_area));
            if (roof != std::numeric_limits<double>::infinity())
                settle = std::min(settle, next_down(roof) - zi);
            settle = std::max(settle, 0.0);
            z[i]   = zi + settle;
            book(i, settle);
            const double passed = volume - settle * cell_area;
            if (routing.lower[i] == 0 || passed <= 0.0) return;
            routing.share[i] =
                static_cast<float>(passed / total_weight(routing, step, heights.data(), i, power));
        });
    });
}

void keep_draining(const Grid& grid, const Run& run, std::span<double> z, Routing& routing,
                   std::span<float> deposit) {
    // Receivers first, so each cell compares itself with its receivers' final heights. The step's
    // routing still holds: a cell was above its lowest receiver after the stream-power update
    // and below every donor after the deposition, so before creep every cell off the border had
    // a strictly lower receiver; creep moves heights by little, and where it closed that gap the
    // cell is raised just over it, as the lakes' fill would raise it (a cell of the lake's floor
    // to just above the one it spills through), but without a flood of the whole grid.
    const std::array<std::ptrdiff_t, 8> step = steps_of(grid);
    replay(run, routing, step, Walk::up, 3, [&](std::size_t i) {
        if (routing.lower[i] == 0) return;
        double lowest = std::numeric_limits<double>::infinity();
        for (unsigned mask = routing.lower[i]; mask != 0; mask &= mask - 1)
            lowest = std::min(lowest, z[i + step[std::countr_zero(mask)]]);
        if (z[i] > lowest) return;
        const double raised = next_up(lowest);
        deposit[i] += static_cast<float>(raised - z[i]);
        z[i] = raised;
    });
}

}  // namespace noise::detail
