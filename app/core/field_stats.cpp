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
        const auto bin = static_cast<std::ptrdiff_t>(std::floor((v - lo) * scale));
        ++stats_.histogram[static_cast<std::size_t>(std::clamp<std::ptrdiff_t>(bin, 0, last))];
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
