// Row kernels: resolve once, then cut rows into chunks for the compiled function. See kernel.hpp.
#include "noise/kernel.hpp"

#include <hwy/highway.h>
#include <hwy/targets.h>

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "erosion_rows.hpp"
#include "kernel_plan.hpp"
#include "noise/algorithms.hpp"
#include "noise/layer_stack.hpp"
#include "stack_rows.hpp"
#include "warp_rows.hpp"

namespace noise {

namespace detail {
// The shaping stage of a row kernel: the plan and the mask field's own kernel.
struct ShapeRows {
    const ShapingPlan* plan = nullptr;
    std::unique_ptr<RowKernel> mask;  // none without a mask
};
}  // namespace detail

namespace {

// The fill of a configuration the compiled kernels do not cover (detail::kernels_cover), or of an
// algorithm without a compiled kernel (algorithms.hpp): the reference at each pixel, at the point the kernels
// would read (kernel_plan.hpp's Chunk).
void fill_reference_chunk(const detail::KernelPlan& plan, const detail::Chunk& chunk) {
    const FractalNoise& noise = *plan.noise;
    for (int i = 0; i < chunk.count; ++i) {
        const Point p{chunk.x_origin + (chunk.first + i + 0.5) * chunk.x_step, chunk.y, plan.z, plan.w};
        const double value = chunk.only_octave >= 0
                                 ? noise.octave_weight(chunk.only_octave) * noise.octave(chunk.only_octave, p)
                                 : noise.layer(p);
        detail::hand_over_value(value, i, chunk.out, chunk.out_float);
    }
}

// Values handed over as a row's floats, rounded as static_cast<float> rounds.
NOISE_VECTOR_CLONES void round_to_float(const double* values, std::size_t count, float* out) {
    for (std::size_t i = 0; i < count; ++i) out[i] = static_cast<float>(values[i]);
}

// Values handed over as a row's Values: copied, or rounded to float.
template <class Value>
void hand_over(const double* values, std::size_t count, Value* out) {
    if constexpr (std::is_same_v<Value, float>)
        round_to_float(values, count, out);
    else
        std::copy(values, values + count, out);
}

}  // namespace

namespace detail {

KernelPlan make_kernel_plan(const FractalNoise& noise) {
    const Params& params = noise.params();
    KernelPlan plan;
    // An algorithm without a compiled kernel, or a field the kernels do not cover: the reference.
    const auto make = algorithm_info(params.algorithm).make_kernel;
    plan.kernel     = make != nullptr && kernels_cover(noise.octaves())
                          ? make(params)
                          : ResolvedKernel{&fill_reference_chunk, 0};
    plan.noise      = &noise;
    plan.dimension  = params.dimension;
    // Simplex and cellular noise read no curve: the linear one costs FillChunk nothing per octave.
    plan.curve =
        algorithm_info(params.algorithm).uses("interpolation") ? params.interpolation : Interpolation::linear;
    plan.fractal         = params.fractal;
    plan.octaves         = noise.octaves();
    plan.divisor         = noise.divisor();
    plan.z               = params.z;
    plan.w               = params.w;
    plan.cellular_return = params.cellular_return;
    plan.cellular_jitter = params.cellular_jitter;
    for (const OctaveSetup& octave : plan.octaves) {
        plan.random_gradients.push_back(octave.lattice->random_gradient(params.dimension, 0));
    }
    return plan;
}

bool differ_only_in_lattices(const KernelPlan& a, const KernelPlan& b) {
    if (a.kernel.fill != b.kernel.fill || a.kernel.fill_fields != b.kernel.fill_fields ||
        a.dimension != b.dimension || a.curve != b.curve || a.fractal != b.fractal ||
        a.divisor != b.divisor || a.z != b.z || a.w != b.w || a.octaves.size() != b.octaves.size())
        return false;
    for (std::size_t o = 0; o < a.octaves.size(); ++o) {
        const OctaveSetup &x = a.octaves[o], &y = b.octaves[o];
        if (x.scale != y.scale || x.shift != y.shift || x.amplitude != y.amplitude || x.period != y.period)
            return false;
    }
    return true;
}

}  // namespace detail

RowKernel::RowKernel(const FractalNoise& noise)
    : plan_(std::make_unique<detail::KernelPlan>(detail::make_kernel_plan(noise))) {
    if (noise.has_warp() || noise.has_rotated_layer()) warp_ = detail::make_warp_plan(noise);
    if (noise.erosion().active) eroded_ = &noise;
    if (noise.stack() != nullptr) stack_ = std::make_unique<detail::StackRows>(*noise.stack());
    if (noise.shaping().active) {
        shape_       = std::make_unique<detail::ShapeRows>();
        shape_->plan = &noise.shaping();
        if (noise.shaping().mask != MaskMode::none) shape_->mask = std::make_unique<RowKernel>(noise.mask());
    }
}

RowKernel::~RowKernel() = default;

namespace {

// Cuts the row into chunks of at most detail::max_chunk pixels for the compiled function: the
// sum, or with octave >= 0 that octave's weighted share, as doubles or rounded to float (the
// compiled function rounds as it hands a chunk over). The kernels rely on pixels running in
// increasing x (their corner tables are bounded by the first and last pixel of a chunk).
// A warp or a rotated layer takes warp_rows.hpp's path, chunk by chunk.
template <class Value>
void fill_raw_chunks(const detail::KernelPlan& plan, const detail::WarpPlan* warp, const RowSpec& row,
                     int octave, std::span<Value> out) {
    if (!(row.x_step > 0.0)) throw std::invalid_argument("RowKernel: x_step must be positive");
    for (std::size_t start = 0; start < out.size(); start += detail::max_chunk) {
        const int count = static_cast<int>(std::min<std::size_t>(detail::max_chunk, out.size() - start));
        RowSpec part    = row;
        part.first += static_cast<int>(start);
        double* values = nullptr;  // where the chunk goes: doubles, or else floats
        float* rounded = nullptr;
        if constexpr (std::is_same_v<Value, float>)
            rounded = out.data() + start;
        else
            values = out.data() + start;
        if (warp != nullptr)
            detail::fill_warped_chunk(*warp, plan, part, octave, count, values, rounded);
        else
            plan.kernel.fill(
                plan, {part.x_origin, part.x_step, part.first, count, part.y, octave, values, rounded});
    }
}

// The shaped field (shaping.hpp), chunk by chunk: the raw sums as doubles, the mask field's row
// beside them, the stage on lanes, then handed over (rounded to float for a float row).
template <class Value>
void fill_shaped_chunks(const detail::KernelPlan& plan, const detail::WarpPlan* warp,
                        const detail::ShapeRows& shape, const RowSpec& row, std::span<Value> out) {
    for (std::size_t start = 0; start < out.size(); start += detail::max_chunk) {
        const std::size_t count = std::min<std::size_t>(detail::max_chunk, out.size() - start);
        RowSpec part            = row;
        part.first += static_cast<int>(start);
        double values[detail::max_chunk], mask[detail::max_chunk];
        fill_raw_chunks(plan, warp, part, -1, std::span(values, count));
        if (shape.mask) shape.mask->fill_row(part, std::span(mask, count));
        shape_values(*shape.plan, std::span(values, count), std::span<const double>(mask, count));
        hand_over(values, count, out.data() + start);
    }
}

// The stacked field (layer_stack.hpp), chunk by chunk: layer 1 (shaped, or raw), the stack on
// the chunk, then handed over.
template <class Value>
void fill_stacked_chunks(const detail::KernelPlan& plan, const detail::WarpPlan* warp,
                         const detail::ShapeRows* shape, const detail::StackRows& stack, const RowSpec& row,
                         std::span<Value> out) {
    for (std::size_t start = 0; start < out.size(); start += detail::max_chunk) {
        const std::size_t count = std::min<std::size_t>(detail::max_chunk, out.size() - start);
        RowSpec part            = row;
        part.first += static_cast<int>(start);
        double values[detail::max_chunk];
        const std::span<double> chunk(values, count);
        if (shape != nullptr)
            fill_shaped_chunks(plan, warp, *shape, part, chunk);
        else
            fill_raw_chunks(plan, warp, part, -1, chunk);
        stack.apply(part, chunk);
        hand_over(values, count, out.data() + start);
    }
}

// The field along the row, as FractalNoise::at reads it: eroded, stacked, shaped or raw.
template <class Value>
void fill_field_row(const detail::KernelPlan& plan, const detail::WarpPlan* warp,
                    const detail::ShapeRows* shape, const detail::StackRows* stack,
                    const FractalNoise* eroded, const RowSpec& row, std::span<Value> out) {
    if (eroded != nullptr) return detail::fill_eroded_row(*eroded, row, out);
    if (stack != nullptr) return fill_stacked_chunks(plan, warp, shape, *stack, row, out);
    if (shape != nullptr) return fill_shaped_chunks(plan, warp, *shape, row, out);
    fill_raw_chunks(plan, warp, row, -1, out);
}

}  // namespace

void RowKernel::fill_row(const RowSpec& row, std::span<double> out) const {
    fill_field_row(*plan_, warp_.get(), shape_.get(), stack_.get(), eroded_, row, out);
}

void RowKernel::fill_row(const RowSpec& row, std::span<float> out) const {
    fill_field_row(*plan_, warp_.get(), shape_.get(), stack_.get(), eroded_, row, out);
}

void RowKernel::fill_octave_row(int octave, const RowSpec& row, std::span<double> out) const {
    if (octave < 0 || octave >= static_cast<int>(plan_->octaves.size()))
        throw std::out_of_range("fill_octave_row: no octave " + std::to_string(octave));
    fill_raw_chunks(*plan_, warp_.get(), row, octave, out);
}

std::string_view RowKernel::target() const {
    return plan_->kernel.fill == &fill_reference_chunk
               ? std::string_view("reference")
               : std::string_view(hwy::TargetName(plan_->kernel.target));
}

std::vector<std::string_view> available_simd_targets() {
    std::vector<std::string_view> names;
    for (const std::int64_t target : hwy::SupportedAndGeneratedTargets())
        names.emplace_back(hwy::TargetName(target));
    return names;
}

namespace {
// cpu_has_byte_permutes' answer: -1 while not yet asked (again after force_simd_target).
std::atomic<int> byte_permutes{-1};
}  // namespace

bool detail::cpu_has_byte_permutes() {
    int known = byte_permutes.load(std::memory_order_relaxed);
    if (known < 0) {
        known = (hwy::SupportedTargets() & HWY_AVX3_DL) != 0 ? 1 : 0;
        byte_permutes.store(known, std::memory_order_relaxed);
    }
    return known == 1;
}

bool force_simd_target(std::string_view name) {
    byte_permutes.store(-1, std::memory_order_relaxed);  // the forced target's answer, when asked
    hwy::SetSupportedTargetsForTest(0);                  // back to what the CPU has
    if (name.empty()) return true;
    for (const std::int64_t target : hwy::SupportedAndGeneratedTargets()) {
        if (hwy::TargetName(target) == name) {
            // The CPU as if it had nothing better than `target`: a kernel not compiled for it
            // (only the point kernel has AVX3_DL) takes its best target below, as on such a CPU.
            // A lower bit is a better target.
            hwy::SetSupportedTargetsForTest(hwy::SupportedTargets() & ~(target - 1));
            return true;
        }
    }
    return false;
}

}  // namespace noise
