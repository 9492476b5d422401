// The point kernel's plan, its fallback, and the public PointSampler: see point_kernel.hpp and
// kernel.hpp.
#include "point_kernel.hpp"

#include <hwy/targets.h>

#include <algorithm>
#include <stdexcept>
#include <string>

#include "noise/algorithms.hpp"
#include "noise/kernel.hpp"
#include "noise/layer_stack.hpp"

namespace noise {
namespace detail {

PointKernel::PointKernel(const FractalNoise& noise) : noise_(&noise) {
    const Params& params = noise.params();
    const auto make      = algorithm_info(params.algorithm).make_point_kernel;
    // Not covered (kernel_plan.hpp: periods that differ per axis): the reference, in fill.
    plan_.kernel =
        make != nullptr && kernels_cover(noise.octaves()) ? make(params) : ResolvedPointKernel{nullptr, 0};
    plan_.dimension       = params.dimension;
    plan_.curve           = params.interpolation;
    plan_.fractal         = params.fractal;
    plan_.octaves         = noise.octaves();
    plan_.divisor         = noise.divisor();
    plan_.cellular_return = params.cellular_return;
    plan_.cellular_jitter = params.cellular_jitter;
    for (const OctaveSetup& octave : plan_.octaves)
        plan_.random_gradients.push_back(octave.lattice->random_gradient(params.dimension, 0));
}

void PointKernel::fill(const PointBatch& batch) const {
    if (plan_.kernel.fill != nullptr) return plan_.kernel.fill(plan_, batch);
    // Not covered: the reference, point by point.
    for (int i = 0; i < batch.count; ++i) {
        const Point p{batch.coordinate[0][i], batch.coordinate[1][i], batch.coordinate[2][i],
                      batch.coordinate[3][i]};
        const double value = batch.only_octave >= 0 ? noise_->octave_weight(batch.only_octave) *
                                                          noise_->octave(batch.only_octave, p)
                                                    : noise_->layer(p);
        hand_over_value(value, i, batch.out, batch.out_float);
    }
}

void turn_points(const Params& params, const double* x, const double* y, int count, double* tx, double* ty) {
    for (int i = 0; i < count; ++i) {
        if (params.tile != 0) {  // the integer rotation
            tx[i] = x[i] - y[i];
            ty[i] = x[i] + y[i];
        } else {  // seed 001's
            tx[i] = (x[i] - y[i]) * seed001_phi;
            ty[i] = (y[i] + x[i]) * seed001_phi;
        }
    }
}

}  // namespace detail

namespace {

// The points cut into batches, each transposed into aligned arrays padded to whole vectors (the
// padding repeats the batch's last point): body(first, count, coordinates).
template <class Body>
void for_each_batch(std::span<const Point> points, std::span<double> out, Body body) {
    if (out.size() != points.size())
        throw std::invalid_argument("PointSampler: out and points differ in size");
    alignas(64) double coordinate[4][detail::point_capacity];
    for (std::size_t first = 0; first < points.size(); first += detail::max_chunk) {
        const int count = static_cast<int>(std::min<std::size_t>(detail::max_chunk, points.size() - first));
        const int padded =
            (count + detail::point_lanes_max - 1) / detail::point_lanes_max * detail::point_lanes_max;
        for (int i = 0; i < padded; ++i)
            for (std::size_t axis = 0; axis < 4; ++axis)
                coordinate[axis][i] = points[first + static_cast<std::size_t>(std::min(i, count - 1))][axis];
        body(first, count, padded, coordinate);
    }
}

}  // namespace

PointSampler::PointSampler(const FractalNoise& noise)
    : noise_(&noise), layer_(std::make_unique<const detail::PointKernel>(noise)) {
    if (noise.has_warp())
        for (int k = 0; k < noise.params().dimension; ++k)
            warp_.push_back(std::make_unique<const detail::PointKernel>(noise.warp_component(k)));
    if (noise.shaping().mask != MaskMode::none) mask_ = std::make_unique<const PointSampler>(noise.mask());
}

PointSampler::~PointSampler() = default;

void PointSampler::layer(std::span<const Point> points, std::span<double> out) const {
    for_each_batch(points, out, [&](std::size_t first, int count, int, double(*c)[detail::point_capacity]) {
        layer_->fill({{c[0], c[1], c[2], c[3]}, count, -1, out.data() + first});
    });
}

void PointSampler::octave(int i, std::span<const Point> points, std::span<double> out) const {
    if (i < 0 || i >= static_cast<int>(noise_->octaves().size()))
        throw std::out_of_range("PointSampler::octave: no octave " + std::to_string(i));
    for_each_batch(points, out, [&](std::size_t first, int count, int, double(*c)[detail::point_capacity]) {
        layer_->fill({{c[0], c[1], c[2], c[3]}, count, i, out.data() + first});
    });
}

void PointSampler::at(std::span<const Point> points, std::span<double> out) const {
    if (noise_->erosion().active) {  // points are not rows (kernel.hpp): the reference at each point
        if (out.size() != points.size())
            throw std::invalid_argument("PointSampler: out and points differ in size");
        for (std::size_t i = 0; i < points.size(); ++i) out[i] = noise_->at(points[i]);
        return;
    }
    const Params& params = noise_->params();
    for_each_batch(points, out,
                   [&](std::size_t first, int count, int padded, double(*c)[detail::point_capacity]) {
                       // FractalNoise::warped: every component at p first, then q = p + a w.
                       double w[4][detail::max_chunk];
                       for (std::size_t k = 0; k < warp_.size(); ++k)
                           warp_[k]->fill({{c[0], c[1], c[2], c[3]}, count, -1, w[k]});
                       for (std::size_t k = 0; k < warp_.size(); ++k)
                           for (int i = 0; i < padded; ++i)
                               c[k][i] = c[k][i] + params.warp_amplitude * w[k][std::min(i, count - 1)];
                       double* values = out.data() + first;
                       layer_->fill({{c[0], c[1], c[2], c[3]}, count, -1, values});
                       if (!noise_->has_rotated_layer()) return;
                       alignas(64) double turned[2][detail::point_capacity];
                       detail::turn_points(params, c[0], c[1], padded, turned[0], turned[1]);
                       double second[detail::max_chunk];
                       layer_->fill({{turned[0], turned[1], c[2], c[3]}, count, -1, second});
                       for (int i = 0; i < count; ++i) values[i] = (values[i] + second[i]) * 0.5;
                   });
    // FractalNoise::at's last steps: the shaping stage, with the mask field at the same points,
    // then the layer stack, point by point (FractalNoise::stacked).
    const ShapingPlan& plan = noise_->shaping();
    if (plan.active) {
        std::vector<double> mask;
        if (mask_) {
            mask.resize(points.size());
            mask_->at(points, mask);
        }
        shape_values(plan, out, mask);
    }
    if (const LayerStack* stack = noise_->stack())
        for (std::size_t i = 0; i < points.size(); ++i) out[i] = stack->apply(points[i], out[i]);
}

bool PointSampler::compiled() const { return layer_->compiled(); }

std::string_view PointSampler::target() const {
    return layer_->compiled() ? std::string_view(hwy::TargetName(layer_->target()))
                              : std::string_view("reference");
}

}  // namespace noise
