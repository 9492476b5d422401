// gui/terrain/terrain_renderer.hpp: draws a TerrainMesh into an offscreen colour texture (with a depth
// buffer) that the terrain view shows with ImGui::Image. Main thread only (GL).
//
// Shaders of our own (GLSL 330 core): per-vertex colour lit by one directional light,
//     colour * (ambient + (1 - ambient) * max(0, n . l))        ambient 0.35
// l from the light's azimuth (clockwise from north, -Z) and elevation:
//     l = (sin az cos el, sin el, -cos az cos el)
// then the sea (a translucent plane at sea_level * height, drawn after the ground so the ground
// shows through it) and, optionally, the triangles' edges on top (translucent glPolygonMode
// lines, with a polygon offset on the fill so the lines are not lost in the depth test).
// Level of detail: while the camera moves the coarse triangles are drawn (terrain_mesh.hpp), so
// the landscape follows the hand; the full mesh returns with the first still frame.
// The GPU time of the last finished frame comes from a GL_TIME_ELAPSED query read one frame
// late, so asking never stalls the pipeline.
// Every GL state it changes is put back (framebuffer, viewport, depth test, blend, polygon mode),
// so ImGui's renderer afterwards finds what it expects.
#pragma once

#include <cstdint>

#include "gui/terrain/gl_objects.hpp"
#include "gui/terrain/terrain_camera.hpp"
#include "gui/terrain/terrain_mesh.hpp"

namespace app::gui {

struct TerrainLook {
    double light_azimuth   = 315.0;  // degrees
    double light_elevation = 45.0;   // degrees
    double sea_height      = 0.0;    // metres; <= 0: no sea
    bool wireframe         = false;
    bool coarse            = false;  // draw the mesh's coarse triangles (while the camera moves)
};

class TerrainRenderer {
  public:
    TerrainRenderer()                                  = default;
    TerrainRenderer(const TerrainRenderer&)            = delete;
    TerrainRenderer& operator=(const TerrainRenderer&) = delete;

    // Takes the mesh's vertices and indices into GL buffers (the mesh keeps its extent).
    void upload(const TerrainMesh& mesh);
    bool has_mesh() const { return index_count_ > 0; }

    // Renders at width x height pixels; the texture holds the result until the next call.
    void render(int width, int height, const TerrainCamera& camera, const TerrainLook& look);

    // For ImGui::Image; GL's rows go up, so show it with uv0 = (0, 1), uv1 = (1, 0).
    void* texture_id() const;
    // GPU milliseconds of the last frame whose query has come back, or a negative number.
    double gpu_milliseconds() const { return gpu_ms_; }
    // Reads a query that has come back since (never waits): call once a frame, drawn or not.
    void poll_timer();
    // What failed (a shader that does not compile, an incomplete framebuffer), else empty.
    const char* error() const { return error_; }

  private:
    bool ensure_program();
    void ensure_target(int width, int height);

    GlName program_, vertex_array_, vertices_, indices_, coarse_indices_;
    GlName sea_array_, sea_vertices_;
    GlName framebuffer_, colour_, depth_;
    GlName queries_[2];
    int query_next_        = 0;
    bool query_pending_[2] = {false, false};
    int width_ = 0, height_ = 0;
    std::int32_t index_count_        = 0;
    std::int32_t coarse_index_count_ = 0;
    double extent_[3]                = {1.0, 1.0, 1.0};  // the mesh's width, height, length in metres
    double bottom_                   = 0.0;              // the mesh's skirts' foot, metres
    double gpu_ms_                   = -1.0;
    int timings_                     = 0;  // query results read so far
    const char* error_               = "";
    bool program_failed_             = false;
};

}  // namespace app::gui
