// app/python/bindings.hpp: the parts of the module `noise_explorer`, each added by its own file.
//
//     bind_preset(m)   Preset and the key errors           (preset_binding.cpp)
//     bind_render(m)   render, render_bands, value_gradient, sample, sample_gradient
//                                                           (render_binding.cpp)
//     bind_export(m)   export and ExportError              (export_binding.cpp)
//     bind_shader(m)   shader and shader_origins           (shader_binding.cpp)
//     bind_quantize(m) quantize16: the program's 16-bit samples (quantize_binding.cpp)
//
// bind_preset comes first: the others take a Preset as their first argument.
#pragma once

#include <pybind11/pybind11.h>

namespace noise_python {

void bind_preset(pybind11::module_& m);
void bind_render(pybind11::module_& m);
void bind_export(pybind11::module_& m);
void bind_shader(pybind11::module_& m);
void bind_quantize(pybind11::module_& m);

}  // namespace noise_python
