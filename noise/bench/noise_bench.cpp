// How fast is our scalar, readable reference path next to its peers? Every benchmark evaluates
// 3D Perlin noise (quintic fade) at the same 256 x 256 grid of points, one octave and six.
//
//     build/release/noise/bench/noise_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <vector>

#include "noise/render.hpp"
#include "peers.hpp"

namespace {

constexpr int grid     = 256;
constexpr double step  = 0.037;

noise::Params perlin3d(int octaves) {
    noise::Params params;
    params.dimension = 3;
    params.octaves   = octaves;
    params.z         = 0.5;
    return params;
}

void ours_point_by_point(benchmark::State& state) {
    const noise::FractalNoise noise(perlin3d(static_cast<int>(state.range(0))));
    for (auto _ : state) {
        double sum = 0.0;
        for (int j = 0; j < grid; ++j)
            for (int i = 0; i < grid; ++i) sum += noise.at({i * step, j * step, 0.5, 0.0});
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * grid * grid);
}

void ours_render(benchmark::State& state) {
    auto params      = perlin3d(static_cast<int>(state.range(0)));
    params.frequency = grid * step;
    const noise::FractalNoise noise(params);
    std::vector<float> out(grid * grid);
    noise::RenderOptions options;
    options.threads = static_cast<unsigned>(state.range(1));
    for (auto _ : state) {
        noise::render(noise, noise::Region::full(grid, grid), out, options);
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(state.iterations() * grid * grid);
}

void stb_perlin(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(peers::stb_perlin_grid(grid, step, static_cast<int>(state.range(0))));
    state.SetItemsProcessed(state.iterations() * grid * grid);
}

void libnoise_perlin(benchmark::State& state) {
    if (!peers::have_libnoise()) {
        state.SkipWithError("libnoise-dev is not installed");
        return;
    }
    for (auto _ : state) benchmark::DoNotOptimize(peers::libnoise_grid(grid, step, static_cast<int>(state.range(0))));
    state.SetItemsProcessed(state.iterations() * grid * grid);
}

BENCHMARK(ours_point_by_point)->Arg(1)->Arg(6)->Unit(benchmark::kMillisecond);
BENCHMARK(ours_render)->Args({1, 1})->Args({6, 1})->Args({6, 2})->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(stb_perlin)->Arg(1)->Arg(6)->Unit(benchmark::kMillisecond);
BENCHMARK(libnoise_perlin)->Arg(1)->Arg(6)->Unit(benchmark::kMillisecond);

}  // namespace
