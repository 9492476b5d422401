// gui/figures/figure_name.cpp: the format a typed figure name asks for (figure_name.hpp).
#include "gui/figures/figure_name.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace app::gui {

std::string figure_extension(FigureFormat format) {
    return "." + std::string(figure_format_names[static_cast<std::size_t>(format)]);
}

FigureName read_figure_name(const std::string& path, const std::string& kind_label,
                            const std::vector<FigureFormat>& formats) {
    std::string extension = std::filesystem::path(path).extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const std::string name = std::filesystem::path(path).filename().string();
    if (extension.empty()) return {};
    for (FigureFormat format : formats)
        if (extension == figure_extension(format)) return {format, ""};
    std::string allowed;
    for (std::size_t i = 0; i < formats.size(); ++i)
        allowed += (i == 0 ? "" : i + 1 == formats.size() ? " or " : ", ") + figure_extension(formats[i]);
    return {std::nullopt, "'" + name + "': name " + kind_label + " " + allowed + ", not " + extension};
}

}  // namespace app::gui
