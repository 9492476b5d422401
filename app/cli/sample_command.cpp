// `noise-explorer sample`: see sample_command.hpp.
#include "cli/sample_command.hpp"

#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <string_view>

#include "core/preset.hpp"
#include "noise/fractal.hpp"

namespace app {
namespace {

// Beyond 2^50 a double keeps no useful fraction of a lattice cell.
constexpr double coordinate_limit = 0x1.0p50;

void print_help() {
    std::string keys;
    for (const auto& info : noise::param_table()) {
        keys += "  " + std::string(info.key);
        keys.append(info.key.size() < 14 ? 14 - info.key.size() : 1, ' ');
        keys += noise::format_param(noise::Params{}, info) + "  (" + noise::allowed_values(info) + ")\n      " +
                std::string(info.tooltip) + "\n";
    }
    std::printf(
        "Usage: noise-explorer sample [--preset FILE] [--set key=value]...\n\n"
        "Reads points \"x [y [z [w]]]\" from stdin, one per line, and prints the raw noise value at each\n"
        "(%%.17g). Coordinates are in noise space: frequency and offsets are not applied. Missing\n"
        "coordinates are 0; blank lines are skipped.\n\n"
        "Options:\n"
        "  --preset FILE     start from a preset .json or a PNG this program exported\n"
        "  --set key=value   change one parameter (repeatable, applied in order after the preset)\n"
        "  --help            show this text\n\n"
        "Parameters (key, default):\n%s",
        keys.c_str());
}

int fail(const std::string& message) {
    std::fprintf(stderr, "noise-explorer sample: %s\n", message.c_str());
    return 2;
}

// Parses one input line into a point; an error message or "".
std::string parse_point(std::string_view line, noise::Point& point, int& count) {
    point = {0.0, 0.0, 0.0, 0.0};
    count = 0;
    std::size_t i = 0;
    while (true) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
        if (i == line.size()) break;
        std::size_t end = i;
        while (end < line.size() && line[end] != ' ' && line[end] != '\t' && line[end] != '\r') ++end;
        std::string_view token = line.substr(i, end - i);
        i                      = end;
        if (count == 4) return "'" + std::string(line) + "' has more than 4 coordinates: expected \"x [y [z [w]]]\"";
        const std::string_view digits = token.starts_with('+') ? token.substr(1) : token;
        double value                  = 0.0;
        const auto result = std::from_chars(digits.data(), digits.data() + digits.size(), value);
        if (result.ec != std::errc() || result.ptr != digits.data() + digits.size() || !std::isfinite(value) ||
            std::abs(value) > coordinate_limit)
            return "coordinate '" + std::string(token) + "' is not allowed: expected a finite number with |value| <= " +
                   std::to_string(static_cast<long long>(coordinate_limit));
        point[static_cast<std::size_t>(count++)] = value;
    }
    return {};
}

// stdout failed (file size limit, full disk, a closed pipe when SIGPIPE is ignored): one line.
int stdout_error(long long line_number) {
    const int error = errno;
    const std::string code = std::strerror(error);
    const std::string cause = error == EFBIG    ? "the file size limit was reached (ulimit -f; " + code + ")"
                              : error == ENOSPC ? "the disk is full (" + code + ")"
                              : error == EPIPE  ? "the reader closed the pipe (" + code + ")"
                                                : code;
    return fail("cannot write to stdout" + (line_number > 0 ? " at input line " + std::to_string(line_number) : "") +
                ": " + cause);
}

}  // namespace

int sample_main(int argc, char** argv) {
    // `sample > file` past `ulimit -f` must end in one line and status 2, not death by SIGXFSZ.
    std::signal(SIGXFSZ, SIG_IGN);
    Preset preset;
    try {
        for (int i = 1; i < argc; ++i) {
            const std::string_view arg = argv[i];
            const bool has_value       = i + 1 < argc;
            if (arg == "--help" || arg == "-h") {
                print_help();
                return 0;
            } else if (arg == "--preset") {
                if (!has_value) return fail("--preset: missing value: expected a preset .json or exported .png file");
                preset = load_preset(resolve_preset_argument(argv[++i]));
            } else if (arg == "--set") {
                if (!has_value) return fail("--set: missing value: expected key=value");
                apply_assignment(preset, argv[++i]);
            } else {
                return fail("unknown argument '" + std::string(arg) + "': expected --preset FILE, --set key=value or --help");
            }
        }
    } catch (const PresetError& error) {
        return fail(error.what());
    }
    if (auto error = noise::validate(preset.params); !error.empty()) return fail(error);

    const noise::FractalNoise noise(preset.params);
    std::string line;
    for (long long number = 1; std::getline(std::cin, line); ++number) {
        noise::Point point;
        int count = 0;
        if (auto error = parse_point(line, point, count); !error.empty())
            return fail("line " + std::to_string(number) + ": " + error);
        if (count == 0) continue;
        if (std::printf("%.17g\n", noise.at(point)) < 0) return stdout_error(number);
    }
    return std::fflush(stdout) == 0 ? 0 : stdout_error(0);
}

}  // namespace app
