// A lesson's text in lines broken at spaces: see text_lines.hpp.
#include "gui/lessons/text_lines.hpp"

namespace app::gui {

std::vector<std::string> lines_at_spaces(std::string_view text, float width,
                                         const std::function<float(std::string_view)>& measure) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end       = std::min(text.find('\n', start), text.size());
        const std::string_view para = text.substr(start, end - start);
        std::string line;
        std::size_t at = 0;
        while (at < para.size()) {
            const std::size_t space     = std::min(para.find(' ', at), para.size());
            const std::string_view word = para.substr(at, space - at);
            const std::string wider     = line.empty() ? std::string(word) : line + " " + std::string(word);
            if (!line.empty() && measure(wider) > width) {
                lines.push_back(line);
                line = std::string(word);
            } else {
                line = wider;
            }
            at = space + 1;
        }
        lines.push_back(line);
        if (end == text.size()) break;
        start = end + 1;
    }
    return lines;
}

}  // namespace app::gui
