// Whole tiles across and down, or a one-line warning.
#include "core/tiling_check.hpp"

#include <cmath>
#include <cstdio>

namespace app {
namespace {

// Spans are computed in doubles from exact inputs (an integer period, a typed frequency); a
// relative tolerance absorbs the last-bit error of frequency * H / W.
bool whole(double tiles) {
    return std::abs(tiles - std::round(tiles)) <= 1e-9 * std::max(1.0, std::abs(tiles));
}

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

}  // namespace

TileSpan tile_span(const noise::Params& params, ImageSize size) {
    TileSpan span;
    if (params.tile == 0 || size.width <= 0 || size.height <= 0) return span;
    span.across       = params.frequency / params.tile;
    span.down         = params.frequency * size.height / size.width / noise::tile_period_y(params);
    span.whole_across = whole(span.across) && span.across >= 1.0 - 1e-9;
    span.whole_down   = whole(span.down) && span.down >= 1.0 - 1e-9;
    return span;
}

std::string tiling_warning(const noise::Params& params, ImageSize size) {
    const TileSpan span = tile_span(params, size);
    if (span.seamless()) return {};
    std::string fix;
    if (!span.whole_across) fix = "set frequency to a multiple of " + number(params.tile);
    // The image spans frequency * H / W cells down: a whole number of y periods makes it tile.
    const double cells_down = params.frequency * size.height / size.width;
    if (!span.whole_down && size.width != size.height) {
        if (!fix.empty()) fix += " and ";
        fix += whole(cells_down) && cells_down >= 1.0
                   ? "set tile_y to a divisor of " + number(cells_down) + " (or use a square size)"
                   : "use a square size";
    }
    const std::string tiles = params.tile_y != 0 && params.tile_y != params.tile
                                  ? number(params.tile) + " x " + number(params.tile_y)
                                  : number(params.tile);
    return "this image will not tile: it spans " + number(span.across) + " x " + number(span.down) +
           " tiles of " + tiles + " cells (frequency " + number(params.frequency) + ", " +
           std::to_string(size.width) + "x" + std::to_string(size.height) + "); " + fix;
}

}  // namespace app
