// A typed figure name chooses the format it names, or is refused: never a PNG in x.svg.
#include "gui/figures/figure_name.hpp"

#include <gtest/gtest.h>

namespace app::gui {
namespace {

const std::vector<FigureFormat> lines{FigureFormat::png, FigureFormat::svg};
const std::vector<FigureFormat> pixels{FigureFormat::png};
const std::vector<FigureFormat> animation{FigureFormat::png, FigureFormat::gif};

TEST(FigureName, ItsExtensionChoosesTheFormat) {
    EXPECT_EQ(read_figure_name("/tmp/cell.svg", "the probe's cell", lines).format, FigureFormat::svg);
    EXPECT_EQ(read_figure_name("/tmp/cell.SVG", "the probe's cell", lines).format, FigureFormat::svg);
    EXPECT_EQ(read_figure_name("/tmp/cell.png", "the probe's cell", lines).format, FigureFormat::png);
    EXPECT_EQ(read_figure_name("/tmp/slice.gif", "the animation", animation).format, FigureFormat::gif);
    EXPECT_EQ(read_figure_name("/tmp/slice.Gif", "the animation", animation).format, FigureFormat::gif);
    const FigureName none = read_figure_name("/tmp/cell", "the probe's cell", lines);
    EXPECT_FALSE(none.format.has_value());
    EXPECT_EQ(none.error, "");
}

TEST(FigureName, ANameThatCannotHoldTheFigureIsRefusedInOneLine) {
    const FigureName svg_preview = read_figure_name("/tmp/x.svg", "the preview", pixels);
    EXPECT_FALSE(svg_preview.format.has_value());
    EXPECT_EQ(svg_preview.error, "'x.svg': name the preview .png, not .svg");
    EXPECT_EQ(read_figure_name("/tmp/x.jpg", "the preview", pixels).error,
              "'x.jpg': name the preview .png, not .jpg");
    EXPECT_EQ(read_figure_name("/tmp/x.pdf", "the curves", lines).error,
              "'x.pdf': name the curves .png or .svg, not .pdf");
    EXPECT_EQ(read_figure_name("/tmp/x.gif", "the probe cell", lines).error,
              "'x.gif': name the probe cell .png or .svg, not .gif");
    EXPECT_EQ(read_figure_name("/tmp/x.svg", "the animation", animation).error,
              "'x.svg': name the animation .png or .gif, not .svg");
}

TEST(FigureName, EachFormatHasItsExtension) {
    EXPECT_EQ(figure_extension(FigureFormat::png), ".png");
    EXPECT_EQ(figure_extension(FigureFormat::svg), ".svg");
    EXPECT_EQ(figure_extension(FigureFormat::gif), ".gif");
}

}  // namespace
}  // namespace app::gui
