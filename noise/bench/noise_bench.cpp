// noise_bench: how fast our noise is next to its peers (stb_perlin.h, libnoise) and next to our
// own readable reference, all measured in ONE run.
//
//     build/release/noise/bench/noise_bench                    # headline + coverage, ~4 minutes
//     build/release/noise/bench/noise_bench --quick            # smoke run, ~30 s
//     build/release/noise/bench/noise_bench --suite=headline --rounds=9
//     build/release/noise/bench/noise_bench --suite=hashes     # every hash, 2D perlin and value
//     build/release/noise/bench/noise_bench --verbose --benchmark_out=runs.json   # every run, too
//
// What is measured, in ns per sample (lower is better):
//   ours        noise::render(FractalNoise, Region, out, {threads}): the compiled SIMD row kernel
//               on the CPU's best target; `ours-AVX2` etc. force one target (force_simd_target)
//   reference   FractalNoise::at per pixel, one thread: the readable scalar path
//   stb         stb_perlin_noise3 / stb_perlin_fbm_noise3, float, one thread (peers.hpp)
//   libnoise    noise::module::Perlin, QUALITY_BEST, one thread (peers.hpp)
// on two grids whose sample (i, j) sits at render.hpp's pixel centre, origin + (i + 0.5) * step:
//   lowfreq     x = 0.5 + 0.01 i     (about 100 samples per lattice cell: corner reuse pays)
//   highfreq    x = 1.37 i           (a new lattice cell at every sample: the worst case)
//
// The headline is 2D perlin (improved gradients, quintic, fbm of persistence 0.5 and lacunarity
// 2) at 1 and 8 octaves on 1024 x 1024 samples. The coverage set is every configuration of the
// algorithm table (algorithm x dimension x the parameters that algorithm uses), 1 and 8
// octaves, on both grids at 256 x 256 samples (fewer rows where the reference is slow, see
// check_and_size), ours against the reference. The warp set (--suite=warp, also in "all") is a few
// 2D and 3D configurations with domain warp and/or the rotated layer, on the same grids, ours
// against the reference (plan_warp). Before timing anything, ours is checked to
// equal the reference bit for bit on every configuration (and on every target for the headline).
// The seeds' hashes (`hash`) and seed 003's texture are measured by their own suite, `hashes`
// (2D perlin and value, every hash, 1 and 8 octaves, both grids, ours against the reference),
// which `all` includes: crossing them with every coverage configuration would quadruple the run.
//
// Why rounds: this runs on shared machines whose speed drifts by up to 2x within minutes, so a
// ratio is only fair between measurements taken moments apart. Every round measures each
// configuration's implementations back to back (in reverse order every other round, so that
// no implementation always goes first); the summary takes the median over rounds of the times
// and, for the ratios, the median of the per-round ratios. Google Benchmark's
// --benchmark_repetitions would instead run all repetitions of one benchmark in a row, and
// --benchmark_enable_random_interleaving scatters them so that no two implementations pair up.
//
// Index
// [SECTION] Options: our flags, read before Google Benchmark's
// [SECTION] What we measure: grids, configurations, entries
// [SECTION] Checks: ours equals the reference before anything is timed
// [SECTION] The benchmark bodies
// [SECTION] Registration: rounds as the outer loop
// [SECTION] Collecting the runs
// [SECTION] The summary
// [SECTION] main
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <vector>

#include "host.hpp"
#include "noise/algorithms.hpp"
#include "noise/kernel.hpp"
#include "noise/render.hpp"
#include "peers.hpp"

namespace {

constexpr double missing = std::numeric_limits<double>::quiet_NaN();

// The 1-minute load average: other processes on the machine skew every time, the 2-thread ones
// most (they need an idle second core), so the progress lines and the summary show it.
double load_average() {
    double load = missing;
    return ::getloadavg(&load, 1) == 1 ? load : missing;
}

// [SECTION] Options: our flags, read before Google Benchmark's ------------------------------

constexpr std::array<std::string_view, 5> suite_names{"all", "headline", "coverage", "hashes", "warp"};
constexpr std::array<std::string_view, 3> coverage_grid_names{"lowfreq", "highfreq", "both"};

struct Options {
    int rounds                     = 5;
    std::string_view suite         = "all";
    std::string_view coverage_grid = "both";
    int headline_size              = 1024;
    int coverage_size              = 256;
    double headline_min_time       = 0.1;   // seconds per benchmark and round
    double coverage_min_time       = 0.02;  // ~430 configurations: keep each short
    double coverage_budget         = 0.01;  // seconds the reference may take for one pass (see
                                            // check_and_size): some need ~1 ms per sample
    bool verbose = false;                   // print every run as Google Benchmark does
};

constexpr char usage[] =
    "noise_bench options (Google Benchmark's --benchmark_* flags work too):\n"
    "  --quick                 smoke run (2 rounds, shorter runs, 128 x 128 coverage): < 60 s\n"
    "  --rounds=N              rounds; each measures every entry once (default 5)\n"
    "  --suite=S               all | headline | coverage | hashes | warp (default all)\n"
    "  --coverage-grid=G       lowfreq | highfreq | both (default both)\n"
    "  --coverage-size=N       coverage grid is N x N (default 256)\n"
    "  --verbose               also print every run as Google Benchmark does\n";

bool starts_with(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

template <std::size_t N>
bool one_of(std::string_view value, const std::array<std::string_view, N>& names) {
    return std::find(names.begin(), names.end(), value) != names.end();
}

// Removes our flags from argv (so that Google Benchmark does not reject them). Returns an error
// message, or an empty string. --quick sets defaults that the other flags override, wherever
// they stand.
std::string read_options(int& argc, char** argv, Options& options) {
    if (std::any_of(argv + 1, argv + argc,
                    [](const char* arg) { return std::string_view(arg) == "--quick"; })) {
        options.rounds            = 2;
        options.coverage_size     = 128;
        options.headline_min_time = 0.03;
        options.coverage_min_time = 0.005;
        options.coverage_budget   = 0.002;
    }
    int kept = 1;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        const auto value           = [&](std::string_view flag) { return arg.substr(flag.size()); };
        const auto number          = [&](std::string_view flag, int& out, int lo) {
            const std::string text(value(flag));
            char* end         = nullptr;
            const long parsed = std::strtol(text.c_str(), &end, 10);
            if (text.empty() || *end != '\0' || parsed < lo || parsed > 100000) return false;
            out = static_cast<int>(parsed);
            return true;
        };
        if (arg == "--quick") {
            // read above
        } else if (starts_with(arg, "--rounds=")) {
            if (!number("--rounds=", options.rounds, 1)) return "--rounds: expected a positive integer";
        } else if (starts_with(arg, "--coverage-size=")) {
            if (!number("--coverage-size=", options.coverage_size, 8))
                return "--coverage-size: expected 8 or more";
        } else if (starts_with(arg, "--suite=")) {
            options.suite = value("--suite=");
            if (!one_of(options.suite, suite_names))
                return "--suite: expected all, headline, coverage, hashes or warp";
        } else if (starts_with(arg, "--coverage-grid=")) {
            options.coverage_grid = value("--coverage-grid=");
            if (!one_of(options.coverage_grid, coverage_grid_names))
                return "--coverage-grid: expected lowfreq, highfreq or both";
        } else if (arg == "--verbose") {
            options.verbose = true;
        } else {
            if (arg == "--help") std::fputs(usage, stdout);
            argv[kept++] = argv[i];
        }
    }
    argc = kept;
    return {};
}

// [SECTION] What we measure: grids, configurations, entries ----------------------------------

// size x size samples; sample (i, j) at (origin + (i + 0.5) step, origin + (j + 0.5) step).
struct Grid {
    std::string name;  // in benchmark names
    double origin;
    double step;
    int size;
};

// The grids the issue names: pixel centres on x = 0.5 + 0.01 i, and on x = 1.37 i. Off the
// headline size the size joins the name ("lowfreq256"), so the two sets never share a name.
Grid low_frequency(int size, bool headline) {
    return {headline ? "lowfreq" : "lowfreq" + std::to_string(size), 0.5 - 0.5 * 0.01, 0.01, size};
}
Grid high_frequency(int size, bool headline) {
    return {headline ? "highfreq" : "highfreq" + std::to_string(size), -0.5 * 1.37, 1.37, size};
}

enum class Impl { ours, stb, libnoise, reference };
constexpr std::array<std::string_view, 4> impl_names{"ours", "stb", "libnoise", "reference"};
static_assert(impl_names.size() == static_cast<std::size_t>(Impl::reference) + 1);

// One noise configuration on one grid, measured on the rows [first_row, first_row + rows).
struct Config {
    bool headline;
    std::string name;      // "perlin/2D/improved/quintic/oct8": the parameters that matter
    noise::Params params;  // frequency and offsets put the pixel centres on the grid
    Grid grid;
    int first_row = 0;  // all rows unless the reference is too slow for them (check_and_size)
    int rows      = grid.size;

    std::size_t samples() const {
        return static_cast<std::size_t>(rows) * static_cast<std::size_t>(grid.size);
    }
    noise::Region region() const { return {grid.size, grid.size, 0, first_row, grid.size, first_row + rows}; }
    peers::Grid for_peers(double z) const { return {grid.origin, grid.step, grid.size, first_row, rows, z}; }
};

// One implementation of one configuration: a benchmark, registered once per round.
struct Entry {
    std::size_t config;
    Impl impl;
    unsigned threads = 1;
    std::string target;  // ours only: the forced SIMD target; empty = the automatic choice
    std::string name;    // "ours-AVX2/perlin/2D/improved/quintic/oct8/t1/lowfreq"
};

struct Plan {
    std::vector<std::string> targets;  // available_simd_targets(), best first
    std::vector<Config> configs;
    std::vector<Entry> entries;
    std::vector<std::vector<std::size_t>> entries_of;  // per config, in run order
};

Config make_config(bool headline, std::string name, noise::Params params, const Grid& grid) {
    params.frequency = grid.step * grid.size;  // so that frequency / width == step, exactly
    params.offset_x = params.offset_y = grid.origin;
    return {headline, std::move(name) + "/oct" + std::to_string(params.octaves), params, grid, 0, grid.size};
}

void add_entry(Plan& plan, std::size_t config, Impl impl, unsigned threads = 1, std::string target = {}) {
    const Config& c = plan.configs[config];
    std::string label(impl_names[static_cast<std::size_t>(impl)]);
    if (!target.empty()) label += "-" + target;
    std::string name = label + "/" + c.name + "/t" + std::to_string(threads) + "/" + c.grid.name;
    plan.entries.push_back({config, impl, threads, std::move(target), std::move(name)});
    plan.entries_of[config].push_back(plan.entries.size() - 1);
}

std::size_t add_config(Plan& plan, Config config) {
    plan.configs.push_back(std::move(config));
    plan.entries_of.emplace_back();
    return plan.configs.size() - 1;
}

// The 2D perlin of the headline: ours on 1 and 2 threads and on every target, the peers, the
// reference.
void plan_headline(Plan& plan, const Options& options) {
    for (const Grid& grid :
         {low_frequency(options.headline_size, true), high_frequency(options.headline_size, true)})
        for (const int octaves : {1, 8}) {
            noise::Params params;  // perlin, 2D, improved, quintic, fbm 0.5 / 2.0
            params.octaves = octaves;
            const std::size_t c =
                add_config(plan, make_config(true, "perlin/2D/improved/quintic", params, grid));
            add_entry(plan, c, Impl::ours, 1);
            add_entry(plan, c, Impl::ours, 2);
            for (const std::string& target : plan.targets) add_entry(plan, c, Impl::ours, 1, target);
            add_entry(plan, c, Impl::stb);
            if (peers::have_libnoise()) add_entry(plan, c, Impl::libnoise);
            add_entry(plan, c, Impl::reference);
        }
}

// All values of a choice when the algorithm uses it, else the default alone (the output does not
// depend on it, so measuring it again would only measure the same function again).
template <typename Choice, std::size_t N>
std::vector<Choice> values_if(bool used, const std::array<std::string_view, N>&, Choice fallback) {
    if (!used) return {fallback};
    std::vector<Choice> all;
    for (std::size_t i = 0; i < N; ++i) all.push_back(static_cast<Choice>(i));
    return all;
}

// One coverage configuration, named by the parameters its algorithm uses:
// "perlin/3D/random/cubic/oct8", "value/2D/quintic/smooth/oct1", "white/4D/nosmooth/oct8",
// "worley/2D/manhattan/f2_minus_f1/oct1".
void add_coverage(Plan& plan, const Grid& grid, const noise::AlgorithmInfo& info,
                  const noise::Params& params) {
    std::string name = std::string(info.name) + "/" + std::to_string(params.dimension) + "D";
    if (info.uses("gradients"))
        name += "/" + std::string(noise::gradients_names[static_cast<std::size_t>(params.gradients)]);
    if (info.uses("interpolation"))
        name += "/" + std::string(noise::interpolation_names[static_cast<std::size_t>(params.interpolation)]);
    if (info.uses("smooth")) name += params.smooth ? "/smooth" : "/nosmooth";
    if (info.uses("cellular_distance"))
        name += "/" + std::string(
                          noise::cellular_distance_names[static_cast<std::size_t>(params.cellular_distance)]);
    if (info.uses("cellular_return"))
        name +=
            "/" + std::string(noise::cellular_return_names[static_cast<std::size_t>(params.cellular_return)]);
    if (info.uses("hash") && params.hash != noise::Hash::permutation)
        name += "/" + std::string(noise::hash_names[static_cast<std::size_t>(params.hash)]);
    if (params.octave_seeds == noise::OctaveSeeds::texture) name += "/texture";

    const std::size_t c = add_config(plan, make_config(false, name, params, grid));
    add_entry(plan, c, Impl::ours);
    add_entry(plan, c, Impl::reference);
    // The peers' own configuration (3D improved quintic perlin) gets them too.
    if (params.algorithm == noise::Algorithm::perlin && params.dimension == 3 &&
        params.gradients == noise::Gradients::improved &&
        params.interpolation == noise::Interpolation::quintic) {
        add_entry(plan, c, Impl::stb);
        if (peers::have_libnoise()) add_entry(plan, c, Impl::libnoise);
    }
}

// Every row of the algorithm table x dimension x every value of the parameters it uses.
void plan_coverage(Plan& plan, const Options& options) {
    std::vector<Grid> grids;
    if (options.coverage_grid != "highfreq") grids.push_back(low_frequency(options.coverage_size, false));
    if (options.coverage_grid != "lowfreq") grids.push_back(high_frequency(options.coverage_size, false));
    const noise::Params defaults;

    for (const Grid& grid : grids)
        for (const noise::AlgorithmInfo& info : noise::algorithm_table())
            for (int dimension = 1; dimension <= 4; ++dimension)
                for (const auto gradients :
                     values_if(info.uses("gradients"), noise::gradients_names, defaults.gradients))
                    for (const auto interpolation : values_if(
                             info.uses("interpolation"), noise::interpolation_names, defaults.interpolation))
                        for (const bool smooth :
                             info.uses("smooth") ? std::vector{false, true} : std::vector{false})
                            for (const auto metric :
                                 values_if(info.uses("cellular_distance"), noise::cellular_distance_names,
                                           defaults.cellular_distance))
                                for (const auto returned :
                                     values_if(info.uses("cellular_return"), noise::cellular_return_names,
                                               defaults.cellular_return))
                                    for (const int octaves : {1, 8}) {
                                        noise::Params params     = defaults;
                                        params.cellular_distance = metric;
                                        params.cellular_return   = returned;
                                        params.algorithm         = info.algorithm;
                                        params.dimension         = dimension;
                                        params.gradients         = gradients;
                                        params.interpolation     = interpolation;
                                        params.smooth            = smooth;
                                        params.octaves           = octaves;
                                        params.z = 0.5;  // off the lattice planes, like any slice
                                        params.w = 0.5;
                                        add_coverage(plan, grid, info, params);
                                    }
}

// The seeds' hashes next to Ken Perlin's permutation: 2D perlin (improved, quintic) and value
// (quintic) with every hash, and value with seed 003's texture, 1 and 8 octaves.
void plan_hashes(Plan& plan, const Options& options) {
    const noise::Params defaults;
    for (const Grid& grid :
         {low_frequency(options.coverage_size, false), high_frequency(options.coverage_size, false)})
        for (const auto algorithm : {noise::Algorithm::perlin, noise::Algorithm::value})
            for (std::size_t h = 0; h < noise::hash_names.size(); ++h)
                for (const bool texture : {false, true})
                    for (const int octaves : {1, 8}) {
                        if (texture && (algorithm != noise::Algorithm::value || h != 0)) continue;
                        noise::Params params = defaults;
                        params.algorithm     = algorithm;
                        params.hash          = static_cast<noise::Hash>(h);
                        params.octaves       = octaves;
                        params.octave_seeds  = texture ? noise::OctaveSeeds::texture : defaults.octave_seeds;
                        params.z             = 0.5;
                        params.w             = 0.5;
                        add_coverage(plan, grid, noise::algorithm_info(algorithm), params);
                    }
}

// Domain warp and the rotated layer (fractal.hpp), which take warp_rows.hpp's path: the warp
// field's rows on SIMD kernels, the field at the moved points on the reference's scalar sum.
// Named like the coverage, plus "warp<amplitude>x<frequency>o<warp octaves>" and/or "rotated".
void plan_warp(Plan& plan, const Options& options) {
    std::vector<Grid> grids;
    if (options.coverage_grid != "highfreq") grids.push_back(low_frequency(options.coverage_size, false));
    if (options.coverage_grid != "lowfreq") grids.push_back(high_frequency(options.coverage_size, false));
    struct Variant {
        noise::Algorithm algorithm;
        int dimension;
        bool warp;
        bool rotated;
    };
    const Variant variants[] = {
        {noise::Algorithm::perlin, 2, true, false}, {noise::Algorithm::perlin, 2, false, true},
        {noise::Algorithm::perlin, 2, true, true},  {noise::Algorithm::value, 2, true, false},
        {noise::Algorithm::value, 2, false, true},  {noise::Algorithm::perlin, 3, true, false}};
    for (const Grid& grid : grids)
        for (const Variant& v : variants)
            for (const int octaves : {1, 8}) {
                noise::Params params;
                params.algorithm = v.algorithm;
                params.dimension = v.dimension;
                params.octaves   = octaves;
                params.z = params.w = 0.5;
                std::string name =
                    std::string(noise::algorithm_names[static_cast<std::size_t>(v.algorithm)]) + "/" +
                    std::to_string(v.dimension) + "D";
                if (v.warp) {
                    params.warp_amplitude = 1.0;
                    params.warp_frequency = 1.0;
                    params.warp_octaves   = 3;
                    name += "/warp1x1o3";
                }
                if (v.rotated) {
                    params.layers = noise::Layers::rotated;
                    name += "/rotated";
                }
                const std::size_t c = add_config(plan, make_config(false, name, params, grid));
                add_entry(plan, c, Impl::ours);
                add_entry(plan, c, Impl::reference);
            }
}

// [SECTION] Checks: ours equals the reference before anything is timed -----------------------

// The kernels promise FractalNoise::at's value bit for bit; if they did not, the times would
// compare different work. Three rows of each configuration (on each forced target it is timed on)
// are cheap next to the run.
//
// The same three rows time the reference, which sizes the coverage window: from 1 ns to 1.5 ms
// per sample over the table (smoothed 4D value noise with the cubic curve reads 81 x 256 lattice
// values), so a full 256 x 256 pass would take from 0.1 ms to 100 s. A configuration whose
// reference would take longer than `coverage_budget` is measured on fewer rows, from the middle
// of the grid, for ours and the reference alike: a ratio always compares the same points.
// Returns the number of mismatching configurations.
int check_and_size(Plan& plan, const Options& options) {
    int failures = 0;
    for (std::size_t c = 0; c < plan.configs.size(); ++c) {
        Config& config = plan.configs[c];
        const noise::FractalNoise noise(config.params);
        const int n = config.grid.size;
        const std::array<int, 3> check_rows{0, n / 2, n - 1};

        std::vector<float> expected(check_rows.size() * static_cast<std::size_t>(n));
        const auto start = std::chrono::steady_clock::now();
        for (std::size_t r = 0; r < check_rows.size(); ++r)
            for (int px = 0; px < n; ++px)
                expected[r * static_cast<std::size_t>(n) + static_cast<std::size_t>(px)] =
                    static_cast<float>(noise.at(noise::pixel_point(config.params, n, px, check_rows[r])));
        const double seconds_per_sample =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() /
            static_cast<double>(expected.size());
        if (!config.headline) {
            const double fit = options.coverage_budget / (seconds_per_sample * n);
            config.rows      = std::clamp(static_cast<int>(fit), 1, n);
            config.first_row = (n - config.rows) / 2;
        }

        std::vector<std::string> targets{""};
        for (const std::size_t e : plan.entries_of[c])
            if (!plan.entries[e].target.empty()) targets.push_back(plan.entries[e].target);
        for (const std::string& target : targets) {
            if (!noise::force_simd_target(target)) continue;
            bool same = true;
            for (std::size_t r = 0; r < check_rows.size(); ++r) {
                std::vector<float> out(static_cast<std::size_t>(n));
                noise::render(noise, {n, n, 0, check_rows[r], n, check_rows[r] + 1}, out, {.threads = 1});
                same = same && std::equal(out.begin(), out.end(),
                                          expected.begin() + static_cast<std::ptrdiff_t>(r) * n);
            }
            if (!same) {
                std::fprintf(stderr, "CHECK FAILED: ours%s%s/%s/%s differs from the reference\n",
                             target.empty() ? "" : "-", target.c_str(), config.name.c_str(),
                             config.grid.name.c_str());
                ++failures;
            }
        }
        noise::force_simd_target("");
    }
    return failures;
}

// [SECTION] The benchmark bodies -------------------------------------------------------------

// "time/sample" in the console ("1.63ns") and in JSON (in seconds): real time / (iterations x
// samples).
void count_samples(benchmark::State& state, std::size_t samples) {
    state.counters["time/sample"] =
        benchmark::Counter(static_cast<double>(samples),
                           benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void run_ours(benchmark::State& state, const Config& config, const Entry& entry) {
    // A kernel resolves its target when render builds it, so the forced target holds for every
    // render below; the label shows the target the kernel really got.
    if (!noise::force_simd_target(entry.target)) {
        state.SkipWithError(("SIMD target " + entry.target + " is not available").c_str());
        return;
    }
    const noise::FractalNoise noise(config.params);
    state.SetLabel(std::string(noise::RowKernel(noise).target()));
    const noise::Region region = config.region();
    std::vector<float> out(config.samples());
    for (auto _ : state) {
        noise::render(noise, region, out, {.threads = entry.threads});
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    noise::force_simd_target("");
    count_samples(state, config.samples());
}

// The pixel model of render.hpp, one FractalNoise::at per pixel.
void run_reference(benchmark::State& state, const Config& config) {
    const noise::FractalNoise noise(config.params);
    const noise::Params& p = config.params;
    const int n            = config.grid.size;
    const double cell      = p.frequency / n;
    std::vector<float> out(config.samples());
    for (auto _ : state) {
        for (int j = 0; j < config.rows; ++j) {
            const double y = p.offset_y + (config.first_row + j + 0.5) * cell;
            float* row     = out.data() + static_cast<std::size_t>(j) * static_cast<std::size_t>(n);
            for (int px = 0; px < n; ++px)
                row[px] = static_cast<float>(noise.at({p.offset_x + (px + 0.5) * cell, y, p.z, p.w}));
        }
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    count_samples(state, config.samples());
}

void run_peer(benchmark::State& state, const Config& config, Impl impl) {
    // The headline is 2D: the peers evaluate their 3D noise at z = 0.
    const peers::Grid grid = config.for_peers(config.params.dimension == 2 ? 0.0 : config.params.z);
    std::vector<float> out(config.samples());
    for (auto _ : state) {
        if (impl == Impl::stb)
            peers::stb_perlin_fill(grid, config.params.octaves, out);
        else
            peers::libnoise_fill(grid, config.params.octaves, out);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    count_samples(state, config.samples());
}

void run_entry(benchmark::State& state, const Config& config, const Entry& entry) {
    switch (entry.impl) {
        case Impl::ours:
            run_ours(state, config, entry);
            break;
        case Impl::reference:
            run_reference(state, config);
            break;
        case Impl::stb:
        case Impl::libnoise:
            run_peer(state, config, entry.impl);
            break;
    }
}

// The first benchmark of a process ran up to 1.5x slower than the same benchmark later in the
// same round (clock ramp-up, first touches of code and tables), so half a second of rendering
// comes first.
void warm_up(const Plan& plan) {
    if (plan.configs.empty()) return;
    const noise::FractalNoise noise(plan.configs.front().params);
    std::vector<float> out(plan.configs.front().samples());
    const auto start = std::chrono::steady_clock::now();
    while (std::chrono::steady_clock::now() - start < std::chrono::milliseconds(500)) {
        noise::render(noise, plan.configs.front().region(), out, {.threads = 1});
        benchmark::DoNotOptimize(out.data());
    }
}

// [SECTION] Registration: rounds as the outer loop -------------------------------------------

struct Slot {
    std::size_t entry;
    int round;
};

// Registers round r of every entry as "<entry name>/round<r>" and returns name -> slot.
std::unordered_map<std::string, Slot> register_rounds(const Plan& plan, const Options& options) {
    std::unordered_map<std::string, Slot> slots;
    for (int round = 0; round < options.rounds; ++round)
        for (std::size_t c = 0; c < plan.configs.size(); ++c) {
            const Config& config           = plan.configs[c];
            std::vector<std::size_t> order = plan.entries_of[c];
            if (round % 2 == 1) std::reverse(order.begin(), order.end());
            for (const std::size_t e : order) {
                const Entry& entry     = plan.entries[e];
                const std::string name = entry.name + "/round" + std::to_string(round + 1);
                slots.emplace(name, Slot{e, round});
                benchmark::RegisterBenchmark(name.c_str(), run_entry, std::cref(config), std::cref(entry))
                    ->MinTime(config.headline ? options.headline_min_time : options.coverage_min_time)
                    ->UseRealTime()  // render's threads: CPU time of the main thread would undercount
                    ->Unit(benchmark::kMillisecond);
            }
        }
    return slots;
}

// [SECTION] Collecting the runs -----------------------------------------------------------

struct Results {
    std::vector<std::vector<double>> ns;  // [entry][round] ns per sample; NaN when not run
    std::vector<std::string> errors;
    std::vector<std::string> labels;  // [entry] the SIMD target ours really ran on
};

// Records every run's ns/sample; prints them too when --verbose, else one line per round.
class Collector : public benchmark::ConsoleReporter {
  public:
    Collector(const Plan& plan, const std::unordered_map<std::string, Slot>& slots, Results& results,
              bool verbose)
        : plan_(plan), slots_(slots), results_(results), verbose_(verbose) {}

    void ReportRuns(const std::vector<Run>& runs) override {
        for (const Run& run : runs) {
            if (run.run_type != Run::RT_Iteration) continue;
            const auto slot = slots_.find(run.run_name.function_name);
            if (slot == slots_.end()) continue;
            const Slot s = slot->second;
            if (run.error_occurred) {
                results_.errors.push_back(run.run_name.function_name + ": " + run.error_message);
                continue;
            }
            const std::size_t samples = plan_.configs[plan_.entries[s.entry].config].samples();
            results_.ns[s.entry][static_cast<std::size_t>(s.round)] =
                run.real_accumulated_time * 1e9 /
                (static_cast<double>(run.iterations) * static_cast<double>(samples));
            if (!run.report_label.empty()) results_.labels[s.entry] = run.report_label;
            if (s.round != round_) {
                if (!verbose_) progress(s.round);
                round_ = s.round;
            }
        }
        if (verbose_) ConsoleReporter::ReportRuns(runs);
    }

    void Finalize() override {
        if (!verbose_) progress(-1);
        ConsoleReporter::Finalize();
    }

  private:
    void progress(int starting) {
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        if (round_ >= 0)
            std::fprintf(stderr, "round %d done at %.0f s, load average %.1f\n", round_ + 1, seconds,
                         load_average());
        if (starting >= 0) std::fprintf(stderr, "round %d ...\n", starting + 1);
    }

    const Plan& plan_;
    const std::unordered_map<std::string, Slot>& slots_;
    Results& results_;
    bool verbose_;
    int round_                                   = -1;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// [SECTION] The summary -----------------------------------------------------------------------

double median(std::vector<double> values) {
    std::erase_if(values, [](double v) { return !std::isfinite(v); });
    if (values.empty()) return missing;
    std::sort(values.begin(), values.end());
    const std::size_t mid = values.size() / 2;
    return values.size() % 2 == 1 ? values[mid] : 0.5 * (values[mid - 1] + values[mid]);
}

class Summary {
  public:
    Summary(const Plan& plan, const Results& results) : plan_(plan), results_(results) {}

    double ns(std::size_t entry) const { return median(results_.ns[entry]); }

    // The median over rounds of ns[numerator] / ns[denominator] measured in the same round.
    double ratio(std::size_t numerator, std::size_t denominator) const {
        std::vector<double> ratios;
        for (std::size_t r = 0; r < results_.ns[numerator].size(); ++r)
            ratios.push_back(results_.ns[numerator][r] / results_.ns[denominator][r]);
        return median(ratios);
    }

    // The entry of config c with this implementation, thread count and target; SIZE_MAX if none.
    std::size_t find(std::size_t c, Impl impl, unsigned threads = 1, std::string_view target = {}) const {
        for (const std::size_t e : plan_.entries_of[c]) {
            const Entry& entry = plan_.entries[e];
            if (entry.impl == impl && entry.threads == threads && entry.target == target) return e;
        }
        return SIZE_MAX;
    }
    double ns(std::size_t c, Impl impl, unsigned threads = 1, std::string_view target = {}) const {
        const std::size_t e = find(c, impl, threads, target);
        return e == SIZE_MAX ? missing : ns(e);
    }
    double ratio(std::size_t c, Impl num, Impl den, unsigned num_threads = 1, unsigned den_threads = 1,
                 std::string_view num_target = {}) const {
        const std::size_t a = find(c, num, num_threads, num_target), b = find(c, den, den_threads);
        return a == SIZE_MAX || b == SIZE_MAX ? missing : ratio(a, b);
    }

    void print(const Options& options, double load_before, double load_after) const {
        std::printf(
            "\n==== noise_bench summary: medians over %d rounds; a ratio is the median of the per-round "
            "ratios (> 1: ours is faster) ====\n",
            options.rounds);
        // The host first: the same code measured 40 % apart on two CPUs that both report AVX-512.
        std::printf("host: %s\n", host_description().c_str());
        std::printf("SIMD targets available:");
        for (const std::string& t : plan_.targets) std::printf(" %s", t.c_str());
        std::printf(" (without a forced target: the row kernels run %s, the point kernel %s)",
                    std::string(noise::RowKernel(noise::FractalNoise(noise::Params{})).target()).c_str(),
                    plan_.targets.empty() ? "-" : plan_.targets.front().c_str());
        std::printf("; load average %.1f before the run, %.1f after\n", load_before, load_after);
        print_headline();
        print_coverage();
        for (const std::string& error : results_.errors) std::printf("ERROR %s\n", error.c_str());
    }

  private:
    static void cell(double v, int width = 9) {
        if (std::isfinite(v))
            std::printf(" %*.*f", width, v < 10 ? 2 : (v < 100 ? 1 : 0), v);
        else
            std::printf(" %*s", width, "-");
    }
    static void ratio_cell(double v, int width = 9) {
        if (std::isfinite(v))
            std::printf(" %*.*fx", width - 1, v < 10 ? 2 : 1, v);
        else
            std::printf(" %*s", width, "-");
    }

    std::vector<std::size_t> configs(bool headline) const {
        std::vector<std::size_t> out;
        for (std::size_t c = 0; c < plan_.configs.size(); ++c)
            if (plan_.configs[c].headline == headline) out.push_back(c);
        return out;
    }

    // "lowfreq oct8": a headline row's grid and octaves, padded to the first column.
    void print_row_label(std::size_t c) const {
        const std::string label =
            plan_.configs[c].grid.name + " oct" + std::to_string(plan_.configs[c].params.octaves);
        std::printf("%-20s", label.c_str());
    }

    void print_headline() const {
        const std::vector<std::size_t> rows = configs(true);
        if (rows.empty()) return;
        const Grid& grid = plan_.configs[rows[0]].grid;
        std::printf(
            "\n[headline] 2D perlin, improved gradients, quintic, fbm (persistence 0.5, lacunarity 2), "
            "%d x %d samples; stb and libnoise: 3D at z = 0, one thread\n",
            grid.size, grid.size);
        const std::size_t auto_entry = find(rows[0], Impl::ours, 1);
        if (auto_entry != SIZE_MAX && !results_.labels[auto_entry].empty())
            std::printf("ours without a forced target ran on %s\n", results_.labels[auto_entry].c_str());
        std::printf("ns/sample            ours t1   ours t2");
        for (const std::string& t : plan_.targets) std::printf(" %9s", ("t1 " + t).c_str());
        std::printf("       stb  libnoise reference\n");
        for (const std::size_t c : rows) {
            print_row_label(c);
            cell(ns(c, Impl::ours, 1));
            cell(ns(c, Impl::ours, 2));
            for (const std::string& t : plan_.targets) cell(ns(c, Impl::ours, 1, t));
            cell(ns(c, Impl::stb));
            cell(ns(c, Impl::libnoise));
            cell(ns(c, Impl::reference));
            std::printf("\n");
        }
        std::printf("ratios              stb/ours libn/ours  ref/ours     t1/t2");
        for (const std::string& t : plan_.targets) std::printf(" %9s", ("ref/" + t).c_str());
        std::printf("\n");
        for (const std::size_t c : rows) {
            print_row_label(c);
            ratio_cell(ratio(c, Impl::stb, Impl::ours));
            ratio_cell(ratio(c, Impl::libnoise, Impl::ours));
            ratio_cell(ratio(c, Impl::reference, Impl::ours));
            ratio_cell(ratio(c, Impl::ours, Impl::ours, 1, 2));
            for (const std::string& t : plan_.targets) {
                const std::size_t a = find(c, Impl::reference), b = find(c, Impl::ours, 1, t);
                ratio_cell(a == SIZE_MAX || b == SIZE_MAX ? missing : ratio(a, b));
            }
            std::printf("\n");
        }
        for (const std::size_t c : rows) {
            const Config& config = plan_.configs[c];
            const double goal    = config.params.octaves == 1 ? 1.5 : 10.0;
            const double t1 = ns(c, Impl::ours, 1), t2 = ns(c, Impl::ours, 2);
            std::printf("target: <= %4.1f ns at %d octave%s, %-9s t1 %6.2f ns %-6s | t2 %6.2f ns %s\n", goal,
                        config.params.octaves, config.params.octaves == 1 ? " " : "s",
                        config.grid.name.c_str(), t1, t1 <= goal ? "MET" : "MISSED", t2,
                        t2 <= goal ? "MET" : "MISSED");
        }
    }

    void print_coverage() const {
        const std::vector<std::size_t> rows = configs(false);
        if (rows.empty()) return;
        std::printf(
            "\n[coverage] every configuration, one thread, ours (automatic target) against the reference; "
            "z = w = 0.5; where the reference is slow, both run on the middle rows only\n");
        std::string grid_name;
        struct Finding {
            std::vector<double> ratios;
            double worst = std::numeric_limits<double>::infinity(), best = 0.0;
            std::string worst_name, best_name;
        };
        std::map<std::string, Finding> findings;  // per "algorithm grid"
        std::vector<std::string> slower;
        for (const std::size_t c : rows) {
            const Config& config = plan_.configs[c];
            if (config.grid.name != grid_name) {
                grid_name = config.grid.name;
                std::printf("\n%s (%d x %d)%*s      ours  reference  ref/ours\n", grid_name.c_str(),
                            config.grid.size, config.grid.size, static_cast<int>(36 - grid_name.size()), "");
            }
            const double r = ratio(c, Impl::reference, Impl::ours);
            std::printf("%-48s", config.name.c_str());
            cell(ns(c, Impl::ours));
            cell(ns(c, Impl::reference), 10);
            ratio_cell(r, 10);
            if (config.rows < config.grid.size)
                std::printf("  (%d of %d rows)", config.rows, config.grid.size);
            if (r < 1.0) {
                std::printf("  <-- SLOWER than the reference");
                slower.push_back(config.name + "/" + grid_name);
            }
            std::printf("\n");
            for (const Impl peer : {Impl::stb, Impl::libnoise}) {
                if (find(c, peer) == SIZE_MAX) continue;
                std::printf("    %-44s",
                            ("peer " + std::string(impl_names[static_cast<std::size_t>(peer)]) + " (" +
                             std::string(impl_names[static_cast<std::size_t>(peer)]) + "/ours)")
                                .c_str());
                cell(ns(c, peer));
                std::printf(" %10s", "");
                ratio_cell(ratio(c, peer, Impl::ours), 10);
                std::printf("\n");
            }
            const bool warp =
                config.params.warp_amplitude > 0.0 || config.params.layers != noise::Layers::single;
            Finding& f =
                findings[std::string(
                             noise::algorithm_names[static_cast<std::size_t>(config.params.algorithm)]) +
                         (warp ? " warp " : " ") + grid_name];
            if (std::isfinite(r)) {
                f.ratios.push_back(r);
                const std::string& name = config.name;
                if (r < f.worst) {
                    f.worst      = r;
                    f.worst_name = name;
                }
                if (r > f.best) {
                    f.best      = r;
                    f.best_name = name;
                }
            }
        }
        std::printf(
            "\ncoverage findings (ref/ours: how many times faster the kernels are than the reference)\n");
        for (const auto& [key, f] : findings) {
            if (f.ratios.empty()) continue;
            double log_sum = 0.0;
            for (const double r : f.ratios) log_sum += std::log(r);
            std::printf(
                "  %-18s %3zu configurations: geometric mean %.1fx, median %.1fx, lowest %.2fx (%s), "
                "highest %.1fx (%s)\n",
                key.c_str(), f.ratios.size(), std::exp(log_sum / static_cast<double>(f.ratios.size())),
                median(f.ratios), f.worst, f.worst_name.c_str(), f.best, f.best_name.c_str());
        }
        if (slower.empty())
            std::printf("  ours is faster than the reference in every configuration\n");
        else
            for (const std::string& name : slower)
                std::printf("  SLOWER than the reference: %s\n", name.c_str());
    }

    const Plan& plan_;
    const Results& results_;
};

}  // namespace

// [SECTION] main ----------------------------------------------------------------------------

int main(int argc, char** argv) {
    Options options;
    if (const std::string error = read_options(argc, argv, options); !error.empty()) {
        std::fprintf(stderr, "noise_bench: %s\n%s", error.c_str(), usage);
        return 2;
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;

    // 1. What to measure.
    Plan plan;
    for (const std::string_view t : noise::available_simd_targets()) plan.targets.emplace_back(t);
    if (options.suite == "all" || options.suite == "headline") plan_headline(plan, options);
    if (options.suite == "all" || options.suite == "coverage") plan_coverage(plan, options);
    if (options.suite == "all" || options.suite == "hashes") plan_hashes(plan, options);
    if (options.suite == "all" || options.suite == "warp") plan_warp(plan, options);

    // 2. Ours must compute what the reference computes.
    const int failures = check_and_size(plan, options);

    // 3. Rounds as the outer loop, then run.
    const auto slots = register_rounds(plan, options);
    std::fprintf(stderr, "noise_bench: %zu configurations, %zu entries, %d rounds: %zu benchmarks\n",
                 plan.configs.size(), plan.entries.size(), options.rounds, slots.size());
    Results results{
        std::vector<std::vector<double>>(
            plan.entries.size(), std::vector<double>(static_cast<std::size_t>(options.rounds), missing)),
        {},
        std::vector<std::string>(plan.entries.size())};
    Collector collector(plan, slots, results, options.verbose);
    const double load_before = load_average();
    warm_up(plan);
    benchmark::RunSpecifiedBenchmarks(&collector);
    benchmark::Shutdown();

    // 4. The summary.
    Summary(plan, results).print(options, load_before, load_average());
    if (failures > 0) std::printf("CHECK FAILED for %d configuration(s): see the messages above\n", failures);
    return failures > 0 ? 1 : 0;
}
