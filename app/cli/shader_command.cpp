// `export --format glsl|hlsl`: see shader_command.hpp.
#include "cli/shader_command.hpp"

#include <cstdio>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "cli/command_line.hpp"
#include "core/atomic_file.hpp"
#include "core/preset.hpp"
#include "core/shader_source.hpp"
#include "core/shown_text.hpp"

namespace app {
namespace {

constexpr int exit_usage = 2;

int usage_error(const std::string& message) {
    std::fprintf(stderr, "export: %s\n", message.c_str());
    return exit_usage;
}

constexpr std::string_view usage_line =
    "expected --format glsl|hlsl --preset FILE|NAME [--preset ...] [--set key=value]... -o OUT [--force]";

struct ShaderArguments {
    std::vector<std::string> format, presets, assignments, outputs;
    bool force = false;
};

// "" or the one error line; `help` when --help was asked for (the text is printed here).
std::string parse(int argc, char** argv, ShaderArguments& given, bool& help) {
    CommandLine cli("Write presets as GLSL or HLSL source.", "noise-explorer export --format glsl|hlsl");
    cli.option("--format", given.format, "glsl|hlsl", "the shading language (required)");
    cli.option("--preset", given.presets, "FILE|NAME", "a preset; repeat for one entry function each");
    cli.option("--set", given.assignments, "KEY=VALUE", "key=value, applied to the one --preset");
    cli.option("-o,--output", given.outputs, "OUT", "the source file to write (required)");
    cli.flag("--force", given.force, "replace OUT if it exists");
    if (auto error = cli.parse(argc, argv, usage_line); !error.empty()) return error;
    if ((help = cli.asked_for_help())) {
        std::fputs(cli.help().c_str(), stdout);
        return {};
    }
    std::string error;
    once(given.format, "--format", usage_line, error);
    every(given.presets, "--preset", usage_line, error);
    every(given.assignments, "--set", usage_line, error);
    const auto output = once(given.outputs, "-o", usage_line, error);
    if (!error.empty()) return error;
    if (!output) return "-o is required: " + std::string(usage_line);
    if (!given.assignments.empty() && given.presets.size() != 1)
        return "--set: applies to one preset: expected exactly one --preset with it";
    return {};
}

}  // namespace

bool asks_for_shader(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        std::string_view value;
        if (arg == "--format" && i + 1 < argc)
            value = argv[i + 1];
        else if (arg.starts_with("--format="))
            value = arg.substr(9);
        for (const std::string_view name : shader_language_names)
            if (value == name) return true;
    }
    return false;
}

int shader_export_main(int argc, char** argv) {
    ShaderArguments given;
    bool help = false;
    if (auto error = parse(argc, argv, given, help); !error.empty()) return usage_error(error);
    if (help) return 0;
    const auto language = given.format.front() == "hlsl" ? ShaderLanguage::hlsl : ShaderLanguage::glsl;
    try {
        std::vector<ShaderEntry> entries;
        if (given.presets.empty()) given.presets.push_back("default");
        for (const std::string& argument : given.presets) {
            Preset preset = load_preset(resolve_preset_argument(argument));
            for (const std::string& assignment : given.assignments) apply_assignment(preset, assignment);
            const std::string name =
                shader_entry_name(preset.name, std::filesystem::path(argument).stem().string());
            if (auto refusal = shader_refusal(preset.params); !refusal.empty())
                return usage_error("--preset " + shown(argument) + ": " + refusal);
            entries.push_back({name, preset.params});
        }
        const std::string text = shader_source(entries, language);
        AtomicFile out(given.outputs.front(), given.force);
        out.write(text);
        out.commit();
    } catch (const AtomicFileError& error) {
        if (error.cause() == AtomicFileError::Cause::exists)
            return usage_error(std::string("-o: ") + error.what() + ": add --force to replace it");
        return usage_error(std::string("-o: ") + error.what());
    } catch (const std::exception& error) {
        return usage_error(error.what());
    }
    return 0;
}

}  // namespace app
