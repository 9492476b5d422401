// app/cli/command_line.hpp: the one way our commands read their arguments (export, export
// --format glsl|hlsl, sample).
//
// Every option is read as text, each occurrence kept, so that "given twice" can be said, and a
// missing value arrives as "" rather than as CLI11's own message: the command's checks name the
// option, show the value and say what is allowed, in one line. A switch takes no value
// ("--force=no" is refused), nothing follows "--" (no command takes positional arguments), and an
// unknown argument is named with the list of the command's options.
//
//     CommandLine line("Sample the noise at points read from stdin.", "noise-explorer sample");
//     std::vector<std::string> presets;
//     line.option("--preset", presets, "FILE|NAME", "a preset .json or a shipped preset's name");
//     if (auto error = line.parse(argc, argv, "expected --preset or --help"); !error.empty()) ...
//     if (line.asked_for_help()) std::fputs(line.help().c_str(), stdout);
//     const auto preset = once(presets, "--preset", "expected a preset", error);
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace app {

class CommandLine {
  public:
    CommandLine(const std::string& description, const std::string& name);

    // An option that takes a value ("--size 64x64" or "--size=64x64"); `names` as CLI11 takes them
    // ("-o,--output"). Every occurrence goes to `values`, in order.
    void option(const char* names, std::vector<std::string>& values, const char* type, const char* help);
    // A switch: present or not, never with a value.
    void flag(const char* name, bool& value, const char* help);
    // Printed below the options by help().
    void footer(const std::string& text);

    // "" or the one error line, which `options` ends ("expected --preset, --set or --help").
    std::string parse(int argc, char** argv, std::string_view options);
    bool asked_for_help() const { return help_; }
    std::string help() const;

  private:
    CLI::App cli_;
    std::vector<std::string> flags_;
    std::string name_;
    bool help_ = false;
};

// The value of an option that may appear once: nullopt when absent. Given twice, or with an
// empty or missing value, it sets `error` instead (an empty value never means "the default").
// A call after an error returns nullopt and leaves the first error.
std::optional<std::string> once(const std::vector<std::string>& values, std::string_view option,
                                std::string_view allowed, std::string& error);

// The same for a repeatable option: every value, or `error` set for the first empty one.
const std::vector<std::string>& every(const std::vector<std::string>& values, std::string_view option,
                                      std::string_view allowed, std::string& error);

}  // namespace app
