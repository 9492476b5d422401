// The shaping stage's cost (issue 25), in Google Benchmark's harness, public API only:
//   - a 1024 x 1024 preview of the default field (perlin fbm, 5 octaves) unshaped, shaped (a curve
//     and terraces), and with a mask: the field and a second complete field (the same kind with
//     its own seed) combined by `min`. The bound: the masked field within twice one field.
//   - the stage alone on a 1024-value row (shape_values) on each SIMD target, and the scalar
//     transcription (shape_value) beside it.
// One thread, so two cores shared with other work give steady figures:
//     shaping_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "noise/kernel.hpp"
#include "noise/render.hpp"
#include "noise/shaping.hpp"

namespace {

constexpr int side = 1024;

noise::Params field(int kind) {
    noise::Params params;  // perlin, fbm, 5 octaves
    if (kind >= 1) {
        params.curve    = noise::curve_preset(noise::CurvePreset::plateau);
        params.terraces = 6;
    }
    if (kind == 2) {
        params.mask        = noise::MaskMode::min;
        noise::Params mask = noise::without_shaping(params);
        mask.seed          = 77;
        params.mask_field  = {mask};
    }
    return params;
}

void render_preview(benchmark::State& state) {
    const noise::FractalNoise noise(field(static_cast<int>(state.range(0))));
    std::vector<float> out(static_cast<std::size_t>(side) * side);
    for (auto _ : state) {
        noise::render(noise, noise::Region::full(side, side), out, {1});
        benchmark::DoNotOptimize(out.data());
    }
}
BENCHMARK(render_preview)
    ->ArgName("unshaped0_shaped1_masked2")
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond);

std::vector<double> row_values(const noise::ShapingPlan& plan) {
    std::vector<double> values(side);
    for (int i = 0; i < side; ++i)
        values[static_cast<std::size_t>(i)] = plan.lo + plan.span * (i + 0.5) / side;
    return values;
}

void stage_row(benchmark::State& state, std::string target) {
    noise::Params params          = field(2);
    params.invert                 = true;
    params.clamp                  = true;
    const noise::ShapingPlan plan = noise::make_shaping_plan(params);
    const std::vector<double> in  = row_values(plan);
    std::vector<double> values(in.size()), mask(in.rbegin(), in.rend());
    noise::force_simd_target(target);
    for (auto _ : state) {
        values = in;
        noise::shape_values(plan, values, mask);
        benchmark::DoNotOptimize(values.data());
    }
    noise::force_simd_target("");
    state.SetItemsProcessed(state.iterations() * side);
}

void stage_row_scalar(benchmark::State& state) {
    noise::Params params          = field(2);
    params.invert                 = true;
    params.clamp                  = true;
    const noise::ShapingPlan plan = noise::make_shaping_plan(params);
    const std::vector<double> in  = row_values(plan);
    std::vector<double> values(in.size());
    for (auto _ : state) {
        for (std::size_t i = 0; i < in.size(); ++i)
            values[i] = noise::shape_value(plan, in[i], in[in.size() - 1 - i]);
        benchmark::DoNotOptimize(values.data());
    }
    state.SetItemsProcessed(state.iterations() * side);
}
BENCHMARK(stage_row_scalar);

const int registered = [] {
    for (const std::string_view target : noise::available_simd_targets())
        benchmark::RegisterBenchmark(("stage_row/" + std::string(target)).c_str(), stage_row,
                                     std::string(target));
    return 0;
}();

}  // namespace

BENCHMARK_MAIN();
