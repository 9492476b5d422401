// noise/noise.hpp: the noise library of Noise Explorer, all of it, and what it promises.
//
//     #include <noise/noise.hpp>                 // or only the headers you use
//     noise::Params params;                      // Perlin fBm, 5 octaves: the defaults
//     params.octaves = 6;
//     std::vector<float> raw(256 * 256);
//     noise::render(params, noise::Region::full(256, 256), raw);  // row-major, about [-1, 1]
//     float u = noise::to_unit(raw[0], noise::nominal_range(params));  // [0, 1]
//
// Using it from another project (docs/install.md#the-noise-library):
//     find_package(NoiseExplorer CONFIG REQUIRED)                       CMake
//     target_link_libraries(app PRIVATE NoiseExplorer::noise)           shared; static with
//                                                                       -DNoiseExplorer_STATIC=ON
//     pkg-config --cflags --libs noise-explorer                         anything else
// C++20; the only dependency is Google Highway (libhwy), private to the library: the shared
// library links it, a static link gets it from the CMake package or `pkg-config --static`.
//
// What is public and stable (from 1.0 on, within a major version; in 0.x, within a minor one):
//     params.hpp      Params, its keys and their meaning, param_table(), validate, nominal_range,
//                     to_unit, to_unit16
//     preset.hpp      Preset, load_preset, parse_preset, preset_to_json: the preset files
//     render.hpp      Region, RenderOptions, render, pixel_point, for_each_row, sample_row,
//                     GridWindow and render_grid (chunks of an unbounded grid)
//     sampler.hpp     Sampler: grid chunks and points on SIMD lanes, resolved once, every frame
//     fractal.hpp     FractalNoise and its at()
//     layer_stack.hpp the layer stack's keys (layer.N.KEY), rules and evaluation
//     layer_edit.hpp  the stack's edits: add, remove, duplicate, move
//     placement.hpp   a preset in its frame or in the world, and place_in_world
//     shaping.hpp     the shaping stage: terraces, the curve, the mask and its field
//     algorithms.hpp  the algorithm table
//     perlin.hpp value.hpp simplex.hpp worley.hpp voronoi.hpp lattice.hpp interpolate.hpp hashes.hpp
//                     the single-octave functions and their lattices
//     field_table.hpp the metadata machinery behind param_table()
//     enum_names.hpp  names_match_enum, the check behind the name tables' static_asserts
// The same Params, size and region give the same floats, bit for bit, on every CPU and thread
// count, in every release that keeps the major version: presets and exports made with one
// version render identically with the next.
//
// Installed but not stable (may change in any release; for tools and tests):
//     kernel.hpp      the compiled row kernels and their forced CPU targets
//     trace.hpp       one evaluation's steps, for the teaching views
//     erosion.hpp erosion_sim.hpp simulated_field.hpp
//                     the erosion filter's and the simulation's own functions and settings
//                     (their keys in params.hpp are stable; render runs them)
// Anything in a namespace named `detail` and every header under src/ is private.
//
// Binary compatibility: libnoise-explorer.so.N, N the SONAME version (NOISE_EXPLORER_SOVERSION
// in noise/CMakeLists.txt), changes whenever a public header changes a layout or a signature;
// code built against .so.N runs with any later library of the same N.
#pragma once

#include "noise/algorithms.hpp"
#include "noise/enum_names.hpp"
#include "noise/field_table.hpp"
#include "noise/fractal.hpp"
#include "noise/hashes.hpp"
#include "noise/interpolate.hpp"
#include "noise/lattice.hpp"
#include "noise/layer_stack.hpp"
#include "noise/params.hpp"
#include "noise/perlin.hpp"
#include "noise/placement.hpp"
#include "noise/preset.hpp"
#include "noise/render.hpp"
#include "noise/sampler.hpp"
#include "noise/shaping.hpp"
#include "noise/simplex.hpp"
#include "noise/value.hpp"
#include "noise/voronoi.hpp"
#include "noise/worley.hpp"
