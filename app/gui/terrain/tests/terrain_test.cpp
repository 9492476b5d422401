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
    const TerrainCamera camera = TerrainCamera::framing(1000, 600, 200);
    const auto clip = project(camera.view_projection(1.5, 1000), camera.target);
    EXPECT_NEAR(clip[0] / clip[3], 0.0, 1e-5);
    EXPECT_NEAR(clip[1] / clip[3], 0.0, 1e-5);
    const Vec3 eye = camera.eye();
    EXPECT_NEAR(std::hypot(eye.x - camera.target.x, eye.y - camera.target.y, eye.z - camera.target.z),
                camera.distance, 1e-9);
    EXPECT_GT(eye.y, camera.target.y);  // above, looking down
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
    TerrainCamera camera = TerrainCamera::framing(1000, 1000, 100);
    camera.yaw = 0.0;  // looking north: screen right is east (+X)
    const Vec3 before = camera.target;
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
    input.field.params.octaves = 1;
    input.field.width = width;
    input.field.height = height;
    input.field.raw.resize(static_cast<std::size_t>(width) * height);
    noise::render(input.field.params, noise::Region::full(width, height), input.field.raw);
    input.view.terrain_height = 100;
    input.view.terrain_spacing = 2;
    input.export_size = {width, height};
    input.range = {-1, 1};
    input.max_side = max_side;
    return input;
}

TEST(TerrainMesh, LevelOfDetailKeepsTheEndsAndTheShape) {
    const std::atomic<bool> cancelled{false};
    const TerrainMesh mesh = build_terrain_mesh(field_input(64, 48, 16), cancelled);
    ASSERT_TRUE(mesh.complete);
    EXPECT_EQ(mesh.columns, 16);
    EXPECT_EQ(mesh.rows, 12);  // 47 * 15 / 63 + 1
    EXPECT_EQ(mesh.vertices.size(), 16u * 12u * vertex_floats);
    EXPECT_EQ(mesh.indices.size(), 15u * 11u * 6u);
    // The export's first sample at the origin, its last at (W - 1) * spacing.
    EXPECT_NEAR(mesh.vertices[0], 0.0, 1e-4);
    EXPECT_NEAR(mesh.vertices[2], 0.0, 1e-4);
    EXPECT_NEAR(mesh.width, 63 * 2.0, 1e-3);
    EXPECT_NEAR(mesh.length, 47 * 2.0, 1e-3);

    // The coarse triangles for a moving camera: every third vertex, the last row and column kept
    // (columns 0 3 6 9 12 15, rows 0 3 6 9 11), so the surface still reaches the edges.
    TerrainMeshInput input = field_input(64, 48, 16);
    input.moving_side = 6;
    const TerrainMesh coarse = build_terrain_mesh(input, cancelled);
    EXPECT_EQ(coarse.coarse_indices.size(), 5u * 4u * 6u);
    EXPECT_EQ(*std::max_element(coarse.coarse_indices.begin(), coarse.coarse_indices.end()), 16u * 12u - 1u);
    EXPECT_EQ(mesh.coarse_indices, mesh.indices);  // 16 a side is coarse enough already
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
            worst = std::max({worst, std::abs(-nx / ny - sx), std::abs(-nz / ny - sz)});
            steepest = std::max({steepest, std::abs(sx), std::abs(sz)});
        }
    EXPECT_GT(steepest, 0.2);             // there is relief to get wrong
    EXPECT_LT(worst, 0.05 * steepest);    // central differences over two samples: a few per cent
}

TEST(TerrainMesh, SlopeColoursGoFromGrassToRock) {
    const auto flat = slope_colour(0.0), cliff = slope_colour(5.0);
    EXPECT_GT(flat[1], flat[0]);   // green
    EXPECT_GT(cliff[0], 0.7f);     // pale
}

}  // namespace
}  // namespace app::gui
