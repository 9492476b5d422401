// dual.hpp (internal): numbers that carry their derivatives, for value + gradient in one pass.
//
// A Dual is a value and its partial derivatives along x, y, z, w. Adding, multiplying and the
// other operations below apply the chain rule to the derivatives, and do to the value exactly
// the double operation the plain code does (same operands, same order). So the reference,
// instantiated on Dual instead of double, returns the same value bit for bit together with its
// gradient (Inigo Quilez, "value noise derivatives"; automatic differentiation, forward mode).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>

namespace noise::detail {

struct Dual {
    double value = 0.0;
    std::array<double, 4> slope{};  // d value / d x, y, z, w

    // The variable x_axis itself at the given value: its slope is 1 along that axis.
    static Dual along(int axis, double value, double slope_along_axis = 1.0) {
        Dual d{value};
        d.slope[static_cast<std::size_t>(axis)] = slope_along_axis;
        return d;
    }
};

inline Dual operator+(const Dual& a, const Dual& b) {
    Dual r{a.value + b.value};
    for (std::size_t k = 0; k < 4; ++k) r.slope[k] = a.slope[k] + b.slope[k];
    return r;
}
inline Dual operator-(const Dual& a, const Dual& b) {
    Dual r{a.value - b.value};
    for (std::size_t k = 0; k < 4; ++k) r.slope[k] = a.slope[k] - b.slope[k];
    return r;
}
inline Dual operator*(const Dual& a, const Dual& b) {  // (ab)' = a'b + ab'
    Dual r{a.value * b.value};
    for (std::size_t k = 0; k < 4; ++k) r.slope[k] = a.slope[k] * b.value + a.value * b.slope[k];
    return r;
}
inline Dual operator*(double c, const Dual& a) {
    Dual r{c * a.value};
    for (std::size_t k = 0; k < 4; ++k) r.slope[k] = c * a.slope[k];
    return r;
}
inline Dual operator*(const Dual& a, double c) {
    Dual r{a.value * c};
    for (std::size_t k = 0; k < 4; ++k) r.slope[k] = a.slope[k] * c;
    return r;
}
inline Dual operator-(double c, const Dual& a) {
    Dual r{c - a.value};
    for (std::size_t k = 0; k < 4; ++k) r.slope[k] = -a.slope[k];
    return r;
}
inline Dual operator/(const Dual& a, double c) {
    Dual r{a.value / c};
    for (std::size_t k = 0; k < 4; ++k) r.slope[k] = a.slope[k] / c;
    return r;
}

inline Dual operator/(const Dual& a, const Dual& b) {  // (a/b)' = (a'b - ab') / b^2
    Dual r{a.value / b.value};
    const double b2 = b.value * b.value;
    for (std::size_t k = 0; k < 4; ++k) r.slope[k] = (a.slope[k] * b.value - a.value * b.slope[k]) / b2;
    return r;
}

// |a|: the slope flips where a is negative (at 0 the slope of the positive side).
inline Dual abs(const Dual& a) {
    Dual r  = a;
    r.value = std::abs(a.value);
    if (a.value < 0.0)
        for (double& s : r.slope) s = -s;
    return r;
}

// clamp(a, 0, 1): flat (slope 0) where it clamps.
inline double clamp01(double a) { return std::clamp(a, 0.0, 1.0); }
inline Dual clamp01(const Dual& a) {
    Dual r{clamp01(a.value)};
    if (a.value >= 0.0 && a.value <= 1.0) r.slope = a.slope;
    return r;
}

// sqrt(a): slope a' / (2 sqrt a); at a = 0 (a cellular feature point itself) the cone has no
// derivative, and the slope given is 0.
inline Dual sqrt(const Dual& a) {
    Dual r{std::sqrt(a.value)};
    if (a.value > 0.0)
        for (std::size_t k = 0; k < 4; ++k) r.slope[k] = a.slope[k] / (2.0 * r.value);
    return r;
}

// min and max pick one operand whole (its value and its slope), as std::min and std::max pick
// one double: the first when the values are equal. At a tie the slope is that of one side.
inline double min_of(double a, double b) { return std::min(a, b); }
inline double max_of(double a, double b) { return std::max(a, b); }
inline Dual min_of(const Dual& a, const Dual& b) { return b.value < a.value ? b : a; }
inline Dual max_of(const Dual& a, const Dual& b) { return a.value < b.value ? b : a; }

inline double value_of(double a) { return a; }
inline double value_of(const Dual& a) { return a.value; }

}  // namespace noise::detail
