// The preview as SVG: its picture embedded, its lattice as lines and arrows, offered only where
// it can be drawn.
#include "gui/figures/lattice_figure.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>

#include "gui/teaching/lattice_overlay.hpp"

namespace app::gui {
namespace {

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

FigureRequest lattice_request() {
    FigureRequest r;
    r.width                           = 400;
    r.height                          = 300;
    r.format                          = FigureFormat::svg;
    r.scene.settings.params.octaves   = 2;
    r.scene.settings.params.frequency = 4.0;
    r.scene.lattice.lattice           = true;
    r.scene.lattice.probe_pinned      = true;
    r.scene.lattice.probe_x           = 1.3;
    r.scene.lattice.probe_y           = 0.6;
    return r;
}

FigurePixels picture_of(const FigureRequest& r) {
    std::atomic<bool> cancelled{false};
    std::atomic<double> progress{0.0};
    return render_figure_field(r, {cancelled, progress});
}

std::string decoded_start(const std::string& svg) {
    const std::string marker = "data:image/png;base64,";
    const auto at            = svg.find(marker);
    if (at == std::string::npos) return {};
    // The first 8 base64 digits are the first 6 bytes: the PNG signature's start.
    const std::string digits          = svg.substr(at + marker.size(), 8);
    static const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (std::size_t i = 0; i < digits.size(); i += 4) {
        std::uint32_t v = 0;
        for (std::size_t k = 0; k < 4; ++k)
            v = v << 6 | static_cast<std::uint32_t>(alphabet.find(digits[i + k]));
        out += static_cast<char>(v >> 16 & 255);
        out += static_cast<char>(v >> 8 & 255);
        out += static_cast<char>(v & 255);
    }
    return out;
}

TEST(LatticeFigure, ThePictureIsEmbeddedAndTheLatticeIsLines) {
    const FigureRequest r      = lattice_request();
    const FigurePixels picture = picture_of(r);
    const std::string svg      = to_svg(lattice_figure(r, picture));
    EXPECT_NE(svg.find("xmlns:xlink=\"http://www.w3.org/1999/xlink\""), std::string::npos);
    EXPECT_EQ(count(svg, "<image "), 1u);
    EXPECT_EQ(decoded_start(svg), std::string("\x89PNG\r\n", 6));
    // Frequency 4 across 400 x 300: lattice columns x = 0..4 and rows y = 0..3, each a line and
    // its shadow; a gradient arrow (with its head) at each of the 5 x 4 points.
    EXPECT_EQ(count(svg, "<polygon"), 20u);
    EXPECT_GE(count(svg, "<polyline"), 2u * (5 + 4));
    // The probe's ring: two unfilled circles (its shadow and its red).
    EXPECT_EQ(count(svg, "fill=\"none\" stroke="), 2u + count(svg, "<polyline"));
    EXPECT_EQ(count(svg, "<circle"), 20u + 3u);  // the arrows' base dots, the ring twice, its dot
}

TEST(LatticeFigure, FollowsTheNoise) {
    FigureRequest r              = lattice_request();
    const std::string first      = to_svg(lattice_figure(r, picture_of(r)));
    r.scene.settings.params.seed = 99;
    EXPECT_NE(first, to_svg(lattice_figure(r, picture_of(r))));
}

TEST(LatticeFigure, OfferedOnlyWhereItCanBeDrawn) {
    FigureRequest r = lattice_request();
    EXPECT_EQ(lattice_svg_problem(r.scene), "");
    EXPECT_EQ(figure_formats(FigureKind::preview, r.scene),
              (std::vector<FigureFormat>{FigureFormat::png, FigureFormat::svg}));
    FigureScene off     = r.scene;
    off.lattice.lattice = false;
    EXPECT_NE(lattice_svg_problem(off), "");
    EXPECT_EQ(figure_formats(FigureKind::preview, off), std::vector<FigureFormat>{FigureFormat::png});
    FigureScene simplex               = r.scene;
    simplex.settings.params.algorithm = noise::Algorithm::simplex;
    EXPECT_NE(lattice_svg_problem(simplex), "");
    FigureScene repeated              = r.scene;
    repeated.settings.view.repeat_3x3 = true;
    EXPECT_NE(lattice_svg_problem(repeated), "");
    FigureRequest without = r;
    without.scene         = off;
    EXPECT_THROW(lattice_figure(without, picture_of(r)), std::runtime_error);
}

}  // namespace
}  // namespace app::gui
