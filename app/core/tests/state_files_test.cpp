// The files the program keeps for itself (session, recent list) and the start marker: every
// hostile state file is refused in one line, set aside as NAME.broken, and never waited for;
// a number too large for a double names its key and what the key allows.
#include "core/state_files.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <string>

#include "core/json_text.hpp"
#include "core/preset.hpp"
#include "core/texture_layers.hpp"
#include "test_dir.hpp"

namespace app {
namespace {

using testing::read;

std::string session_text(const std::string& seed = "7", const std::string& file = "/p/hills.json") {
    std::string preset = preset_to_json(Preset{});
    const auto at      = preset.find("\"seed\": ");
    preset             = preset.substr(0, at) + "\"seed\": " + seed + preset.substr(preset.find(',', at));
    return "{\"file\": \"" + file + "\", \"settings\": " + preset + "}";
}

void expect_one_clean_line(const std::string& message) {
    for (unsigned char c : message) EXPECT_TRUE(c >= 0x20 && c != 0x7f) << message;
    EXPECT_LT(message.size(), 1500u) << message;
}

TEST(StateFiles, SessionRoundTrip) {
    SessionState session;
    session.settings.params.octaves         = 9;
    session.settings.view.hillshade         = true;
    session.settings.texture_layers         = default_texture_layers(800.0, 0.0);  // the preset's own set
    session.settings.texture_layers[0].name = "scree";
    session.file                            = "/home/me/hills.json";
    const SessionState again                = parse_session_json(session_to_json(session), "s.json");
    EXPECT_EQ(again.settings.params, session.settings.params);
    EXPECT_EQ(again.settings.view, session.settings.view);
    EXPECT_EQ(again.settings.texture_layers, session.settings.texture_layers);
    EXPECT_EQ(again.file, session.file);
    EXPECT_EQ(parse_session_json(session_text("7"), "s.json").settings.params.seed, 7u);
}

TEST(StateFiles, RecentRoundTripKeepsTheNewestTen) {
    std::vector<std::filesystem::path> recent;
    for (int i = 0; i < 12; ++i) recent.emplace_back("/p/" + std::to_string(i) + ".json");
    const auto again = parse_recent_json(recent_to_json(recent), "r.json");
    ASSERT_EQ(again.size(), recent_file_count);
    EXPECT_EQ(again.front(), recent.front());
}

std::string error_of(const std::function<void()>& parse) {
    try {
        parse();
    } catch (const ReadError& error) {
        expect_one_clean_line(error.what());
        return error.what();
    }
    return "(no error)";
}

TEST(StateFiles, HostileSessionTextIsOneLineInOurWords) {
    const auto session = [](const std::string& text) {
        return error_of([&] { parse_session_json(text, "s.json"); });
    };
    // 300,000 levels: refused by the pre-pass, before nlohmann could recurse.
    EXPECT_EQ(session("{\"settings\": " + std::string(300'000, '[')),
              "s.json:1:21: nested deeper than 8 levels of [ and {: a session needs 5 (the object, its "
              "\"settings\", their \"mask_field\", its \"curve\" and the curve's points)");
    // A control byte: the position and the reason, without nlohmann's exception prefix.
    const std::string control = session("{\"file\": \"a\x01\", \"settings\": {}}");
    EXPECT_EQ(control.rfind("s.json:1:12: malformed JSON: ", 0), 0u) << control;
    EXPECT_EQ(control.find("json.exception"), std::string::npos) << control;
    EXPECT_NE(session(std::string("{\"settings\"\0: 1}", 16)).find("a NUL byte at byte offset 11"),
              std::string::npos);
    EXPECT_EQ(session("{\"settings\": {}, \"settings\": {}}"),
              "s.json: key 'settings': appears twice: a key may appear once (which one was meant?)");
    EXPECT_EQ(session("[1]"),
              "s.json: expected a JSON object {\"settings\": {...}} at the top, got an array");
    EXPECT_EQ(session("{}"), "s.json: key 'settings' is missing: expected the settings, a preset object");
    EXPECT_EQ(session("{\"file\": 3, \"settings\": " + preset_to_json(Preset{}) + "}"),
              "s.json: key 'file': expected a string, got a number");
    EXPECT_NE(session(session_text("99999999999")).find("key 'seed': '99999999999' is out of range"),
              std::string::npos);
}

TEST(StateFiles, NumberOverflowNamesTheKeyAndTheRange) {
    EXPECT_EQ(
        error_of([&] { parse_session_json(session_text("1e400"), "s.json"); }),
        "s.json: key 'settings.seed': '1e400' is too large for a number (at most about 1.8e308): expected an "
        "integer from 0 to 4294967295");
    const auto preset = [](const std::string& text) {
        try {
            parse_preset_json(text, "p.json");
        } catch (const PresetError& error) {
            return std::string(error.what());
        }
        return std::string("(no error)");
    };
    const std::string head = R"({"format": "noise-explorer-preset", "version": 1, )";
    EXPECT_EQ(
        preset(head + "\"seed\": 1e400}"),
        "p.json: key 'seed': '1e400' is too large for a number (at most about 1.8e308): expected an integer "
        "from 0 to 4294967295");
    EXPECT_EQ(preset(head + "\"persistence\": -123456789e99999999999}"),
              "p.json: key 'persistence': '-123456789e99999999999' is too large for a number (at most about "
              "1.8e308): "
              "expected a number from 0 to 1");
    EXPECT_NE(preset(head + "\"view\": {\"scanline\": 0.1e310}}").find("key 'view.scanline'"),
              std::string::npos);
    EXPECT_EQ(preset(head + "\"nope\": 1e400}"),
              "p.json: key 'nope': '1e400' is too large for a number (at most about 1.8e308)");
    // Too small is not too large: nlohmann reads it as 0 (then the range check speaks).
    EXPECT_EQ(preset(head + "\"seed\": 1e-400}"), "(no error)");
    EXPECT_EQ(preset(head + "\"seed\": 0.0000e999}"), "(no error)");
    // Inside a string it is text, not a number.
    EXPECT_EQ(preset(head + "\"name\": \"1e400\"}"), "(no error)");
}

// Each kind of hostile file where the session belongs: read quickly, refused in one line,
// renamed to .broken, and the next read finds no session.
TEST(StateFiles, HostileSessionFilesAreSetAside) {
    testing::TestDir dir;
    const auto file  = dir / "session.json";
    const auto plant = [&](const std::string& kind) {
        if (kind == "deep") std::ofstream(file) << "{\"settings\": " << std::string(300'000, '[');
        if (kind == "huge") std::ofstream(file) << std::string(state_file_limit + 1, ' ');
        if (kind == "binary") std::ofstream(file) << std::string("\x89PNG\r\n\x1a\n\0\0\0", 11);
        if (kind == "fifo") {
            ASSERT_EQ(::mkfifo(file.c_str(), 0600), 0);
        }
        if (kind == "folder") std::filesystem::create_directory(file);
        if (kind == "dangling") std::filesystem::create_symlink(dir / "gone.json", file);
        if (kind == "unreadable") {
            std::ofstream(file) << "\x01\x02 not JSON";  // root reads it anyway: then it is binary
            ::chmod(file.c_str(), 0);
        }
    };
    for (const std::string kind : {"deep", "huge", "binary", "fifo", "folder", "dangling", "unreadable"}) {
        plant(kind);
        std::string notice;
        const auto start = std::chrono::steady_clock::now();
        EXPECT_FALSE(load_session_file(file, notice).has_value()) << kind;
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1)) << kind;  // a FIFO too
        expect_one_clean_line(notice);
        EXPECT_EQ(notice.rfind("the last session was not restored: " + file.string(), 0), 0u)
            << kind << ": " << notice;
        EXPECT_NE(notice.find("(set aside as '" + file.string() + ".broken'; starting fresh)"),
                  std::string::npos)
            << kind << ": " << notice;
        std::error_code ec;
        EXPECT_FALSE(std::filesystem::exists(std::filesystem::symlink_status(file, ec))) << kind;
        notice.clear();
        EXPECT_FALSE(load_session_file(file, notice).has_value());
        EXPECT_EQ(notice, "") << kind;
        std::filesystem::remove_all(dir / "session.json.broken");
    }
    // An older .broken of another kind (a folder) keeps its place; the new one takes a number.
    std::filesystem::create_directories(dir / "session.json.broken" / "x");
    std::ofstream(file) << "[";
    std::string notice;
    load_session_file(file, notice);
    EXPECT_NE(notice.find("session.json.2.broken"), std::string::npos) << notice;
}

TEST(StateFiles, HostileRecentListIsSetAside) {
    testing::TestDir dir;
    const auto file = dir / "recent.json";
    std::ofstream(file) << "{\"recent\": [\"a\", 1]}";
    std::string notice;
    EXPECT_TRUE(load_recent_file(file, notice).empty());
    EXPECT_EQ(notice,
              "the recent files were not restored: " + file.string() +
                  ": key 'recent': entry 2 is a number: expected a file name (a string) (set aside as '" +
                  file.string() + ".broken'; starting fresh)");
    EXPECT_EQ(read(dir / "recent.json.broken"), "{\"recent\": [\"a\", 1]}");
}

TEST(StateFiles, MissingFilesAreNoSession) {
    testing::TestDir dir;
    std::string notice;
    EXPECT_FALSE(load_session_file(dir / "session.json", notice).has_value());
    EXPECT_TRUE(load_recent_file(dir / "recent.json", notice).empty());
    EXPECT_EQ(notice, "");
    EXPECT_EQ(dir.entry_count(), 0u);
}

pid_t dead_pid() {
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    ::waitpid(child, nullptr, 0);
    return child;
}

TEST(StartMarker, ADeadStartIsFoundOnceAndALiveOneIsLeftAlone) {
    testing::TestDir dir;
    {
        StartMarker first(dir.path());
        EXPECT_FALSE(first.previous_start_died());
        EXPECT_TRUE(std::filesystem::exists(dir / ("starting." + std::to_string(::getpid()))));
        first.first_frame_drawn();
        EXPECT_EQ(dir.entry_count(), 0u);
    }
    // A start killed before its first frame left its marker.
    std::ofstream(dir / ("starting." + std::to_string(dead_pid()))) << "";
    // One of a window starting right now (our parent is alive), and names that are not markers.
    std::ofstream(dir / ("starting." + std::to_string(::getppid()))) << "";
    std::ofstream(dir / "starting.x1") << "";
    {
        StartMarker second(dir.path());
        EXPECT_TRUE(second.previous_start_died());
    }  // an ordinary end before the first frame: no marker left
    EXPECT_TRUE(std::filesystem::exists(dir / ("starting." + std::to_string(::getppid()))));
    EXPECT_TRUE(std::filesystem::exists(dir / "starting.x1"));
    EXPECT_EQ(dir.entry_count(), 2u);
    StartMarker third(dir.path());
    EXPECT_FALSE(third.previous_start_died());

    // After a crash the session and the recent list are set aside unread, and the line says why.
    std::ofstream(dir / "session.json") << session_text();
    std::ofstream(dir / "recent.json") << recent_to_json({"/p/a.json"});
    const std::string notice = skip_state_after_crash(dir.path());
    EXPECT_EQ(notice,
              "the last start ended before its first frame was drawn (a crash?), so its session and recent "
              "files were not restored (set aside as '" +
                  (dir / "session.json.broken").string() + "' and '" + (dir / "recent.json.broken").string() +
                  "'); starting fresh");
    EXPECT_EQ(read(dir / "session.json.broken"), session_text());
    EXPECT_EQ(skip_state_after_crash(dir.path()),
              "the last start ended before its first frame was drawn (a crash?), so its session and recent "
              "files were "
              "not restored; starting fresh");
}

}  // namespace
}  // namespace app
