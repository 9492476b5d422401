// app/core/field_stats.hpp: the measured range, mean and histogram of a rendered field.
//
//     app::FieldStats s = app::measure_field(raw, noise::nominal_range(params), 64);
//     // s.min, s.max: what Mapping::stretch maps to black and white; s.histogram[i]: pixels in
//     // bin i of s.histogram_range (values outside count in the first or last bin)
//
// For images rendered in bands (exports), feed each band to a FieldStatsAccumulator in order;
// the sums run in a fixed order, so the mean is the same on every run.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "noise/params.hpp"

namespace app {

struct FieldStats {
    double min          = 0.0;
    double max          = 0.0;
    double mean         = 0.0;
    std::uint64_t count = 0;
    noise::Range histogram_range{0.0, 1.0};
    std::vector<std::uint64_t> histogram;  // bins over histogram_range

    noise::Range measured_range() const { return {min, max}; }
};

class FieldStatsAccumulator {
  public:
    explicit FieldStatsAccumulator(noise::Range histogram_range = {-1.0, 1.0}, int bins = 64);
    void add(std::span<const float> raw);
    FieldStats result() const;

  private:
    FieldStats stats_;
    double sum_ = 0.0;
};

inline FieldStats measure_field(std::span<const float> raw, noise::Range histogram_range, int bins = 64) {
    FieldStatsAccumulator accumulator(histogram_range, bins);
    accumulator.add(raw);
    return accumulator.result();
}

}  // namespace app
