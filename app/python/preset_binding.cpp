// noise_explorer.Preset: every setting of a picture, as the program's presets hold them.
//
//     p = noise_explorer.Preset.load("clouds")         # a shipped preset, a .json or an exported PNG
//     p.octaves = 6; p["view.ramp"] = "terrain"        # checked like --set; ValueError naming the key
//     text = p.to_json(); q = noise_explorer.Preset.from_json(text)
//
// The class wraps app::Preset itself; loading, JSON and key access call app/core's functions
// (preset.hpp) and preset_keys.hpp, so a preset means the same picture in Python and in the
// program, and every refusal reads the same.
#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "bindings.hpp"
#include "core/preset.hpp"
#include "core/view_keys.hpp"
#include "installed_presets.hpp"
#include "noise/placement.hpp"
#include "preset_keys.hpp"

namespace py = pybind11;

namespace noise_python {
namespace {

// A str or an os.PathLike, as open() takes it.
std::filesystem::path path_of(py::handle path) {
    return py::module_::import("os").attr("fspath")(path).cast<std::string>();
}

// Attribute names Python itself looks for (__array__, _repr_html_, ...) must fail the ordinary
// way, or NumPy and IPython would see a ValueError where they probe.
bool is_python_name(std::string_view name) { return name.starts_with("_"); }

// Pickling (multiprocessing, Dask, distributed): the preset's JSON and the samples of every heightmap
// layer that has them, so a worker needs none of the files: (json, [(name, width, height,
// float32 bytes), ...]). The JSON names each file by its absolute path; unpickling hands the
// kept samples back by that name.
py::tuple preset_state(const app::Preset& preset) {
    py::list maps;
    for (const noise::StackLayer& layer : preset.params.stack)
        if (const auto& samples = layer.heightmap_image.samples)
            maps.append(py::make_tuple(layer.heightmap, samples->width, samples->height,
                                       py::bytes(reinterpret_cast<const char*>(samples->values.data()),
                                                 samples->values.size() * sizeof(float))));
    return py::make_tuple(app::preset_to_json(preset), maps);
}

app::Preset preset_from_state(const py::tuple& state) {
    if (state.size() != 2) throw std::invalid_argument("Preset: the pickled state is not (json, heightmaps)");
    std::map<std::string, noise::HeightSamples> maps;
    for (const auto& item : state[1].cast<py::list>()) {
        const auto [name, width, height, bytes] = item.cast<std::tuple<std::string, int, int, std::string>>();
        noise::HeightSamples samples{width, height, std::vector<float>(bytes.size() / sizeof(float))};
        std::memcpy(samples.values.data(), bytes.data(), samples.values.size() * sizeof(float));
        maps[name] = std::move(samples);
    }
    return app::parse_preset_json(
        state[0].cast<std::string>(), "<pickled Preset>", {}, [&maps](const std::filesystem::path& file) {
            const auto found = maps.find(file.string());
            if (found == maps.end()) throw app::PresetError(file.string() + ": not in the pickled preset");
            return found->second;
        });
}

}  // namespace

void bind_preset(py::module_& m) {
    // UnknownKey: ValueError as the issue asks, AttributeError so that hasattr() and getattr()
    // with a default work, KeyError for code that treats a preset as a mapping.
    static py::handle unknown_key_type =
        PyErr_NewExceptionWithDoc("noise_explorer.UnknownKeyError",
                                  "A name that is no key of a preset (the message suggests the nearest).",
                                  py::make_tuple(py::handle(PyExc_ValueError),
                                                 py::handle(PyExc_AttributeError), py::handle(PyExc_KeyError))
                                      .release()
                                      .ptr(),
                                  nullptr);
    m.attr("UnknownKeyError") = unknown_key_type;
    py::register_exception_translator([](std::exception_ptr failure) {
        try {
            if (failure) std::rethrow_exception(failure);
        } catch (const UnknownKey& error) {
            PyErr_SetString(unknown_key_type.ptr(), error.what());
        } catch (const app::PresetError& error) {
            PyErr_SetString(PyExc_ValueError, error.what());
        }
    });

    py::class_<app::Preset>(m, "Preset",
                            R"(Every setting of a picture: the noise parameters, the shaping stage,
the mask field and the view settings, as the program's presets hold them.

Preset() holds the defaults; Preset(octaves=6, algorithm="simplex") sets keys as it goes.
Keys are read and written as attributes (p.octaves) or items (p["view.ramp"], p["mask.octaves"]);
a refused value raises ValueError with the program's one-line message and leaves the preset unchanged.)")
        .def(py::init([](const py::kwargs& keys) {
                 app::Preset preset;
                 for (const auto& [key, value] : keys) set_key(preset, key.cast<std::string>(), value);
                 return preset;
             }),
             "The defaults, then each keyword as a key.")
        .def_static(
            "load", [](py::handle path) { return app::load_preset(resolve_preset(path_of(path).string())); },
            py::arg("path"),
            "A preset .json, a PNG this program exported, or a shipped preset's name (\"clouds\").")
        .def_static(
            "from_json",
            [](std::string_view text, std::string_view source) {
                return app::parse_preset_json(text, source);
            },
            py::arg("text"), py::arg("source") = "<json>",
            "Parses preset JSON; `source` starts every error message.")
        .def("to_json", &app::preset_to_json, "Pretty JSON with every key, as the program saves presets.")
        .def(
            "save",
            [](const app::Preset& preset, py::handle path, bool overwrite) {
                app::save_preset(preset, path_of(path), overwrite);
            },
            py::arg("path"), py::kw_only(), py::arg("overwrite") = false,
            "Writes the JSON atomically; an existing file only with overwrite=True.")
        .def(
            "place_in_world",
            [](app::Preset& preset) {
                if (auto error = noise::place_in_world(preset.params); !error.empty())
                    throw py::value_error(error);
            },
            "Converts a preset placed in its frame to placement \"world\" with the same picture "
            "(noise/placement.hpp): shapes, heightmaps and field frequencies in noise units, so every "
            "window of the world agrees. ValueError (one line) when it is already in the world or a "
            "converted value leaves its range; the preset is then unchanged.")
        .def("keys", &preset_keys, "Every key, in the order presets list them.")
        .def("__getitem__", &get_key)
        .def("__setitem__", &set_key)
        .def("__contains__",
             [](const app::Preset& preset, std::string_view key) {
                 if (key.starts_with("view.")) return app::find_view_key(key.substr(5)) != nullptr;
                 const auto keys = preset_keys(preset);
                 return std::find(keys.begin(), keys.end(), key) != keys.end();
             })
        .def("__getattr__",
             [](const app::Preset& preset, std::string_view name) {
                 if (is_python_name(name)) throw py::attribute_error(std::string(name));
                 return get_key(preset, name);
             })
        .def("__setattr__",
             [](app::Preset& preset, std::string_view name, py::handle value) {
                 if (is_python_name(name)) throw py::attribute_error(std::string(name));
                 set_key(preset, name, value);
             })
        .def("__dir__",
             [](const app::Preset& preset) {
                 auto names = preset_keys(preset);
                 for (const char* method :
                      {"load", "from_json", "to_json", "save", "keys", "copy", "place_in_world"})
                     names.emplace_back(method);
                 return names;
             })
        .def(py::pickle(&preset_state, &preset_from_state))
        .def("copy", [](const app::Preset& preset) { return preset; })
        .def("__copy__", [](const app::Preset& preset) { return preset; })
        .def("__deepcopy__", [](const app::Preset& preset, py::handle) { return preset; })
        .def(py::self == py::self)
        .def("__repr__", [](const app::Preset& preset) {
            return "<noise_explorer.Preset " +
                   (preset.name.empty() ? std::string("(unnamed)") : preset.name) + ": " +
                   std::string(noise::algorithm_names[static_cast<std::size_t>(preset.params.algorithm)]) +
                   ", " + std::to_string(preset.params.octaves) + " octaves>";
        });
}

}  // namespace noise_python
