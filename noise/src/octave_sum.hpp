// octave_sum.hpp (internal): the fractal sum of fractal.hpp, written once for plain numbers and
// for dual numbers (value + gradient, trace.hpp).
//
// octave_value(i) returns octave i's raw noise n_i (as V); added(i, v) is told what octave i
// added to the running total (before the division by the amplitude sum), for the trace.
#pragma once

#include <cmath>
#include <span>

#include "dual.hpp"
#include "noise/fractal.hpp"
#include "noise/params.hpp"

namespace noise::detail {

struct IgnoreAdded {
    template <class V>
    void operator()(int, const V&) const {}
};

template <class V, class OctaveValue, class Added = IgnoreAdded>
V sum_octaves(Fractal fractal, std::span<const OctaveSetup> octaves, double divisor, OctaveValue octave_value,
              Added added = {}) {
    using std::abs;
    V total{};
    V weight{1.0};  // ridged: how much the previous octave's crest lets this one through
    for (int i = 0; i < static_cast<int>(octaves.size()); ++i) {
        const V n              = octave_value(i);
        const double amplitude = octaves[static_cast<std::size_t>(i)].amplitude;
        V share{};
        switch (fractal) {
            case Fractal::fbm:
                share = amplitude * n;
                break;
            case Fractal::turbulence:
                share = amplitude * abs(n);
                break;
            case Fractal::ridged: {
                V crest = 1.0 - abs(n);  // sharp where the noise crosses zero
                crest   = crest * (crest * weight);
                weight  = clamp01(crest * 2.0);
                share   = amplitude * crest;
                break;
            }
        }
        added(i, share);
        total = total + share;
    }
    return total / divisor;  // FractalNoise::divisor: the amplitude sum, or 1 unnormalised
}

}  // namespace noise::detail
