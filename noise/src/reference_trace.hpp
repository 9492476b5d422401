// reference_trace.hpp (internal): the readable reference of each algorithm, run on dual numbers.
//
// Each `*_gradient` returns the octave's value (bit for bit the plain reference's) with its
// gradient with respect to the octave's point; each `*_trace` does the same and also records
// every step in an OctaveTrace. They are the plain reference's own templates instantiated on
// detail::Dual and a recorder (perlin.cpp, value.cpp), so they cannot drift from it.
#pragma once

#include <cstdint>

#include "dual.hpp"
#include "noise/fractal.hpp"
#include "noise/trace.hpp"

namespace noise {

detail::Dual perlin_noise_gradient(const Lattice& lattice, const Point& p, int dimension, Gradients gradients,
                                   Interpolation interpolation, const Periods& period);
detail::Dual perlin_noise_trace(const Lattice& lattice, const Point& p, int dimension, Gradients gradients,
                                Interpolation interpolation, const Periods& period, OctaveTrace& trace);

detail::Dual value_noise_gradient(const Lattice& lattice, const Point& p, int dimension,
                                  Interpolation interpolation, bool smooth, const Periods& period);
detail::Dual value_noise_trace(const Lattice& lattice, const Point& p, int dimension,
                               Interpolation interpolation, bool smooth, const Periods& period,
                               OctaveTrace& trace);

// White noise is constant over each cell: its slope is 0 wherever it has one.
detail::Dual white_noise_trace(const Lattice& lattice, const Point& p, int dimension, bool smooth,
                               const Periods& period, OctaveTrace& trace);

detail::Dual worley_noise_gradient(const Lattice& lattice, const Point& p, int dimension,
                                   CellularReturn cellular_return, CellularDistance metric, double jitter,
                                   const Periods& period);
detail::Dual worley_noise_trace(const Lattice& lattice, const Point& p, int dimension,
                                CellularReturn cellular_return, CellularDistance metric, double jitter,
                                const Periods& period, OctaveTrace& trace);
// Voronoi cells (voronoi.hpp) are constant over each cell, like white noise; the trace records
// the cells searched, as worley's does, and the nearest.
detail::Dual voronoi_noise_trace(const Lattice& lattice, const Point& p, int dimension,
                                 CellularDistance metric, double jitter, const Periods& period,
                                 OctaveTrace& trace);
// Simplex noise (simplex.hpp): the value and its gradient; the trace records the vertices
// summed (no blends), their `value` being each one's contribution.
detail::Dual simplex_noise_gradient(const Lattice& lattice, const Point& p, int dimension);
detail::Dual simplex_noise_trace(const Lattice& lattice, const Point& p, int dimension, OctaveTrace& trace);

}  // namespace noise
