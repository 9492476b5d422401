// The figures' pixels before they are painted: the preview's field and the octaves strip.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>

#include "core/colour.hpp"
#include "core/field_stats.hpp"
#include "core/value_mapping.hpp"
#include "gui/figures/figure_export.hpp"
#include "gui/figures/octave_strip.hpp"
#include "noise/render.hpp"

namespace app::gui {
namespace {

struct Control {
    std::atomic<bool> cancelled{false};
    std::atomic<double> progress{0.0};
    TaskControl get() { return {cancelled, progress}; }
};

FigureRequest request(int width, int height) {
    FigureRequest r;
    r.width                         = width;
    r.height                        = height;
    r.scene.settings.params.octaves = 3;
    return r;
}

TEST(FigureRender, TheFieldIsTheExportsColouring) {
    Control control;
    const FigureRequest r = request(64, 40);
    const FigurePixels p  = render_figure_field(r, control.get());
    ASSERT_EQ(p.width, 64);
    ASSERT_EQ(p.height, 40);
    // The same pixels as rendering and colouring the field directly, with the export's mapping rule.
    std::vector<float> raw(64 * 40);
    ASSERT_TRUE(noise::render(r.scene.settings.params, noise::Region::full(64, 40), raw));
    const FieldStats stats = measure_field(raw, noise::nominal_range(r.scene.settings.params), 64);
    std::vector<std::uint8_t> rgba(raw.size() * 4);
    colourise(raw, 64, 40, r.scene.settings.view,
              mapping_range(r.scene.settings.params, r.scene.settings.view, stats.measured_range()), rgba);
    EXPECT_EQ(p.rgba, rgba);
}

TEST(FigureRender, RepeatedPicturesAreAThirdEach) {
    Control control;
    FigureRequest r                  = request(90, 60);
    r.scene.settings.view.repeat_3x3 = true;
    const FigurePixels p             = render_figure_field(r, control.get());
    EXPECT_EQ(p.width, 30);
    EXPECT_EQ(p.height, 20);
}

TEST(FigureRender, OneDimensionHasNoPicture) {
    Control control;
    FigureRequest r                   = request(32, 32);
    r.scene.settings.params.dimension = 1;
    EXPECT_THROW(render_figure_field(r, control.get()), std::runtime_error);
}

TEST(FigureRender, TheStripHasEachOctaveAndTheSum) {
    Control control;
    const std::vector<FigurePixels> strip = render_octave_strip(request(400, 120), 48, control.get());
    ASSERT_EQ(strip.size(), 4u);  // three octaves and the sum
    for (const FigurePixels& image : strip) {
        EXPECT_EQ(image.width, 48);
        EXPECT_EQ(image.rgba.size(), 48u * 48u * 4u);
    }
    EXPECT_NE(strip[0].rgba, strip[1].rgba);  // the octaves differ
}

// The strip's default height holds its row of squares and their labels, without an empty band:
// the layout at that height uses the whole width and leaves margins of about a fifth of an image.
TEST(FigureRender, TheStripsHeightFitsItsContent) {
    FigureRequest strip                 = request(1920, 0);
    strip.scene.settings.params.octaves = 5;
    strip.height                        = strip_height(1920, 5);
    EXPECT_LT(strip.height, 1920 / 3);  // the square picture's 1920 was two thirds empty
    const StripLayout layout = strip_layout(strip);
    EXPECT_LE(layout.left, 0.25f * static_cast<float>(layout.side));  // a gap, and the rounding of `side`
    EXPECT_GT(layout.top, 0.0f);
    EXPECT_LE(layout.top, 0.2f * static_cast<float>(layout.side));
}

// Grey spread of an octave's image: how far its pixels reach from mid grey.
double spread(const FigurePixels& image) {
    double sum = 0.0;
    for (std::size_t i = 0; i < image.rgba.size(); i += 4) sum += std::abs(image.rgba[i] - 127.5);
    return sum / static_cast<double>(image.rgba.size() / 4);
}

// Own scales make every octave fill the grey range; one shared scale leaves each as faint as its
// share of the sum (persistence 0.5: octave 2 spreads about a quarter of octave 0), the sum unchanged.
TEST(FigureRender, OneSharedGreyScaleShowsEachOctavesShare) {
    Control control;
    FigureRequest own = request(400, 120), shared = own;
    shared.shared_scale                          = true;
    const std::vector<FigurePixels> own_strip    = render_octave_strip(own, 64, control.get());
    const std::vector<FigurePixels> shared_strip = render_octave_strip(shared, 64, control.get());
    EXPECT_EQ(own_strip[0].rgba, shared_strip[0].rgba);  // the first octave's scale is the shared one
    EXPECT_GT(spread(own_strip[2]), 0.6 * spread(own_strip[0]));
    EXPECT_LT(spread(shared_strip[2]), 0.4 * spread(shared_strip[0]));
    EXPECT_EQ(own_strip.back().rgba, shared_strip.back().rgba);
}

// The dialog's height for a typed width: the strip's layout then fills that width.
TEST(FigureRender, TheStripsHeightFollowsAnyWidth) {
    for (int width : {640, 1280, 1920, 3840}) {
        FigureRequest strip      = request(width, 0);
        strip.height             = strip_height(width, 3);
        const StripLayout layout = strip_layout(strip);
        EXPECT_LE(layout.left, 0.25f * static_cast<float>(layout.side)) << width;
        EXPECT_LE(layout.top, 0.2f * static_cast<float>(layout.side)) << width;
    }
}

TEST(FigureRender, CancelledIsAnError) {
    Control control;
    control.cancelled = true;
    EXPECT_THROW(render_figure_field(request(64, 64), control.get()), std::runtime_error);
}

}  // namespace
}  // namespace app::gui
