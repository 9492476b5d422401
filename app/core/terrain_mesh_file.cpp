// terrain_mesh_file: the grid from value_gradient per vertex, then glb (hand-written JSON + BIN
// chunks) or OBJ text, streamed into the atomic file.
#include "core/terrain_mesh_file.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>

#include "core/terrain_scale.hpp"
#include "noise/fractal.hpp"
#include "noise/render.hpp"
#include "noise/trace.hpp"

namespace app {
namespace {

// Triangle corners of grid cell (i, j), counter-clockwise seen from +Y (X east, Z south).
std::array<std::uint32_t, 6> cell_corners(int columns, int i, int j) {
    const auto at = [columns](int x, int y) { return static_cast<std::uint32_t>(y * columns + x); };
    return {at(i, j), at(i, j + 1), at(i + 1, j), at(i + 1, j), at(i, j + 1), at(i + 1, j + 1)};
}

// glb is little-endian whatever the host.
void put_u32(std::string& out, std::uint32_t v) {
    for (int b = 0; b < 4; ++b) out.push_back(static_cast<char>((v >> (8 * b)) & 0xff));
}

void put_floats(std::string& out, const float* v, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
        std::uint32_t bits;
        std::memcpy(&bits, &v[i], 4);
        put_u32(out, bits);
    }
}

// Chunks of about 1 MB go to the file as they fill.
void flush_if_full(std::string& buffer, AtomicFile& file, bool force = false) {
    if (buffer.size() >= (1u << 20) || (force && !buffer.empty())) {
        file.write(buffer);
        buffer.clear();
    }
}

void put_number(std::string& out, float v) {
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, v).ptr;  // shortest, locale-free
    out.append(text, end);
}

}  // namespace

int terrain_grid_rows(ImageSize size, int columns) {
    if (size.width <= 1) return columns;
    const double rows = std::floor((columns - 1.0) * (size.height - 1.0) / (size.width - 1.0) + 0.5) + 1.0;
    return std::max(2, static_cast<int>(rows));
}

std::uint64_t mesh_file_bytes(int columns, int rows) {
    const auto vertices = static_cast<std::uint64_t>(columns) * static_cast<std::uint64_t>(rows);
    const auto cells    = static_cast<std::uint64_t>(columns - 1) * static_cast<std::uint64_t>(rows - 1);
    return vertices * (12 + 12 + 8) + cells * 6 * 4;
}

std::string mesh_grid_problem(ImageSize size, int columns) {
    const int rows = terrain_grid_rows(size, columns);
    if (rows <= max_mesh_grid) return {};
    int fits = columns;
    while (fits > min_mesh_grid && terrain_grid_rows(size, fits) > max_mesh_grid) --fits;
    const auto vertices  = static_cast<std::uint64_t>(columns) * static_cast<std::uint64_t>(rows);
    const auto size_text = std::to_string(size.width) + "x" + std::to_string(size.height);
    return std::to_string(columns) + " vertices along the " + std::to_string(size.width) +
           "-pixel width make " + std::to_string(rows) + " rows down the " + std::to_string(size.height) +
           " pixels (" + std::to_string(vertices) + " vertices, a glb of about " +
           std::to_string((mesh_file_bytes(columns, rows) + 500000) / 1000000) + " MB): a mesh has at most " +
           std::to_string(max_mesh_grid) + " vertices on a side; expected " +
           (terrain_grid_rows(size, fits) > max_mesh_grid
                ? "a wider export than " + size_text
                : "at most " + std::to_string(fits) + " for a " + size_text + " export");
}

TerrainGrid terrain_grid(const Preset& preset, ImageSize size, int columns, noise::Range range,
                         unsigned threads, const std::atomic<bool>* cancel) {
    const noise::FractalNoise noise(preset.params);
    const TerrainScale scale = TerrainScale::of(preset.params, preset.view, range, size.width);
    TerrainGrid grid;
    grid.columns            = columns;
    grid.rows               = terrain_grid_rows(size, columns);
    const std::size_t count = static_cast<std::size_t>(grid.columns) * static_cast<std::size_t>(grid.rows);
    grid.positions.resize(count * 3);
    grid.normals.resize(count * 3);
    const double spacing = preset.view.terrain_spacing;
    const double dx      = (size.width - 1.0) / (grid.columns - 1);
    const double dy      = (size.height - 1.0) / (grid.rows - 1);
    // Finite differences (white noise only) over one pixel of the export, as normal8.
    const double step = preset.params.frequency / size.width;
    const bool done   = noise::for_each_row(grid.rows, threads, [&](int j) {
        if (cancel && cancel->load()) return false;
        const double py = j * dy;
        for (int i = 0; i < grid.columns; ++i) {
            const double px = i * dx;
            const noise::ValueGradient vg =
                noise::value_gradient(noise, noise::pixel_point(preset.params, size.width, px, py), step);
            const auto normal     = terrain_normal(scale.slope(vg.value, vg.gradient));
            const std::size_t v   = (static_cast<std::size_t>(j) * grid.columns + i) * 3;
            grid.positions[v]     = static_cast<float>(px * spacing);
            grid.positions[v + 1] = static_cast<float>(scale.height_of(vg.value));
            grid.positions[v + 2] = static_cast<float>(py * spacing);
            for (std::size_t c = 0; c < 3; ++c) grid.normals[v + c] = static_cast<float>(normal[c]);
        }
        return true;
    });
    if (!done) return {};
    grid.y_min = grid.y_max = grid.positions[1];
    for (std::size_t v = 0; v < count; ++v) {
        grid.y_min = std::min(grid.y_min, grid.positions[v * 3 + 1]);
        grid.y_max = std::max(grid.y_max, grid.positions[v * 3 + 1]);
    }
    grid.x_max = grid.positions[(grid.columns - 1) * 3];
    grid.z_max = grid.positions[(count - 1) * 3 + 2];
    return grid;
}

void write_glb(const TerrainGrid& grid, const std::string& facts_json, AtomicFile& file) {
    const std::uint64_t vertices = static_cast<std::uint64_t>(grid.columns) * grid.rows;
    const std::uint64_t indices  = static_cast<std::uint64_t>(grid.columns - 1) * (grid.rows - 1) * 6;
    const std::uint64_t vec3 = vertices * 12, vec2 = vertices * 8, index_bytes = indices * 4;
    const std::uint64_t bin = vec3 * 2 + vec2 + index_bytes;  // every part a multiple of 4

    nlohmann::ordered_json gltf;
    gltf["asset"]       = {{"version", "2.0"}, {"generator", "noise-explorer"}};
    gltf["extras"]      = nlohmann::ordered_json::parse(facts_json);
    gltf["scene"]       = 0;
    gltf["scenes"]      = {{{"nodes", {0}}}};
    gltf["nodes"]       = {{{"mesh", 0}, {"name", "terrain"}}};
    gltf["meshes"]      = {{{"name", "terrain"},
                            {"primitives",
                             {{{"attributes", {{"POSITION", 0}, {"NORMAL", 1}, {"TEXCOORD_0", 2}}},
                               {"indices", 3},
                               {"mode", 4}}}}}};
    gltf["buffers"]     = {{{"byteLength", bin}}};
    gltf["bufferViews"] = {
        {{"buffer", 0}, {"byteOffset", 0}, {"byteLength", vec3}, {"target", 34962}},
        {{"buffer", 0}, {"byteOffset", vec3}, {"byteLength", vec3}, {"target", 34962}},
        {{"buffer", 0}, {"byteOffset", vec3 * 2}, {"byteLength", vec2}, {"target", 34962}},
        {{"buffer", 0}, {"byteOffset", vec3 * 2 + vec2}, {"byteLength", index_bytes}, {"target", 34963}}};
    gltf["accessors"] = {
        {{"bufferView", 0},
         {"componentType", 5126},
         {"count", vertices},
         {"type", "VEC3"},
         {"min", {0.0f, grid.y_min, 0.0f}},
         {"max", {grid.x_max, grid.y_max, grid.z_max}}},
        {{"bufferView", 1}, {"componentType", 5126}, {"count", vertices}, {"type", "VEC3"}},
        {{"bufferView", 2}, {"componentType", 5126}, {"count", vertices}, {"type", "VEC2"}},
        {{"bufferView", 3}, {"componentType", 5125}, {"count", indices}, {"type", "SCALAR"}}};
    std::string json = gltf.dump();
    json.resize((json.size() + 3) / 4 * 4, ' ');

    std::string out;
    put_u32(out, 0x46546C67u);  // "glTF"
    put_u32(out, 2);
    put_u32(out, static_cast<std::uint32_t>(12 + 8 + json.size() + 8 + bin));
    put_u32(out, static_cast<std::uint32_t>(json.size()));
    put_u32(out, 0x4E4F534Au);  // "JSON"
    out += json;
    put_u32(out, static_cast<std::uint32_t>(bin));
    put_u32(out, 0x004E4942u);  // "BIN\0"
    const std::size_t row_floats = static_cast<std::size_t>(grid.columns) * 3;
    for (const auto* data : {&grid.positions, &grid.normals})
        for (int j = 0; j < grid.rows; ++j) {
            put_floats(out, data->data() + j * row_floats, row_floats);
            flush_if_full(out, file);
        }
    for (int j = 0; j < grid.rows; ++j) {
        for (int i = 0; i < grid.columns; ++i) {
            const float uv[2] = {static_cast<float>(i) / static_cast<float>(grid.columns - 1),
                                 static_cast<float>(j) / static_cast<float>(grid.rows - 1)};
            put_floats(out, uv, 2);
        }
        flush_if_full(out, file);
    }
    for (int j = 0; j + 1 < grid.rows; ++j) {
        for (int i = 0; i + 1 < grid.columns; ++i)
            for (const std::uint32_t v : cell_corners(grid.columns, i, j)) put_u32(out, v);
        flush_if_full(out, file);
    }
    flush_if_full(out, file, true);
}

void write_obj(const TerrainGrid& grid, const std::string& comment, AtomicFile& file) {
    std::string out = "# noise-explorer terrain mesh: metres, X east, Y up, Z south\n";
    for (std::size_t at = 0; at < comment.size();) {  // the export facts, one comment line each
        const std::size_t end = std::min(comment.find('\n', at), comment.size());
        out += "# " + comment.substr(at, end - at) + "\n";
        at = end + 1;
    }
    out += "o terrain\n";
    const std::size_t count = static_cast<std::size_t>(grid.columns) * grid.rows;
    for (const auto& [tag, data] : {std::pair{"v ", &grid.positions}, std::pair{"vn ", &grid.normals}})
        for (std::size_t v = 0; v < count; ++v) {
            out += tag;
            for (int c = 0; c < 3; ++c) {
                if (c) out += ' ';
                put_number(out, (*data)[v * 3 + c]);
            }
            out += '\n';
            flush_if_full(out, file);
        }
    for (int j = 0; j < grid.rows; ++j) {
        for (int i = 0; i < grid.columns; ++i) {
            out += "vt ";
            put_number(out, static_cast<float>(i) / static_cast<float>(grid.columns - 1));
            out += ' ';
            put_number(out, 1.0f - static_cast<float>(j) /
                                       static_cast<float>(grid.rows - 1));  // OBJ's v runs upwards
            out += '\n';
        }
        flush_if_full(out, file);
    }
    for (int j = 0; j + 1 < grid.rows; ++j) {
        for (int i = 0; i + 1 < grid.columns; ++i) {
            const auto c = cell_corners(grid.columns, i, j);
            for (int t = 0; t < 2; ++t) {
                out += 'f';
                for (int k = 0; k < 3; ++k) {
                    const std::string n = std::to_string(c[t * 3 + k] + 1);
                    out += ' ' + n + '/' + n + '/' + n;
                }
                out += '\n';
            }
        }
        flush_if_full(out, file);
    }
    flush_if_full(out, file, true);
}

}  // namespace app
