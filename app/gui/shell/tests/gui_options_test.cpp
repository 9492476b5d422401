// The window's options: values parsed, every bad one refused with a line naming it.
#include "gui/shell/gui_options.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace app::gui {
namespace {

ParsedOptions parse(std::vector<std::string> args) {
    args.insert(args.begin(), "noise-explorer");
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    return parse_gui_options(static_cast<int>(argv.size()), argv.data());
}

TEST(GuiOptions, Defaults) {
    const auto p = parse({});
    EXPECT_TRUE(p.error.empty());
    EXPECT_EQ(p.options.window_width, 1280);
    EXPECT_EQ(p.options.window_height, 800);
    EXPECT_EQ(p.options.frames, 0);
}

// People get their last session back; scripted runs (screenshots, UI reports) start clean
// unless they ask for it.
TEST(GuiOptions, SessionForPeopleNotForScripts) {
    EXPECT_TRUE(parse({}).options.uses_session());
    EXPECT_FALSE(parse({"--no-session"}).options.uses_session());
    EXPECT_FALSE(parse({"--ui-report", "r.jsonl"}).options.uses_session());
    EXPECT_FALSE(parse({"--screenshot", "s.png"}).options.uses_session());
    EXPECT_TRUE(parse({"--ui-report", "r.jsonl", "--session"}).options.uses_session());
    EXPECT_FALSE(parse({"--session", "--no-session"}).options.uses_session());
}

TEST(GuiOptions, AllValues) {
    const auto p = parse({"--preset", "a.json", "--screenshot", "s.png", "--frames", "7", "--ui-report",
                          "r.jsonl", "--preview-size", "640", "--window-size", "1024x700"});
    ASSERT_TRUE(p.error.empty()) << p.error;
    EXPECT_EQ(p.options.preset, "a.json");
    EXPECT_EQ(p.options.screenshot, "s.png");
    EXPECT_EQ(p.options.frames, 7);
    EXPECT_EQ(p.options.ui_report, "r.jsonl");
    EXPECT_EQ(p.options.preview_size, 640);
    EXPECT_EQ(p.options.window_width, 1024);
    EXPECT_EQ(p.options.window_height, 700);
}

TEST(GuiOptions, ScreenshotDefaultsToAFewFrames) {
    EXPECT_EQ(parse({"--screenshot", "s.png"}).options.frames, 3);
}

TEST(GuiOptions, BadValuesNameTheOption) {
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
        {{"--frames", "x", "--screenshot", "s.png"}, "--frames"},
        {{"--frames", "-1", "--screenshot", "s.png"}, "--frames"},
        {{"--frames", "5"}, "--frames"},
        {{"--preview-size", "9000"}, "--preview-size"},
        {{"--window-size", "100x100"}, "--window-size"},
        {{"--window-size", "1280"}, "--window-size"},
        {{"--preset"}, "--preset"},
        {{"--what"}, "--what"},
        {{"--preset", ""}, "--preset"},
    };
    for (const auto& [args, name] : cases) {
        const auto p = parse(args);
        EXPECT_NE(p.error.find(name), std::string::npos) << args[0] << ": " << p.error;
        EXPECT_EQ(p.error.find('\n'), std::string::npos);
    }
}

// The desktop entry runs "noise-explorer %f": a bare file is the preset, once.
TEST(GuiOptions, BareFileIsThePreset) {
    EXPECT_EQ(parse({"hills.exr"}).options.preset, "hills.exr");
    EXPECT_EQ(parse({"--no-session", "a.json"}).options.preset, "a.json");
    EXPECT_TRUE(parse({"a.json"}).error.empty());
    EXPECT_NE(parse({"a.json", "b.json"}).error.find("one preset file at most"), std::string::npos);
    EXPECT_NE(parse({"a.json", "--preset", "b.json"}).error.find("--preset"), std::string::npos);
}

}  // namespace
}  // namespace app::gui
