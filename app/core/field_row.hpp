// app/core/field_row.hpp: the field along a row of an export's pixels, with its exact gradient,
// as the terrain outputs read it (the normal map, the masks, the weight maps).
//
//     FieldRow row;
//     row.read(noise, image_width, x0, count, y);  // pixels x0 .. x0 + count - 1 of row y
//     const std::array<double, 2> slope = row.slope(scale, i);
//
// value[i], gx[i] and gy[i] are value_gradient at pixel_point(params, image_width, x0 + i, y),
// bit for bit, read a row at a time (value_gradient_row: SIMD lanes where it can). For a white
// noise field, which has no gradient, they are finite differences over one pixel of the image:
// the slope a viewer sees. x0 may lie outside the image (a neighbour's pixel for curvature).
#pragma once

#include <array>
#include <vector>

#include "core/terrain_scale.hpp"
#include "noise/fractal.hpp"

namespace app {

struct FieldRow {
    std::vector<double> value, gx, gy;

    void read(const noise::FractalNoise& noise, int image_width, int x0, int count, int y);

    // Pixel i's slope in metres per metre (terrain_scale.hpp).
    std::array<double, 2> slope(const TerrainScale& scale, std::size_t i) const {
        return scale.slope(value[i], {gx[i], gy[i], 0.0, 0.0});
    }
};

}  // namespace app
