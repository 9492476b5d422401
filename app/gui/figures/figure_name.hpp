// gui/figures/figure_name.hpp: a figure's file name and its content agree.
//
// A figure is written as PNG (pixels, the animation's APNG and numbered frames too), as SVG (the
// figures made of lines) or as GIF (the animation, for slide programs). A name typed with one of
// the figure's extensions chooses that format (the dialog's format buttons follow it); any other
// extension is refused, so "x.svg" never holds a PNG, "y.png" never an SVG, "z.gif" never an APNG.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "noise/enum_names.hpp"

namespace app::gui {

enum class FigureFormat { png, svg, gif };
inline constexpr std::array<std::string_view, 3> figure_format_names{"png", "svg", "gif"};
static_assert(noise::names_match_enum<FigureFormat>(figure_format_names));

// ".png", ".svg", ".gif".
std::string figure_extension(FigureFormat format);

struct FigureName {
    std::optional<FigureFormat> format;  // what the typed extension asks for (none typed: nothing)
    std::string error;                   // one line when the name cannot hold this figure
};

// `path` as typed; `kind_label` names the figure in the error ("the preview"); `formats` are the
// ones this figure can be written as (the first is its usual one).
FigureName read_figure_name(const std::string& path, const std::string& kind_label,
                            const std::vector<FigureFormat>& formats);

}  // namespace app::gui
