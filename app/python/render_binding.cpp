// noise_explorer.render, render_bands, value_gradient, sample, sample_gradient: the field into
// NumPy arrays of float64 (field_rows.hpp computes them; interruptible.hpp keeps Ctrl+C working).
//
//     a = noise_explorer.render(preset, 512, 512)                  # shape (512, 512), a[py, px]
//     a = noise_explorer.render(preset, 4096, 4096, region=(0, 0, 256, 256), threads=2)
//     for y0, band in noise_explorer.render_bands(preset, 16384, 16384, rows=256): ...
//     v = noise_explorer.sample(preset, points)                    # points: (N, D), D = 1..4
//
// Every array is freshly allocated, C-contiguous, float64; the GIL is released while it fills.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <tuple>

#include "bindings.hpp"
#include "checked_int.hpp"
#include "core/preset.hpp"
#include "field_rows.hpp"
#include "interruptible.hpp"
#include "noise/simulated_field.hpp"
#include "simulation_cache.hpp"

namespace py = pybind11;

namespace noise_python {
namespace {

using Window =
    std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t>;  // x0, y0, x1, y1, end exclusive
using Points = py::array_t<double, py::array::c_style | py::array::forcecast>;

// Below this many pixels or points a job runs on the calling thread (interruptible.hpp).
constexpr std::size_t small_job = 1u << 14;

noise::Region region_of(int width, int height, const std::optional<Window>& window) {
    noise::Region region = noise::Region::full(width, height);
    if (window) {
        const auto corner = [](std::int64_t value, std::string_view name) {
            return checked_int(value, name, 0, "a pixel index from 0 to 2147483647");
        };
        region.x0 = corner(std::get<0>(*window), "region x0");
        region.y0 = corner(std::get<1>(*window), "region y0");
        region.x1 = corner(std::get<2>(*window), "region x1");
        region.y1 = corner(std::get<3>(*window), "region y1");
    }
    if (auto error = noise::validate(region); !error.empty()) throw std::invalid_argument(error);
    return region;
}

unsigned threads_of(std::int64_t threads) {
    if (threads < 0 || threads > std::numeric_limits<int>::max())
        throw std::invalid_argument(
            "threads: '" + std::to_string(threads) +
            "' is not allowed: expected 0 (one per hardware thread) or a positive count");
    return static_cast<unsigned>(threads);
}

using Size = std::tuple<std::int64_t, std::int64_t>;  // width, height

// Where erosion.method = simulate runs when no image is given (sample, sample_gradient), as
// `noise-explorer sample` does.
constexpr Size default_simulated_size{noise::default_simulated_side, noise::default_simulated_side};

// The noise of a preset on a width x height image, after the rules that join keys (tiling needs
// an integer lacunarity...). erosion.method = simulate first simulates the whole image
// (simulated_field.hpp), off the GIL and stopped by Ctrl+C; the field is then its result, kept
// for the next call with the same settings and size (simulation_cache.hpp).
std::shared_ptr<const noise::FractalNoise> noise_of(const app::Preset& preset, int width, int height,
                                                    unsigned threads) {
    if (auto error = noise::validate(preset.params); !error.empty()) throw std::invalid_argument(error);
    if (preset.params.erosion_method != noise::ErosionMethod::simulate)
        return std::make_shared<const noise::FractalNoise>(preset.params);
    if (auto kept = simulation_cache().find(preset.params, width, height)) return kept;
    std::optional<noise::SimulatedField> simulated;
    run_interruptible([&](const std::atomic<bool>& cancel) {
        noise::SimulationControl control;
        control.threads = threads;
        control.cancel  = &cancel;
        simulated       = noise::simulate_field(preset.params, width, height, control);
    });
    auto field = std::make_shared<const noise::FractalNoise>(simulated.value().params);
    simulation_cache().keep(preset.params, width, height, field);
    return field;
}

py::array_t<double> render_region(const noise::FractalNoise& noise, const noise::Region& region,
                                  unsigned threads) {
    py::array_t<double> out({region.rows(), region.columns()});
    double* data = out.mutable_data();
    run_interruptible(
        [&](const std::atomic<bool>& cancel) { fill_grid(noise, region, data, threads, cancel); },
        region.pixel_count() < small_job);
    return out;
}

// The array render() fills: `out` when given (checked: C-contiguous, writeable, the window's
// shape, float32 or float64, the dtype when one is asked for too), else a new one of `dtype`
// (float64 unless asked). Every refusal is one line.
py::array output_of(const noise::Region& region, const py::object& dtype, const py::object& out) {
    const auto float32 = py::dtype::of<float>(), float64 = py::dtype::of<double>();
    const auto named = [](const py::handle& value) { return py::repr(value).cast<std::string>(); };
    std::optional<py::dtype> wanted;
    if (!dtype.is_none()) {
        const auto given = py::dtype::from_args(dtype);
        if (!given.equal(float32) && !given.equal(float64))
            throw std::invalid_argument("dtype: " + named(dtype) +
                                        " is not allowed: expected numpy.float32 or numpy.float64");
        wanted = given;
    }
    if (out.is_none()) return py::array(wanted.value_or(float64), {region.rows(), region.columns()});
    if (!py::isinstance<py::array>(out))
        throw std::invalid_argument("out: " + named(py::type::of(out)) +
                                    " is not allowed: expected a numpy array");
    auto array              = py::reinterpret_borrow<py::array>(out);
    const std::string shape = named(out.attr("shape"));
    if (!array.dtype().equal(float32) && !array.dtype().equal(float64))
        throw std::invalid_argument("out: an array of " + named(array.dtype()) +
                                    " is not allowed: expected float32 or float64");
    if (wanted && !array.dtype().equal(*wanted))
        throw std::invalid_argument("out: an array of " + named(array.dtype()) +
                                    " is not allowed with dtype " + named(dtype) +
                                    ": expected the same type");
    if (array.ndim() != 2 || array.shape(0) != region.rows() || array.shape(1) != region.columns())
        throw std::invalid_argument("out: an array of shape " + shape + " is not allowed: expected (" +
                                    std::to_string(region.rows()) + ", " + std::to_string(region.columns()) +
                                    "), (rows, columns) of the window");
    if (!(array.flags() & py::array::c_style) || !array.writeable())
        throw std::invalid_argument("out: the array is not allowed: expected a C-contiguous, writeable one");
    return array;
}

py::array render(const app::Preset& preset, std::int64_t width_in, std::int64_t height_in,
                 const std::optional<Window>& window, std::int64_t threads, const py::object& dtype,
                 const py::object& out) {
    const int width      = checked_side(width_in, "width");
    const int height     = checked_side(height_in, "height");
    const auto region    = region_of(width, height, window);
    const unsigned count = threads_of(threads);
    py::array result     = output_of(region, dtype, out);
    const auto noise     = noise_of(preset, width, height, count);
    void* data           = result.mutable_data();
    const bool float32   = result.dtype().equal(py::dtype::of<float>());
    run_interruptible(
        [&](const std::atomic<bool>& cancel) {
            if (float32)
                fill_grid(*noise, region, static_cast<float*>(data), count, cancel);
            else
                fill_grid(*noise, region, static_cast<double*>(data), count, cancel);
        },
        region.pixel_count() < small_job);
    return result;
}

// The rows of an image a band at a time, so that a caller never holds more than one band.
class Bands {
  public:
    Bands(const app::Preset& preset, std::int64_t width, std::int64_t height, std::int64_t rows,
          const std::optional<Window>& window, std::int64_t threads)
        : region_(region_of(checked_side(width, "width"), checked_side(height, "height"), window)),
          threads_(threads_of(threads)),
          rows_(checked_int(rows, "rows", 1, "a positive number of rows per band")),
          next_(region_.y0) {
        noise_ = noise_of(preset, region_.width, region_.height, threads_);  // a simulation runs once, here
    }

    // (y0, band): the band's first row in the full image and its values, shape (rows, columns).
    std::tuple<int, py::array_t<double>> next() {
        if (next_ >= region_.y1) throw py::stop_iteration();
        noise::Region band = region_;
        band.y0            = next_;
        band.y1            = std::min(next_ + rows_, region_.y1);
        next_              = band.y1;
        return {band.y0, render_region(*noise_, band, threads_)};
    }

    std::size_t size() const { return static_cast<std::size_t>((region_.rows() + rows_ - 1) / rows_); }

  private:
    noise::Region region_;
    std::shared_ptr<const noise::FractalNoise> noise_;
    unsigned threads_;
    int rows_;
    int next_;
};

// Checks an (N, D) array of points: 1 <= D <= 4, every coordinate finite.
std::size_t check_points(const Points& points) {
    if (points.ndim() != 2 || points.shape(1) < 1 || points.shape(1) > 4)
        throw std::invalid_argument(
            "points: an array of shape " +
            py::repr(
                py::tuple(py::cast(std::vector<py::ssize_t>(points.shape(), points.shape() + points.ndim()))))
                .cast<std::string>() +
            " is not allowed: expected shape (N, D), one point x [y [z [w]]] per row, D "
            "from 1 to 4");
    const double* data = points.data();
    for (py::ssize_t i = 0; i < points.size(); ++i)
        if (!std::isfinite(data[i]))
            throw std::invalid_argument("points: row " + std::to_string(i / points.shape(1)) +
                                        " holds a coordinate that is not finite: expected finite numbers");
    return static_cast<std::size_t>(points.shape(0));
}

py::array_t<double> sample(const app::Preset& preset, const Points& points, std::int64_t threads,
                           const Size& size) {
    const std::size_t count = check_points(points);
    const unsigned workers  = threads_of(threads);
    const auto noise        = noise_of(preset, checked_side(std::get<0>(size), "size width"),
                                       checked_side(std::get<1>(size), "size height"), workers);
    py::array_t<double> out(static_cast<py::ssize_t>(count));
    double* data         = out.mutable_data();
    const double* source = points.data();
    const int stride     = static_cast<int>(points.shape(1));
    run_interruptible(
        [&](const std::atomic<bool>& cancel) {
            fill_points(*noise, source, count, stride, data, workers, cancel);
        },
        count < small_job);
    return out;
}

std::tuple<py::array_t<double>, py::array_t<double>> value_gradient(const app::Preset& preset,
                                                                    std::int64_t width_in,
                                                                    std::int64_t height_in,
                                                                    const std::optional<Window>& window,
                                                                    std::int64_t threads) {
    const int width        = checked_side(width_in, "width");
    const int height       = checked_side(height_in, "height");
    const auto region      = region_of(width, height, window);
    const unsigned workers = threads_of(threads);
    const auto noise       = noise_of(preset, width, height, workers);
    py::array_t<double> values({region.rows(), region.columns()});
    py::array_t<double> gradient({region.rows(), region.columns(), preset.params.dimension});
    double* value_data    = values.mutable_data();
    double* gradient_data = gradient.mutable_data();
    run_interruptible(
        [&](const std::atomic<bool>& cancel) {
            fill_grid_gradient(*noise, region, value_data, gradient_data, workers, cancel);
        },
        region.pixel_count() < small_job / 16);
    return {values, gradient};
}

std::tuple<py::array_t<double>, py::array_t<double>> sample_gradient(const app::Preset& preset,
                                                                     const Points& points, double step,
                                                                     std::int64_t threads, const Size& size) {
    const std::size_t count = check_points(points);
    if (!(step > 0.0) || !std::isfinite(step))
        throw std::invalid_argument("step: '" + py::repr(py::float_(step)).cast<std::string>() +
                                    "' is not allowed: expected a positive finite spacing");
    const unsigned workers = threads_of(threads);
    const auto noise       = noise_of(preset, checked_side(std::get<0>(size), "size width"),
                                      checked_side(std::get<1>(size), "size height"), workers);
    const auto dimension   = static_cast<py::ssize_t>(preset.params.dimension);
    py::array_t<double> values(static_cast<py::ssize_t>(count));
    py::array_t<double> gradient({static_cast<py::ssize_t>(count), dimension});
    double* value_data    = values.mutable_data();
    double* gradient_data = gradient.mutable_data();
    const double* source  = points.data();
    const int stride      = static_cast<int>(points.shape(1));
    run_interruptible(
        [&](const std::atomic<bool>& cancel) {
            fill_points_gradient(*noise, source, count, stride, step, value_data, gradient_data, workers,
                                 cancel);
        },
        count < small_job / 16);
    return {values, gradient};
}

}  // namespace

void bind_render(py::module_& m) {
    m.def("render", &render, py::arg("preset"), py::arg("width"), py::arg("height"), py::kw_only(),
          py::arg("region") = py::none(), py::arg("threads") = 0, py::arg("dtype") = py::none(),
          py::arg("out") = py::none(),
          R"(The raw field of a width x height image, shape (rows, columns), float64: a[py, px] is the
value at noise::pixel_point, x = offset_x + (px + 0.5) * frequency / width, y likewise (square
pixels, row 0 at the top), what `noise-explorer sample` prints for that point. region=(x0, y0,
x1, y1) renders that window of the full image (end exclusive). threads=0: one per hardware
thread; the values are the same for every count. Ctrl+C raises KeyboardInterrupt. With
erosion.method = simulate the whole width x height image is simulated first, as an export of
that size does (a region is a window of that one result). dtype=numpy.float32 gives the library's
float samples, the r32 export's bit for bit (float32 of the float64 values); out= an existing
C-contiguous float32 or float64 array of shape (rows, columns) to fill and return instead of a new one.)");
    m.def(
        "simulations_kept", [] { return simulation_cache().size(); },
        R"(How many simulated fields (erosion.method = simulate) the process keeps for later calls: each
render, render_bands, value_gradient, sample and sample_gradient of a preset with the same settings
and the same simulated width x height reads the kept field instead of simulating again (the same
bits: the field depends on neither the threads nor the region). At most 8 fields and 256 MiB of
their heights (4 bytes a pixel), the least recently used dropped first.)");
    m.def(
        "forget_simulations", [] { simulation_cache().clear(); },
        "Drops every simulated field simulations_kept counts, and the memory they hold.");
    py::class_<Bands>(m, "RenderBands", "The iterator render_bands returns: (y0, band) pairs.")
        .def("__iter__", [](Bands& bands) -> Bands& { return bands; })
        .def("__next__", &Bands::next)
        .def("__len__", &Bands::size);
    m.def(
        "render_bands",
        [](const app::Preset& preset, std::int64_t width, std::int64_t height, std::int64_t rows,
           const std::optional<Window>& window,
           std::int64_t threads) { return Bands(preset, width, height, rows, window, threads); },
        py::arg("preset"), py::arg("width"), py::arg("height"), py::kw_only(), py::arg("rows") = 256,
        py::arg("region") = py::none(), py::arg("threads") = 0,
        R"(render() a band of `rows` rows at a time: yields (y0, band), band = rows y0 .. y0 + len(band) - 1
of the full image (or of the region's columns), each band rendered only when asked for. For images
too large to hold: a 16384 x 16384 image of float64 is 2 GiB, a band of 256 rows 32 MiB.)");
    m.def("value_gradient", &value_gradient, py::arg("preset"), py::arg("width"), py::arg("height"),
          py::kw_only(), py::arg("region") = py::none(), py::arg("threads") = 0,
          R"((values, gradient) at render()'s pixels: values as render() gives them (bit for bit), gradient
of shape (rows, columns, dimension): d value / d x, d y, ... in noise space (multiply by
frequency / width for the change per pixel). From the reference on dual numbers: exact where the
curve is smooth; white noise takes central differences over one pixel. Slower than render().)");
    m.def("sample", &sample, py::arg("preset"), py::arg("points"), py::kw_only(), py::arg("threads") = 0,
          py::arg("size") = default_simulated_size,
          R"(The raw field at each point of an (N, D) array (D = 1..4: x [y [z [w]]], missing ones 0), in
noise space as `noise-explorer sample` reads them (frequency and offsets not applied). Returns
shape (N,), float64, the values `sample` prints, bit for bit. With erosion.method = simulate,
the points read the simulation of a size=(width, height) image of the frame, 1024 x 1024 unless
given, as `sample --size` does.)");
    m.def(
        "nominal_range",
        [](const app::Preset& preset) {
            const noise::Range range = noise::nominal_range(preset.params);
            return std::make_tuple(range.lo, range.hi);
        },
        py::arg("preset"),
        "(lo, hi): the raw range the program's fixed mapping takes to 0 and 1 ([-1, 1] for fbm, [0, 1] for "
        "turbulence and ridged, wider without normalize).");
    m.def("sample_gradient", &sample_gradient, py::arg("preset"), py::arg("points"), py::kw_only(),
          py::arg("step") = 1e-3, py::arg("threads") = 0, py::arg("size") = default_simulated_size,
          R"((values, gradient) at the points of an (N, D) array: values as sample(), gradient (N, dimension)
d value / d point. `step` is the finite-difference spacing, used by white noise only.)");
}

}  // namespace noise_python
