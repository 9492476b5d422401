// The Python module `noise_explorer`: Noise Explorer's presets and noise in NumPy arrays, with the
// program's bits (docs/python.md).
//
//     import noise_explorer as ne
//     p = ne.Preset.load("clouds")
//     heights = ne.render(p, 512, 512)          # float64, what `noise-explorer sample` prints
//
// The parts are bound by their own files (bindings.hpp); this one names the module and adds what
// describes it.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "installed_presets.hpp"

namespace py = pybind11;

PYBIND11_MODULE(noise_explorer, m) {
    m.doc() = R"(Noise Explorer's coherent noise in NumPy arrays: Preset (load, JSON, every key with the
program's checks), render / render_bands / value_gradient into float64 arrays that equal the
program's `sample` and `export --format r32 --values raw` bit for bit, sample at arbitrary points,
and export through the program's atomic writer. Rendering releases the GIL and stops on Ctrl+C.
See docs/python.md.)";
#ifdef NOISE_EXPLORER_VERSION
    m.attr("__version__") = NOISE_EXPLORER_VERSION;
#endif
    noise_python::bind_preset(m);
    noise_python::bind_render(m);
    noise_python::bind_export(m);
    noise_python::bind_shader(m);
    noise_python::bind_quantize(m);
    m.def(
        "shipped_presets",
        [] {
            std::vector<std::string> files;
            for (const auto& file : noise_python::shipped_presets()) files.push_back(file.string());
            return files;
        },
        "The shipped presets' files, sorted by name: share/noise-explorer/presets beside the installed "
        "module, or the source tree's assets/presets when run from the build tree.");
}
