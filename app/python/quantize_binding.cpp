// noise_explorer.quantize16: raw values to the program's 16-bit samples, bit for bit.
//
//     raw = noise_explorer.render(preset, 1024, 1024, dtype=numpy.float32)
//     q = noise_explorer.quantize16(preset, raw)        # uint16: the png16 / r16 export's samples
//     q.astype("<u2").tofile("out.r16")                  # the r16 file's bytes
//
// The program maps its float samples (never the float64 ones: a float64 value just below a
// rounding edge can round the other way than its float) through app/core/value_mapping.hpp:
// gray16 = floor(clamp((raw - lo) / (hi - lo), 0, 1) * 65535 + 0.5), with the range of the
// preset's view mapping. quantize16 rounds float64 input to float first and calls the same
// row function (to_gray16_row), so its samples are the export's.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "bindings.hpp"
#include "core/preset.hpp"
#include "core/value_mapping.hpp"

namespace py = pybind11;

namespace noise_python {
namespace {

using Floats = py::array_t<float, py::array::c_style | py::array::forcecast>;

py::array_t<std::uint16_t> quantize16(const app::Preset& preset, const Floats& values,
                                      const std::optional<std::tuple<double, double>>& range_in) {
    const std::span<const float> raw(values.data(), static_cast<std::size_t>(values.size()));
    noise::Range range = noise::nominal_range(preset.params);
    if (range_in) {
        range = {std::get<0>(*range_in), std::get<1>(*range_in)};
        if (!std::isfinite(range.lo) || !std::isfinite(range.hi) || range.lo > range.hi)
            throw std::invalid_argument("range: (" + std::to_string(range.lo) + ", " +
                                        std::to_string(range.hi) +
                                        ") is not allowed: expected finite (lo, hi) with lo <= hi");
    } else if (preset.view.mapping == app::Mapping::stretch && !raw.empty()) {
        const auto [lo, hi] = std::minmax_element(raw.begin(), raw.end());
        range               = {*lo, *hi};  // the whole image's min and max, as the export measures them
    }
    std::vector<py::ssize_t> shape(values.shape(), values.shape() + values.ndim());
    py::array_t<std::uint16_t> out(shape);
    app::to_gray16_row(raw, range, std::span<std::uint16_t>(out.mutable_data(), raw.size()));
    return out;
}

}  // namespace

void bind_quantize(py::module_& m) {
    m.def("quantize16", &quantize16, py::arg("preset"), py::arg("values"), py::kw_only(),
          py::arg("range") = py::none(),
          R"(Raw values (render()'s, any shape) as the program's 16-bit samples, uint16 of the same shape:
what png16 (big-endian in the file) and r16 (little-endian) exports hold, bit for bit. float64
values are rounded to float32 first, as the program's samples are. The range is the preset's
view mapping: "fixed" its nominal range (nominal_range), "stretch" the min and max of `values`
(pass the whole image, or range=(lo, hi) measured over it, for a window of a stretched export).)");
}

}  // namespace noise_python
