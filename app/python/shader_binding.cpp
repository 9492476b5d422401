// noise_explorer.shader and shader_origins: presets as GLSL or HLSL source, and the per-octave
// origins of their rebased entry functions (app/core/shader_source.hpp, shader_origins.hpp;
// docs/shaders.md).
//
//     text = noise_explorer.shader([ne.Preset.load("alpine-ridges")], "glsl")
//     o = noise_explorer.shader_origins(p, (1e6, 1e6, p["z"], p["w"]))   # cell_lo, cell_hi, frac
//
// The same text as `noise-explorer export --format glsl|hlsl`; a preset the shader cannot hold
// raises ValueError with the export's line.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "core/preset.hpp"
#include "core/shader_origins.hpp"
#include "core/shader_source.hpp"
#include "core/shown_text.hpp"

namespace py = pybind11;

namespace noise_python {
namespace {

app::ShaderLanguage language_of(std::string_view name) {
    for (std::size_t i = 0; i < app::shader_language_names.size(); ++i)
        if (app::shader_language_names[i] == name) return static_cast<app::ShaderLanguage>(i);
    throw std::invalid_argument("language: " + app::shown(name) + " is not allowed: expected glsl or hlsl");
}

std::string shader(const std::vector<app::Preset>& presets, std::string_view language) {
    const app::ShaderLanguage chosen = language_of(language);
    std::vector<app::ShaderEntry> entries;
    for (const app::Preset& preset : presets) {
        if (auto refusal = app::shader_refusal(preset.params); !refusal.empty())
            throw std::invalid_argument(app::shader_entry_name(preset.name, "") + ": " + refusal);
        entries.push_back({app::shader_entry_name(preset.name, ""), preset.params});
    }
    return app::shader_source(entries, chosen);
}

template <class T>
py::array_t<T> rows_of(const std::vector<std::array<T, 4>>& rows) {
    py::array_t<T> out({static_cast<py::ssize_t>(rows.size()), py::ssize_t{4}});
    auto view = out.template mutable_unchecked<2>();
    for (std::size_t i = 0; i < rows.size(); ++i)
        for (std::size_t k = 0; k < 4; ++k)
            view(static_cast<py::ssize_t>(i), static_cast<py::ssize_t>(k)) = rows[i][k];
    return out;
}

}  // namespace

void bind_shader(py::module_& m) {
    m.def("shader", &shader, py::arg("presets"), py::arg("language") = "glsl",
          R"(The presets as shader source, language "glsl" or "hlsl": one entry function per preset,
ne_NAME(world), ne_NAME_rebased(local, cell_lo, cell_hi, cell_frac) and
ne_NAME_rebased_split(local, local_rest, ...), NAME the preset's name, the text
`noise-explorer export --format glsl|hlsl` writes (docs/shaders.md). ValueError for a preset the
shader cannot hold, naming the key.)");
    m.def(
        "shader_origins",
        [](const app::Preset& preset, const std::array<double, 4>& origin) {
            const app::ShaderOrigins o = app::shader_origins(preset.params, origin);
            py::dict out;
            out["cell_lo"] = rows_of(o.cell_lo);
            out["cell_hi"] = rows_of(o.cell_hi);
            out["frac"]    = rows_of(o.frac);
            return out;
        },
        py::arg("preset"), py::arg("origin"),
        R"(The arrays ne_NAME_rebased reads for the origin (x, y, z, w) in noise space, computed in
double: {"cell_lo": uint32 (n, 4), "cell_hi": uint32 (n, 4), "frac": float32 (n, 4)}, one row per
octave of each field the preset reads. Upload them as uvec4/vec4 uniform arrays and pass
world - origin to the shader (docs/shaders.md, "Precision by construction").)");
    m.def(
        "shader_pixel_step",
        [](double step) {
            const std::array<float, 2> split = app::shader_pixel_step(step);
            return py::make_tuple(split[0], split[1]);
        },
        py::arg("step"),
        R"(A picture's step between pixels (noise units) as (pixel_step, pixel_step_rest): the step
to 12 significant bits and the rest, so that k * pixel_step is exact in float for a whole or
half number k of pixels below 2048, and ne_NAME_rebased_split(k * pixel_step, k *
pixel_step_rest, ...) reads the pixel's offset whole (docs/shaders.md, "The guarantee").)");
}

}  // namespace noise_python
