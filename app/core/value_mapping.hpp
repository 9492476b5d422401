// app/core/value_mapping.hpp: raw noise value -> [0, 1] -> 8 or 16 bit, the one place that does it.
//
// The preview, png8, png16, r16 and rgb8 all map through these functions, so a 16-bit export
// and the picture on screen agree, and tests can recompute the bytes independently:
//     unit   = clamp((raw - range.lo) / (range.hi - range.lo), 0, 1)   (0.5 if the range is empty)
//     gray8  = floor(unit * 255 + 0.5)
//     gray16 = floor(unit * 65535 + 0.5)
// The range is the algorithm's nominal one (Mapping::fixed: [-1, 1] for fbm, [0, 1] for
// turbulence and ridged), or the measured min/max of the whole image (Mapping::stretch).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>

#include "core/view_settings.hpp"
#include "noise/params.hpp"

namespace app {

inline double unit_value(double raw, noise::Range range) {
    if (!(range.hi > range.lo)) return 0.5;  // a flat image: mid-gray rather than a division by zero
    return noise::to_unit(raw, range);
}

// floor(unit * 255 + 0.5) for unit in [0, 1]: the sum is positive there, where floor is the
// truncation a cast to int does. (std::floor is a libm call per sample on baseline x86-64, which
// made it most of an r16 export's encoding time.)
inline std::uint8_t to_gray8(double unit) {
    return static_cast<std::uint8_t>(static_cast<int>(unit * 255.0 + 0.5));
}

inline std::uint16_t to_gray16(double unit) {  // floor(unit * 65535 + 0.5), the same way
    return static_cast<std::uint16_t>(static_cast<int>(unit * 65535.0 + 0.5));
}

// to_gray16(unit_value(raw[i], range)) for a row at once, the same samples: noise::to_unit16's
// SIMD division where the scalar loop spent over 1 ns per sample on it.
inline void to_gray16_row(std::span<const float> raw, noise::Range range, std::span<std::uint16_t> out) {
    if (range.hi > range.lo)
        noise::to_unit16(raw, range, out);
    else
        std::fill_n(out.begin(), raw.size(), to_gray16(0.5));
}

// The range a picture is mapped through: the nominal one, or `measured` when the view stretches.
inline noise::Range mapping_range(const noise::Params& params, const ViewSettings& view,
                                  noise::Range measured) {
    return view.mapping == Mapping::stretch ? measured : noise::nominal_range(params);
}

}  // namespace app
