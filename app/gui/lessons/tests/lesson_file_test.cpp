// Lesson files: what a step sets up, and the one-line errors a teacher gets for a mistake.
#include "gui/lessons/lesson_file.hpp"

#include <gtest/gtest.h>

#include <string>

namespace app::gui {
namespace {

Settings no_presets(std::string_view name) {
    if (name == "sharp") {
        Settings s;
        s.params.octaves   = 1;
        s.params.frequency = 8.0;
        s.view.repeat_3x3  = true;
        return s;
    }
    throw std::runtime_error("no preset named " + std::string(name));
}

Lesson parse(const std::string& steps) {
    return parse_lesson_json(
        R"({"format": "noise-explorer-lesson", "version": 1, "title": "T", "steps": )" + steps + "}",
        "mine.json", no_presets);
}

std::string error_of(const std::string& text) {
    try {
        parse_lesson_json(text, "mine.json", no_presets);
    } catch (const LessonError& e) {
        return e.what();
    }
    return "no error";
}

std::string step_error(const std::string& steps) {
    return error_of(R"({"format": "noise-explorer-lesson", "version": 1, "title": "T", "steps": )" + steps +
                    "}");
}

TEST(LessonFile, AStepIsTheDefaultsWithItsKeys) {
    const Lesson lesson =
        parse(R"([{"title": "a", "text": "b", "set": {"octaves": 3, "view": {"ramp": "terrain"}}},
                                    {"title": "c", "text": "d"}])");
    ASSERT_EQ(lesson.steps.size(), 2u);
    Settings expected;
    expected.params.octaves = 3;
    expected.view.ramp      = Ramp::terrain;
    EXPECT_EQ(lesson.steps[0].scene.settings, expected);
    // The second step does not inherit the first's octaves: a step stands on its own.
    EXPECT_EQ(lesson.steps[1].scene.settings, Settings{});
    EXPECT_EQ(lesson.steps[1].scene.views, LessonViews{});
}

TEST(LessonFile, APresetIsTheStartAndSetGoesOnTop) {
    const Lesson lesson = parse(R"([{"title": "a", "text": "b", "preset": "sharp", "set": {"octaves": 4}}])");
    const Settings& s   = lesson.steps[0].scene.settings;
    EXPECT_EQ(s.params.octaves, 4);
    EXPECT_EQ(s.params.frequency, 8.0);  // from the preset, not the defaults
    EXPECT_TRUE(s.view.repeat_3x3);
}

TEST(LessonFile, ShowSetsTheViewsAndPinsTheProbe) {
    const Lesson lesson =
        parse(R"([{"title": "a", "text": "b", "show": {"lattice": true, "probe": [0.25, -1.5],
                                    "probe_octave": 2, "field": "corner_influence", "corner": 3,
                                    "tab": "interpolation", "animate": true}}])");
    const LessonViews& v = lesson.steps[0].scene.views;
    EXPECT_TRUE(v.lattice.lattice);
    EXPECT_TRUE(v.lattice.probe_pinned);
    EXPECT_EQ(v.lattice.probe_x, 0.25);
    EXPECT_EQ(v.lattice.probe_y, -1.5);
    EXPECT_EQ(v.lattice.probe_octave, 2);
    EXPECT_EQ(v.lattice.field, FieldLayer::corner_influence);
    EXPECT_EQ(v.lattice.influence_corner, 3);
    EXPECT_EQ(v.tab, BottomTab::interpolation);
    EXPECT_TRUE(v.animate);
}

TEST(LessonFile, ShowTurnsOnTheWaterViews) {
    const Lesson lesson = parse(R"([{"title": "a", "text": "b", "show": {"downhill": true}},
                                    {"title": "c", "text": "d", "show": {"flow_paths": true}}])");
    EXPECT_TRUE(lesson.steps[0].scene.views.lattice.downhill);
    EXPECT_FALSE(lesson.steps[0].scene.views.lattice.flow_paths);
    EXPECT_FALSE(lesson.steps[1].scene.views.lattice.downhill);
    EXPECT_TRUE(lesson.steps[1].scene.views.lattice.flow_paths);
    EXPECT_EQ(step_error(R"([{"title": "a", "text": "b", "show": {"downhill": 1}}])")
                  .rfind("mine.json: step 1: show: ", 0),
              0u);
}

TEST(LessonFile, ErrorsNameTheFileTheStepAndTheKey) {
    EXPECT_EQ(
        step_error(R"([{"title": "a", "text": "b"}, {"title": "c", "text": "d", "set": {"octaves": 20}}])"),
        "mine.json: step 2: set: key 'octaves': '20' is out of range: expected an integer from 1 to 16");
    EXPECT_EQ(step_error(R"([{"title": "a", "text": "b", "show": {"lattise": true}}])"),
              "mine.json: step 1: show: unknown key 'lattise': expected one of lattice, probe, probe_octave, "
              "field, corner, tab, animate, downhill, flow_paths");
    EXPECT_EQ(step_error(R"([{"title": "a", "text": "b", "show": {"tab": "octave"}}])"),
              "mine.json: step 1: show: key 'tab': 'octave' is not a choice: expected one of curve, octaves, "
              "interpolation");
    EXPECT_EQ(
        step_error(R"([{"title": "a", "text": "b", "show": {"probe": [1]}}])"),
        "mine.json: step 1: show: key 'probe': expected [x, y], two numbers in noise space, got an array");
    // An unknown key in "set" is told what a step may set: the noise keys and view, not a
    // preset file's header keys.
    const std::string unknown = step_error(R"([{"title": "a", "text": "b", "set": {"octave": 2}}])");
    EXPECT_EQ(unknown.rfind("mine.json: step 1: set: unknown key 'octave': expected one of ", 0), 0u)
        << unknown;
    EXPECT_NE(unknown.find(", octaves, "), std::string::npos) << unknown;
    EXPECT_NE(unknown.find(", view"), std::string::npos) << unknown;
    EXPECT_EQ(unknown.find("format"), std::string::npos) << unknown;
    EXPECT_EQ(unknown.find("description"), std::string::npos) << unknown;
    EXPECT_EQ(step_error(R"([{"title": "a"}])"),
              "mine.json: step 1: key 'text' is missing: expected a string");
    EXPECT_EQ(step_error(R"([{"title": "a", "text": "b", "preset": "nope"}])"),
              "mine.json: step 1: key 'preset': no preset named nope");
    EXPECT_EQ(step_error("[]"), "mine.json: key 'steps': expected a list of 1 to 100 steps, got 0 steps");
    EXPECT_EQ(error_of(R"({"format": "noise-explorer-preset", "version": 1})"),
              "mine.json: key 'format': expected \"noise-explorer-lesson\", got the string "
              "'noise-explorer-preset'");
    EXPECT_EQ(error_of(R"({"format": "noise-explorer-lesson", "version": 2, "title": "T", "steps": []})"),
              "mine.json: key 'version': the number '2' is not a version this program reads: expected 1");
    EXPECT_EQ(error_of(""),
              "mine.json: is empty: expected a lesson, a JSON object {\"format\": "
              "\"noise-explorer-lesson\", ...}");
    // The one JSON reader's own checks come through: a key given twice, and bad syntax.
    EXPECT_NE(error_of(R"({"format": "noise-explorer-lesson", "format": "x"})").find("twice"),
              std::string::npos);
    EXPECT_EQ(error_of("{\"title\": }").rfind("mine.json:1:", 0), 0u);
}

TEST(LessonFile, EveryShippedLessonReads) {
    std::vector<std::string> problems;
    const std::vector<Lesson> lessons = load_shipped_lessons(&problems);
    EXPECT_TRUE(problems.empty()) << problems.front();
    EXPECT_GE(lessons.size(), 5u);
    for (const Lesson& lesson : lessons) {
        EXPECT_FALSE(lesson.title.empty());
        EXPECT_GE(lesson.steps.size(), 3u) << lesson.path;
        for (const LessonStep& step : lesson.steps)
            EXPECT_TRUE(noise::validate(step.scene.settings.params).empty())
                << lesson.path << ": " << step.title;
    }
}

// What the window keeps room for through a whole lesson (the probe's column, the tab panel).
TEST(LessonFile, WhatTheLessonUsesSomewhere) {
    const Lesson plain = parse(R"([{"title": "a", "text": "b"}, {"title": "c", "text": "d"}])");
    EXPECT_FALSE(pins_probe_somewhere(plain));
    EXPECT_FALSE(shows_tab_somewhere(plain));
    EXPECT_EQ(probe_steps_text(plain), "");
    const Lesson one =
        parse(R"([{"title": "a", "text": "b"}, {"title": "c", "text": "d", "show": {"probe": [1, 2]}}])");
    EXPECT_TRUE(pins_probe_somewhere(one));
    EXPECT_EQ(probe_steps_text(one), "step 2");
    const Lesson three = parse(R"([{"title": "a", "text": "b", "show": {"probe": [1, 2]}},
                                   {"title": "c", "text": "d", "show": {"tab": "octaves"}},
                                   {"title": "e", "text": "f", "show": {"probe": [1, 2]}},
                                   {"title": "g", "text": "h", "show": {"probe": [3, 2]}}])");
    EXPECT_TRUE(shows_tab_somewhere(three));
    EXPECT_EQ(probe_steps_text(three), "steps 1, 3 and 4");
}

}  // namespace
}  // namespace app::gui
