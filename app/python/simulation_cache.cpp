// The simulated fields kept between calls: see simulation_cache.hpp.
#include "simulation_cache.hpp"

#include <utility>

namespace noise_python {

std::shared_ptr<const noise::FractalNoise> SimulationCache::find(const noise::Params& params, int width,
                                                                 int height) {
    const std::lock_guard lock(mutex_);
    for (auto it = entries_.begin(); it != entries_.end(); ++it) {
        if (it->width != width || it->height != height || !(it->params == params)) continue;
        entries_.splice(entries_.begin(), entries_, it);  // now the most recently used
        return entries_.front().field;
    }
    return nullptr;
}

void SimulationCache::keep(const noise::Params& params, int width, int height,
                           std::shared_ptr<const noise::FractalNoise> field) {
    const std::size_t bytes =
        static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * sizeof(float);
    if (bytes > max_bytes) return;
    const std::lock_guard lock(mutex_);
    for (const Entry& entry : entries_)
        if (entry.width == width && entry.height == height && entry.params == params)
            return;  // kept meanwhile
    entries_.push_front({params, width, height, std::move(field), bytes});
    bytes_ += bytes;
    while (entries_.size() > max_fields || bytes_ > max_bytes) {
        bytes_ -= entries_.back().bytes;
        entries_.pop_back();
    }
}

std::size_t SimulationCache::size() const {
    const std::lock_guard lock(mutex_);
    return entries_.size();
}

void SimulationCache::clear() {
    const std::lock_guard lock(mutex_);
    entries_.clear();
    bytes_ = 0;
}

SimulationCache& simulation_cache() {
    static SimulationCache cache;
    return cache;
}

}  // namespace noise_python
