// erosion_bench: the erosion filter's rows and the value + gradient rows (issue 36, issue 39's
// normal8), in Google Benchmark's own harness, on one thread, in ns per pixel (time/pixel):
//
//     build/release/noise/bench/erosion_bench --benchmark_repetitions=5
//     --benchmark_report_aggregates_only=true
//
//   eroded/<preset>/rows          noise::render of the shipped eroded presets (their settings copied
//                                 here), 1024 x 64 pixels of a 1024 x 1024 preview: the row kernel,
//                                 the field's value and gradient on SIMD lanes, the filter on lanes;
//   eroded/<preset>/reference     FractalNoise::at at each of 1024 x 4 of the same pixels: the scalar
//                                 reference (dual numbers, then erode_value), what rows did before;
//   gradient/<preset>/row         noise::value_gradient_row over 1024 x 64 pixels (normal8's rows);
//   gradient/<preset>/points      noise::value_gradient at each of 1024 x 16 of them (before);
//   preview/<preset>              the shipped preset file itself (assets/presets, its stack and
//                                 all), the whole 1024 x 1024 render on every core: what the
//                                 window's full preview costs without the frames drawn around it
//                                 (issue 55's bound: 60 ms); wall time, --benchmark_filter=preview.
// The ratio of a preset's two medians is its speed-up; the host line names the CPU.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "host.hpp"
#include "noise/params.hpp"
#include "noise/preset.hpp"
#include "noise/render.hpp"
#include "noise/trace.hpp"

namespace {

constexpr int width = 1024;

using Settings = std::vector<std::pair<const char*, const char*>>;

// A field from its preset's keys (assets/presets/NAME.json; the view's keys left out).
noise::Params from_settings(const Settings& settings) {
    noise::Params params;
    for (const auto& [key, value] : settings) noise::set_param(params, key, value);
    return params;
}

const Settings eroded_alpine{{"octaves", "3"},
                             {"persistence", "0.45"},
                             {"seed", "7"},
                             {"frequency", "2"},
                             {"scale", "0.7"},
                             {"bias", "0.32"},
                             {"erosion.method", "filter"},
                             {"erosion.strength", "1.4"},
                             {"erosion.scale", "0.1"},
                             {"erosion.octaves", "5"},
                             {"erosion.detail", "0.55"},
                             {"erosion.ridge_rounding", "0.05"},
                             {"erosion.crease_rounding", "0.3"},
                             {"erosion.peaks", "0.3"},
                             {"erosion.valleys", "0.6"}};
const Settings eroded_hills{{"octaves", "3"},
                            {"persistence", "0.4"},
                            {"seed", "11"},
                            {"frequency", "2.5"},
                            {"offset_x", "0.3"},
                            {"offset_y", "0.2"},
                            {"erosion.method", "filter"},
                            {"erosion.strength", "0.5"},
                            {"erosion.scale", "0.15"},
                            {"erosion.octaves", "4"},
                            {"erosion.detail", "0.5"},
                            {"erosion.ridge_rounding", "0.4"},
                            {"erosion.crease_rounding", "0.8"},
                            {"erosion.valleys", "0.8"}};
// The shipped presets since issue 55: the same fields with the joined gullies and the drainage
// fade (the cells layout above is every older preset's).
Settings joined(Settings settings, const char* drainage) {
    settings.push_back({"erosion.gullies", "joined"});
    settings.push_back({"erosion.drainage", drainage});
    return settings;
}
const Settings eroded_alpine_joined = joined(eroded_alpine, "2.5");
const Settings eroded_hills_joined  = joined(eroded_hills, "2");
// alpine-ridges: the normal8 case.
const Settings alpine_ridges{{"gradients", "random"}, {"fractal", "ridged"},         {"octaves", "6"},
                             {"persistence", "0.45"}, {"octave_offsets", "shifted"}, {"seed", "3"},
                             {"frequency", "2.5"}};

void per_pixel(benchmark::State& state, double pixels) {
    state.counters["time/pixel"] = benchmark::Counter(
        pixels, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void eroded_rows(benchmark::State& state, const noise::Params& params) {
    const noise::FractalNoise noise(params);
    const noise::Region region{width, width, 0, 480, width, 544};
    std::vector<float> out(region.pixel_count());
    for (auto _ : state) {
        noise::render(noise, region, out, {.threads = 1});
        benchmark::DoNotOptimize(out.data());
    }
    per_pixel(state, static_cast<double>(out.size()));
}

void eroded_reference(benchmark::State& state, const noise::Params& params) {
    const noise::FractalNoise noise(params);
    for (auto _ : state) {
        double sum = 0.0;
        for (int y = 480; y < 484; ++y)
            for (int x = 0; x < width; ++x) sum += noise.at(noise::pixel_point(params, width, x, y));
        benchmark::DoNotOptimize(sum);
    }
    per_pixel(state, 4.0 * width);
}

void gradient_row(benchmark::State& state, const noise::Params& params) {
    const noise::FractalNoise noise(params);
    std::vector<double> value(width), gx(width), gy(width);
    for (auto _ : state) {
        for (int y = 480; y < 544; ++y) {
            const noise::RowSpec row = noise::pixel_row(params, width, y);
            noise::value_gradient_row(noise, row, row.x_step, value, gx, gy);
            benchmark::DoNotOptimize(value.data());
        }
    }
    per_pixel(state, 64.0 * width);
}

void gradient_points(benchmark::State& state, const noise::Params& params) {
    const noise::FractalNoise noise(params);
    for (auto _ : state) {
        double sum = 0.0;
        for (int y = 480; y < 496; ++y)
            for (int x = 0; x < width; ++x)
                sum += noise::value_gradient(noise, noise::pixel_point(params, width, x, y),
                                             params.frequency / width)
                           .gradient[0];
        benchmark::DoNotOptimize(sum);
    }
    per_pixel(state, 16.0 * width);
}

void preview(benchmark::State& state, const std::string& file) {
    const noise::Preset preset = noise::load_preset(file);
    const noise::FractalNoise noise(preset.params);
    std::vector<float> out(std::size_t{width} * width);
    for (auto _ : state) {
        noise::render(noise, noise::Region::full(width, width), out);
        benchmark::DoNotOptimize(out.data());
    }
    per_pixel(state, static_cast<double>(out.size()));
}

}  // namespace

int main(int argc, char** argv) {
    std::printf("host: %s\n", host_description().c_str());
    for (const auto& [name, settings] :
         {std::pair{"eroded-alpine", &eroded_alpine}, std::pair{"eroded-hills", &eroded_hills},
          std::pair{"eroded-alpine-joined", &eroded_alpine_joined},
          std::pair{"eroded-hills-joined", &eroded_hills_joined}}) {
        benchmark::RegisterBenchmark((std::string("eroded/") + name + "/rows").c_str(), eroded_rows,
                                     from_settings(*settings));
        benchmark::RegisterBenchmark((std::string("eroded/") + name + "/reference").c_str(), eroded_reference,
                                     from_settings(*settings));
    }
    benchmark::RegisterBenchmark("gradient/alpine-ridges/row", gradient_row, from_settings(alpine_ridges));
    benchmark::RegisterBenchmark("gradient/alpine-ridges/points", gradient_points,
                                 from_settings(alpine_ridges));
    for (const char* name :
         {"eroded-hills", "eroded-badlands", "eroded-alpine", "eroded-island", "rolling-hills"})
        benchmark::RegisterBenchmark((std::string("preview/") + name).c_str(), preview,
                                     std::string(NOISE_EXPLORER_PRESETS_DIR "/") + name + ".json")
            ->UseRealTime()
            ->Unit(benchmark::kMillisecond);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
