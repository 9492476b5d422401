// gui/figures/figure_name.hpp: a figure's file name and its content agree.
//
// A figure is written as PNG (pixels, the animation's APNG and numbered frames too) or, for the
// figures made of lines, as SVG. A name typed with one of those extensions chooses the format
// (the dialog's PNG / SVG buttons follow it); a name with neither is refused, so "x.svg" never
// holds a PNG and "y.png" never an SVG.
#pragma once

#include <optional>
#include <string>

namespace app::gui {

struct FigureName {
    std::optional<bool> svg;  // what the typed extension asks for (none typed: nothing)
    std::string error;        // one line when the name cannot hold this figure
};

// `path` as typed; `kind_label` names the figure in the error ("the preview"); `can_svg` says
// whether this figure is made of lines.
FigureName read_figure_name(const std::string& path, const std::string& kind_label, bool can_svg);

}  // namespace app::gui
