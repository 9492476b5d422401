// app/core/tiling_check.hpp: will an export with `tile` set repeat without a seam?
//
// With `tile` = P the noise repeats every P lattice cells on every axis (y: tile_y's, when set). An image
// repeats seamlessly only if it spans a whole number of those periods across and down. By the pixel model of
// noise/render.hpp a W x H image spans `frequency` cells across and `frequency * H / W` cells down, whatever
// the offsets. So:
//     frequency 8, tile 4, 1024x1024   ->  8 x 8 cells = 2 x 2 tiles            tiles
//     frequency 6, tile 4, 1024x1024   ->  6 x 6 cells = 1.5 x 1.5 tiles        seam
//     frequency 8, tile 4, 1920x1080   ->  8 x 4.5 cells = 2 x 1.125 tiles      seam at the bottom
// The command line prints the warning and still writes the file (a seam may be wanted); the
// export dialog shows it before the user presses Export.
#pragma once

#include <string>

#include "core/image_size.hpp"
#include "noise/params.hpp"

namespace app {

// How many tiles the image spans across and down, and whether each is a whole number (at least
// one). With tiling off, or an empty size, there is nothing to wrap: both count as whole.
struct TileSpan {
    double across = 0.0, down = 0.0;
    bool whole_across = true, whole_down = true;
    bool seamless() const { return whole_across && whole_down; }
};
TileSpan tile_span(const noise::Params& params, ImageSize size);

// Empty when tiling is off or the image repeats seamlessly; else one line saying how many tiles
// the image spans and what would make it whole.
std::string tiling_warning(const noise::Params& params, ImageSize size);

}  // namespace app
