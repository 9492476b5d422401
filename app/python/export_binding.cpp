// noise_explorer.export: a preset to an image file through the program's own export
// (app::export_image: rendered in bands, written to a temporary file and renamed into place).
//
//     noise_explorer.export(preset, "height.png", size="unreal-1009", format="png16")
//     noise_explorer.export(preset, "h.r32", size=(512, 512), format="r32", values="raw", overwrite=True)
//     noise_explorer.export(preset, "kept.png")        # the size the preset keeps (view.export_size)
//
// Arguments mean what `noise-explorer export`'s options mean (docs/cli.md); refused ones raise
// ValueError with the same words, an existing file FileExistsError, anything else the export
// reports ExportError (a RuntimeError) naming the file or the setting. Ctrl+C cancels the
// export (no file is left behind) and raises KeyboardInterrupt.
#include <pybind11/stl.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <variant>

#include "bindings.hpp"
#include "core/export_image.hpp"
#include "core/image_size.hpp"
#include "core/shown_text.hpp"
#include "core/view_keys.hpp"
#include "interruptible.hpp"

namespace py = pybind11;

namespace noise_python {
namespace {

// Every count as std::int64_t: any Python int reaches the one-line checks of parse_image_size
// and parse_region (checked_int.hpp says why).
using Size = std::variant<std::tuple<std::int64_t, std::int64_t>, std::string>;

std::string joined(std::span<const std::string_view> names) {
    std::string text;
    for (const auto name : names) text += (text.empty() ? "" : ", ") + std::string(name);
    return text;
}

// The size asked for, else the one the preset keeps (view.export_size), as the CLI's --size.
// `windowed`: a region cuts a window of the image, which may then be larger than one file.
app::ImageSize size_of(const std::optional<Size>& size, const app::Preset& preset, bool windowed) {
    const std::string kept = app::format_export_size(preset.view);  // "" when none is kept
    if (!size && kept.empty())
        throw std::invalid_argument(
            "size is required (the preset keeps no view.export_size): expected \"WxH\", (w, h) or a "
            "name like \"unreal-1009\"");
    const std::string text = !size ? kept
                             : std::holds_alternative<std::string>(*size)
                                 ? std::get<std::string>(*size)
                                 : std::to_string(std::get<0>(std::get<0>(*size))) + "x" +
                                       std::to_string(std::get<1>(std::get<0>(*size)));
    const auto parsed      = app::parse_export_size(text, windowed);
    if (!parsed.size) throw std::invalid_argument(parsed.error);
    return *parsed.size;
}

py::dict export_preset(
    const app::Preset& preset, py::handle path, const std::optional<Size>& size, std::string_view format,
    std::optional<std::string_view> values,
    const std::optional<std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t>>& window,
    bool overwrite, std::int64_t threads) {
    app::ExportRequest request;
    request.size             = size_of(size, preset, window.has_value());
    const auto parsed_format = app::parse_export_format(format);
    if (!parsed_format)
        throw std::invalid_argument("format: " + app::shown(format) + " is not a format: expected one of " +
                                    joined(app::export_format_names));
    request.format = *parsed_format;
    if (values) {
        const auto parsed_values = app::parse_float_values(*values);
        if (!parsed_values)
            throw std::invalid_argument("values: " + app::shown(*values) +
                                        " is not allowed: expected one of " +
                                        joined(app::float_values_names));
        if (!app::is_float_format(request.format))
            throw std::invalid_argument("values: only the float formats r32 and exr32 take it, not format " +
                                        std::string(format));
        request.float_values = *parsed_values;
    }
    request.path      = py::module_::import("os").attr("fspath")(path).cast<std::string>();
    request.overwrite = overwrite;
    if (threads < 0 || threads > std::numeric_limits<int>::max())
        throw std::invalid_argument(
            "threads: '" + std::to_string(threads) +
            "' is not allowed: expected 0 (one per hardware thread) or a positive count");
    request.threads = static_cast<unsigned>(threads);
    if (window) {
        const auto [x0, y0, x1, y1] = *window;
        const auto parsed           = app::parse_region(std::to_string(x0) + "," + std::to_string(y0) + "," +
                                                            std::to_string(x1) + "," + std::to_string(y1),
                                                        request.size);
        if (!parsed.region) throw std::invalid_argument(parsed.error);
        request.region = parsed.region;
    }
    if (auto error = noise::validate(preset.params); !error.empty()) throw std::invalid_argument(error);
    if (auto error = app::export_window_problem(preset, request); !error.empty())
        throw std::invalid_argument(error);

    app::ExportResult result;
    run_interruptible(
        [&](const std::atomic<bool>& cancel) { result = app::export_image(preset, request, &cancel); });
    py::list files;
    for (const auto& file : result.files) files.append(py::str(file.string()));
    py::dict facts;
    facts["files"] = files;
    facts["range"] = py::make_tuple(result.range.lo, result.range.hi);
    return facts;
}

}  // namespace

void bind_export(py::module_& m) {
    static py::exception<app::ExportError> export_error(m, "ExportError", PyExc_RuntimeError);
    py::register_exception_translator([](std::exception_ptr failure) {
        try {
            if (failure) std::rethrow_exception(failure);
        } catch (const app::ExportError& error) {
            if (error.cause() == app::ExportError::Cause::exists)
                PyErr_SetString(PyExc_FileExistsError, error.what());
            else
                export_error(error.what());
        }
    });
    m.def("export", &export_preset, py::arg("preset"), py::arg("path"), py::kw_only(),
          py::arg("size") = py::none(), py::arg("format") = "png16", py::arg("values") = py::none(),
          py::arg("region") = py::none(), py::arg("overwrite") = false, py::arg("threads") = 0,
          R"(Exports the preset as `noise-explorer export` does: size "WxH", (w, h) or a named size
("unreal-1009"), by default the size the preset keeps (view.export_size); format png8, rgb8, png16, r16, normal8, r32 or exr32; values "unit" or "raw"
(r32 and exr32 only); region=(x0, y0, x1, y1) a window of the full image, which may then be up
to 2147483647 on a side (the window, one file, up to 16384 x 16384). Atomic: the file
appears complete or not at all. Returns {"files": [...], "range": (lo, hi)}.)");
}

}  // namespace noise_python
