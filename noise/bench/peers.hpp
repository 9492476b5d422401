// peers.hpp: the implementations noise_bench compares ours against, behind plain functions so
// that libnoise's own `noise` namespace never meets ours.
//
// Each fills rows [first_row, first_row + height) of a grid `width` samples wide, row-major
// (out[j * width + i] for the j-th row filled), with the noise at
//     x = origin + (i + 0.5) * step,   y = origin + (first_row + j + 0.5) * step,   z
// which is render.hpp's pixel model: every implementation evaluates the points ours does.
// stb_perlin and libnoise have no 2D function, so both evaluate their 3D noise in the plane z (z = 0
// for the 2D headline, as their manuals suggest for 2D use).
// Octaves: one octave is the raw noise; more is fbm with persistence 0.5 and lacunarity 2.
#pragma once

#include <span>

namespace peers {

struct Grid {
    double origin = 0.0;  // of both axes
    double step   = 1.0;  // between samples, both axes
    int width     = 0;
    int first_row = 0;
    int height    = 0;  // rows filled
    double z      = 0.0;
};

// stb_perlin.h v0.5: Ken Perlin's improved noise (12 edge gradients, quintic fade), in float.
// One octave: stb_perlin_noise3(x, y, z, 0, 0, 0); more: stb_perlin_fbm_noise3 (which does not
// divide by the amplitude sum: the values differ from ours, the work does not).
void stb_perlin_fill(const Grid& grid, int octaves, std::span<float> out);

// Whether libnoise-dev was found at configure time; without it libnoise_fill does nothing.
bool have_libnoise();

// libnoise 1.0: noise::module::Perlin at QUALITY_BEST (quintic), seed 0, frequency 1; its
// gradients are a table of 256 random unit vectors (our `random` set, not `improved`).
void libnoise_fill(const Grid& grid, int octaves, std::span<float> out);

}  // namespace peers
