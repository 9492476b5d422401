// Whole tiles across and down, or a one-line warning.
#include "core/tiling_check.hpp"

#include <cmath>
#include <cstdio>

namespace app {
namespace {

// Spans are computed in doubles from exact inputs (an integer period, a typed frequency); a
// relative tolerance absorbs the last-bit error of frequency * H / W.
bool whole(double tiles) { return std::abs(tiles - std::round(tiles)) <= 1e-9 * std::max(1.0, std::abs(tiles)); }

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

}  // namespace

std::string tiling_warning(const noise::Params& params, ImageSize size) {
    if (params.tile == 0 || size.width <= 0 || size.height <= 0) return {};
    const double period = params.tile;
    const double across = params.frequency / period;
    const double down = params.frequency * size.height / size.width / period;
    if (whole(across) && whole(down) && across >= 1.0 - 1e-9 && down >= 1.0 - 1e-9) return {};
    std::string fix;
    if (!whole(across) || across < 1.0)
        fix = "set frequency to a multiple of " + number(period);
    // A square image spans as many cells down as across: only a non-square one has a second cause.
    if ((!whole(down) || down < 1.0) && size.width != size.height) {
        if (!fix.empty()) fix += " and ";
        fix += "use a square size";
    }
    return "this image will not tile: it spans " + number(across) + " x " + number(down) + " tiles of " +
           number(period) + " cells (frequency " + number(params.frequency) + ", " + std::to_string(size.width) + "x" +
           std::to_string(size.height) + "); " + fix;
}

}  // namespace app
