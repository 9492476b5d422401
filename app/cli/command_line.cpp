// The one way our commands read their arguments: see command_line.hpp.
#include "cli/command_line.hpp"

#include "core/shown_text.hpp"

namespace app {

CommandLine::CommandLine(const std::string& description, const std::string& name)
    : cli_(description, name), name_(name) {
    cli_.allow_extras();  // reported by parse(), in our words
}

void CommandLine::option(const char* names, std::vector<std::string>& values, const char* type,
                         const char* help) {
    cli_.add_option(names, values, help)
        ->type_name(type)
        ->expected(0, 1)
        ->allow_extra_args(false)
        ->take_all();
}

void CommandLine::flag(const char* name, bool& value, const char* help) {
    cli_.add_flag(name, value, help);
    flags_.emplace_back(name);
}

void CommandLine::footer(const std::string& text) { cli_.footer(text); }

std::string CommandLine::help() const { return cli_.help(); }

std::string CommandLine::parse(int argc, char** argv, std::string_view options) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        // No command takes positional arguments, so "--" has nothing to separate (CLI11 would
        // still read an option after it).
        if (arg == "--") return "unexpected argument '--': " + std::string(options);
        // CLI11 would read "--force=no" as a conversion to bool; a switch takes no value at all.
        for (const std::string& flag : flags_)
            if (arg.starts_with(flag + "="))
                return flag + ": " + shown(arg.substr(flag.size() + 1)) + " is not allowed: expected " +
                       flag + " alone, without a value";
    }
    try {
        cli_.parse(argc, argv);
    } catch (const CLI::CallForHelp&) {
        help_ = true;
        return {};
    } catch (const CLI::ParseError& error) {
        // Not expected with options read as text; still one line that points to the help.
        return "cannot read the arguments (" + escaped(error.what(), 200) + "): see " + name_ + " --help";
    }
    if (const auto extras = cli_.remaining(); !extras.empty())
        return "unexpected argument " + shown(extras.front()) + ": " + std::string(options);
    return {};
}

std::optional<std::string> once(const std::vector<std::string>& values, std::string_view option,
                                std::string_view allowed, std::string& error) {
    if (values.empty() || !error.empty()) return std::nullopt;
    if (values.size() > 1) {
        error = std::string(option) + ": given " + std::to_string(values.size()) + " times (" +
                shown(values[0]) + ", " + shown(values[1]) + (values.size() > 2 ? ", ..." : "") +
                "): expected it once";
        return std::nullopt;
    }
    if (values[0].empty()) {
        error = std::string(option) + ": the value is missing or empty: " + std::string(allowed);
        return std::nullopt;
    }
    return values[0];
}

const std::vector<std::string>& every(const std::vector<std::string>& values, std::string_view option,
                                      std::string_view allowed, std::string& error) {
    for (const std::string& value : values)
        if (value.empty() && error.empty())
            error = std::string(option) + ": the value is missing or empty: " + std::string(allowed);
    return values;
}

}  // namespace app
