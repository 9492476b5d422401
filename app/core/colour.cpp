// Colour ramps as piecewise-linear stops, and a Lambertian hillshade.
#include "core/colour.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <vector>

#include "core/value_mapping.hpp"

namespace app {
namespace {

struct Stop {
    double t;
    double r, g, b;
};

constexpr Stop gray_stops[]    = {{0.0, 0, 0, 0}, {1.0, 255, 255, 255}};
constexpr Stop terrain_stops[] = {{0.00, 12, 32, 92},    {0.35, 28, 88, 168},   {0.46, 84, 156, 206},
                                  {0.47, 222, 210, 152}, {0.50, 176, 196, 110}, {0.56, 104, 164, 70},
                                  {0.66, 56, 116, 48},   {0.78, 118, 100, 80},  {0.90, 168, 160, 152},
                                  {1.00, 250, 250, 250}};
constexpr Stop ocean_stops[]   = {
      {0.0, 3, 10, 40}, {0.5, 10, 70, 140}, {0.8, 40, 150, 200}, {1.0, 190, 240, 255}};
constexpr Stop fire_stops[] = {{0.0, 0, 0, 0},       {0.3, 120, 10, 0},    {0.55, 220, 60, 0},
                               {0.75, 255, 160, 20}, {0.9, 255, 230, 120}, {1.0, 255, 255, 255}};
constexpr Stop sand_stops[] = {{0.0, 92, 52, 26},
                               {0.35, 170, 106, 56},
                               {0.65, 218, 168, 104},
                               {0.85, 240, 208, 150},
                               {1.0, 255, 240, 210}};
constexpr Stop ice_stops[]  = {
     {0.0, 5, 15, 45}, {0.4, 40, 90, 160}, {0.75, 150, 200, 235}, {1.0, 245, 252, 255}};
// Carrara: white stone, grey veins where the value is high (ridged crests).
constexpr Stop marble_stops[] = {{0.00, 248, 246, 242},
                                 {0.60, 236, 233, 228},
                                 {0.78, 198, 197, 198},
                                 {0.90, 122, 124, 132},
                                 {1.00, 62, 64, 74}};
// Growth rings: twelve bands over [0, 1], each pale early wood darkening into a thin line of late
// wood, so the isolines of a smooth field read as the rings of a sawn plank.
constexpr Stop wood_stops[] = {
    {0.0000, 224, 182, 128}, {0.0583, 204, 156, 100}, {0.0733, 140, 88, 46},   {0.0833, 224, 182, 128},
    {0.1417, 204, 156, 100}, {0.1567, 140, 88, 46},   {0.1667, 224, 182, 128}, {0.2250, 204, 156, 100},
    {0.2400, 140, 88, 46},   {0.2500, 224, 182, 128}, {0.3083, 204, 156, 100}, {0.3233, 140, 88, 46},
    {0.3333, 224, 182, 128}, {0.3917, 204, 156, 100}, {0.4067, 140, 88, 46},   {0.4167, 224, 182, 128},
    {0.4750, 204, 156, 100}, {0.4900, 140, 88, 46},   {0.5000, 224, 182, 128}, {0.5583, 204, 156, 100},
    {0.5733, 140, 88, 46},   {0.5833, 224, 182, 128}, {0.6417, 204, 156, 100}, {0.6567, 140, 88, 46},
    {0.6667, 224, 182, 128}, {0.7250, 204, 156, 100}, {0.7400, 140, 88, 46},   {0.7500, 224, 182, 128},
    {0.8083, 204, 156, 100}, {0.8233, 140, 88, 46},   {0.8333, 224, 182, 128}, {0.8917, 204, 156, 100},
    {0.9067, 140, 88, 46},   {0.9167, 224, 182, 128}, {0.9750, 204, 156, 100}, {0.9900, 140, 88, 46},
    {1.0000, 224, 182, 128}};
// matplotlib's viridis at ninths.
constexpr Stop viridis_stops[] = {{0.000, 68, 1, 84},    {0.125, 72, 40, 120},  {0.250, 62, 73, 137},
                                  {0.375, 49, 104, 142}, {0.500, 38, 130, 142}, {0.625, 31, 158, 137},
                                  {0.750, 53, 183, 121}, {0.875, 110, 206, 88}, {1.000, 253, 231, 37}};

std::span<const Stop> stops_of(Ramp ramp) {
    switch (ramp) {
        case Ramp::gray:
            return gray_stops;
        case Ramp::terrain:
            return terrain_stops;
        case Ramp::ocean:
            return ocean_stops;
        case Ramp::fire:
            return fire_stops;
        case Ramp::ice:
            return ice_stops;
        case Ramp::sand:
            return sand_stops;
        case Ramp::viridis:
            return viridis_stops;
        case Ramp::marble:
            return marble_stops;
        case Ramp::wood:
            return wood_stops;
    }
    return gray_stops;
}

std::array<double, 3> ramp_exact(std::span<const Stop> stops, double t) {
    t = std::clamp(t, 0.0, 1.0);
    // The first stop from the second on at or past t (the last if none): a binary search, as
    // the wood ramp has 37 stops.
    const auto past = std::lower_bound(stops.begin() + 1, stops.end() - 1, t,
                                       [](const Stop& stop, double value) { return stop.t < value; });
    const auto i    = static_cast<std::size_t>(past - stops.begin());
    const Stop& a   = stops[i - 1];
    const Stop& b   = stops[i];
    const double f  = b.t > a.t ? std::clamp((t - a.t) / (b.t - a.t), 0.0, 1.0) : 1.0;
    return {a.r + f * (b.r - a.r), a.g + f * (b.g - a.g), a.b + f * (b.b - a.b)};
}

// clamp(floor(v + 0.5), 0, 255): clamping first, the truncating cast is the floor (std::floor is a
// libm call per channel on baseline x86-64), and min/max compile to instructions, not branches
// the noise would mispredict.
std::uint8_t to_byte(double v) {
    const double r = std::min(std::max(v + 0.5, 0.0), 255.0);
    return static_cast<std::uint8_t>(static_cast<int>(r));
}

// 1 / d for the distance d (0, 1 or 2 pixels) a central difference spans, 0 when it spans none:
// a difference divided by 2 and multiplied by 0.5 are the same double, and the product is cheaper.
double inverse_distance(int d) { return d == 2 ? 0.5 : (d == 1 ? 1.0 : 0.0); }

}  // namespace

double ramp_position(const ViewSettings& view, double t) {
    constexpr double water_top = 0.46, land_bottom = 0.47;  // terrain_stops' shore
    const double sea = view.sea_level;
    if (view.ramp != Ramp::terrain || !(sea > 0.0 && sea < 1.0)) return t;
    if (t < sea) return water_top * std::max(t, 0.0) / sea;
    return land_bottom + (1.0 - land_bottom) * std::min((t - sea) / (1.0 - sea), 1.0);
}

std::array<std::uint8_t, 3> ramp_colour(Ramp ramp, double t) {
    const auto c = ramp_exact(stops_of(ramp), t);
    return {to_byte(c[0]), to_byte(c[1]), to_byte(c[2])};
}

void colourise_window(std::span<const float> raw, const BlockWindow& window, const ViewSettings& view,
                      noise::Range range, PixelBytes pixel, std::span<std::uint8_t> out) {
    const int block_width = window.block_width, block_height = window.block_height;
    const int x0 = window.x0, y0 = window.y0, out_width = window.width, out_height = window.height;
    const int channels = static_cast<int>(pixel);
    if (raw.size() != static_cast<std::size_t>(block_width) * static_cast<std::size_t>(block_height) ||
        x0 < 0 || y0 < 0 || x0 + out_width > block_width || y0 + out_height > block_height ||
        out.size() != static_cast<std::size_t>(out_width) * static_cast<std::size_t>(out_height) *
                          static_cast<std::size_t>(channels))
        throw std::invalid_argument("colourise: buffer sizes do not match");

    const auto stops = stops_of(view.ramp);
    // Each row's values mapped to [0, 1] once (a pixel's hillshade reads four neighbours): the
    // three rows y - 1, y, y + 1 in turn, in slots by row index mod 3.
    std::array<std::vector<double>, 3> unit_rows;
    std::array<int, 3> row_in_slot = {-1, -1, -1};
    const auto unit_row            = [&](int y) -> const double* {
        y                      = std::clamp(y, 0, block_height - 1);
        const auto slot        = static_cast<std::size_t>(y % 3);
        std::vector<double>& u = unit_rows[slot];
        if (row_in_slot[slot] != y) {
            u.resize(static_cast<std::size_t>(block_width));
            const float* in =
                raw.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(block_width);
            for (std::size_t x = 0; x < u.size(); ++x) u[x] = unit_value(in[x], range);
            row_in_slot[slot] = y;
        }
        return u.data();
    };
    // Light from the north-west (up-left on screen, y grows downwards), 45 degrees high.
    const double lx = -0.5, ly = -0.5, lz = std::sqrt(0.5);
    // A unit of mapped height per pixel -> metres per metre: the true slope.
    const double slope_scale = view.terrain_spacing > 0.0 ? view.terrain_height / view.terrain_spacing : 0.0;

    // Each row in two passes, each a loop of independent iterations the CPU overlaps: the
    // light (its square root and divisions), then the ramp and the bytes.
    std::vector<double> light(static_cast<std::size_t>(out_width), 1.0);
    std::size_t o = 0;
    for (int y = y0; y < y0 + out_height; ++y) {
        const double* row = unit_row(y);
        if (view.hillshade) {
            // Central differences; one-sided (the pixel itself) at the block's edges.
            const int yu = std::max(y - 1, 0), yd = std::min(y + 1, block_height - 1);
            const double* up   = unit_row(yu);
            const double* down = unit_row(yd);  // row stays valid: each row has its own slot
            for (int x = x0; x < x0 + out_width; ++x) {
                const int xl = std::max(x - 1, 0), xr = std::min(x + 1, block_width - 1);
                const double dx = (row[xr] - row[xl]) * inverse_distance(xr - xl);
                const double dy = (down[x] - up[x]) * inverse_distance(yd - yu);
                const double nx = -dx * slope_scale, ny = -dy * slope_scale;
                const double shade =
                    std::max(0.0, (nx * lx + ny * ly + lz) / std::sqrt(nx * nx + ny * ny + 1.0));
                // flat ground: 1.05, facing away: 0.2
                light[static_cast<std::size_t>(x - x0)] = 0.2 + 0.85 * shade / lz;
            }
        }
        for (int x = x0; x < x0 + out_width; ++x) {
            auto c = ramp_exact(stops, ramp_position(view, row[x]));
            if (view.hillshade)
                for (auto& channel : c) channel *= light[static_cast<std::size_t>(x - x0)];
            out[o++] = to_byte(c[0]);
            out[o++] = to_byte(c[1]);
            out[o++] = to_byte(c[2]);
            if (pixel == PixelBytes::rgba) out[o++] = 255;
        }
    }
}

void colourise(std::span<const float> raw, int width, int height, const ViewSettings& view,
               noise::Range range, std::span<std::uint8_t> rgba_out) {
    // The caller's thread and one of our own, each a band of rows: the preview is coloured on the
    // UI thread (10 ms for a 1024 x 1024 field on one core), which must not queue behind a render
    // on the library's threads (noise::for_each_row). A band's rows read their neighbours from the
    // whole field, so the bands are the same bytes as one pass. Small images stay on one thread:
    // starting one costs more than it saves.
    constexpr std::size_t two_bands_from = 128 * 128;
    const auto pixels =
        static_cast<std::size_t>(std::max(width, 0)) * static_cast<std::size_t>(std::max(height, 0));
    const bool matches = raw.size() == pixels && rgba_out.size() == pixels * 4;
    if (!matches || pixels < two_bands_from) {  // one pass (which throws if the sizes do not match)
        colourise_window(raw, BlockWindow::whole(width, height), view, range, PixelBytes::rgba, rgba_out);
        return;
    }
    const int top           = height / 2;
    const std::size_t split = static_cast<std::size_t>(top) * static_cast<std::size_t>(width) * 4;
    const auto lower_band   = [&] {
        colourise_window(raw, {width, height, 0, top, width, height - top}, view, range, PixelBytes::rgba,
                           rgba_out.subspan(split));
    };
    std::thread helper;
    try {
        helper = std::thread(lower_band);
    } catch (const std::system_error&) {  // no thread to be had: the caller colours both bands
        lower_band();
    }
    colourise_window(raw, {width, height, 0, 0, width, top}, view, range, PixelBytes::rgba,
                     rgba_out.first(split));
    if (helper.joinable()) helper.join();
}

std::vector<std::array<std::uint8_t, 3>> texture_layer_colours(std::span<const std::string> names) {
    using Rgb = std::array<std::uint8_t, 3>;
    struct Named {
        std::string_view name;
        Rgb rgb;
    };
    static constexpr std::array<Named, 4> named{{{"rock", {128, 118, 112}},
                                                 {"snow", {240, 244, 252}},
                                                 {"sand", {226, 196, 120}},
                                                 {"grass", {78, 150, 60}}}};
    // Far from the named ones and from each other; as many as layers can be (8).
    static constexpr std::array<Rgb, 8> others{{{40, 110, 220},
                                                {200, 70, 40},
                                                {150, 60, 190},
                                                {30, 190, 180},
                                                {120, 75, 35},
                                                {235, 120, 190},
                                                {150, 160, 40},
                                                {60, 60, 70}}};
    std::vector<Rgb> colours(names.size());
    std::vector<bool> given(names.size(), false);
    for (std::size_t i = 0; i < names.size(); ++i)
        for (const Named& n : named)
            if (names[i] == n.name) colours[i] = n.rgb, given[i] = true;
    std::size_t next = 0;
    for (std::size_t i = 0; i < names.size(); ++i)
        if (!given[i]) colours[i] = others[next++ % others.size()];
    return colours;
}

}  // namespace app
