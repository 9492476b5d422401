// `export --format glsl|hlsl`: see shader_export_command.hpp.
#include "core/shader_export_command.hpp"

#include <cstdio>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

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
    std::string format;
    std::vector<std::string> presets, assignments, outputs;
    bool force = false;
};

// The value after an option, or after its '='; "" sets `error`.
bool take_value(int argc, char** argv, int& i, std::string_view option, std::string& value,
                std::string& error) {
    const std::string_view arg = argv[i];
    if (arg.size() > option.size() && arg[option.size()] == '=') {
        value = std::string(arg.substr(option.size() + 1));
    } else if (i + 1 < argc) {
        value = argv[++i];
    } else {
        value.clear();
    }
    if (value.empty())
        error = std::string(option) + ": the value is missing or empty: " + std::string(usage_line);
    return error.empty();
}

std::string parse(int argc, char** argv, ShaderArguments& given) {
    std::string error;
    for (int i = 1; i < argc && error.empty(); ++i) {
        const std::string_view arg = argv[i];
        const auto is              = [&](std::string_view option) {
            return arg == option ||
                   (arg.starts_with(option) && arg.size() > option.size() && arg[option.size()] == '=');
        };
        std::string value;
        if (is("--format")) {
            if (!take_value(argc, argv, i, "--format", value, error)) break;
            if (!given.format.empty()) return "--format: given twice: expected it once";
            given.format = value;
        } else if (is("--preset")) {
            if (take_value(argc, argv, i, "--preset", value, error)) given.presets.push_back(value);
        } else if (is("--set")) {
            if (take_value(argc, argv, i, "--set", value, error)) given.assignments.push_back(value);
        } else if (is("-o") || is("--output")) {
            if (take_value(argc, argv, i, arg.starts_with("--") ? "--output" : "-o", value, error))
                given.outputs.push_back(value);
        } else if (arg == "--force") {
            given.force = true;
        } else {
            return "unexpected argument " + shown(arg) + " for a shader: " + std::string(usage_line);
        }
    }
    if (!error.empty()) return error;
    if (given.outputs.size() != 1)
        return given.outputs.empty() ? "-o is required: " + std::string(usage_line)
                                     : "-o: given twice: expected it once";
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
    if (auto error = parse(argc, argv, given); !error.empty()) return usage_error(error);
    const auto language = given.format == "hlsl" ? ShaderLanguage::hlsl : ShaderLanguage::glsl;
    try {
        std::vector<ShaderEntry> entries;
        if (given.presets.empty()) given.presets.push_back("default");
        for (const std::string& argument : given.presets) {
            Preset preset = load_preset(resolve_preset_argument(argument));
            for (const std::string& assignment : given.assignments) apply_assignment(preset, assignment);
            const std::string name = shader_function_name(
                preset.name.empty() ? std::filesystem::path(argument).stem().string() : preset.name);
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
