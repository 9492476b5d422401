// point_bench: the cases of issue 19's items 1 and 3, in Google Benchmark's own harness.
//
//     build/release/noise/bench/point_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
//     build/release/noise/bench/point_bench --targets=AVX3_DL,AVX3 --benchmark_filter=warp
//
// The fields whose points leave the row (domain warp, seed 001's turned layer: the point kernel,
// point_kernel.hpp) and the seeds' hashes (hash_simd-inl.h), each rendered by noise::render on
// one thread, in ns per sample (the time/sample counter):
//   warp/oct{1,8}      2D perlin, improved, quintic, fbm, warp amplitude 1, frequency 1, 3 warp octaves
//   rotated/oct{1,8}   the same without the warp, with the turned layer
//   hash/<algorithm>/<hash>/oct{1,8}/<grid>   2D perlin (improved, quintic) and value (quintic),
//                      each hash, on both of noise_bench's grids
// on 1024 x 1024 pixel centres, at x = 0.5 + 0.01 i (lowfreq; the warp and rotated cases too) or
// x = 1.37 i (highfreq: a new lattice cell at every pixel), and the
// shipped presets these paths serve at a 1024 x 1024 preview of their own frequency
// (preset/<name>, in ms per image as well). Separate from noise_bench.cpp so that the two can
// change independently; it uses only the public API, so the same file also builds against an
// older library for before-and-after figures.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <string>
#include <vector>

#include "noise/fractal.hpp"
#include "noise/kernel.hpp"
#include "noise/render.hpp"

namespace {

constexpr int size = 1024;

// noise_bench's grids: pixel centres at 0.5 + 0.01 i (low frequency) or 1.37 i (high: a new
// cell at every pixel), on both axes.
noise::Params on_grid(noise::Params params, bool high = false) {
    const double step = high ? 1.37 : 0.01;
    params.frequency  = step * size;
    params.offset_x = params.offset_y = high ? -0.5 * step : 0.5 - 0.5 * step;
    params.z = params.w = 0.5;
    return params;
}

// The SIMD targets each case runs on (--targets); "" is the CPU's best.
std::vector<std::string> targets{""};

void run(benchmark::State& state, const noise::Params& params, const std::string& target) {
    if (!noise::force_simd_target(target)) {
        state.SkipWithError(("no SIMD target " + target + " on this CPU").c_str());
        return;
    }
    const noise::FractalNoise noise(params);
    std::vector<float> out(static_cast<std::size_t>(size) * size);
    for (auto _ : state) {
        noise::render(noise, noise::Region::full(size, size), out, {.threads = 1});
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    noise::force_simd_target("");
    state.counters["time/sample"] =
        benchmark::Counter(static_cast<double>(out.size()),
                           benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// [SECTION] Warp and the turned layer ------------------------------------------------------------

noise::Params warp_case(int octaves, bool warp, bool rotated) {
    noise::Params params;  // perlin, 2D, improved, quintic, fbm 0.5 / 2
    params.octaves = octaves;
    if (warp) {
        params.warp_amplitude = 1.0;
        params.warp_frequency = 1.0;
        params.warp_octaves   = 3;
    }
    if (rotated) params.layers = noise::Layers::rotated;
    return on_grid(params);
}

// [SECTION] The seeds' hashes ----------------------------------------------------------------------

noise::Params hash_case(noise::Algorithm algorithm, noise::Hash hash, int octaves, bool high) {
    noise::Params params;
    params.algorithm = algorithm;
    params.hash      = hash;
    params.octaves   = octaves;
    return on_grid(params, high);
}

// [SECTION] The presets (assets/presets/*.json, their noise settings) -----------------------------

noise::Params preset(const std::string& name) {
    noise::Params p;
    if (name == "marble") {
        p.fractal        = noise::Fractal::ridged;
        p.octaves        = 6;
        p.octave_offsets = noise::OctaveOffsets::shifted;
        p.seed           = 9;
        p.frequency      = 1.6;
        p.warp_amplitude = 1.6;
        p.warp_octaves   = 5;
    } else if (name == "eroded-terrain") {
        p.gradients      = noise::Gradients::random;
        p.fractal        = noise::Fractal::ridged;
        p.octaves        = 6;
        p.persistence    = 0.45;
        p.octave_offsets = noise::OctaveOffsets::shifted;
        p.seed           = 3;
        p.frequency      = 2.5;
        p.warp_amplitude = 0.45;
        p.warp_octaves   = 4;
    } else if (name == "wood") {
        p.octaves        = 2;
        p.persistence    = 0.2;
        p.seed           = 2;
        p.frequency      = 4.0;
        p.warp_amplitude = 0.05;
        p.warp_frequency = 3.0;
        p.warp_octaves   = 4;
    } else if (name == "seed001-rotated-layers") {
        p.algorithm = noise::Algorithm::value;
        p.octaves   = 1;
        p.layers    = noise::Layers::rotated;
    } else if (name == "seed004-persistence-0.5") {
        p.algorithm     = noise::Algorithm::value;
        p.interpolation = noise::Interpolation::cubic;
        p.smooth        = true;
        p.octaves       = 6;
        p.octave_seeds  = noise::OctaveSeeds::offset;
        p.hash          = noise::Hash::elias;
    } else if (name == "seed002-terrain-line-1d") {
        p.dimension = 1;
        p.octaves   = 6;
        p.hash      = noise::Hash::wide;
    } else if (name == "seed001-gradient-noise-2d") {
        p.gradients = noise::Gradients::axes;
        p.octaves   = 1;
        p.hash      = noise::Hash::prime_table;
    } else if (name == "clouds") {  // the plain 8-octave field, for scale
        p.octaves     = 8;
        p.persistence = 0.55;
        p.seed        = 5;
        p.frequency   = 3.0;
    }
    return p;
}

// Each case once per target, named <case>/<target> when a target is forced.
void add(const std::string& name, const noise::Params& params) {
    for (const std::string& target : targets)
        benchmark::RegisterBenchmark((target.empty() ? name : name + "/" + target).c_str(), run, params,
                                     target);
}

void register_all() {
    for (const int octaves : {1, 8}) {
        const std::string o = "/oct" + std::to_string(octaves);
        add("warp" + o, warp_case(octaves, true, false));
        add("rotated" + o, warp_case(octaves, false, true));
    }
    for (const bool high : {false, true})
        for (const auto algorithm : {noise::Algorithm::perlin, noise::Algorithm::value})
            for (std::size_t h = 0; h < noise::hash_names.size(); ++h)
                for (const int octaves : {1, 8})
                    add("hash/" + std::string(noise::algorithm_names[static_cast<std::size_t>(algorithm)]) +
                            "/" + std::string(noise::hash_names[h]) + "/oct" + std::to_string(octaves) +
                            (high ? "/highfreq" : "/lowfreq"),
                        hash_case(algorithm, static_cast<noise::Hash>(h), octaves, high));
    for (const char* name :
         {"marble", "eroded-terrain", "wood", "seed001-rotated-layers", "seed004-persistence-0.5",
          "seed002-terrain-line-1d", "seed001-gradient-noise-2d", "clouds"})
        add(std::string("preset/") + name, preset(name));
}

}  // namespace

int main(int argc, char** argv) {
    // --targets=A,B,...: every case on each named target (force_simd_target; "best" is the
    // CPU's own choice), for before-and-after figures of a target's own path in one run.
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (!arg.starts_with("--targets=")) continue;
        targets.clear();
        for (std::size_t start = 10; start <= arg.size();) {
            const std::size_t end  = std::min(arg.find(',', start), arg.size());
            const std::string name = arg.substr(start, end - start);
            targets.push_back(name == "best" ? "" : name);
            start = end + 1;
        }
        for (int j = i; j + 1 < argc; ++j) argv[j] = argv[j + 1];
        --argc;
        break;
    }
    register_all();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
