#include "gui/terrain/terrain_mesh.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

#include "core/colour.hpp"
#include "core/terrain_scale.hpp"
#include "core/value_mapping.hpp"
#include "noise/render.hpp"

namespace app::gui {

namespace {

// The field's pixels the mesh uses along one side: `count` of them, evenly spread, ends included.
std::vector<int> grid_pixels(int pixels, int count) {
    std::vector<int> at(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i)
        at[static_cast<std::size_t>(i)] =
            count == 1 ? 0
                       : static_cast<int>(std::lround(static_cast<double>(i) * (pixels - 1) / (count - 1)));
    return at;
}

// Triangles over the grid vertices at columns `xs` and rows `zs` of a `columns`-wide grid.
std::vector<std::uint32_t> grid_triangles(int columns, const std::vector<int>& xs,
                                          const std::vector<int>& zs) {
    std::vector<std::uint32_t> indices;
    indices.reserve((xs.size() - 1) * (zs.size() - 1) * 6);
    for (std::size_t j = 0; j + 1 < zs.size(); ++j)
        for (std::size_t i = 0; i + 1 < xs.size(); ++i) {
            const auto a = static_cast<std::uint32_t>(zs[j] * columns + xs[i]);          // north-west corner
            const auto b = static_cast<std::uint32_t>(zs[j] * columns + xs[i + 1]);      // north-east
            const auto c = static_cast<std::uint32_t>(zs[j + 1] * columns + xs[i]);      // south-west
            const auto d = static_cast<std::uint32_t>(zs[j + 1] * columns + xs[i + 1]);  // south-east
            // Counter-clockwise seen from above (+Y), with Z pointing south.
            indices.insert(indices.end(), {a, c, b, b, c, d});
        }
    return indices;
}

// The skirts' sides, in the order their vertices follow the grid's. Walked once around the grid
// (north edge west to east, east edge north to south, south edge east to west, west edge south to
// north), every wall's triangles wind counter-clockwise seen from outside.
struct SkirtSide {
    bool along_rows;           // its edge vertices are a column's (east, west), else a row's
    bool at_far_end;           // the last column or row (east, south), else the first
    bool walked_backwards;     // walked from the last vertex to the first (south, west)
    float normal_x, normal_z;  // outward
};
constexpr SkirtSide skirt_sides[4] = {{false, false, false, 0.0f, -1.0f},  // north
                                      {true, true, false, 1.0f, 0.0f},     // east
                                      {false, true, true, 0.0f, 1.0f},     // south
                                      {true, false, true, -1.0f, 0.0f}};   // west

// The grid vertex at position `at` along a side.
std::uint32_t edge_vertex(const SkirtSide& side, int at, int columns, int rows) {
    const int column = side.along_rows ? (side.at_far_end ? columns - 1 : 0) : at;
    const int row    = side.along_rows ? at : (side.at_far_end ? rows - 1 : 0);
    return static_cast<std::uint32_t>(row * columns + column);
}

// Appends the skirts' vertices: for each side and each vertex along it, a copy of the edge vertex
// and one at `bottom`, both facing outward, darkened from the ground's colour to earth.
void add_skirt_vertices(TerrainMesh& mesh, double bottom) {
    constexpr float earth[3] = {0.20f, 0.16f, 0.13f};
    for (const SkirtSide& side : skirt_sides) {
        const int count = side.along_rows ? mesh.rows : mesh.columns;
        for (int at = 0; at < count; ++at) {
            const std::size_t from =
                edge_vertex(side, at, mesh.columns, mesh.rows) * std::size_t{vertex_floats};
            float top[vertex_floats], foot[vertex_floats];
            std::copy(mesh.vertices.begin() + static_cast<std::ptrdiff_t>(from),
                      mesh.vertices.begin() + static_cast<std::ptrdiff_t>(from + vertex_floats), top);
            top[3] = side.normal_x, top[4] = 0.0f, top[5] = side.normal_z;
            for (int k = 6; k < 9; ++k) top[k] = 0.55f * top[k] + 0.45f * earth[k - 6];
            std::copy(top, top + vertex_floats, foot);
            foot[1] = static_cast<float>(bottom);
            for (int k = 6; k < 9; ++k) foot[k] = earth[k - 6];
            mesh.vertices.insert(mesh.vertices.end(), top, top + vertex_floats);
            mesh.vertices.insert(mesh.vertices.end(), foot, foot + vertex_floats);
        }
    }
}

// The walls' triangles along the edge vertices at columns `xs` and rows `zs` (the grid's own
// lines, or the coarse set's), appended to `indices`.
void add_skirt_triangles(std::vector<std::uint32_t>& indices, const TerrainMesh& mesh,
                         const std::vector<int>& xs, const std::vector<int>& zs) {
    auto first = static_cast<std::uint32_t>(mesh.columns * mesh.rows);  // the first skirt vertex
    for (const SkirtSide& side : skirt_sides) {
        const std::vector<int>& along = side.along_rows ? zs : xs;
        for (std::size_t t = 0; t + 1 < along.size(); ++t) {
            int p = along[t], q = along[t + 1];
            if (side.walked_backwards) std::swap(p, q);
            const std::uint32_t p_top = first + 2u * static_cast<std::uint32_t>(p), p_foot = p_top + 1;
            const std::uint32_t q_top = first + 2u * static_cast<std::uint32_t>(q), q_foot = q_top + 1;
            indices.insert(indices.end(), {p_foot, q_top, q_foot, p_foot, p_top, q_top});
        }
        first += 2u * static_cast<std::uint32_t>(side.along_rows ? mesh.rows : mesh.columns);
    }
}

// Every `stride`-th of `count` grid lines, the last one always included.
std::vector<int> every(int count, int stride) {
    std::vector<int> at;
    for (int i = 0; i < count - 1; i += stride) at.push_back(i);
    at.push_back(count - 1);
    return at;
}

}  // namespace

std::array<float, 3> slope_colour(double steepness) {
    // Stops by slope angle in degrees: meadow, scrub, rock, bare cliff.
    struct Stop {
        double degrees;
        float r, g, b;
    };
    static constexpr Stop stops[] = {{0, 0.33f, 0.55f, 0.24f},
                                     {20, 0.47f, 0.52f, 0.28f},
                                     {35, 0.48f, 0.43f, 0.38f},
                                     {55, 0.78f, 0.77f, 0.75f}};
    const double degrees          = std::atan(steepness) * 180.0 / 3.14159265358979323846;
    for (std::size_t i = 1; i < std::size(stops); ++i) {
        if (degrees <= stops[i].degrees) {
            const Stop& a = stops[i - 1];
            const Stop& b = stops[i];
            const auto t  = static_cast<float>((degrees - a.degrees) / (b.degrees - a.degrees));
            return {a.r + t * (b.r - a.r), a.g + t * (b.g - a.g), a.b + t * (b.b - a.b)};
        }
    }
    const Stop& last = stops[std::size(stops) - 1];
    return {last.r, last.g, last.b};
}

TerrainMesh build_terrain_mesh(const TerrainMeshInput& input, const std::atomic<bool>& cancelled) {
    const auto start         = std::chrono::steady_clock::now();
    const ImageResult& field = input.field;
    TerrainMesh mesh;
    mesh.field_generation = field.generation;
    if (field.width < 2 || field.height < 2 ||
        field.raw.size() < static_cast<std::size_t>(field.width) * field.height)
        return mesh;
    const noise::FractalNoise noise(field.params);
    mesh.method = noise::gradient_method(field.params);

    // Level of detail: at most max_side vertices along the longer side, the other in proportion.
    const int longer  = std::max(field.width, field.height);
    const double keep = std::min(1.0, static_cast<double>(std::max(input.max_side, 2) - 1) / (longer - 1));
    mesh.columns      = std::max(2, static_cast<int>(std::lround((field.width - 1) * keep)) + 1);
    mesh.rows         = std::max(2, static_cast<int>(std::lround((field.height - 1) * keep)) + 1);
    const std::vector<int> xs = grid_pixels(field.width, mesh.columns);
    const std::vector<int> ys = grid_pixels(field.height, mesh.rows);

    const TerrainScale scale =
        TerrainScale::of(field.params, input.view, input.range, input.export_size.width);
    const double half_sample = input.view.terrain_spacing / 2.0;  // pixel centres: sample i at i * spacing
    // Finite differences (white noise) over one pixel of the field shown.
    const double step = field.params.frequency / field.width;
    mesh.vertices.resize(static_cast<std::size_t>(mesh.columns) * mesh.rows * vertex_floats);

    std::atomic<int> next_row{0};
    const LayerColours layer_rgb = texture_layer_colours(field.layer_names);  // the weights' colours
    const auto work              = [&] {
        for (int j = next_row++; j < mesh.rows && !cancelled.load(); j = next_row++) {
            const int py = ys[static_cast<std::size_t>(j)];
            float* v     = mesh.vertices.data() + static_cast<std::size_t>(j) * mesh.columns * vertex_floats;
            for (int i = 0; i < mesh.columns; ++i, v += vertex_floats) {
                const int px                  = xs[static_cast<std::size_t>(i)];
                const double raw              = field.raw[static_cast<std::size_t>(py) * field.width + px];
                const noise::Point p          = noise::pixel_point(field.params, field.width, px, py);
                const noise::ValueGradient vg = noise::value_gradient(noise, p, step);
                const auto [sx, sz]           = scale.slope(raw, vg.gradient);
                const auto normal             = terrain_normal({sx, sz});
                v[0] =
                    static_cast<float>((p[0] - field.params.offset_x) * scale.metres_per_noise - half_sample);
                v[1] = static_cast<float>(scale.height_of(raw));
                v[2] =
                    static_cast<float>((p[1] - field.params.offset_y) * scale.metres_per_noise - half_sample);
                for (std::size_t k = 0; k < 3; ++k) v[3 + k] = static_cast<float>(normal[k]);
                const std::size_t pixel = static_cast<std::size_t>(py) * field.width + px;
                if (!field.colour_samples.empty()) {  // the preview's terrain map (preview_colour.hpp)
                    const std::size_t n = field.samples_per_pixel;
                    const auto c        = pixel_colour(
                                            field.colour, std::span(field.colour_samples).subspan(pixel * n, n), layer_rgb);
                    for (int k = 0; k < 3; ++k) v[6 + k] = c[static_cast<std::size_t>(k)] / 255.0f;
                } else if (input.view.terrain_colour == TerrainColour::slope) {
                    const auto c = slope_colour(std::sqrt(sx * sx + sz * sz));
                    std::copy(c.begin(), c.end(), v + 6);
                } else {
                    const auto c =
                        ramp_colour(input.view.ramp, ramp_position(input.view, unit_value(raw, input.range)));
                    for (int k = 0; k < 3; ++k) v[6 + k] = c[static_cast<std::size_t>(k)] / 255.0f;
                }
            }
        }
    };
    {
        const unsigned threads = std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
        std::vector<std::jthread> helpers;
        for (unsigned t = 1; t < threads; ++t) helpers.emplace_back(work);
        work();
    }
    if (cancelled.load()) return mesh;

    const float* first = mesh.vertices.data();
    const float* last  = mesh.vertices.data() + mesh.vertices.size() - vertex_floats;
    mesh.width         = last[0] - first[0];
    mesh.length        = last[2] - first[2];
    mesh.height        = input.view.terrain_height;
    double lowest = first[1], highest = first[1];
    for (std::size_t k = 1; k < mesh.vertices.size(); k += vertex_floats) {
        lowest  = std::min(lowest, static_cast<double>(mesh.vertices[k]));
        highest = std::max(highest, static_cast<double>(mesh.vertices[k]));
    }
    mesh.top    = highest;
    mesh.bottom = std::min(lowest, 0.0) - skirt_depth * std::max(mesh.height, highest - lowest);
    add_skirt_vertices(mesh, mesh.bottom);

    const std::vector<int> columns = every(mesh.columns, 1), rows = every(mesh.rows, 1);
    mesh.indices = grid_triangles(mesh.columns, columns, rows);
    add_skirt_triangles(mesh.indices, mesh, columns, rows);
    const int longest         = std::max(mesh.columns, mesh.rows);
    const int stride          = std::max(1, (longest - 2) / std::max(input.moving_side - 1, 1) + 1);
    const auto coarse_columns = every(mesh.columns, stride), coarse_rows = every(mesh.rows, stride);
    mesh.coarse_indices = grid_triangles(mesh.columns, coarse_columns, coarse_rows);
    add_skirt_triangles(mesh.coarse_indices, mesh, coarse_columns, coarse_rows);
    mesh.complete = true;
    mesh.milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return mesh;
}

}  // namespace app::gui
