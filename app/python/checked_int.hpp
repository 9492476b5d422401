// app/python/checked_int.hpp: Python ints to C++ ints with one-line ValueErrors.
//
// The bindings take every size, count and coordinate as std::int64_t (any Python int pybind11
// holds), so a width of 2**31 reaches this check and raises "width: '2147483648' is not allowed:
// expected ..." instead of pybind11's TypeError listing the function's signatures.
#pragma once

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>

namespace noise_python {

// `value` as an int when lowest <= value <= INT_MAX; else std::invalid_argument (ValueError)
// naming `name`, the value and `expected`.
inline int checked_int(std::int64_t value, std::string_view name, std::int64_t lowest,
                       std::string_view expected) {
    if (value < lowest || value > std::numeric_limits<int>::max())
        throw std::invalid_argument(std::string(name) + ": '" + std::to_string(value) +
                                    "' is not allowed: expected " + std::string(expected));
    return static_cast<int>(value);
}

// A side of an image in pixels, as an int: past int's range refused here; 0 and below are left to
// noise::validate, whose message names the whole size ("size: '0x10' is not allowed: ...").
inline int checked_side(std::int64_t value, std::string_view name) {
    return checked_int(value, name, std::numeric_limits<int>::min(),
                       "a whole number of pixels from 1 to 2147483647");
}

}  // namespace noise_python
