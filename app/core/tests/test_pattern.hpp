// Test input for the compressors: bytes that repeat every 20011 (so deflate finds matches
// reaching back across chunk cuts, and a wrong dictionary shows) mixed with noisy stretches (so
// literals and short matches occur too). Fixed arithmetic, the same on every platform.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace app::testing {

inline std::vector<std::uint8_t> pattern_bytes(std::size_t size, std::uint32_t seed) {
    std::vector<std::uint8_t> out(size);
    std::uint32_t state = seed * 2654435761u + 1u;
    for (std::size_t i = 0; i < size; ++i) {
        state               = state * 1664525u + 1013904223u;  // LCG: only its high bits are used
        const bool noisy    = (i / 5000) % 3 == 2;
        const auto periodic = static_cast<std::uint8_t>((i % 20011) * 7 / 13 + (i % 97 == 0 ? 1 : 0));
        out[i]              = noisy ? static_cast<std::uint8_t>(state >> 24) : periodic;
    }
    return out;
}

}  // namespace app::testing
