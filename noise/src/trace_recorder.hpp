// trace_recorder.hpp (internal): writes down each step of one octave's evaluation (trace.hpp).
//
// The reference (perlin.cpp, value.cpp, cell_blend.hpp) calls a recorder at each step; with
// detail::NoRecord those calls compile away, with a TraceRecorder they fill an OctaveTrace. So
// the trace is the evaluation that renders, not a second one.
#pragma once

#include <array>
#include <cstdint>

#include "noise/lattice.hpp"
#include "noise/trace.hpp"

namespace noise::detail {

struct TraceRecorder {
    static constexpr bool records = true;
    OctaveTrace& trace;

    // Step 1: the cell and the position inside it.
    template <std::size_t D>
    void cell(const std::array<Cell, D>& cells, const Periods& period) {
        for (std::size_t axis = 0; axis < D; ++axis) {
            trace.cell[axis] = cells[axis].index;
            trace.frac[axis] = cells[axis].frac;
        }
        trace.period = period[0];  // along x (the probe shows one; tile_y is in the params)
    }

    // Steps 2 and 3 for one lattice point: its hash, and (gradient noise) its gradient, the
    // distance vector from it and their dot product, or (value noise) its value.
    template <std::size_t D>
    void corner(const std::array<int, D>& offset, unsigned hash, const std::array<double, 4>& gradient,
                const std::array<double, D>& distance, double value) {
        CornerTrace& c = add_corner(offset, hash, value);
        c.gradient     = gradient;
        for (std::size_t axis = 0; axis < D; ++axis) c.distance[axis] = distance[axis];
    }
    template <std::size_t D>
    void lattice_value(const std::array<int, D>& offset, unsigned hash, double value) {
        add_corner(offset, hash, value);
    }

    // Step 4: one blend along `axis`.
    void blend(int axis, double t, double s, const std::array<double, 4>& inputs, double result) {
        trace.blends.push_back({axis, t, s, inputs, result});
    }

  private:
    template <std::size_t D>
    CornerTrace& add_corner(const std::array<int, D>& offset, unsigned hash, double value) {
        CornerTrace& c = trace.corners.emplace_back();
        for (std::size_t axis = 0; axis < D; ++axis) {
            c.offset[axis] = offset[axis];
            c.index[axis]  = trace.cell[axis] + offset[axis];
        }
        c.hash  = hash;
        c.value = value;
        return c;
    }
};

}  // namespace noise::detail
