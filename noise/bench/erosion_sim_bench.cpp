// erosion_sim_bench: issue 36's erosion simulation (erosion_sim.hpp) at the default settings on a
// 6-octave fbm field mapped to [0, 1] (the test's noise_heights()), 10 m cells, height_scale 800:
//
//     build/release/noise/bench/erosion_sim_bench                 # 1024 x 1024, 3 runs
//     build/release/noise/bench/erosion_sim_bench --size 4096 --runs 3
//     build/release/noise/bench/erosion_sim_bench --steps 40 --diffusivity 100   # as river-canyons
//     build/release/noise/bench/erosion_sim_bench --resolution   # 512 against 4096 (slow)
//     build/release/noise/bench/erosion_sim_bench --preset assets/presets/river-canyons.json --runs 1
//         [--out rc]   # a preset's own simulation, as the program runs it; --out writes its maps
//
// Prints, with the host line naming the CPU: the median wall time of the runs (and each run,
// with its CPU time, the load and a digest of the four maps' bits),
// the passes of the thermal stage, and the peak memory of one run in bytes per pixel, counted two
// ways: the bytes the run allocated at its peak (operator new counted, the four output maps
// included, the input not) and the growth of the process's maximum resident set (getrusage,
// first run only: the peak is the process's). --resolution simulates the same world at 512 and
// 4096 cells (20 m and 2.5 m cells) and prints the correlation of the heights and of the
// erosion's own change (eroded minus input; the lakes' fill is part of it) and of the wear
// alone, the 4096 run box-averaged down to 512: all three steps, then water alone (talus 90).
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "host.hpp"
#include "noise/erosion_sim.hpp"
#include "noise/preset.hpp"
#include "noise/render.hpp"
#include "noise/simulated_field.hpp"

// [SECTION] Counting allocations: every operator new of the process, the current and peak bytes.
namespace {
std::atomic<std::size_t> allocated{0}, allocated_peak{0};

void* counted(std::size_t bytes) {
    // A header before each block holds its size, for the delete that does not give it.
    void* block = std::malloc(bytes + 16);
    if (block == nullptr) throw std::bad_alloc();
    *static_cast<std::size_t*>(block) = bytes;
    const std::size_t now             = allocated.fetch_add(bytes) + bytes;
    std::size_t peak                  = allocated_peak.load();
    while (now > peak && !allocated_peak.compare_exchange_weak(peak, now)) {
    }
    return static_cast<char*>(block) + 16;
}

void uncounted(void* pointer) {
    if (pointer == nullptr) return;
    void* block = static_cast<char*>(pointer) - 16;
    allocated.fetch_sub(*static_cast<std::size_t*>(block));
    std::free(block);
}
}  // namespace

void* operator new(std::size_t bytes) { return counted(bytes); }
void* operator new[](std::size_t bytes) { return counted(bytes); }
void operator delete(void* pointer) noexcept { uncounted(pointer); }
void operator delete[](void* pointer) noexcept { uncounted(pointer); }
void operator delete(void* pointer, std::size_t) noexcept { uncounted(pointer); }
void operator delete[](void* pointer, std::size_t) noexcept { uncounted(pointer); }

namespace {

// The test's noise_heights(): 6 octaves at frequency 6, mapped from [-1, 1] to [0, 1]. The
// image model shows the same frame at every size.
std::vector<float> noise_heights(int size) {
    noise::Params params;
    params.octaves   = 6;
    params.frequency = 6.0;
    std::vector<float> raw(static_cast<std::size_t>(size) * size);
    noise::render(params, noise::Region::full(size, size), raw);
    for (float& v : raw) v = (v + 1.0f) * 0.5f;
    return raw;
}

// The process's CPU time (user and system), seconds: on a host shared with other work the wall
// time grows with the load, the CPU time much less.
double cpu_seconds() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
}

// The first field of /proc/loadavg: how busy the host was.
double load_average() {
    double load = 0.0;
    if (std::FILE* file = std::fopen("/proc/loadavg", "r")) {
        if (std::fscanf(file, "%lf", &load) != 1) load = 0.0;
        std::fclose(file);
    }
    return load;
}

long max_rss_kib() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

// FNV-1a over the four maps' bits: equal digests, the same result bit for bit (a check that a
// faster version changed nothing, without keeping the maps).
std::uint64_t digest(const noise::SimulationMaps& maps) {
    std::uint64_t hash = 14695981039346656037ull;
    for (const std::vector<float>* map : {&maps.height, &maps.flow, &maps.wear, &maps.deposit})
        for (const float v : *map) {
            std::uint32_t bits = 0;
            std::memcpy(&bits, &v, sizeof bits);
            for (int b = 0; b < 4; ++b) hash = (hash ^ ((bits >> (8 * b)) & 0xffu)) * 1099511628211ull;
        }
    return hash;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 == 1 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

double correlation(const std::vector<double>& a, const std::vector<double>& b) {
    double ma = 0.0, mb = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) ma += a[i], mb += b[i];
    ma /= static_cast<double>(a.size());
    mb /= static_cast<double>(b.size());
    double ab = 0.0, aa = 0.0, bb = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        ab += (a[i] - ma) * (b[i] - mb);
        aa += (a[i] - ma) * (a[i] - ma);
        bb += (b[i] - mb) * (b[i] - mb);
    }
    return ab / std::sqrt(aa * bb);
}

// The mean of each factor x factor box of a size x size map.
std::vector<double> box_average(const std::vector<double>& map, int size, int factor) {
    const int small = size / factor;
    std::vector<double> out(static_cast<std::size_t>(small) * small, 0.0);
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x)
            out[static_cast<std::size_t>(y / factor) * small + x / factor] +=
                map[static_cast<std::size_t>(y) * size + x];
    for (double& v : out) v /= static_cast<double>(factor) * factor;
    return out;
}

// --steps and --diffusivity: the defaults unless given (the program runs 100 m^2 of creep a
// step, simulated_field.cpp; river-canyons 40 steps).
struct Overrides {
    int steps          = -1;
    double diffusivity = -1.0;
} overrides;

noise::SimulationSettings bench_settings(double cell_size) {
    noise::SimulationSettings settings;
    settings.cell_size    = cell_size;
    settings.height_scale = 800.0;
    if (overrides.steps >= 0) settings.hydraulic_steps = overrides.steps;
    if (overrides.diffusivity >= 0.0) settings.diffusivity = overrides.diffusivity;
    return settings;
}

int timed(int size, int runs, unsigned threads) {
    const std::vector<float> input = noise_heights(size);
    const double pixels            = static_cast<double>(size) * size;
    std::vector<double> seconds, cpu;
    for (int r = 0; r < runs; ++r) {
        const long rss_before              = max_rss_kib();
        const std::size_t allocated_before = allocated.load();
        allocated_peak.store(allocated_before);
        noise::SimulationControl control;
        control.threads        = threads;
        const double cpu_start = cpu_seconds();
        const auto start       = std::chrono::steady_clock::now();
        std::optional<noise::SimulationMaps> maps =
            noise::simulate_erosion(input, size, size, bench_settings(10.0), control);
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        seconds.push_back(s);
        cpu.push_back(cpu_seconds() - cpu_start);
        const double peak = static_cast<double>(allocated_peak.load() - allocated_before) / pixels;
        std::printf("  run %d: %.3f s (CPU %.3f s, load %.1f), peak allocated %.1f B/px", r + 1, s,
                    cpu.back(), load_average(), peak);
        if (r == 0)
            std::printf(", max RSS grew %.1f B/px",
                        static_cast<double>(max_rss_kib() - rss_before) * 1024.0 / pixels);
        std::printf(", digest %016llx", static_cast<unsigned long long>(digest(*maps)));
        std::printf(", pits %d -> %d, steepest %.1f -> %.1f degrees\n", noise::count_pits(input, size, size),
                    noise::count_pits(maps->height, size, size),
                    noise::steepest_slope_degrees(input, size, size, 10.0, 800.0),
                    noise::steepest_slope_degrees(maps->height, size, size, 10.0, 800.0));
    }
    std::printf("erosion_sim %dx%d, %u threads: median %.3f s of %d runs (%.1f ns/px), median CPU %.3f s\n",
                size, size, threads, median(seconds), runs, median(seconds) * 1e9 / pixels, median(cpu));
    return 0;
}

// A preset's own simulation at size x size, as the program runs it (simulate_field: the preset's
// field rendered, then simulated in its metres): the time, the CPU and the maps' digest (equal
// digests before and after a change: the same exports). With `out`, writes OUT.r32 (the unit
// heights, float32), OUT.r32.json (a sidecar terrain_measures.py reads) and OUT-flow.f32,
// OUT-deposit.f32 (the maps, float32, for the measures without three exports).
int preset_run(const std::string& file, int size, int runs, unsigned threads, const std::string& out) {
    const noise::Preset preset = noise::load_preset(file);
    std::vector<double> seconds, cpu;
    for (int r = 0; r < runs; ++r) {
        noise::SimulationControl control;
        control.threads        = threads;
        const double cpu_start = cpu_seconds();
        const auto start       = std::chrono::steady_clock::now();
        const std::optional<noise::SimulatedField> field =
            noise::simulate_field(preset.params, size, size, control);
        seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        cpu.push_back(cpu_seconds() - cpu_start);
        std::printf("  run %d: %.3f s (CPU %.3f s, load %.1f), digest %016llx\n", r + 1, seconds.back(),
                    cpu.back(), load_average(), static_cast<unsigned long long>(digest(field->maps)));
        if (r == 0 && !out.empty()) {
            const auto write = [&](const std::string& name, const std::vector<float>& map) {
                if (std::FILE* f = std::fopen(name.c_str(), "wb")) {
                    std::fwrite(map.data(), sizeof(float), map.size(), f);
                    std::fclose(f);
                }
            };
            write(out + ".r32", field->maps.height);
            write(out + "-flow.f32", field->maps.flow);
            write(out + "-deposit.f32", field->maps.deposit);
            if (std::FILE* f = std::fopen((out + ".r32.json").c_str(), "w")) {
                std::fprintf(
                    f,
                    "{\"width\": %d, \"height\": %d, \"value_range\": {\"raw_min\": 0, \"raw_max\": 1},\n"
                    " \"preset\": %s}\n",
                    size, size, noise::preset_to_json(preset).c_str());
                std::fclose(f);
            }
        }
    }
    std::printf("erosion_sim preset %s %dx%d, %u threads: median %.3f s of %d runs, median CPU %.3f s\n",
                file.c_str(), size, size, threads, median(seconds), runs, median(cpu));
    return 0;
}

int resolution(unsigned threads) {
    // 10.24 km of world: 512 cells of 20 m and 4096 cells of 2.5 m; all three steps, then water
    // alone (talus 90: the stream-power law's own change).
    constexpr int small = 512, large = 4096, factor = large / small;
    for (const double talus : {35.0, 90.0}) {
        std::vector<std::vector<double>> height(2), change(2), wear(2);
        for (int run = 0; run < 2; ++run) {
            const int size                     = run == 0 ? small : large;
            const std::vector<float> input     = noise_heights(size);
            noise::SimulationSettings settings = bench_settings(10240.0 / size);
            settings.talus_degrees             = talus;
            noise::SimulationControl control;
            control.threads        = threads;
            const double cpu_start = cpu_seconds();
            const auto start       = std::chrono::steady_clock::now();
            const std::optional<noise::SimulationMaps> maps =
                noise::simulate_erosion(input, size, size, settings, control);
            std::printf("  talus %.0f, %d x %d: %.2f s (CPU %.2f s, load %.1f)\n", talus, size, size,
                        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                        cpu_seconds() - cpu_start, load_average());
            for (std::size_t i = 0; i < input.size(); ++i) {
                height[run].push_back(maps->height[i]);
                change[run].push_back(static_cast<double>(maps->height[i]) - input[i]);
                wear[run].push_back(maps->wear[i]);
            }
        }
        std::printf(
            "resolution 512 vs 4096 (box-averaged), talus %.0f: heights r = %.4f, change r = %.4f, wear r = "
            "%.4f\n",
            talus, correlation(height[0], box_average(height[1], large, factor)),
            correlation(change[0], box_average(change[1], large, factor)),
            correlation(wear[0], box_average(wear[1], large, factor)));
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    int size = 1024, runs = 3;
    unsigned threads   = 2;
    bool by_resolution = false;
    std::string preset, out;
    for (int a = 1; a < argc; ++a) {
        const std::string arg = argv[a];
        if (arg == "--size" && a + 1 < argc)
            size = std::atoi(argv[++a]);
        else if (arg == "--runs" && a + 1 < argc)
            runs = std::atoi(argv[++a]);
        else if (arg == "--threads" && a + 1 < argc)
            threads = static_cast<unsigned>(std::atoi(argv[++a]));
        else if (arg == "--steps" && a + 1 < argc)
            overrides.steps = std::atoi(argv[++a]);
        else if (arg == "--diffusivity" && a + 1 < argc)
            overrides.diffusivity = std::atof(argv[++a]);
        else if (arg == "--preset" && a + 1 < argc)
            preset = argv[++a];
        else if (arg == "--out" && a + 1 < argc)
            out = argv[++a];
        else if (arg == "--resolution")
            by_resolution = true;
        else {
            std::fprintf(
                stderr,
                "usage: erosion_sim_bench [--size N] [--runs R] [--threads T] [--steps S] [--diffusivity D] "
                "[--resolution] [--preset FILE [--out PREFIX]]\n");
            return 2;
        }
    }
    std::setvbuf(stdout, nullptr, _IOLBF, 0);  // each line as it comes, also into a pipe
    std::printf("host: %s\n", host_description().c_str());
    if (!preset.empty()) return preset_run(preset, size, runs, threads, out);
    return by_resolution ? resolution(threads) : timed(size, runs, threads);
}
