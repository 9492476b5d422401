// FieldRow: value_gradient_row over an export's pixels: see field_row.hpp.
#include "core/field_row.hpp"

#include "noise/render.hpp"
#include "noise/trace.hpp"

namespace app {

void FieldRow::read(const noise::FractalNoise& noise, int image_width, int x0, int count, int y) {
    const noise::Params& params = noise.params();
    value.resize(static_cast<std::size_t>(count));
    gx.resize(value.size());
    gy.resize(value.size());
    const double pixel = params.frequency / image_width;  // a pixel's size in noise units
    const noise::RowSpec spec{params.offset_x, pixel, x0, noise::pixel_point(params, image_width, 0, y)[1]};
    noise::value_gradient_row(noise, spec, pixel, value, gx, gy);
}

}  // namespace app
