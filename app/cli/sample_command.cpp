// `noise-explorer sample`: see sample_command.hpp.
#include "cli/sample_command.hpp"

#include <array>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/command_line.hpp"
#include "core/image_size.hpp"
#include "core/interrupt_signals.hpp"
#include "core/preset.hpp"
#include "core/shown_text.hpp"
#include "noise/fractal.hpp"
#include "noise/layer_stack.hpp"
#include "noise/simulated_field.hpp"

namespace app {
namespace {

// Beyond 2^50 a double keeps less than a quarter of a lattice cell: no noise left to sample.
// (The library itself takes any double: lattice.hpp clamps what octaves scale past 2^52.)
constexpr double coordinate_limit = 0x1.0p50;
constexpr std::string_view coordinate_allowed =
    "expected a decimal number from -1125899906842624 to 1125899906842624 (2^50)";
constexpr std::string_view point_form = "expected one point \"x [y [z [w]]]\" per line";

// A point is a few dozen bytes; a line is refused once it passes this, before it can fill memory.
constexpr std::size_t max_line_bytes = 64 * 1024;

void print_help() {
    std::string keys;
    for (const auto& info : noise::param_table()) {
        keys += "  " + std::string(info.key);
        keys.append(info.key.size() < 14 ? 14 - info.key.size() : 1, ' ');
        keys += noise::format_param(noise::Params{}, info) + "  (" + noise::allowed_values(info) +
                ")\n      " + std::string(info.tooltip) + "\n";
    }
    // The preset's own key (noise/placement.hpp), outside the table.
    const noise::ParamInfo& placement = noise::placement_param();
    keys += "  " + std::string(placement.key) + std::string(14 - placement.key.size(), ' ') +
            noise::format_param(noise::Params{}, placement) + "  (" + noise::allowed_values(placement) +
            ")\n      " + std::string(placement.tooltip) + "\n";
    // The layer stack's own keys (noise/layer_stack.hpp): layer.N.KEY, N from 2.
    keys += "\nLayer stack (layer.N.KEY, N from 2 to " + std::to_string(noise::max_stack_layers) +
            "; any noise key above is a noise layer's own, layer.N.mask.KEY its mask field's;\n"
            "layer.1.name, layer.1.mute, layer.1.solo for the field itself):\n";
    const noise::StackLayer layer;
    for (const auto& info : noise::layer_table()) {
        keys += "  layer.N." + std::string(info.key);
        keys.append(info.key.size() < 14 ? 14 - info.key.size() : 1, ' ');
        keys += noise::format_field(layer, info) + "  (" + noise::allowed_values(info) + ")\n      " +
                std::string(info.tooltip) + "\n";
    }
    keys +=
        "  layer.N.height_curve  none  (as curve: a shape's, constant's or heightmap's own remap curve)\n";
    keys += "  layer.N.name        (text)\n  layer.N.heightmap   (a PNG, r16, r32 or EXR heightmap file)\n";
    std::printf(
        "Usage: noise-explorer sample [--preset FILE] [--set key=value]... [--size WxH]\n\n"
        "Reads points \"x [y [z [w]]]\" from stdin, one per line, and prints the raw noise value at each\n"
        "(%%.17g). Coordinates are in noise space: frequency and offsets are not applied. Missing\n"
        "coordinates are 0; blank lines are skipped. A coordinate is a decimal number (\"-1.5\",\n"
        "\"+2\", \"1e3\") from -2^50 to 2^50; no hexadecimal, inf or nan.\n\n"
        "Options:\n"
        "  --preset FILE     start from a preset .json or a PNG this program exported\n"
        "  --set key=value   change one parameter (repeatable, applied in order after the preset)\n"
        "  --size WxH        erosion.method = simulate: the image the simulation runs on, whose result\n"
        "                    the points read (default 1024x1024; \"unreal-1009\" and the like too)\n"
        "  --help            show this text\n\n"
        "Parameters (key, default):\n%s",
        keys.c_str());
}

// Every error: one line on stderr, "sample: " first, status 2. Values are quoted with shown();
// control bytes that reach here anyway are escaped the same way.
int fail(const std::string& message) {
    std::string line;
    for (const char c : message) {
        const auto byte = static_cast<unsigned char>(c);
        line += byte < 0x20 || byte == 0x7F ? escaped(std::string_view(&c, 1)) : std::string(1, c);
    }
    std::fprintf(stderr, "sample: %s\n", line.c_str());
    return 2;
}

// One coordinate: a plain decimal number as std::from_chars reads it, optionally after one '+'
// (printf's "%+f" writes one), using the whole token. "+-1", "++1", " 1", "0x10", "1e400",
// "inf" and "nan" are errors. Returns "" or the reason, naming the token.
std::string parse_coordinate(std::string_view token, double& value) {
    std::string_view digits = token;
    if (digits.starts_with('+')) {
        digits.remove_prefix(1);
        if (digits.empty() || !(std::isdigit(static_cast<unsigned char>(digits[0])) || digits[0] == '.'))
            return "coordinate " + shown(token) + " is not a number: " + std::string(coordinate_allowed);
    }
    const char* end   = digits.data() + digits.size();
    const auto result = std::from_chars(digits.data(), end, value);
    if (result.ec == std::errc::result_out_of_range)  // 1e400, and 1e-400 which underflows
        return "coordinate " + shown(token) +
               " is too large or too small for a double: " + std::string(coordinate_allowed);
    if (result.ec != std::errc() || result.ptr != end)
        return "coordinate " + shown(token) + " is not a number: " + std::string(coordinate_allowed);
    if (!std::isfinite(value))
        return "coordinate " + shown(token) + " is not a finite number: " + std::string(coordinate_allowed);
    if (std::abs(value) > coordinate_limit)
        return "coordinate " + shown(token) + " is out of range: " + std::string(coordinate_allowed);
    return {};
}

// Parses one input line into a point; an error message or "". Coordinates are separated by
// spaces or tabs; a '\r' (a line from Windows) counts as space.
std::string parse_point(std::string_view line, noise::Point& point, int& count) {
    point            = {0.0, 0.0, 0.0, 0.0};
    count            = 0;
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
    std::size_t i    = 0;
    while (true) {
        while (i < line.size() && space(line[i])) ++i;
        if (i == line.size()) break;
        std::size_t end = i;
        while (end < line.size() && !space(line[end])) ++end;
        const std::string_view token = line.substr(i, end - i);
        i                            = end;
        if (count == 4) return shown(line) + " has more than 4 coordinates: " + std::string(point_form);
        double value = 0.0;
        if (auto error = parse_coordinate(token, value); !error.empty()) return error;
        point[static_cast<std::size_t>(count++)] = value;
    }
    return {};
}

// One line of `in` without its '\n'; `end` when the input is done, `too_long` as soon as a line
// passes max_line_bytes (what was read of it is dropped).
enum class LineRead { line, end, too_long };
LineRead read_line(std::streambuf& in, std::string& line) {
    line.clear();
    for (;;) {
        const int c = in.sbumpc();
        if (c == std::char_traits<char>::eof()) return line.empty() ? LineRead::end : LineRead::line;
        if (c == '\n') return LineRead::line;
        if (line.size() == max_line_bytes) return LineRead::too_long;
        line.push_back(static_cast<char>(c));
    }
}

// The command line as given: every value as text, every occurrence.
struct Arguments {
    std::vector<std::string> preset, assignments, size;
};

// "" or the error line; `help` is set for --help (sample prints its own text: the keys' table).
std::string parse_arguments(int argc, char** argv, Arguments& given, bool& help) {
    constexpr std::string_view allowed = "expected --preset FILE, --set key=value, --size WxH or --help";
    CommandLine cli("Sample the noise at points read from stdin.", "noise-explorer sample");
    cli.option("--preset", given.preset, "FILE|NAME", "a preset .json, a shipped preset's name or a PNG");
    cli.option("--set", given.assignments, "KEY=VALUE", "key=value, applied after the preset (repeatable)");
    cli.option("--size", given.size, "WxH", "the image the erosion simulation runs on");
    if (auto error = cli.parse(argc, argv, allowed); !error.empty()) return error;
    if ((help = cli.asked_for_help())) return {};
    std::string error;
    once(given.preset, "--preset",
         "expected a preset .json, a shipped preset's name or a PNG this program exported", error);
    once(given.size, "--size", "expected WxH", error);
    every(given.assignments, "--set", "expected key=value, e.g. octaves=6 (keys: see --help)", error);
    return error;
}

// stdout failed (file size limit, full disk, a closed pipe when SIGPIPE is ignored): one line.
int stdout_error(long long line_number) {
    const int error         = errno;
    const std::string code  = std::strerror(error);
    const std::string cause = error == EFBIG    ? "the file size limit was reached (ulimit -f; " + code + ")"
                              : error == ENOSPC ? "the disk is full (" + code + ")"
                              : error == EPIPE  ? "the reader closed the pipe (" + code + ")"
                                                : code;
    return fail("cannot write to stdout" +
                (line_number > 0 ? " at input line " + std::to_string(line_number) : "") + ": " + cause);
}

}  // namespace

// A function-try-block: memory running out anywhere (a preset, the lattices) is one line too.
int sample_main(int argc, char** argv) try {
    // `sample > file` past `ulimit -f` must end in one line and status 2, not death by SIGXFSZ.
    std::signal(SIGXFSZ, SIG_IGN);
    // A signal while the preset, its heightmaps and the simulation load is a polite request:
    // one line and status 130 once the phase ends (the simulation polls it). The points are read
    // with the default actions again: a blocked read of stdin must still end on Ctrl+C.
    static std::atomic<bool> interrupted{false};
    install_interrupt_handlers(interrupted);
    const auto stopped = [] {
        std::fputs("sample: interrupted; no value was printed\n", stderr);
        return 130;
    };
    Arguments given;
    bool help = false;
    if (auto error = parse_arguments(argc, argv, given, help); !error.empty()) return fail(error);
    if (help) {
        print_help();
        return 0;
    }
    Preset preset;
    try {
        if (!given.preset.empty()) preset = load_preset(resolve_preset_argument(given.preset.front()));
    } catch (const PresetError& error) {
        if (interrupted.load()) return stopped();
        return fail(std::string("--preset: ") + error.what());
    }
    try {
        for (const auto& assignment : given.assignments) apply_assignment(preset, assignment);
    } catch (const PresetError& error) {
        if (interrupted.load()) return stopped();
        return fail(error.what());
    }
    if (interrupted.load()) return stopped();
    if (auto error = noise::validate(preset.params); !error.empty()) return fail("--set: " + error);
    const bool simulated = preset.params.erosion_method == noise::ErosionMethod::simulate;
    ImageSize size{noise::default_simulated_side, noise::default_simulated_side};
    if (!given.size.empty()) {
        if (!simulated)
            return fail("--size " + shown(given.size.front()) +
                        ": only erosion.method = simulate reads it (the image the simulation runs on)");
        const SizeParse parsed = parse_image_size(given.size.front());
        if (!parsed.size) return fail(parsed.error);
        size = *parsed.size;
    }
    if (simulated) {
        if (auto problem = simulation_size_problem(size); !problem.empty()) return fail(problem);
        try {
            noise::SimulationControl control;
            control.cancel = &interrupted;
            auto field     = noise::simulate_field(preset.params, size.width, size.height, control);
            if (!field || interrupted.load()) return stopped();
            preset.params = std::move(field->params);
        } catch (const std::invalid_argument& error) {
            return fail("--size " + std::to_string(size.width) + "x" + std::to_string(size.height) + ": " +
                        error.what());
        }
    }

    if (interrupted.load()) return stopped();
    stop_interrupt_handlers();
    const noise::FractalNoise noise(preset.params);
    std::string line;
    std::streambuf& input = *std::cin.rdbuf();
    for (long long number = 1;; ++number) {
        const LineRead read = read_line(input, line);
        if (read == LineRead::end) break;
        if (read == LineRead::too_long)
            return fail("line " + std::to_string(number) + " is longer than " +
                        std::to_string(max_line_bytes) + " bytes: " + std::string(point_form));
        noise::Point point;
        int count = 0;
        if (auto error = parse_point(line, point, count); !error.empty())
            return fail("line " + std::to_string(number) + ": " + error);
        if (count == 0) continue;
        if (std::printf("%.17g\n", noise.at(point)) < 0) return stdout_error(number);
    }
    return std::fflush(stdout) == 0 ? 0 : stdout_error(0);
} catch (const std::bad_alloc&) {
    return fail(
        "not enough memory to load the preset and sample the noise: free some memory or raise `ulimit -v`");
}

}  // namespace app
