// Range, mean and histogram of raw noise values, accumulated band by band.
#include "core/field_stats.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace app {

FieldStatsAccumulator::FieldStatsAccumulator(noise::Range histogram_range, int bins) {
    stats_.histogram_range = histogram_range;
    stats_.histogram.assign(static_cast<std::size_t>(std::max(bins, 1)), 0);
    stats_.min = std::numeric_limits<double>::infinity();
    stats_.max = -std::numeric_limits<double>::infinity();
}

void FieldStatsAccumulator::add(std::span<const float> raw) {
    const auto [lo, hi] = stats_.histogram_range;
    const double bins   = static_cast<double>(stats_.histogram.size());
    const double scale  = hi > lo ? bins / (hi - lo) : 0.0;
    const auto last     = static_cast<std::ptrdiff_t>(stats_.histogram.size()) - 1;
    for (const float value : raw) {
        const double v = value;
        stats_.min     = std::min(stats_.min, v);
        stats_.max     = std::max(stats_.max, v);
        sum_ += v;
        // floor, then clamped to the bins: clamped to [0, bins] first, the truncating cast is
        // the floor (std::floor is a libm call per value on baseline x86-64).
        const double position = std::min(bins, std::max(0.0, (v - lo) * scale));  // NaN: bin 0
        const auto bin        = static_cast<std::ptrdiff_t>(position);
        ++stats_.histogram[static_cast<std::size_t>(std::min(bin, last))];
    }
    stats_.count += raw.size();
}

FieldStats FieldStatsAccumulator::result() const {
    FieldStats out = stats_;
    if (out.count == 0) {
        out.min = out.max = 0.0;
    } else {
        out.mean = sum_ / static_cast<double>(out.count);
    }
    return out;
}

}  // namespace app
