// noise/value.hpp: value noise (seeds 004 and 003) and the white noise it starts from.
//
//     double n = value_noise(lattice, {x, y, z, w}, dimension, interpolation, smooth, period);
//
// Hugo Elias' recipe (seed 004): a noise function gives every integer lattice point a fixed
// pseudo-random value in [-1, 1] (with hash = permutation, the lattice hash h mapped by
// h / 127.5 - 1, so 256 levels; with hash = elias his own IntNoise double, exactly; see
// lattice.hpp and hashes.hpp for the others); the values at the corners of the cell containing the point are
// blended with the chosen interpolation, along x, then y, then z, then w. Unlike gradient noise it is not
// zero at lattice points: it passes through the lattice values themselves.
//
// `smooth` replaces each lattice value by the average with its neighbours, weighted 1/2 for the
// centre and 1/4 for each side along every axis (seed 004's SmoothNoise: in 2D corners/16,
// sides/8, centre/4). The field gets flatter and less square, and loses some contrast.
//
// `white_noise` is the lattice values alone, held constant over each cell (no interpolation):
// the raw material of seed 003's octave blending and of this value noise.
//
// Range: [-1, 1] for every two-point curve (blends of values in [-1, 1] with weights in [0, 1]);
// `cubic` overshoots, at most 1.5^D in theory, measured 1.17 (1D), 1.62 (2D), 1.63 (3D), 1.57
// (4D) over 10^6 / D^2 random points. Smoothing narrows the range (4D smoothed: about +-0.25).
#pragma once

#include <cstdint>

#include "noise/fractal.hpp"
#include "noise/lattice.hpp"
#include "noise/params.hpp"

namespace noise {

double value_noise(const Lattice& lattice, const Point& p, int dimension, Interpolation interpolation,
                   bool smooth, const Periods& period);

double white_noise(const Lattice& lattice, const Point& p, int dimension, bool smooth, const Periods& period);

}  // namespace noise
