// A lesson's text breaks at spaces only: never inside "0.5".
#include "gui/lessons/text_lines.hpp"

#include <gtest/gtest.h>

namespace app::gui {
namespace {

// One unit a character, as a monospaced font would measure.
float characters(std::string_view s) { return static_cast<float>(s.size()); }

TEST(TextLines, BreaksAtSpacesNeverInsideANumber) {
    const auto lines = lines_at_spaces("at the radius r (r^2 = 0.5), a bump", 22.0f, characters);
    ASSERT_EQ(lines, (std::vector<std::string>{"at the radius r (r^2 =", "0.5), a bump"}));
    for (const std::string& line : lines_at_spaces("from 0.49 to 0.33, which shows here", 9.0f, characters))
        EXPECT_LE(line.size(), 9u) << line;
}

TEST(TextLines, KeepsNewlinesAndLongWords) {
    EXPECT_EQ(lines_at_spaces("one\ntwo three", 20.0f, characters),
              (std::vector<std::string>{"one", "two three"}));
    EXPECT_EQ(lines_at_spaces("a extraordinarily b", 5.0f, characters),
              (std::vector<std::string>{"a", "extraordinarily", "b"}));
    EXPECT_EQ(lines_at_spaces("", 5.0f, characters), (std::vector<std::string>{""}));
}

}  // namespace
}  // namespace app::gui
