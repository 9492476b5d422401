#include "gui/terrain/terrain_renderer.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <utility>
#include <vector>

namespace app::gui {

namespace {

constexpr const char* vertex_shader = R"(#version 330 core
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec3 colour;
uniform mat4 view_projection;
out vec3 v_normal;
out vec3 v_colour;
void main() {
    v_normal = normal;
    v_colour = colour;
    gl_Position = view_projection * vec4(position, 1.0);
}
)";

// flat = 1: one colour for everything (the sea, the wireframe's lines).
constexpr const char* fragment_shader = R"(#version 330 core
in vec3 v_normal;
in vec3 v_colour;
uniform vec3 light;
uniform int flat_mode;
uniform vec4 flat_colour;
out vec4 frag;
void main() {
    if (flat_mode == 1) { frag = flat_colour; return; }
    float lit = max(dot(normalize(v_normal), light), 0.0);
    frag = vec4(v_colour * (0.35 + 0.65 * lit), 1.0);
}
)";

constexpr double degrees = 3.14159265358979323846 / 180.0;

GLuint compile(GLenum kind, const char* source) {
    const GLuint shader = glCreateShader(kind);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[1024] = {};
        glGetShaderInfoLog(shader, sizeof log, nullptr, log);
        std::fprintf(stderr, "noise-explorer: terrain shader: %s\n", log);
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}

// Position, normal and colour attributes of the interleaved vertex layout (terrain_mesh.hpp).
void describe_vertices() {
    const GLsizei stride = vertex_floats * sizeof(float);
    for (GLuint a = 0; a < 3; ++a) {
        glEnableVertexAttribArray(a);
        glVertexAttribPointer(
            a, 3, GL_FLOAT, GL_FALSE, stride,
            reinterpret_cast<const void*>(static_cast<std::uintptr_t>(a * 3 * sizeof(float))));
    }
}

// The sea as a block of water over the terrain's extent: its surface at `sea`, and walls down to
// the skirts' foot, where the terrain's edge is lower than the sea (elsewhere the ground's own
// skirt, drawn first, is in front of them). Counter-clockwise seen from outside, so culling
// drops the faces turned away. Flat mode reads the positions only.
std::vector<float> sea_block(double width, double length, double bottom, double sea) {
    const auto w = static_cast<float>(width), l = static_cast<float>(length);
    const auto y = static_cast<float>(sea), b = static_cast<float>(bottom);
    std::vector<float> out;
    const auto vertex = [&](float x, float h, float z) {
        const float v[vertex_floats] = {x, h, z};
        out.insert(out.end(), v, v + vertex_floats);
    };
    // The surface, counter-clockwise seen from above (Z points south).
    for (const auto& [x, z] : {std::pair{0.0f, 0.0f}, {0.0f, l}, {w, 0.0f}, {w, 0.0f}, {0.0f, l}, {w, l}})
        vertex(x, y, z);
    // The walls, walked once around (north, east, south, west), each from corner p to corner q.
    const std::pair<float, float> corners[5] = {{0.0f, 0.0f}, {w, 0.0f}, {w, l}, {0.0f, l}, {0.0f, 0.0f}};
    for (int side = 0; side < 4; ++side) {
        const auto [px, pz] = corners[side];
        const auto [qx, qz] = corners[side + 1];
        vertex(px, b, pz), vertex(qx, y, qz), vertex(qx, b, qz);
        vertex(px, b, pz), vertex(px, y, pz), vertex(qx, y, qz);
    }
    return out;
}

}  // namespace

bool TerrainRenderer::ensure_program() {
    if (program_) return true;
    if (program_failed_) return false;
    const GLuint vs = compile(GL_VERTEX_SHADER, vertex_shader);
    const GLuint fs = compile(GL_FRAGMENT_SHADER, fragment_shader);
    GlName program  = gl_program();
    if (vs && fs) {
        glAttachShader(program.get(), vs);
        glAttachShader(program.get(), fs);
        glLinkProgram(program.get());
    }
    if (vs) glDeleteShader(vs);
    if (fs) glDeleteShader(fs);
    GLint linked = 0;
    if (vs && fs) glGetProgramiv(program.get(), GL_LINK_STATUS, &linked);
    if (!linked) {
        program_failed_ = true;
        error_          = "the terrain's shaders did not compile (see stderr)";
        return false;
    }
    program_ = std::move(program);
    return true;
}

void TerrainRenderer::upload(const TerrainMesh& mesh) {
    if (!mesh.complete) return;
    if (!vertex_array_) {
        vertex_array_   = gl_vertex_array();
        vertices_       = gl_buffer();
        indices_        = gl_buffer();
        coarse_indices_ = gl_buffer();
        glBindVertexArray(vertex_array_.get());
        glBindBuffer(GL_ARRAY_BUFFER, vertices_.get());
        describe_vertices();
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_.get());  // remembered by the vertex array
        glBindVertexArray(0);
    }
    glBindBuffer(GL_ARRAY_BUFFER, vertices_.get());
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh.vertices.size() * sizeof(float)),
                 mesh.vertices.data(), GL_STATIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    // Element buffers are bound through the vertex array (its state); render() picks one.
    glBindVertexArray(vertex_array_.get());
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, coarse_indices_.get());
    glBufferData(GL_ELEMENT_ARRAY_BUFFER,
                 static_cast<GLsizeiptr>(mesh.coarse_indices.size() * sizeof(std::uint32_t)),
                 mesh.coarse_indices.data(), GL_STATIC_DRAW);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_.get());
    glBufferData(GL_ELEMENT_ARRAY_BUFFER,
                 static_cast<GLsizeiptr>(mesh.indices.size() * sizeof(std::uint32_t)), mesh.indices.data(),
                 GL_STATIC_DRAW);
    glBindVertexArray(0);
    index_count_        = static_cast<std::int32_t>(mesh.indices.size());
    coarse_index_count_ = static_cast<std::int32_t>(mesh.coarse_indices.size());
    extent_[0]          = mesh.width;
    extent_[1]          = mesh.height;
    extent_[2]          = mesh.length;
    bottom_             = mesh.bottom;
}

void TerrainRenderer::ensure_target(int width, int height) {
    if (framebuffer_ && width == width_ && height == height_) return;
    if (!framebuffer_) {
        framebuffer_ = gl_framebuffer();
        colour_      = gl_texture();
        depth_       = gl_renderbuffer();
    }
    glBindTexture(GL_TEXTURE_2D, colour_.get());
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindRenderbuffer(GL_RENDERBUFFER, depth_.get());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, width, height);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.get());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour_.get(), 0);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_.get());
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        error_ = "the terrain's framebuffer is incomplete";
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    width_  = width;
    height_ = height;
}

void TerrainRenderer::poll_timer() {
    for (int i = 0; i < 2; ++i) {
        if (!query_pending_[i]) continue;
        GLint available = 0;
        glGetQueryObjectiv(queries_[i].get(), GL_QUERY_RESULT_AVAILABLE, &available);
        if (!available) continue;
        GLuint64 nanoseconds = 0;
        glGetQueryObjectui64v(queries_[i].get(), GL_QUERY_RESULT, &nanoseconds);
        // The first frame also compiles the shaders for the CPU (llvmpipe): not a frame's cost.
        if (timings_++ > 0) gpu_ms_ = static_cast<double>(nanoseconds) / 1e6;
        query_pending_[i] = false;
    }
}

void TerrainRenderer::render(int width, int height, const TerrainCamera& camera, const TerrainLook& look) {
    if (width <= 0 || height <= 0 || !ensure_program()) return;
    ensure_target(width, height);
    if (!queries_[0]) queries_[0] = gl_query(), queries_[1] = gl_query();
    poll_timer();

    GLint old_viewport[4];
    glGetIntegerv(GL_VIEWPORT, old_viewport);
    GLint old_framebuffer = 0;
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &old_framebuffer);
    const bool timing = !query_pending_[query_next_];
    if (timing) glBeginQuery(GL_TIME_ELAPSED, queries_[query_next_].get());

    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.get());
    glViewport(0, 0, width, height);
    glClearColor(0.11f, 0.12f, 0.15f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);

    if (has_mesh()) {
        glEnable(GL_DEPTH_TEST);
        glDisable(GL_BLEND);
        glUseProgram(program_.get());
        const double size = std::max({extent_[0], extent_[1], extent_[2]});
        const Mat4 vp     = camera.view_projection(static_cast<double>(width) / height, size);
        glUniformMatrix4fv(glGetUniformLocation(program_.get(), "view_projection"), 1, GL_FALSE, vp.data());
        const double az = look.light_azimuth * degrees, el = look.light_elevation * degrees;
        glUniform3f(glGetUniformLocation(program_.get(), "light"),
                    static_cast<float>(std::sin(az) * std::cos(el)), static_cast<float>(std::sin(el)),
                    static_cast<float>(-std::cos(az) * std::cos(el)));
        const GLint flat_mode   = glGetUniformLocation(program_.get(), "flat_mode");
        const GLint flat_colour = glGetUniformLocation(program_.get(), "flat_colour");

        // The ground, pushed back a little so the wireframe's lines win the depth test.
        glUniform1i(flat_mode, 0);
        glEnable(GL_POLYGON_OFFSET_FILL);
        glPolygonOffset(1.0f, 1.0f);
        const bool coarse        = look.coarse && coarse_index_count_ > 0;
        const std::int32_t count = coarse ? coarse_index_count_ : index_count_;
        glBindVertexArray(vertex_array_.get());
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, coarse ? coarse_indices_.get() : indices_.get());
        glDrawElements(GL_TRIANGLES, count, GL_UNSIGNED_INT, nullptr);
        glDisable(GL_POLYGON_OFFSET_FILL);

        if (look.wireframe) {
            // Translucent: at a few hundred vertices a side opaque lines would hide the ground.
            glEnable(GL_BLEND);
            glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
            glUniform1i(flat_mode, 1);
            glUniform4f(flat_colour, 0.02f, 0.02f, 0.04f, 0.45f);
            glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
            glDrawElements(GL_TRIANGLES, count, GL_UNSIGNED_INT, nullptr);
            glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
            glDisable(GL_BLEND);
        }

        if (look.sea_height > 0.0) {
            if (!sea_array_) {
                sea_array_    = gl_vertex_array();
                sea_vertices_ = gl_buffer();
                glBindVertexArray(sea_array_.get());
                glBindBuffer(GL_ARRAY_BUFFER, sea_vertices_.get());
                describe_vertices();
            }
            const std::vector<float> water = sea_block(extent_[0], extent_[2], bottom_, look.sea_height);
            glBindVertexArray(sea_array_.get());
            glBindBuffer(GL_ARRAY_BUFFER, sea_vertices_.get());
            glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(water.size() * sizeof(float)), water.data(),
                         GL_DYNAMIC_DRAW);
            glBindBuffer(GL_ARRAY_BUFFER, 0);
            glEnable(GL_BLEND);
            glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
            glDepthMask(GL_FALSE);  // the ground under the surface stays visible through it
            glUniform1i(flat_mode, 1);
            glUniform4f(flat_colour, 0.16f, 0.38f, 0.62f, 0.62f);
            // Only the faces towards the camera: the far walls, seen from inside, would tint twice.
            glEnable(GL_CULL_FACE);
            glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(water.size() / vertex_floats));
            glDisable(GL_CULL_FACE);
            glDepthMask(GL_TRUE);
            glDisable(GL_BLEND);
        }
        glBindVertexArray(0);
        glUseProgram(0);
        glDisable(GL_DEPTH_TEST);
    }

    if (timing) {
        glEndQuery(GL_TIME_ELAPSED);
        query_pending_[query_next_] = true;
        query_next_                 = 1 - query_next_;
    }
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(old_framebuffer));
    glViewport(old_viewport[0], old_viewport[1], old_viewport[2], old_viewport[3]);
}

void* TerrainRenderer::texture_id() const {
    return colour_ ? reinterpret_cast<void*>(static_cast<std::uintptr_t>(colour_.get())) : nullptr;
}

}  // namespace app::gui
