// A typed figure name chooses the format it names, or is refused: never a PNG in x.svg.
#include "gui/figures/figure_name.hpp"

#include <gtest/gtest.h>

namespace app::gui {
namespace {

TEST(FigureName, ItsExtensionChoosesTheFormat) {
    EXPECT_EQ(read_figure_name("/tmp/cell.svg", "the probe's cell", true).svg, std::optional<bool>(true));
    EXPECT_EQ(read_figure_name("/tmp/cell.SVG", "the probe's cell", true).svg, std::optional<bool>(true));
    EXPECT_EQ(read_figure_name("/tmp/cell.png", "the probe's cell", true).svg, std::optional<bool>(false));
    const FigureName none = read_figure_name("/tmp/cell", "the probe's cell", true);
    EXPECT_FALSE(none.svg.has_value());
    EXPECT_EQ(none.error, "");
}

TEST(FigureName, ANameThatCannotHoldTheFigureIsRefusedInOneLine) {
    const FigureName pixels = read_figure_name("/tmp/x.svg", "the preview", false);
    EXPECT_FALSE(pixels.svg.has_value());
    EXPECT_EQ(pixels.error, "'x.svg': the preview is pixels, written as PNG: name it .png");
    EXPECT_EQ(read_figure_name("/tmp/x.jpg", "the preview", false).error,
              "'x.jpg': a figure is written as .png, not .jpg");
    EXPECT_EQ(read_figure_name("/tmp/x.pdf", "the curves", true).error,
              "'x.pdf': a figure is written as .png or .svg, not .pdf");
}

}  // namespace
}  // namespace app::gui
