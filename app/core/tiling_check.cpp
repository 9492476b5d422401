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
    const double period = params.tile;
    span.across         = params.frequency / period;
    span.down           = params.frequency * size.height / size.width / period;
    span.whole_across   = whole(span.across) && span.across >= 1.0 - 1e-9;
    span.whole_down     = whole(span.down) && span.down >= 1.0 - 1e-9;
    return span;
}

std::string tiling_warning(const noise::Params& params, ImageSize size) {
    const TileSpan span = tile_span(params, size);
    if (span.seamless()) return {};
    std::string fix;
    if (!span.whole_across) fix = "set frequency to a multiple of " + number(params.tile);
    // A square image spans as many cells down as across: only a non-square one has a second cause.
    if (!span.whole_down && size.width != size.height) {
        if (!fix.empty()) fix += " and ";
        fix += "use a square size";
    }
    return "this image will not tile: it spans " + number(span.across) + " x " + number(span.down) +
           " tiles of " + number(params.tile) + " cells (frequency " + number(params.frequency) + ", " +
           std::to_string(size.width) + "x" + std::to_string(size.height) + "); " + fix;
}

}  // namespace app
