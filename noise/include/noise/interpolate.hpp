// noise/interpolate.hpp: how values at lattice points are blended into a continuous function.
//
// Two-point curves map the position t in [0, 1] inside a cell to a blend weight s(t), then
//     lerp(s, a, b) = a + s (b - a)
// blends the values at the cell's two ends (Ken Perlin's `lerp(fade(t), a, b)`). Each curve
// stands next to its derivative ds/dt:
//     linear       s = t                        ds = 1                      (C0: kinks at nodes)
//     cosine       s = (1 - cos(pi t)) / 2      ds = pi sin(pi t) / 2       (seed 004; C1)
//     smoothstep   s = 3t^2 - 2t^3              ds = 6t(1 - t)              (Perlin 1985; C1)
//     quintic      s = 6t^5 - 15t^4 + 10t^3     ds = 30t^2(t - 1)^2         (Perlin 2002; C2)
// All four stay in [0, 1], so a blend never leaves the range of its two values.
//
// The cosine curve does not call std::cos: libm's cos may differ between machines and is not
// what a SIMD lane computes. `sin_pi` below is a fixed polynomial (the Taylor series of sin to
// x^19, truncated 1e-17 from sin on its interval; within 4e-16 once rounded) that the scalar reference and
// every SIMD target evaluate with the same operations in the same order, so they agree bit for bit. The curve
// is built from sin^2(pi t / 2) = (1 - cos(pi t)) / 2 on the half of the cell nearer to its corner, so it is
// exactly 0 at t = 0 and exactly 1 at t = 1 (cells join without a step).
//
// The fifth, `cubic`, is seed 004's four-point cubic: it also uses the lattice values before
// (v0) and after (v3) the cell [v1, v2]:
//     P = (v3 - v2) - (v0 - v1),  Q = (v0 - v1) - P,  R = v2 - v0,  S = v1
//     cubic(t) = P t^3 + Q t^2 + R t + S
// It passes through v1 at t = 0 and v2 at t = 1 with slopes v2 - v0 and v3 - v1, so neighbouring
// cells join with matching slopes (C1). Its weights sum to 1 but two of them are negative: their
// absolute values sum to 1 + 2t(1 - t) <= 1.5, so per axis the result can reach 1.5 times the
// largest value it blends (at t = 1/2), and 1.5^D in D dimensions (the bound tests check).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

#include "noise/params.hpp"

namespace noise {

// Templates so that the same lines also run on numbers that carry derivatives (trace.hpp).
template <class T>
T lerp(const T& s, const T& a, const T& b) {
    return a + s * (b - a);
}

inline double linear_curve(double t) { return t; }
inline double linear_slope(double) { return 1.0; }

// sin(pi a) for |a| <= 1/4: a * (c0 + a^2 (c1 + a^2 (c2 + ...))), c_k = (-1)^k pi^(2k+1) / (2k+1)!.
inline constexpr std::array<double, 10> sin_pi_coefficients = [] {
    std::array<double, 10> c{};
    double term = std::numbers::pi;  // pi^(2k+1) / (2k+1)!, with its sign
    for (int k = 0; k < 10; ++k) {
        c[static_cast<std::size_t>(k)] = term;
        term *= -std::numbers::pi * std::numbers::pi / ((2.0 * k + 2.0) * (2.0 * k + 3.0));
    }
    return c;
}();
inline double sin_pi(double a) {
    const double a2 = a * a;
    double sum      = sin_pi_coefficients[9];
    for (int k = 8; k >= 0; --k) sum = sum * a2 + sin_pi_coefficients[static_cast<std::size_t>(k)];
    return a * sum;
}
// (1 - cos(pi t)) / 2 = sin^2(pi t / 2); past the middle, 1 - the same from the other end.
inline double cosine_curve(double t) {
    const bool near_start = t <= 0.5;
    const double s        = sin_pi((near_start ? t : 1.0 - t) * 0.5);
    const double s2       = s * s;
    return near_start ? s2 : 1.0 - s2;
}
// pi sin(pi t) / 2, from the same polynomial: with u the distance to the nearer end of the cell,
// sin(pi u) = 2 sin(pi u / 2) cos(pi u / 2), and the cosine is sqrt(1 - sin^2) (u / 2 <= 1/4).
inline double cosine_slope(double t) {
    const double s = sin_pi(std::min(t, 1.0 - t) * 0.5);
    return std::numbers::pi * s * std::sqrt(1.0 - s * s);
}

inline double smoothstep_curve(double t) { return t * t * (3.0 - 2.0 * t); }
inline double smoothstep_slope(double t) { return 6.0 * t * (1.0 - t); }

inline double quintic_curve(double t) { return t * t * t * (t * (t * 6.0 - 15.0) + 10.0); }
inline double quintic_slope(double t) { return 30.0 * t * t * (t * (t - 2.0) + 1.0); }

template <class T>
T cubic4_blend(const T& v0, const T& v1, const T& v2, const T& v3, const T& t) {
    const T P = (v3 - v2) - (v0 - v1);
    const T Q = (v0 - v1) - P;
    const T R = v2 - v0;
    const T S = v1;
    return ((P * t + Q) * t + R) * t + S;
}
inline double cubic4(double v0, double v1, double v2, double v3, double t) {
    return cubic4_blend<double>(v0, v1, v2, v3, t);
}
inline double cubic4_slope(double v0, double v1, double v2, double v3, double t) {
    const double P = (v3 - v2) - (v0 - v1);
    const double Q = (v0 - v1) - P;
    const double R = v2 - v0;
    return (3.0 * P * t + 2.0 * Q) * t + R;
}

// The blend weight s(t) of a two-point curve. Not for `cubic`, which blends four values.
inline double blend_weight(Interpolation curve, double t) {
    switch (curve) {
        case Interpolation::linear:
            return linear_curve(t);
        case Interpolation::cosine:
            return cosine_curve(t);
        case Interpolation::smoothstep:
            return smoothstep_curve(t);
        case Interpolation::quintic:
            return quintic_curve(t);
        case Interpolation::cubic:
            break;
    }
    return t;
}

// ds/dt of a two-point curve (the teaching view draws it beside the curve).
inline double blend_slope(Interpolation curve, double t) {
    switch (curve) {
        case Interpolation::linear:
            return linear_slope(t);
        case Interpolation::cosine:
            return cosine_slope(t);
        case Interpolation::smoothstep:
            return smoothstep_slope(t);
        case Interpolation::quintic:
            return quintic_slope(t);
        case Interpolation::cubic:
            break;
    }
    return 1.0;
}

}  // namespace noise
