// shader_gpu_check: the shader export's contract, measured on a real GL implementation.
//
//     xvfb-run -a shader_gpu_check [--size N] [--preset NAME] [--set KEY=VALUE]...  # the check
//     xvfb-run -a shader_gpu_check --bench [--size 1024] [--preset NAME]            # frame times
//
// Check (ctest core.shader_gpu): for every shipped preset that shader_refusal accepts, the
// exported GLSL (its _rebased_split form through shader_picture_main, origins from
// shader_origins) is rendered into a 32-bit float target of N x N pixels at world offsets 0, 1e4
// and 1e6 along x and y, and compared sample by sample with the r32 export (raw values) of the
// same preset and offset, read back from its file, the origin at the picture's centre. It prints
// one line per preset, the largest |GPU - CPU| as a share of the preset's nominal range, and
// fails when any sample of a shipped preset exceeds 2e-6, or when no preset could be exported.
// Then the same for held-out variants (held_out_variants: shipped presets with keys set), which
// must all be exportable and keep shader_tolerance (check's comment says what else they may use).
//
// Bench: the median of 15 frames of an N x N picture drawn by the exported shader (glFinish after
// each draw, the picture read back as the window's preview would not need), against the median of
// 5 CPU renders (noise::render over every core) of the same picture.
//
// A hidden GLFW window gives the context (GL 3.3 core; under Xvfb Mesa's llvmpipe).
#include <glad/gl.h>
// glad first
#include <GLFW/glfw3.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "core/export_image.hpp"
#include "core/preset.hpp"
#include "core/shader_origins.hpp"
#include "core/shader_source.hpp"
#include "noise/fractal.hpp"
#include "noise/render.hpp"

namespace {

GLuint compile(GLenum stage, const std::string& text) {
    const GLuint shader = glCreateShader(stage);
    const char* source  = text.c_str();
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        std::array<char, 4096> log{};
        glGetShaderInfoLog(shader, static_cast<GLsizei>(log.size()), nullptr, log.data());
        std::fprintf(stderr, "shader_gpu_check: compile failed:\n%s\n", log.data());
        return 0;
    }
    return shader;
}

constexpr const char* vertex_source = R"(#version 330 core
void main() {
    vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
)";

struct Target {
    GLuint framebuffer = 0, texture = 0;
    int size = 0;
    explicit Target(int n) : size(n) {
        glGenTextures(1, &texture);
        glBindTexture(GL_TEXTURE_2D, texture);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, n, n, 0, GL_RED, GL_FLOAT, nullptr);
        glGenFramebuffers(1, &framebuffer);
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
        glViewport(0, 0, n, n);
    }
};

struct Program {
    GLuint id  = 0;
    int blocks = 0;                            // entries of the origin arrays
    std::vector<app::ShaderTexture> textures;  // bound to units 0, 1, ...
    std::vector<GLuint> texture_ids;
};

Program build(const app::Preset& preset, const std::string& entry) {
    const std::string library =
        app::shader_source(std::vector<app::ShaderEntry>{{entry, preset.params}}, app::ShaderLanguage::glsl);
    const GLuint vs = compile(GL_VERTEX_SHADER, vertex_source);
    // The origins' length: every field the preset reads (the warp's and the turned layer's too).
    const int blocks = static_cast<int>(app::shader_origins(preset.params, {}).frac.size());
    const GLuint fs =
        compile(GL_FRAGMENT_SHADER, app::shader_picture_main(library, entry, preset.params.dimension, blocks,
                                                             app::shader_textures(preset.params)));
    if (!vs || !fs) return {};
    Program program{glCreateProgram(), blocks, app::shader_textures(preset.params), {}};
    // Each heightmap's samples as they are: one float per texel, row 0 first, no filtering.
    for (const app::ShaderTexture& texture : program.textures) {
        GLuint id = 0;
        glGenTextures(1, &id);
        glBindTexture(GL_TEXTURE_2D, id);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, texture.samples->width, texture.samples->height, 0, GL_RED,
                     GL_FLOAT, texture.samples->values.data());
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        program.texture_ids.push_back(id);
    }
    glAttachShader(program.id, vs);
    glAttachShader(program.id, fs);
    glLinkProgram(program.id);
    GLint ok = 0;
    glGetProgramiv(program.id, GL_LINK_STATUS, &ok);
    if (!ok) return {};
    return program;
}

// Draws the picture of `params` (its offsets the origin) into the bound target.
void draw(const Program& program, const noise::Params& params, int size) {
    // The origin O at the picture's centre (computed in double), local = world - O within half
    // the frame of it: the error grows with |local| (docs/shaders.md), never with |O|.
    const double half = params.frequency / 2.0;
    const app::ShaderOrigins origins =
        app::shader_origins(params, {params.offset_x + half, params.offset_y + half, params.z, params.w});
    glUseProgram(program.id);
    for (std::size_t unit = 0; unit < program.texture_ids.size(); ++unit) {
        glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
        glBindTexture(GL_TEXTURE_2D, program.texture_ids[unit]);
        glUniform1i(glGetUniformLocation(program.id, program.textures[unit].name.c_str()),
                    static_cast<GLint>(unit));
    }
    glActiveTexture(GL_TEXTURE0);
    const GLsizei n = program.blocks;
    glUniform4uiv(glGetUniformLocation(program.id, "cell_lo"), n, origins.cell_lo.front().data());
    glUniform4uiv(glGetUniformLocation(program.id, "cell_hi"), n, origins.cell_hi.front().data());
    glUniform4fv(glGetUniformLocation(program.id, "cell_frac"), n, origins.frac.front().data());
    const std::array<float, 2> step = app::shader_pixel_step(params.frequency / size);
    glUniform1f(glGetUniformLocation(program.id, "pixel_step"), step[0]);
    glUniform1f(glGetUniformLocation(program.id, "pixel_step_rest"), step[1]);
    glUniform2f(glGetUniformLocation(program.id, "half_size"), static_cast<float>(size) / 2.0f,
                static_cast<float>(size) / 2.0f);
    glDrawArrays(GL_TRIANGLES, 0, 3);
}

std::vector<float> read_target(int size) {
    std::vector<float> pixels(static_cast<std::size_t>(size) * static_cast<std::size_t>(size));
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, size, size, GL_RED, GL_FLOAT, pixels.data());
    return pixels;
}

// The r32 export's raw values, read back from its file (row 0 at the top, as the GPU's row 0).
std::vector<float> r32_export(const app::Preset& preset, int size, const std::filesystem::path& file) {
    app::ExportRequest request;
    request.size         = {size, size};
    request.format       = app::ExportFormat::r32;
    request.path         = file;
    request.overwrite    = true;
    request.float_values = app::FloatValues::raw;
    app::export_image(preset, request);
    std::vector<float> values(static_cast<std::size_t>(size) * static_cast<std::size_t>(size));
    std::ifstream in(file, std::ios::binary);
    in.read(reinterpret_cast<char*>(values.data()),
            static_cast<std::streamsize>(values.size() * sizeof(float)));
    if (!in) throw std::runtime_error("cannot read back " + file.string());
    return values;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

int bench(const app::Preset& preset, const std::string& entry, int size) {
    const Program program = build(preset, entry);
    if (!program.id) return 1;
    Target target(size);
    std::vector<double> gpu, cpu;
    for (int i = 0; i < 16; ++i) {
        const auto start = std::chrono::steady_clock::now();
        draw(program, preset.params, size);
        glFinish();
        const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
        if (i > 0) gpu.push_back(took.count());  // the first draw compiles for the target
    }
    const noise::FractalNoise field(preset.params);
    std::vector<float> out(static_cast<std::size_t>(size) * static_cast<std::size_t>(size));
    const noise::Region region = noise::Region::full(size, size);
    for (int i = 0; i < 5; ++i) {
        const auto start = std::chrono::steady_clock::now();
        noise::render(field, region, out);
        const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
        cpu.push_back(took.count());
    }
    std::printf("%s %dx%d: shader (GL: %s) median %.1f ms, CPU noise::render median %.1f ms\n", entry.c_str(),
                size, size, reinterpret_cast<const char*>(glGetString(GL_RENDERER)), median(gpu),
                median(cpu));
    return 0;
}

// How far the CPU's own field moves within `reach` of p along x and y: where the erosion filter
// is rounded to 0 (erosion.ridge_rounding or crease_rounding) the carving's slope flips on a line
// and steers the next octave's gullies, so the field jumps there, and a sample within the
// shader's float rounding of the line may take the other side (docs/shaders.md).
double jump_near(const noise::FractalNoise& field, const noise::Point& p, double reach) {
    const double here = field.at(p);
    double jump       = 0.0;
    for (const auto& [dx, dy] : {std::pair{1.0, 0.0}, {-1.0, 0.0}, {0.0, 1.0}, {0.0, -1.0}}) {
        noise::Point q = p;
        q[0] += dx * reach;
        q[1] += dy * reach;
        jump = std::max(jump, std::abs(field.at(q) - here));
    }
    return jump;
}

// Renders `preset` at world offsets 0, 1e4 and 1e6 and compares with its r32 export; prints one
// line with the largest difference per offset; 1 when any sample is over its bound. A shipped
// preset (`plain`) is held to the issue's 2e-6 of its nominal range at every sample. A held-out
// variant, settings sharper than any shipped preset, to shader_tolerance, with the erosion filter
// plus the sample's slope allowance (shader_slope_allowance), and a sample over that is let pass
// only where the CPU's own field jumps by as much within jump_reach of it (jump_near): those are
// counted and printed.
constexpr double jump_reach = 1e-6;  // noise units: 10x the shader's rounding of a gully's place
int check(const app::Preset& preset, const std::string& label, bool plain, int size,
          const std::filesystem::path& temp) {
    const std::string entry = app::shader_function_name(preset.name);
    const Program program   = build(preset, entry);
    if (!program.id) return 1;
    const noise::Range range = noise::nominal_range(preset.params);
    const double width       = range.hi - range.lo;
    Target target(size);
    std::string line;
    double allowed         = 0.0;  // the largest slope allowance used (the erosion filter)
    long over              = 0;    // samples over their bound
    long at_jumps          = 0;    // samples of a variant over it at a jump of the CPU's field
    const double tolerance = plain ? 2e-6 : app::shader_tolerance(preset.params);  // docs/shaders.md
    for (const double offset : {0.0, 1e4, 1e6}) {
        app::Preset moved            = preset;
        moved.params.offset_x        = offset;
        moved.params.offset_y        = preset.params.dimension >= 2 ? offset : 0.0;
        const std::vector<float> cpu = r32_export(moved, size, temp / "cpu.r32");
        draw(program, moved.params, size);
        const std::vector<float> gpu = read_target(size);
        double largest               = 0.0;
        const noise::FractalNoise field(moved.params);
        const double cell = moved.params.frequency / size;
        for (std::size_t i = 0; i < cpu.size(); ++i) {
            double difference = std::abs(static_cast<double>(gpu[i]) - cpu[i]) / width;
            if (std::isnan(difference)) difference = INFINITY;
            largest = std::max(largest, difference);
            if (difference <= tolerance) continue;
            if (plain) {
                ++over;
                continue;
            }
            // The erosion filter's allowance where the carved field is steep (shader_source.hpp):
            // what is left over it counts.
            const int px         = static_cast<int>(i % static_cast<std::size_t>(size));
            const int py         = static_cast<int>(i / static_cast<std::size_t>(size));
            const noise::Point p = noise::pixel_point(moved.params, size, px, py);
            const double local   = std::hypot((px + 0.5 - size / 2.0) * cell, (py + 0.5 - size / 2.0) * cell);
            const double allowance = app::shader_slope_allowance(field, p, local);
            allowed                = std::max(allowed, allowance);
            if (difference <= tolerance + allowance) continue;
            if (field.erosion().active && difference - tolerance <= jump_near(field, p, jump_reach) / width)
                ++at_jumps;
            else
                ++over;
        }
        char part[64];
        std::snprintf(part, sizeof part, "  %g: %.2e", offset, largest);
        line += part;
    }
    const bool ok = over == 0;
    std::string extra;
    if (allowed > 0.0) {
        char part[64];
        std::snprintf(part, sizeof part, " + slope allowance up to %.1e", allowed);
        extra = part;
    }
    if (at_jumps > 0) extra += "; " + std::to_string(at_jumps) + " at a jump of the CPU's field";
    std::printf("%s  %-36s%s  (bound %.1e%s)\n", ok ? "ok      " : "TOO FAR ", label.c_str(), line.c_str(),
                tolerance, extra.c_str());
    return ok ? 0 : 1;
}

// A shipped preset with some keys set (`--set` text).
struct Variant {
    const char* preset;
    std::array<const char*, 4> assignments;
};
constexpr Variant held_out_variants[] = {
    {"simplex-lava-flow", {"dimension=1"}},
    {"simplex-lava-flow", {"dimension=2"}},
    {"simplex-lava-flow", {"dimension=4", "w=0.6"}},
    {"simplex-lava-flow", {"dimension=2", "fractal=fbm", "layers=rotated", "warp_amplitude=0.5"}},
    {"simplex-lava-flow", {"fractal=turbulence", "octave_offsets=shifted", "seed_mode=shift"}},
    {"marble", {"warp_amplitude=4"}},  // a warp sharper than any shipped: over 2e-6, within its bound
    {"marble", {"lacunarity=2.3"}},    // a warped field's scales not powers of two: ne_cells' split
    {"cracked-earth", {"cellular_distance=manhattan", "cellular_return=f1"}},
    {"cracked-earth", {"cellular_distance=chebyshev", "cellular_return=f2"}},
    {"cracked-earth", {"dimension=1"}},
    {"cracked-earth", {"dimension=3", "z=0.4", "cellular_return=f1"}},
    {"cracked-earth", {"dimension=4", "cellular_distance=manhattan", "w=0.3"}},
    {"cracked-earth", {"tile=3", "fractal=ridged", "octaves=4", "cellular_jitter=1"}},
    {"river-valleys", {"mask=select"}},
    {"river-valleys", {"mask=multiply", "mask.warp_amplitude=0.4"}},
    {"river-valleys", {"mask=max", "mask.algorithm=worley", "mask.curve=none"}},
    {"river-valleys", {"mask=add", "mask.algorithm=simplex", "scale=0.5"}},
    {"ridges-in-valleys", {"layer.2.source=shape", "layer.2.shape=radial", "layer.2.blend=multiply"}},
    {"ridges-in-valleys",
     {"layer.2.source=shape", "layer.2.shape=ramp", "layer.2.shape_angle=30", "layer.2.blend=screen"}},
    {"ridges-in-valleys",
     {"layer.2.source=shape", "layer.2.shape=plateau", "layer.2.height_curve=smoothstep",
      "layer.2.blend=max"}},
    {"ridges-in-valleys",
     {"layer.2.source=shape", "layer.2.shape=cone", "layer.2.blend=difference", "layer.2.mask=none"}},
    {"ridges-in-valleys",
     {"layer.3.source=constant", "layer.3.blend=min", "layer.2.mask=field", "layer.2.mask.frequency=5"}},
    {"ridges-in-valleys", {"layer.2.solo=true"}},
    {"ridges-in-valleys",  // a warped coast read without the erosion filter: the value path
     {"layer.2.source=shape", "layer.2.shape=plateau", "layer.2.shape_warp=0.15", "layer.2.blend=multiply"}},
    {"imported-hills", {"layer.2.map_edges=repeat", "layer.2.map_width=0.3", "layer.2.map_x=0.1"}},
    {"imported-hills", {"layer.2.height_curve=smoothstep", "layer.2.blend=multiply", "layer.2.map_y=-0.2"}},
    {"ridges-in-valleys", {"layer.1.mute=true", "layer.2.blend=subtract", "layer.2.algorithm=worley"}},
    {"eroded-hills", {"gradients=random", "hash=wide", "octave_offsets=shifted"}},
    {"eroded-hills", {"interpolation=smoothstep", "erosion.crease_rounding=0", "erosion.ridge_rounding=1"}},
    {"eroded-alpine", {"invert=true", "erosion.peaks=1", "erosion.valleys=0", "erosion.octaves=6"}},
    {"eroded-badlands", {"gradients=axes", "hash=elias", "erosion.strength=2", "erosion.detail=0.8"}},
    {"eroded-alpine", {"erosion.crease_rounding=0.05", "erosion.ridge_rounding=0.02"}},
    {"eroded-alpine", {"erosion.gullies=cells", "erosion.drainage=0"}},  // the first layout
    {"eroded-island", {"layer.2.shape=radial", "layer.2.blend=screen", "layer.3.blend=max"}},
    {"eroded-island", {"layer.2.shape=ramp", "layer.2.shape_angle=30", "layer.2.height_curve=smoothstep"}},
    {"eroded-island", {"layer.2.shape=cone", "layer.2.blend=min", "layer.3.opacity=0.5"}},
};

}  // namespace

int main(int argc, char** argv) {
    int size       = 96;
    bool benchmark = false;
    std::string chosen;
    std::vector<std::string> assignments;  // --set, applied to every preset checked
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--bench") {
            benchmark = true;
            size      = 1024;
        } else if (arg == "--size" && i + 1 < argc) {
            size = std::atoi(argv[++i]);
        } else if (arg == "--preset" && i + 1 < argc) {
            chosen = argv[++i];
        } else if (arg == "--set" && i + 1 < argc) {
            assignments.push_back(argv[++i]);
        } else {
            std::fprintf(
                stderr,
                "usage: shader_gpu_check [--bench] [--size N] [--preset NAME] [--set KEY=VALUE]...\n");
            return 2;
        }
    }
    if (!glfwInit()) {
        std::fprintf(stderr, "shader_gpu_check: no display (run it under xvfb-run)\n");
        return 1;
    }
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    GLFWwindow* window = glfwCreateWindow(64, 64, "shader_gpu_check", nullptr, nullptr);
    if (!window) {
        std::fprintf(stderr, "shader_gpu_check: no GL 3.3 core context\n");
        return 1;
    }
    glfwMakeContextCurrent(window);
    if (!gladLoadGL(glfwGetProcAddress)) return 1;
    GLuint vertex_array = 0;
    glGenVertexArrays(1, &vertex_array);
    glBindVertexArray(vertex_array);

    const auto temp = std::filesystem::temp_directory_path() /
                      ("shader_gpu_check-" + std::to_string(static_cast<long>(::getpid())));
    std::filesystem::create_directories(temp);
    int exportable = 0, refused = 0, failed = 0;
    for (const auto& file : app::shipped_presets()) {
        if (!chosen.empty() && file.stem() != chosen) continue;
        app::Preset preset = app::load_preset(file);
        for (const std::string& assignment : assignments) app::apply_assignment(preset, assignment);
        const std::string why = app::shader_refusal(preset.params);
        if (!why.empty()) {
            ++refused;
            if (!benchmark) std::printf("refused  %-36s %s\n", file.stem().c_str(), why.c_str());
            continue;
        }
        ++exportable;
        const std::string entry = app::shader_function_name(preset.name);
        failed += benchmark ? bench(preset, entry, size)
                            : check(preset, file.stem().string(), assignments.empty(), size, temp);
    }
    // Held-out settings no shipped preset has: each algorithm's other dimensions, metrics,
    // returns and sums, so the contract is checked for what the shipped presets do not show.
    int variants = 0;
    for (const Variant& variant : held_out_variants) {
        if (benchmark || (!chosen.empty() && chosen != variant.preset)) continue;
        app::Preset preset =
            app::load_preset(app::shipped_presets_dir() / (std::string(variant.preset) + ".json"));
        for (const char* assignment : variant.assignments) {
            if (assignment != nullptr) app::apply_assignment(preset, assignment);
        }
        std::string label = variant.preset;
        for (const char* assignment : variant.assignments)
            if (assignment != nullptr) label += std::string(" ") + assignment;
        const std::string why = app::shader_refusal(preset.params);
        if (!why.empty()) {
            std::printf("REFUSED  %s: %s\n", label.c_str(), why.c_str());
            ++failed;
            continue;
        }
        ++variants;
        failed += check(preset, label, false, size, temp);
    }
    std::filesystem::remove_all(temp);
    std::printf(
        "%d of %d shipped presets exportable, %d refused; %d held-out variants; %d over their bound\n",
        exportable, exportable + refused, refused, variants, failed);
    glfwDestroyWindow(window);
    glfwTerminate();
    return failed == 0 && exportable > 0 ? 0 : 1;
}
