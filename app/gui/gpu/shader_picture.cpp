// gui/gpu/shader_picture.cpp: the picture drawn by the exported GLSL beside the CPU's (shader_picture.hpp).
#include "gui/gpu/shader_picture.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include "core/shader_origins.hpp"
#include "core/shader_source.hpp"
#include "noise/fractal.hpp"
#include "noise/render.hpp"

namespace app::gui {
namespace {

// Rows per draw call: a newer request waits at most one strip. Under Mesa's llvmpipe a 1024-wide
// strip of 32 rows of alpine-ridges takes about 90 ms on two busy cores (docs/shaders.md: 2.8 s
// a 1024 x 1024 frame), about as long as the CPU path's cancellation between its rows.
constexpr int strip_rows = 32;

constexpr const char* entry = "ne_view";

constexpr const char* vertex_source = R"(#version 330 core
void main() {
    vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
)";

double since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

GLuint compile(GLenum stage, const std::string& text) {
    const GLuint shader = glCreateShader(stage);
    const char* source  = text.c_str();
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        std::array<char, 1024> log{};
        glGetShaderInfoLog(shader, static_cast<GLsizei>(log.size()), nullptr, log.data());
        glDeleteShader(shader);
        std::string first(log.data());
        first = first.substr(0, first.find('\n'));
        throw std::runtime_error("the GL driver did not compile the exported shader: " + first);
    }
    return shader;
}

}  // namespace

void ShaderCanvas::build(const noise::Params& params) {
    std::string library = shader_source(std::vector<ShaderEntry>{{entry, params}}, ShaderLanguage::glsl);
    if (program_ != 0 && library == source_) return;
    if (program_ != 0) glDeleteProgram(program_);
    program_ = 0;
    source_.clear();
    blocks_         = static_cast<int>(shader_origins(params, {}).frac.size());
    const GLuint vs = compile(GL_VERTEX_SHADER, vertex_source);
    GLuint fs       = 0;
    try {
        fs = compile(GL_FRAGMENT_SHADER,
                     shader_picture_main(library, entry, params.dimension, blocks_, shader_textures(params)));
    } catch (...) {
        glDeleteShader(vs);
        throw;
    }
    const GLuint program = glCreateProgram();
    glAttachShader(program, vs);
    glAttachShader(program, fs);
    glLinkProgram(program);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) {
        glDeleteProgram(program);
        throw std::runtime_error("the GL driver did not link the exported shader");
    }
    program_ = program;
    source_  = std::move(library);
}

void ShaderCanvas::target(int width, int height) {
    if (vertex_array_ == 0) glGenVertexArrays(1, &vertex_array_);
    glBindVertexArray(vertex_array_);
    if (framebuffer_ == 0) {
        glGenTextures(1, &colour_);
        glGenFramebuffers(1, &framebuffer_);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
    if (width != target_width_ || height != target_height_) {
        glBindTexture(GL_TEXTURE_2D, colour_);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, width, height, 0, GL_RED, GL_FLOAT, nullptr);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour_, 0);
        target_width_  = width;
        target_height_ = height;
    }
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        throw std::runtime_error("the GL driver has no 32-bit float target of " + std::to_string(width) +
                                 " x " + std::to_string(height));
    glViewport(0, 0, width, height);
}

ShaderPicture ShaderCanvas::draw(const ShaderPictureRequest& request, const TaskControl& control) {
    const noise::Params& params = request.params;
    if (const std::string refusal = shader_refusal(params); !refusal.empty())
        throw std::invalid_argument(refusal);
    const int width = request.width, height = request.height;
    ShaderPicture picture;
    picture.request          = request;
    picture.bound            = shader_tolerance(params);
    const std::size_t pixels = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);

    // 1. The CPU path: the r32 export's values.
    auto start = std::chrono::steady_clock::now();
    picture.cpu.resize(pixels);
    noise::RenderOptions options;
    options.cancel = &control.cancelled;
    if (!noise::render(params, noise::Region::full(width, height), picture.cpu, options))
        throw ShaderPictureCancelled{};
    picture.cpu_ms   = since(start);
    control.progress = 0.1;

    // 2. The shader, its origins in double at the picture's centre.
    start                         = std::chrono::steady_clock::now();
    const std::string kept_source = source_;
    build(params);
    picture.compile_ms = source_ == kept_source ? 0.0 : since(start);
    picture.renderer   = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    target(width, height);
    const std::vector<ShaderTexture> textures = shader_textures(params);
    std::vector<GLuint> texture_ids(textures.size());
    if (!textures.empty()) glGenTextures(static_cast<GLsizei>(textures.size()), texture_ids.data());
    struct DeleteTextures {
        std::vector<GLuint>& ids;
        ~DeleteTextures() {
            if (!ids.empty()) glDeleteTextures(static_cast<GLsizei>(ids.size()), ids.data());
        }
    } delete_textures{texture_ids};

    start = std::chrono::steady_clock::now();
    glUseProgram(program_);
    // Each heightmap's samples as they are: one float per texel, row 0 first, no filtering.
    for (std::size_t unit = 0; unit < textures.size(); ++unit) {
        glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
        glBindTexture(GL_TEXTURE_2D, texture_ids[unit]);
        const noise::HeightSamples& samples = *textures[unit].samples;
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, samples.width, samples.height, 0, GL_RED, GL_FLOAT,
                     samples.values.data());
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glUniform1i(glGetUniformLocation(program_, textures[unit].name.c_str()), static_cast<GLint>(unit));
    }
    glActiveTexture(GL_TEXTURE0);
    const double cell           = params.frequency / width;  // noise::pixel_point's step
    const ShaderOrigins origins = shader_origins(
        params,
        {params.offset_x + 0.5 * width * cell, params.offset_y + 0.5 * height * cell, params.z, params.w});
    glUniform4uiv(glGetUniformLocation(program_, "cell_lo"), blocks_, origins.cell_lo.front().data());
    glUniform4uiv(glGetUniformLocation(program_, "cell_hi"), blocks_, origins.cell_hi.front().data());
    glUniform4fv(glGetUniformLocation(program_, "cell_frac"), blocks_, origins.frac.front().data());
    const std::array<float, 2> step = shader_pixel_step(cell);  // the pixel's offset reaches it whole
    glUniform1f(glGetUniformLocation(program_, "pixel_step"), step[0]);
    glUniform1f(glGetUniformLocation(program_, "pixel_step_rest"), step[1]);
    glUniform2f(glGetUniformLocation(program_, "half_size"), 0.5f * static_cast<float>(width),
                0.5f * static_cast<float>(height));
    glEnable(GL_SCISSOR_TEST);
    for (int row = 0; row < height; row += strip_rows) {
        if (control.cancelled.load()) {
            glDisable(GL_SCISSOR_TEST);
            throw ShaderPictureCancelled{};
        }
        glScissor(0, row, width, std::min(strip_rows, height - row));
        glDrawArrays(GL_TRIANGLES, 0, 3);
        glFinish();
        control.progress = 0.1 + 0.9 * static_cast<double>(row + strip_rows) / height;
    }
    glDisable(GL_SCISSOR_TEST);
    // gl_FragCoord.y = row + 0.5 is local y of image row `row`: the read-back's row 0 is the
    // image's row 0 (the top), as the CPU's.
    picture.gpu.resize(pixels);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RED, GL_FLOAT, picture.gpu.data());
    picture.gpu_ms = since(start);

    // 3. The largest difference, as the export's contract measures it.
    const noise::Range range = noise::nominal_range(params);
    const double span        = range.hi - range.lo;
    const noise::FractalNoise field(params);
    for (std::size_t i = 0; i < pixels; ++i) {
        double difference = std::abs(static_cast<double>(picture.gpu[i]) - picture.cpu[i]) / span;
        if (std::isnan(difference)) difference = INFINITY;
        if (difference > picture.bound) {  // the erosion filter's slope allowance, where it is asked for
            const int px           = static_cast<int>(i % static_cast<std::size_t>(width));
            const int py           = static_cast<int>(i / static_cast<std::size_t>(width));
            const double allowance = shader_slope_allowance(
                field, noise::pixel_point(params, width, px, py),
                std::hypot((px + 0.5 - 0.5 * width) * cell, (py + 0.5 - 0.5 * height) * cell));
            picture.allowance = std::max(picture.allowance, allowance);
            if (!(difference <= picture.bound + allowance)) ++picture.over;
        }
        if (difference > picture.largest) {
            picture.largest   = difference;
            picture.largest_x = static_cast<int>(i % static_cast<std::size_t>(width));
            picture.largest_y = static_cast<int>(i / static_cast<std::size_t>(width));
        }
    }
    return picture;
}

}  // namespace app::gui
