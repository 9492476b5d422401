// gui/gpu/shader_picture.hpp: the preview's picture drawn by the exported GLSL, and by the CPU path.
//
// The GPU view (gpu_view.hpp) asks for a picture of the field as the preview frames it: pixel
// (px, py) of a width x height image at noise::pixel_point, row 0 at the top. ShaderCanvas draws it
// twice on the thread that calls it, a worker's, never the window's:
//   1. on the CPU, noise::render (the r32 export's values, bit for bit);
//   2. with the shader export (shader_source, GLSL 330) on the GL context current on that thread
//      (the GPU view's own hidden context): its rebased form, the origin O at the picture's centre
//      split per octave in double by shader_origins, local = world - O per pixel, as
//      docs/shaders.md says a caller should; into a 32-bit float target, in strips of rows so a
//      newer request cancels it between strips, then read back;
//   3. the largest |GPU - CPU| as a share of the nominal range, where it is, and the bound the
//      export promises (shader_tolerance, and with the erosion filter each sample's slope
//      allowance, shader_slope_allowance), as tests/shader_gpu_check.cpp judges it.
// The program is kept while the source stays the same (a pan or zoom changes only the
// uniforms), so only an edit of the field compiles again. Times are on the clock: the GPU's is
// the draw and read-back without the compile, the CPU's noise::render on every core.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gui/common/background_task.hpp"
#include "noise/params.hpp"

namespace app::gui {

struct ShaderPictureRequest {
    noise::Params params;
    int width                                          = 0;
    int height                                         = 0;
    bool operator==(const ShaderPictureRequest&) const = default;
};

struct ShaderPicture {
    ShaderPictureRequest request;
    std::vector<float> cpu;  // row-major, row 0 at the top: noise::render's values
    std::vector<float> gpu;  // the same pixels drawn by the shader
    double largest = 0.0;    // max |gpu - cpu| / (hi - lo) of the nominal range
    int largest_x = 0, largest_y = 0;
    double bound      = 0.0;  // shader_tolerance(params)
    double allowance  = 0.0;  // the largest slope allowance a sample took (the erosion filter)
    long over         = 0;    // samples over the bound and their slope allowance
    double cpu_ms     = 0.0;  // noise::render
    double gpu_ms     = 0.0;  // the shader's draw and read-back
    double compile_ms = 0.0;  // 0 when the program was kept from the picture before
    std::string renderer;     // GL_RENDERER: "llvmpipe (LLVM 15.0.6, 256 bits)"
};

// Thrown by ShaderCanvas::draw when the task was cancelled part-way.
struct ShaderPictureCancelled {};

// The GL objects one context keeps between pictures. Use it only on a thread where that
// context is current, and from one thread at a time.
class ShaderCanvas {
  public:
    // Throws std::runtime_error with the GL compiler's first line when the shader does not build,
    // std::invalid_argument for a field the export refuses, ShaderPictureCancelled when cancelled.
    ShaderPicture draw(const ShaderPictureRequest& request, const TaskControl& control);

  private:
    void build(const noise::Params& params);
    void target(int width, int height);

    std::string source_;  // the program's GLSL library, to know when it must be built again
    unsigned program_ = 0, vertex_array_ = 0, framebuffer_ = 0, colour_ = 0;
    int blocks_        = 0;  // entries of the origin arrays
    int target_width_  = 0;
    int target_height_ = 0;
};

}  // namespace app::gui
