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
    const noise::RowSpec spec = noise::pixel_row(params, image_width, y, x0);
    noise::value_gradient_row(noise, spec, spec.x_step, value, gx, gy);  // the step: a pixel's size
}

}  // namespace app
