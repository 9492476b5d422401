// gui/terrain/terrain_mesh.hpp: the rendered field as a triangle mesh in metres, built off the UI thread.
//
//     TerrainMeshInput input{field_copy, view, export_size, range, 256};
//     auto task = std::make_unique<BackgroundTask<TerrainMesh>>(
//         [input](const TaskControl& c) { return build_terrain_mesh(input, c.cancelled); }, wake);
//
// Level of detail: the mesh takes at most `max_side` vertices along the longer side of the field
// (a regular subset of its pixels, first and last included), so a 1024 x 1024 field becomes a
// 256 x 256 grid by default (130 k triangles: interactive under Mesa's software renderer).
// Per vertex, interleaved floats (vertex_floats of them):
//     position x, y, z   metres (terrain_scale.hpp: X east, Y up, Z south); y = h(raw) from the
//                        field's own pixel, so the mesh is the picture the preview shows
//     normal   x, y, z   normalize(-dh/dX, 1, -dh/dZ), the slope from noise::value_gradient at the
//                        pixel's noise point, chain-ruled through the mapping and the metres
//     colour   r, g, b   0..1: the preset's ramp at the mapped height, or the slope's colour
// Indices: two counter-clockwise triangles (seen from above) per grid cell, row-major; and a
// second, coarse set over every k-th vertex (ends included, at most `moving_side` a side) that
// the view draws while the camera moves: the same vertices, a quarter or less of the triangles.
// Skirts: walls down from the four edges to `bottom`, below the lowest point and below the sea's
// zero, so the terrain reads as a solid block (a diorama) and nothing under its edges shows
// through (the sea plane did, as a strip). Their vertices follow the grid's, two per edge vertex
// and side (the edge's height and the bottom, with the side's outward normal, in earth colours);
// both index sets include the walls along their own edge vertices.
// Rows are shared among threads; the result does not depend on their number.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "core/image_size.hpp"
#include "core/view_settings.hpp"
#include "gui/preview/render_worker.hpp"
#include "noise/trace.hpp"

namespace app::gui {

inline constexpr int vertex_floats = 9;

struct TerrainMeshInput {
    ImageResult field;  // a copy: the task owns what it reads
    ViewSettings view;
    ImageSize export_size;  // the world's scale follows the export (its width times the spacing)
    noise::Range range;     // the mapping range the preview colours with
    int max_side    = 256;
    int moving_side = 128;
};

struct TerrainMesh {
    int columns = 0, rows = 0;                       // vertices along x and z
    std::vector<float> vertices;                     // columns * rows * vertex_floats, then the skirts'
    std::vector<std::uint32_t> indices;              // (columns - 1) * (rows - 1) * 6, then the skirts'
    std::vector<std::uint32_t> coarse_indices;       // the same surface over fewer vertices
    double width = 0.0, length = 0.0, height = 0.0;  // metres: the extent of the field shown
    double top = 0.0, bottom = 0.0;                  // metres: the highest vertex, the skirts' foot
    noise::GradientMethod method   = noise::GradientMethod::analytic;
    std::uint64_t field_generation = 0;
    double milliseconds            = 0.0;    // time to build
    bool complete                  = false;  // false when cancelled part-way
};

TerrainMesh build_terrain_mesh(const TerrainMeshInput& input, const std::atomic<bool>& cancelled);

// How far the skirts reach below the lowest point (or below zero), as a part of the terrain's height.
inline constexpr double skirt_depth = 0.05;

// The colour of a slope of this steepness (rise over run): grass to rock to pale cliffs.
std::array<float, 3> slope_colour(double steepness);

}  // namespace app::gui
