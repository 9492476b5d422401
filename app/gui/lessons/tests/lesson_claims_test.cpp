// Every shipped lesson step's text against its picture: what a sentence claims ("the 3 x 3 view",
// "six octaves", "persistence 0.7", "the probe window", "no grid to see") needs settings the
// step must set up, and a step must show something the step before did not. A text and its
// picture drifted apart five times (issue 42); these claims are read from the words, so a new
// sentence that makes one of them is checked too.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <regex>
#include <string>
#include <vector>

#include "gui/lessons/lesson_file.hpp"

namespace app::gui {
namespace {

struct Claim {
    const char* words;  // an ECMAScript regex, case-insensitive, over the step's title and text
    const char* needs;  // what the picture needs for the words to be true
    std::function<bool(const LessonScene&, const std::smatch&)> holds;
};

int count_of(const std::string& word) {
    static const char* const names[] = {"zero", "one", "two",   "three", "four",
                                        "five", "six", "seven", "eight", "nine"};
    for (int n = 0; n < 10; ++n)
        if (std::regex_match(word, std::regex(names[n], std::regex::icase))) return n;
    return std::stoi(word);
}

bool near(double a, const std::string& b) { return std::abs(a - std::stod(b)) < 1e-9; }

const std::vector<Claim>& claims() {
    using S                               = const LessonScene&;
    using M                               = const std::smatch&;
    static const std::vector<Claim> table = {
        {R"(3 x 3)", "a tile period and the 3 x 3 view (the preview repeats only a tiled field)",
         [](S s, M) { return s.settings.params.tile > 0 && s.settings.view.repeat_3x3; }},
        {R"(without a seam|seamless)", "a tile period", [](S s, M) { return s.settings.params.tile > 0; }},
        {R"(tiling off)", "tile 0", [](S s, M) { return s.settings.params.tile == 0; }},
        {R"((?:with tile|repeats every) (\d+))", "that tile period",
         [](S s, M m) { return s.settings.params.tile == std::stoul(m[1]); }},
        // "Three octaves", "over six octaves", "One octave alone is ..." (a sentence about the
        // picture); not "S plays one octave alone" in the middle of a sentence about a button.
        {R"(\b(two|three|four|five|six|seven|eight|nine|\d+) octaves\b|(?:^|[.:] )(one) octave\b)",
         "that many octaves",
         [](S s, M m) { return s.settings.params.octaves == count_of(m[1].matched ? m[1] : m[2]); }},
        {R"(persistence (\d+(?:\.\d+)?)(?![\d/]))", "that persistence",
         [](S s, M m) { return near(s.settings.params.persistence, m[1]); }},
        {R"(lacunarity (\d+(?:\.\d+)?)(?![\d/]))", "that lacunarity",
         [](S s, M m) { return near(s.settings.params.lacunarity, m[1]); }},
        {R"(interpolation tab)", "the Interpolation tab",
         [](S s, M) { return s.views.tab == BottomTab::interpolation; }},
        {R"(octaves tab)", "the Octaves tab", [](S s, M) { return s.views.tab == BottomTab::octaves; }},
        {R"(\bprobe\b)", "a pinned probe", [](S s, M) { return s.views.lattice.probe_pinned; }},
        {R"(\barrows?\b|the dots)", "the lattice overlay or the downhill arrows",
         [](S s, M) { return s.views.lattice.lattice || s.views.lattice.downhill; }},
        {R"(downhill arrows?|arrows? (?:point )?downhill)", "the downhill arrows",
         [](S s, M) { return s.views.lattice.downhill; }},
        {R"(\bpaths?\b|\bpits?\b|red dots?)", "the flow paths (they end in pits, drawn as red dots)",
         [](S s, M) { return s.views.lattice.flow_paths; }},
        {R"(erosion filter|eroded)", "the erosion filter on",
         [](S s, M) { return s.settings.params.erosion_method != noise::ErosionMethod::none; }},
        {R"(nearest corner)", "the field before interpolation",
         [](S s, M) { return s.views.lattice.field == FieldLayer::before_interpolation; }},
        {R"(corner's g \. d in every cell)", "one corner's influence",
         [](S s, M) { return s.views.lattice.field == FieldLayer::corner_influence; }},
        {R"(no grid|grid is (?:much )?harder to see|squares are gone|grid is gone)",
         "something that breaks the square lattice: rotated layers or a lattice that is not square",
         [](S s, M) {
             return s.settings.params.layers == noise::Layers::rotated ||
                    s.settings.params.algorithm == noise::Algorithm::simplex ||
                    s.settings.params.algorithm == noise::Algorithm::worley;
         }},
        {R"(simplex)", "simplex noise",
         [](S s, M) { return s.settings.params.algorithm == noise::Algorithm::simplex; }},
        {R"(\bf1\b|\bf2\b|feature point)", "cellular noise",
         [](S s, M) { return s.settings.params.algorithm == noise::Algorithm::worley; }},
    };
    return table;
}

// Every problem of one lesson, one line each ("file: step 2: ...").
std::vector<std::string> problems_of(const Lesson& lesson) {
    std::vector<std::string> problems;
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const LessonStep& step = lesson.steps[i];
        const std::string where =
            lesson.path.filename().string() + ": step " + std::to_string(i + 1) + " (" + step.title + "): ";
        const std::string words = step.title + ". " + step.text;
        for (const Claim& claim : claims()) {
            const std::regex pattern(claim.words, std::regex::icase);
            for (std::sregex_iterator m(words.begin(), words.end(), pattern), end; m != end; ++m)
                if (!claim.holds(step.scene, *m))
                    problems.push_back(where + "says '" + m->str() + "' but the step does not set " +
                                       claim.needs);
        }
        // The curve tab plots the noise itself: over a picture of a field layer it shows something
        // else, which the text must say, or the student compares two different things unwarned.
        if (step.scene.views.lattice.field != FieldLayer::noise && step.scene.views.tab == BottomTab::curve &&
            words.find("curve below") == std::string::npos)
            problems.push_back(where +
                               "the picture is a field layer but the curve below plots the noise, "
                               "and the text does not say so");
        if (i > 0 && step.scene == lesson.steps[i - 1].scene)
            problems.push_back(where + "shows exactly the picture of the step before");
    }
    return problems;
}

std::string lines(const std::vector<std::string>& problems) {
    std::string text;
    for (const std::string& problem : problems) text += problem + "\n";
    return text;
}

Settings preset_free(std::string_view name) { throw std::runtime_error("no preset " + std::string(name)); }

Lesson lesson_of(const std::string& steps) {
    return parse_lesson_json(
        R"({"format": "noise-explorer-lesson", "version": 1, "title": "T", "steps": )" + steps + "}",
        "old.json", preset_free);
}

TEST(LessonClaims, EveryShippedStepShowsWhatItsTextSays) {
    std::vector<std::string> broken;
    const std::vector<Lesson> lessons = load_shipped_lessons(&broken);
    ASSERT_TRUE(broken.empty()) << lines(broken);
    ASSERT_GE(lessons.size(), 5u);
    for (const Lesson& lesson : lessons)
        EXPECT_TRUE(problems_of(lesson).empty()) << lines(problems_of(lesson));
}

// The check sees each of the mistakes issue 42 found (shortened to what made them mistakes).
TEST(LessonClaims, TheCheckSeesTheMistakesOfIssue42) {
    const auto problems = [](const std::string& steps) { return problems_of(lesson_of(steps)); };
    // Seams in a 3 x 3 view of an untiled field (the preview shows no repeat then).
    EXPECT_EQ(problems(R"([{"title": "Off", "text": "Tiling off: the 3 x 3 view now shows straight seams.",
                           "set": {"tile": 0, "view": {"repeat_3x3": true}}}])")
                  .size(),
              1u);
    // A grid said to be hard to see over plain gradient noise.
    EXPECT_EQ(problems(R"([{"title": "Gradient noise", "text": "The grid is much harder to see."}])").size(),
              1u);
    // A step that shows the picture of the step before.
    EXPECT_EQ(problems(R"([{"title": "a", "text": "b", "show": {"lattice": true}},
                           {"title": "c", "text": "d", "show": {"lattice": true}}])")
                  .size(),
              1u);
    // Blocks above, the smooth curve below, and nothing said about it.
    EXPECT_EQ(
        problems(R"([{"title": "Before the blend", "text": "Each pixel shows its nearest corner's value.",
                           "show": {"field": "before_interpolation"}}])")
            .size(),
        1u);
    // Counts and values in words.
    EXPECT_EQ(problems(R"([{"title": "Three octaves", "text": "Persistence 0.7 and lacunarity 3.",
                           "set": {"octaves": 2}}])")
                  .size(),
              3u);
    // Water: arrows without any arrows shown, pits without the paths, an eroded field that is not.
    EXPECT_EQ(
        problems(R"([{"title": "Downhill", "text": "The downhill arrows point along -grad h."}])").size(),
        2u);
    EXPECT_EQ(
        problems(R"([{"title": "Pits", "text": "Paths stop in pits.", "show": {"downhill": true}}])").size(),
        3u);  // the title, "Paths" and "pits"
    EXPECT_EQ(
        problems(R"([{"title": "Eroded", "text": "An eroded field.", "show": {"flow_paths": true}}])").size(),
        2u);  // the title and the text
    // And what is true passes.
    EXPECT_TRUE(problems(R"([{"title": "Three octaves", "text": "Persistence 0.7, tile 4 shown 3 x 3.",
                             "set": {"octaves": 3, "persistence": 0.7, "tile": 4, "view": {"repeat_3x3": true}}}])")
                    .empty());
}

}  // namespace
}  // namespace app::gui
