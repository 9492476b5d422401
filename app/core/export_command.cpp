// `export`: parse the arguments (CLI11), build the preset, run export_image, report one line.
#include "core/export_command.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/export_image.hpp"
#include "core/image_size.hpp"
#include "core/interrupt_signals.hpp"
#include "core/preset.hpp"

namespace app {
namespace {

constexpr int exit_usage = 2;
constexpr int exit_interrupted = 130;

// Set by SIGINT, SIGTERM, SIGHUP... (interrupt_signals.hpp); export_image polls it between rows and cleans up.
std::atomic<bool> interrupted{false};

int usage_error(const std::string& message) {
    std::string line = message;
    for (auto& c : line)
        if (c == '\n' || c == '\r') c = ' ';
    std::fprintf(stderr, "export: %s\n", line.c_str());
    return exit_usage;
}

std::string help_footer() {
    std::string sizes;
    for (const auto& named : named_sizes) sizes += (sizes.empty() ? "" : " ") + std::string(named.name);
    return "\nFormats:\n"
           "  png8   8-bit grayscale PNG          rgb8  8-bit RGB PNG through the preset's ramp and hillshade\n"
           "  png16  16-bit grayscale PNG         r16   raw 16-bit little-endian + OUT.json sidecar\n"
           "Sizes: WxH from 1x1 to 16384x16384, or one of\n  " +
           sizes +
           "\n--region renders only that pixel window (end exclusive) of the full image; the windows of a grid\n"
           "fit together byte for byte. Every PNG carries its preset: --preset image.png restores it.\n"
           "Keys for --set: see `noise-explorer sample --help`; view keys: mapping, ramp, hillshade,\n"
           "repeat_3x3, show_octaves, scanline.\n";
}

// Prints "export: 42%" on the terminal until stopped.
class ProgressLine {
public:
    explicit ProgressLine(const std::atomic<double>& progress) : progress_(progress) {
        thread_ = std::thread([this] { run(); });
    }
    ~ProgressLine() {
        {
            std::lock_guard lock(mutex_);
            stop_ = true;
        }
        wake_.notify_one();
        thread_.join();
        std::fputs("\r              \r", stderr);
    }

private:
    void run() {
        std::unique_lock lock(mutex_);
        while (!wake_.wait_for(lock, std::chrono::milliseconds(200), [this] { return stop_; })) {
            std::fprintf(stderr, "\rexport: %3d%%", static_cast<int>(progress_.load() * 100.0));
            std::fflush(stderr);
        }
    }
    const std::atomic<double>& progress_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stop_ = false;
    std::thread thread_;
};

}  // namespace

int export_main(int argc, char** argv) {
    // A file size limit (ulimit -f) must end in a clean error and no partial file, not SIGXFSZ.
    std::signal(SIGXFSZ, SIG_IGN);

    CLI::App cli("Render a preset to an image file.", "noise-explorer export");
    cli.footer(help_footer());
    std::string preset_argument, size_text, format_text, output, region_text;
    std::vector<std::string> assignments;
    bool force = false;
    unsigned threads = 0;
    cli.add_option("--preset", preset_argument, "a preset .json, a shipped preset's name, or a PNG exported by us");
    cli.add_option("--set", assignments, "key=value, applied after the preset (repeatable)")
        ->expected(1)
        ->take_all();
    cli.add_option("--size", size_text, "WxH or an engine size name (required)");
    cli.add_option("--format", format_text, "png8 | rgb8 | png16 | r16 (required)");
    cli.add_option("-o,--output", output, "the file to write (required)");
    cli.add_flag("--force", force, "replace OUT if it exists");
    cli.add_option("--region", region_text, "X0,Y0,X1,Y1: render only this window of the full image");
    cli.add_option("--threads", threads, "render and compression threads each (0: one per core)");
    try {
        cli.parse(argc, argv);
    } catch (const CLI::CallForHelp&) {
        std::fputs(cli.help().c_str(), stdout);
        return 0;
    } catch (const CLI::ExtrasError& error) {
        return usage_error(std::string(error.what()) +
                           ": expected --preset, --set, --size, --format, -o, --force, --region, --threads or --help");
    } catch (const CLI::ParseError& error) {
        return usage_error(error.what());
    }

    Preset preset;
    try {
        if (!preset_argument.empty()) preset = load_preset(resolve_preset_argument(preset_argument));
    } catch (const PresetError& error) {
        return usage_error(std::string("--preset: ") + error.what());
    }
    try {
        for (const auto& assignment : assignments) apply_assignment(preset, assignment);
    } catch (const PresetError& error) {
        return usage_error(error.what());
    }
    if (auto error = noise::validate(preset.params); !error.empty()) return usage_error("--set: " + error);

    if (size_text.empty()) return usage_error("--size is required: expected WxH (e.g. 1024x1024) or a name like unreal-1009");
    const auto size = parse_image_size(size_text);
    if (!size.size) return usage_error(size.error);

    if (format_text.empty()) return usage_error("--format is required: expected png8, rgb8, png16 or r16");
    const auto format = parse_export_format(format_text);
    if (!format) return usage_error("--format: '" + format_text + "' is not a format: expected png8, rgb8, png16 or r16");

    if (output.empty()) return usage_error("-o is required: expected the output file name");

    ExportRequest request;
    request.size = *size.size;
    request.format = *format;
    request.path = output;
    request.overwrite = force;
    request.threads = threads;
    if (!region_text.empty()) {
        const auto region = parse_region(region_text, request.size);
        if (!region.region) return usage_error(region.error);
        request.region = region.region;
    }

    install_interrupt_handlers(interrupted);
    std::atomic<double> progress{0.0};
    try {
        std::optional<ProgressLine> line;
        if (::isatty(STDERR_FILENO)) line.emplace(progress);
        export_image(preset, request, &interrupted, &progress);
    } catch (const ExportError& error) {
        switch (error.cause()) {
            case ExportError::Cause::exists:
                return usage_error(std::string("-o: ") + error.what() + ": add --force to replace it");
            case ExportError::Cause::cancelled:
                std::fputs("export: interrupted; no file was written\n", stderr);
                return exit_interrupted;
            case ExportError::Cause::other: return usage_error(std::string("-o: ") + error.what());
        }
    } catch (const std::exception& error) {
        return usage_error(error.what());
    }
    return 0;
}

}  // namespace app
