// The terrain view's camera and mesh, without a window: the geometry the GPU will draw.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "gui/terrain/terrain_camera.hpp"
#include "gui/terrain/terrain_mesh.hpp"
#include "noise/render.hpp"

namespace app::gui {
namespace {

constexpr double pi = 3.14159265358979323846;

// The clip-space position of a world point.
std::array<double, 4> project(const Mat4& m, Vec3 p) {
    std::array<double, 4> out{};
    for (int r = 0; r < 4; ++r) out[r] = m[r] * p.x + m[4 + r] * p.y + m[8 + r] * p.z + m[12 + r];
    return out;
}

TEST(TerrainCamera, TheTargetIsInTheMiddleOfThePicture) {
    const TerrainCamera camera = TerrainCamera::framing(1000, 600, -10, 200, 1.5);
    const auto clip            = project(camera.view_projection(1.5, 1000), camera.target);
    EXPECT_NEAR(clip[0] / clip[3], 0.0, 1e-5);
    EXPECT_NEAR(clip[1] / clip[3], 0.0, 1e-5);
    const Vec3 eye = camera.eye();
    EXPECT_NEAR(std::hypot(eye.x - camera.target.x, eye.y - camera.target.y, eye.z - camera.target.z),
                camera.distance, 1e-9);
    EXPECT_GT(eye.y, camera.target.y);  // above, looking down
}

TEST(TerrainCamera, FramingShowsTheWholeBlockAndFillsThePicture) {
    struct Block {
        double width, length, bottom, top;
    };
    for (const Block b : {Block{1000, 600, -10, 200}, Block{100, 4000, -5, 50}, Block{500, 500, -100, 2000},
                          Block{8000, 8000, -20, 400}})
        for (const double aspect : {0.6, 1.0, 1.6, 3.0}) {
            const TerrainCamera camera = TerrainCamera::framing(b.width, b.length, b.bottom, b.top, aspect);
            const Mat4 m               = camera.view_projection(aspect, std::max({b.width, b.length, b.top}));
            double widest = 0.0, left = 0.0, right = 0.0, low = 0.0, high = 0.0;
            for (int corner = 0; corner < 8; ++corner) {
                const auto clip = project(m, {corner & 1 ? b.width : 0.0, corner & 2 ? b.top : b.bottom,
                                              corner & 4 ? b.length : 0.0});
                ASSERT_GT(clip[3], 0.0);  // in front of the camera
                const double x = std::abs(clip[0] / clip[3]), y = std::abs(clip[1] / clip[3]);
                EXPECT_LE(std::max(x, y), 1.0 / 1.06 + 1e-6) << "corner " << corner << " of " << b.width
                                                             << " x " << b.length << " at aspect " << aspect;
                widest = std::max({widest, x, y});
                left   = std::min(left, clip[0] / clip[3]);
                right  = std::max(right, clip[0] / clip[3]);
                low    = std::min(low, clip[1] / clip[3]);
                high   = std::max(high, clip[1] / clip[3]);
            }
            EXPECT_GT(widest, 0.97 / 1.06) << "the block fills the picture: " << b.width << " at " << aspect;
            // In the middle: as much room on the left as on the right, above as below.
            EXPECT_NEAR(left + right, 0.0, 0.02) << b.width << " x " << b.length << " at " << aspect;
            EXPECT_NEAR(low + high, 0.0, 0.02) << b.width << " x " << b.length << " at " << aspect;
        }
}

TEST(TerrainCamera, OrbitStaysAboveTheHorizonAndOffThePole) {
    TerrainCamera camera;
    camera.orbit(0, 100000);
    EXPECT_LT(camera.pitch, pi / 2);
    camera.orbit(0, -100000);
    EXPECT_GT(camera.pitch, 0.0);
    camera.orbit(1200, 0);  // 360 degrees of yaw
    EXPECT_LE(std::abs(camera.yaw), pi);
}

TEST(TerrainCamera, PanMovesTheGroundWithTheCursor) {
    TerrainCamera camera = TerrainCamera::framing(1000, 1000, 0, 100, 1.0);
    camera.yaw           = 0.0;  // looking north: screen right is east (+X)
    const Vec3 before    = camera.target;
    // A drag across the whole viewport's height covers 2 d tan(fov / 2) metres at the target.
    camera.pan(400, 0, 400);
    EXPECT_NEAR(camera.target.x - before.x, -2.0 * camera.distance * std::tan(camera.fov_y / 2), 1e-6);
    EXPECT_NEAR(camera.target.z, before.z, 1e-9);
    EXPECT_EQ(camera.target.y, before.y);
}

TEST(TerrainCamera, ZoomScalesTheDistance) {
    TerrainCamera camera;
    camera.distance = 100;
    camera.zoom(2);
    EXPECT_NEAR(camera.distance, 100 * 0.85 * 0.85, 1e-9);
}

TerrainMeshInput field_input(int width, int height, int max_side) {
    TerrainMeshInput input;
    input.field.params.frequency = 1.5;
    input.field.params.octaves   = 1;
    input.field.width            = width;
    input.field.height           = height;
    input.field.raw.resize(static_cast<std::size_t>(width) * height);
    noise::render(input.field.params, noise::Region::full(width, height), input.field.raw);
    input.view.terrain_height  = 100;
    input.view.terrain_spacing = 2;
    input.export_size          = {width, height};
    input.range                = {-1, 1};
    input.max_side             = max_side;
    return input;
}

TEST(TerrainMesh, LevelOfDetailKeepsTheEndsAndTheShape) {
    const std::atomic<bool> cancelled{false};
    const TerrainMesh mesh = build_terrain_mesh(field_input(64, 48, 16), cancelled);
    ASSERT_TRUE(mesh.complete);
    EXPECT_EQ(mesh.columns, 16);
    EXPECT_EQ(mesh.rows, 12);  // 47 * 15 / 63 + 1
    // The grid, then two skirt vertices per edge vertex and side; two triangles per cell and per
    // wall segment.
    EXPECT_EQ(mesh.vertices.size(), (16u * 12u + 2u * (16u + 12u + 16u + 12u)) * vertex_floats);
    EXPECT_EQ(mesh.indices.size(), 15u * 11u * 6u + (15u + 11u + 15u + 11u) * 6u);
    // The export's first sample at the origin, its last at (W - 1) * spacing.
    EXPECT_NEAR(mesh.vertices[0], 0.0, 1e-4);
    EXPECT_NEAR(mesh.vertices[2], 0.0, 1e-4);
    EXPECT_NEAR(mesh.width, 63 * 2.0, 1e-3);
    EXPECT_NEAR(mesh.length, 47 * 2.0, 1e-3);

    // The coarse triangles for a moving camera: every third vertex, the last row and column kept
    // (columns 0 3 6 9 12 15, rows 0 3 6 9 11), so the surface still reaches the edges.
    TerrainMeshInput input    = field_input(64, 48, 16);
    input.moving_side         = 6;
    const TerrainMesh coarse  = build_terrain_mesh(input, cancelled);
    const std::size_t surface = 5u * 4u * 6u;
    EXPECT_EQ(coarse.coarse_indices.size(), surface + (5u + 4u + 5u + 4u) * 6u);
    EXPECT_EQ(*std::max_element(coarse.coarse_indices.begin(), coarse.coarse_indices.begin() + surface),
              16u * 12u - 1u);
    EXPECT_EQ(mesh.coarse_indices, mesh.indices);  // 16 a side is coarse enough already
}

TEST(TerrainMesh, SkirtsCloseEveryEdgeDownToTheFoot) {
    const std::atomic<bool> cancelled{false};
    const TerrainMesh mesh = build_terrain_mesh(field_input(40, 30, 40), cancelled);
    ASSERT_TRUE(mesh.complete);
    const auto grid = static_cast<std::size_t>(mesh.columns * mesh.rows);
    const auto y_of = [&](std::size_t v) { return mesh.vertices[v * vertex_floats + 1]; };
    double lowest   = y_of(0);
    for (std::size_t v = 0; v < grid; ++v) lowest = std::min(lowest, static_cast<double>(y_of(v)));
    EXPECT_LT(mesh.bottom, std::min(lowest, 0.0));  // below the ground and below the sea's zero
    EXPECT_NEAR(mesh.bottom, std::min(lowest, 0.0) - skirt_depth * mesh.height, 1e-9 * mesh.height);

    // Every segment of the outline (between neighbouring edge vertices) is closed by a wall: a
    // pair of triangles from its two edge heights down to the foot, facing outward.
    std::size_t walls = 0;
    for (std::size_t t = static_cast<std::size_t>((mesh.columns - 1) * (mesh.rows - 1) * 6);
         t < mesh.indices.size(); t += 3) {
        int feet = 0;
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t v = mesh.indices[t + static_cast<std::size_t>(k)];
            ASSERT_GE(v, grid);  // the walls use the skirts' own vertices (their own normals)
            const float* p = &mesh.vertices[v * std::size_t{vertex_floats}];
            EXPECT_EQ(p[4], 0.0f);  // the normal is horizontal
            EXPECT_NEAR(std::hypot(p[3], p[5]), 1.0, 1e-6);
            // On the outline: x at 0 or the width, or z at 0 or the length.
            const bool outline = std::abs(p[0]) < 1e-3 || std::abs(p[0] - mesh.width) < 1e-3 ||
                                 std::abs(p[2]) < 1e-3 || std::abs(p[2] - mesh.length) < 1e-3;
            EXPECT_TRUE(outline) << p[0] << ", " << p[2];
            feet += p[1] == static_cast<float>(mesh.bottom);
        }
        EXPECT_TRUE(feet == 1 || feet == 2);  // each triangle reaches from the edge to the foot
        ++walls;
    }
    EXPECT_EQ(walls, 2u * static_cast<std::size_t>(2 * (mesh.columns - 1) + 2 * (mesh.rows - 1)));
    // A wall's top follows the ground's edge: the north wall's first top vertex is the grid's first.
    EXPECT_EQ(y_of(grid), y_of(0));
}

TEST(TerrainMesh, NormalsLeanAgainstTheHeightsSlope) {
    // Full detail: the normals (from the library's gradients) against the slope between
    // neighbouring vertices (from the field's heights): two independent routes to one slope.
    const std::atomic<bool> cancelled{false};
    const TerrainMesh mesh = build_terrain_mesh(field_input(96, 96, 96), cancelled);
    ASSERT_TRUE(mesh.complete);
    EXPECT_EQ(mesh.method, noise::GradientMethod::analytic);
    const auto at = [&](int i, int j, int k) {
        return mesh.vertices[(static_cast<std::size_t>(j) * mesh.columns + i) * vertex_floats + k];
    };
    double worst = 0.0, steepest = 0.0;
    for (int j = 1; j + 1 < mesh.rows; ++j)
        for (int i = 1; i + 1 < mesh.columns; ++i) {
            const double nx = at(i, j, 3), ny = at(i, j, 4), nz = at(i, j, 5);
            EXPECT_NEAR(nx * nx + ny * ny + nz * nz, 1.0, 1e-5);
            const double sx = (at(i + 1, j, 1) - at(i - 1, j, 1)) / (at(i + 1, j, 0) - at(i - 1, j, 0));
            const double sz = (at(i, j + 1, 1) - at(i, j - 1, 1)) / (at(i, j + 1, 2) - at(i, j - 1, 2));
            worst           = std::max({worst, std::abs(-nx / ny - sx), std::abs(-nz / ny - sz)});
            steepest        = std::max({steepest, std::abs(sx), std::abs(sz)});
        }
    EXPECT_GT(steepest, 0.2);           // there is relief to get wrong
    EXPECT_LT(worst, 0.05 * steepest);  // central differences over two samples: a few per cent
}

TEST(TerrainMesh, SlopeColoursGoFromGrassToRock) {
    const auto flat = slope_colour(0.0), cliff = slope_colour(5.0);
    EXPECT_GT(flat[1], flat[0]);  // green
    EXPECT_GT(cliff[0], 0.7f);    // pale
}

}  // namespace
}  // namespace app::gui
