// The layer stack's cost (issue 41), in Google Benchmark's harness, public API only: a 1024 x 1024
// preview of four five-octave layers, each alone (the four rendered one after the other in one
// iteration: the sum of their times), against the same four as one stack (layers 2-4 blended
// add, max and screen, layer 3 masked by layer 1). The bound: the stack within 1.2 times
// the sum of its layers alone. One thread, so two cores shared with other work give steady figures:
//     stack_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "host.hpp"
#include "noise/layer_stack.hpp"
#include "noise/render.hpp"

namespace {

constexpr int side = 1024;

// Layer k's own noise: five octaves each, of four kinds.
noise::Params layer_field(int k) {
    noise::Params params;  // perlin fbm, 5 octaves
    params.seed = static_cast<std::uint32_t>(10 + k);
    if (k == 1) params.fractal = noise::Fractal::ridged;
    if (k == 2) params.algorithm = noise::Algorithm::value;
    if (k == 3) params.fractal = noise::Fractal::turbulence;
    return params;
}

noise::Params four_layer_stack() {
    noise::Params params = layer_field(0);
    const char* blends[] = {"add", "max", "screen"};
    for (int k = 1; k < 4; ++k) {
        params.stack.push_back(noise::new_stack_layer(params, k + 1));
        noise::StackLayer& layer = params.stack.back();
        layer.field              = {layer_field(k)};
        noise::set_param(params, "layer." + std::to_string(k + 1) + ".blend", blends[k - 1]);
        noise::set_param(params, "layer." + std::to_string(k + 1) + ".opacity", "0.5");
    }
    noise::set_param(params, "layer.3.mask", "layer");
    return params;
}

void layers_alone(benchmark::State& state) {
    std::vector<std::unique_ptr<noise::FractalNoise>> fields;
    for (int k = 0; k < 4; ++k) fields.push_back(std::make_unique<noise::FractalNoise>(layer_field(k)));
    std::vector<float> out(static_cast<std::size_t>(side) * side);
    for (auto _ : state) {
        for (const auto& field : fields) {
            noise::render(*field, noise::Region::full(side, side), out, {1});
            benchmark::DoNotOptimize(out.data());
        }
    }
}
BENCHMARK(layers_alone)->Unit(benchmark::kMillisecond);

void four_layer_stack_preview(benchmark::State& state) {
    const noise::FractalNoise noise(four_layer_stack());
    std::vector<float> out(static_cast<std::size_t>(side) * side);
    for (auto _ : state) {
        noise::render(noise, noise::Region::full(side, side), out, {1});
        benchmark::DoNotOptimize(out.data());
    }
}
BENCHMARK(four_layer_stack_preview)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
    std::printf("host: %s\n", host_description().c_str());
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
}
