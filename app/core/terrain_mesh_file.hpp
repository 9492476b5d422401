// app/core/terrain_mesh_file.hpp: the terrain as a triangle mesh in metres, written as glTF 2.0
// binary (.glb) or Wavefront OBJ, for Blender, assimp and the engines.
//
//     app::TerrainGrid grid = app::terrain_grid(preset, {1009, 1009}, 257, threads, cancel);
//     app::write_glb(grid, atomic_file);    // or write_obj
//
// The mesh spans the W x H export of --size in the frame of terrain_scale.hpp: `columns`
// vertices along a row (the mesh grid N) and `rows` = round((N - 1) * (H - 1) / (W - 1)) + 1
// down (N for a square export); vertex (i, j) stands where pixel
// (px, py) = (i * (W - 1) / (N - 1), j * (H - 1) / (rows - 1)) of the export stands:
//     X = px * terrain_spacing (east),  Z = py * terrain_spacing (south, down the image),
//     Y = h(raw) = terrain_height * u (up, metres; u the png16 unit value, 0 where clamped low)
// so with N = W the vertices are the heightmap's samples. (X east, Y up, Z south is right-handed,
// glTF's frame.) The normal is normalize(-dh/dX, 1, -dh/dZ) from the library's exact gradient at
// the vertex's point (normal8's slope). UV (0, 0) is the image's top-left, (1, 1) its
// bottom-right: glTF's texture origin; OBJ's is bottom-left, so its vt is (u, 1 - v). Two
// triangles per grid cell, counter-clockwise seen from above (+Y).
// glb: one mesh, one node, buffer views for POSITION (with min/max), NORMAL, TEXCOORD_0 (float32)
// and uint32 indices; the JSON chunk padded with spaces, the BIN chunk with zeros, to 4 bytes.
// obj: "v x y z", "vn", "vt", "f a/a/a b/b/b c/c/c" (1-based), numbers in the shortest form that
// reads back as the same float.
// Limits: at most 2049 vertices on either side, checked (mesh_grid_problem) before anything is
// evaluated: N from 2 to 2049, and a tall export's rows too, so at most 4,198,401 vertices. The
// grid is held in memory, 24 bytes a vertex (about 100 MB at 2049 x 2049); the file is streamed:
// a glb takes 32 bytes a vertex and 24 a cell (about 235 MB at 2049 x 2049, mesh_file_bytes), an
// OBJ about twice that. Heights are float32 metres; a grid with a value that is not finite is
// refused by the export, never written.
// Thread-safe; `cancel` is polled between rows.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "core/atomic_file.hpp"
#include "core/image_size.hpp"
#include "core/preset.hpp"

namespace app {

inline constexpr int min_mesh_grid     = 2;
inline constexpr int max_mesh_grid     = 2049;
inline constexpr int default_mesh_grid = 257;

struct TerrainGrid {
    int columns = 0, rows = 0;
    std::vector<float> positions;  // x, y, z per vertex, row-major from the top-left
    std::vector<float> normals;    // x, y, z per vertex
    float y_min = 0.0f, y_max = 0.0f;
    float x_max = 0.0f, z_max = 0.0f;  // the last column's X and the last row's Z (both start at 0)
};

// The rows of a mesh of `columns` vertices along a W x H export.
int terrain_grid_rows(ImageSize size, int columns);

// The bytes of the glb of a `columns` x `rows` grid (its JSON chunk aside, a few KiB).
std::uint64_t mesh_file_bytes(int columns, int rows);

// "" or why a mesh of `columns` vertices along a row cannot be made for a W x H export: its rows
// (terrain_grid_rows) past max_mesh_grid. One line without the option's name, e.g. "60 vertices
// along the 2-pixel width make 60358 rows ...: expected at most 3 for a 2x1024 export".
std::string mesh_grid_problem(ImageSize size, int columns);

// Evaluates the grid; nullopt-like empty grid (columns == 0) if cancelled. `range` is the mapping
// range (value_mapping.hpp) the export uses.
TerrainGrid terrain_grid(const Preset& preset, ImageSize size, int columns, noise::Range range,
                         unsigned threads, const std::atomic<bool>* cancel);

// The whole file into `file` (not committed). Throws AtomicFileError on a write error. The facts
// (export_facts_json, the preset among them) go into the glb's "extras" and the obj's leading
// comments, where load_preset finds the preset again (mesh_file_preset.hpp).
void write_glb(const TerrainGrid& grid, const std::string& facts_json, AtomicFile& file);
void write_obj(const TerrainGrid& grid, const std::string& comment, AtomicFile& file);

}  // namespace app
