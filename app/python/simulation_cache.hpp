// app/python/simulation_cache.hpp: the simulated fields a Python process has made, kept for the
// next call that asks for the same one.
//
//     if (auto field = cache.find(params, width, height)) return field;   // no simulation
//     auto field = std::make_shared<const noise::FractalNoise>(simulate...);
//     cache.keep(params, width, height, field);
//
// Why: with erosion.method = simulate every render, sample or value_gradient first simulates the
// whole width x height image (seconds at 1024 x 1024), and scripts and tests call them again and
// again on one preset (a render, then its points, then its gradient). The field is a function of
// the preset's settings (noise::Params, compared by value: an imported heightmap by its samples)
// and the simulated image's width and height alone: not of the threads (the same bits on any
// number), nor of the region or the points read from it. So an equal key gives the same bits.
//
// Bounded: at most max_fields fields and max_bytes of their eroded heights (4 bytes a pixel, the
// samples the field reads), the least recently used dropped first; a field larger than max_bytes
// on its own is not kept. Thread-safe: calls from several Python threads (the simulation itself
// runs off the GIL) take a mutex for the look-up and the insertion only, never for a simulation.
// Two threads asking at once for a field not kept both simulate it; either result is the same.
#pragma once

#include <cstddef>
#include <list>
#include <memory>
#include <mutex>

#include "noise/fractal.hpp"
#include "noise/params.hpp"

namespace noise_python {

class SimulationCache {
  public:
    static constexpr std::size_t max_fields = 8;
    static constexpr std::size_t max_bytes  = std::size_t{256} << 20;  // 16 fields of 1024 x 1024

    std::shared_ptr<const noise::FractalNoise> find(const noise::Params& params, int width, int height);
    void keep(const noise::Params& params, int width, int height,
              std::shared_ptr<const noise::FractalNoise> field);
    std::size_t size() const;
    void clear();

  private:
    struct Entry {
        noise::Params params;  // what was simulated (before erosion), compared by value
        int width, height;
        std::shared_ptr<const noise::FractalNoise> field;
        std::size_t bytes;
    };
    mutable std::mutex mutex_;
    std::list<Entry> entries_;  // the most recently used first
    std::size_t bytes_ = 0;
};

// The process's cache (the module's one piece of process-wide state).
SimulationCache& simulation_cache();

}  // namespace noise_python
