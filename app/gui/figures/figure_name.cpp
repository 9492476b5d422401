// gui/figures/figure_name.cpp: the format a typed figure name asks for (figure_name.hpp).
#include "gui/figures/figure_name.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace app::gui {

FigureName read_figure_name(const std::string& path, const std::string& kind_label, bool can_svg) {
    std::string extension = std::filesystem::path(path).extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const std::string name = std::filesystem::path(path).filename().string();
    if (extension.empty()) return {};
    if (extension == ".png") return {false, ""};
    if (extension == ".svg") {
        if (can_svg) return {true, ""};
        return {std::nullopt, "'" + name + "': " + kind_label + " is pixels, written as PNG: name it .png"};
    }
    return {std::nullopt, "'" + name + "': a figure is written as .png" +
                              (can_svg ? " or .svg" : std::string()) + ", not " + extension};
}

}  // namespace app::gui
