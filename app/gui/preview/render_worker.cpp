#include "gui/preview/render_worker.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>

#include "core/shown_text.hpp"
#include "noise/algorithms.hpp"
#include "noise/fractal.hpp"
#include "noise/render.hpp"
#include "noise/simulated_field.hpp"

namespace app::gui {

namespace {

// Below this many pixels the full image is quick enough that a coarse pass only costs time.
constexpr std::size_t coarse_threshold = 160 * 160;
// A full image predicted to take longer than this is preceded by a coarse one: three frames.
// Under a software renderer a coarse frame costs the cores the render needs: the mid-weight
// presets (marble, eroded-terrain, simplex-lava-flow, 30-45 ms) reached their full image about
// 10 ms sooner without it (docs/performance-history.md, 2026-11-26).
constexpr double coarse_above_ms = 50.0;
// What the coarse image itself may take: about two frames.
constexpr double coarse_budget_ms = 30.0;

// What one pixel costs, in lattice points visited (the algorithm table's relative_cost: octaves x
// the points one octave reads). Renders are timed per unit of this, so a change from 2D to 4D
// cubic predicts its slowdown.
double relative_cost(const noise::Params& params) {
    return noise::algorithm_info(params.algorithm).relative_cost(params);
}

// An image of `width` x `height` raw values, still to be filled.
ImageResult empty_image(std::uint64_t generation, const noise::Params& params, int width, int height,
                        bool coarse) {
    ImageResult image;
    image.generation = generation;
    image.params     = params;
    image.width      = width;
    image.height     = height;
    image.coarse     = coarse;
    image.raw.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
    return image;
}

double elapsed_ms(std::chrono::steady_clock::time_point since) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - since).count();
}

}  // namespace

RenderWorker::RenderWorker(std::function<void()> wake) : wake_(std::move(wake)), thread_([this] { run(); }) {}

RenderWorker::~RenderWorker() {
    {
        std::lock_guard lock(mutex_);
        quit_   = true;
        cancel_ = true;
    }
    wakeup_.notify_all();
    thread_.join();
}

std::uint64_t RenderWorker::submit(const PreviewRequest& request) {
    std::uint64_t generation = 0;
    {
        std::lock_guard lock(mutex_);
        generation          = ++latest_;
        pending_            = request;
        pending_generation_ = generation;
        cancel_             = true;  // the image in progress is stale now
    }
    wakeup_.notify_all();
    return generation;
}

std::optional<ImageResult> RenderWorker::take_image() {
    std::lock_guard lock(mutex_);
    std::optional<ImageResult> out;
    if (image_ && image_->generation == latest_.load()) out = std::move(image_);
    image_.reset();
    return out;
}

std::optional<CurveResult> RenderWorker::take_curve() {
    std::lock_guard lock(mutex_);
    std::optional<CurveResult> out;
    if (curve_ && curve_->generation == latest_.load()) out = std::move(curve_);
    curve_.reset();
    return out;
}

WorkerStatus RenderWorker::status() const {
    std::lock_guard lock(mutex_);
    WorkerStatus s;
    s.busy              = busy_ || pending_.has_value();
    s.coarse_stage      = coarse_stage_;
    s.generation        = working_generation_;
    s.rows_done         = rows_done_.load();
    s.rows_total        = rows_total_;
    s.error             = error_;
    s.cancelled_renders = cancelled_renders_;
    s.simulations_run   = simulations_run_;
    return s;
}

void RenderWorker::run() {
    for (;;) {
        PreviewRequest request;
        std::uint64_t generation = 0;
        {
            std::unique_lock lock(mutex_);
            busy_ = false;
            wakeup_.wait(lock, [this] { return quit_ || pending_.has_value(); });
            if (quit_) return;
            request    = std::move(*pending_);
            generation = pending_generation_;
            pending_.reset();
            // Reset under the lock: a submit after this point sets it again and is not lost.
            cancel_             = false;
            busy_               = true;
            working_generation_ = generation;
            rows_done_          = 0;
            rows_total_         = 0;
            error_.clear();
        }
        try {
            work(request, generation);
        } catch (const std::exception& e) {
            // Invalid parameters reach here only if the UI's validation missed a rule; report
            // the library's message instead of rendering.
            std::lock_guard lock(mutex_);
            error_ = failure_text(e);
        }
        if (wake_) wake_();
    }
}

namespace {

// The field before the shaping stage: its histogram over the nominal range from a 96-pixel-wide
// image of the same view (9216 samples: well under a frame), for the curve editor even before
// there is a stage; and with a stage its row under the scanline.
void sample_before_shaping(const PreviewRequest& request, bool shaped, CurveResult& curve) {
    const noise::Params plain = request.before ? *request.before : noise::without_shaping(request.params);
    const noise::FractalNoise before(plain);
    if (shaped) {
        curve.before.resize(curve.sum.size());
        noise::sample_row(before, request.curve_y, curve.before);
    }
    constexpr int side = 96, bins = 64;
    const int rows = std::max(1, request.width > 0 ? side * request.height / request.width : side);
    std::vector<float> image(static_cast<std::size_t>(side) * static_cast<std::size_t>(rows));
    noise::render(before, noise::Region::full(side, rows), image, {1});
    const noise::Range range = noise::nominal_range(plain);
    curve.before_histogram.assign(bins, 0.0f);
    for (const float v : image) {
        const int bin = std::clamp(static_cast<int>(noise::to_unit(v, range) * bins), 0, bins - 1);
        curve.before_histogram[static_cast<std::size_t>(bin)] += 1.0f / static_cast<float>(image.size());
    }
}

}  // namespace

void RenderWorker::work(const PreviewRequest& request, std::uint64_t generation) {
    const noise::FractalNoise noise(request.params);

    // [1] The curve: a few thousand samples, done in well under a frame.
    if (request.curve_samples > 0) {
        CurveResult curve;
        curve.generation = generation;
        curve.params     = request.params;
        curve.y          = request.curve_y;
        curve.sum.resize(static_cast<std::size_t>(request.curve_samples));
        if (request.chosen.all(request.params.octaves))
            noise::sample_row(noise, request.curve_y, curve.sum);
        else
            sample_chosen(noise, request.chosen, request.curve_y, curve.sum);
        if (request.curve_octaves) {
            curve.octaves.resize(static_cast<std::size_t>(request.params.octaves));
            for (int i = 0; i < request.params.octaves; ++i) {
                if (cancel_) return;
                auto& row = curve.octaves[static_cast<std::size_t>(i)];
                row.resize(curve.sum.size());
                noise::sample_row(noise, request.curve_y, row, i);
            }
        }
        sample_before_shaping(request, noise.shaping().active || request.before.has_value(), curve);
        {
            std::lock_guard lock(mutex_);
            if (generation == latest_.load()) curve_ = std::move(curve);
        }
        if (wake_) wake_();
    }
    if (!request.need_image || request.width <= 0 || request.height <= 0) return;
    if (request.params.erosion_method == noise::ErosionMethod::simulate) return simulate(request, generation);

    // [2] Coarse first when the full image would keep a drag waiting, so it shows something
    // within a frame or two. The cost is predicted from the last render (relative_cost); with
    // no history yet, coarse first to be safe.
    // When the full image is predicted within three frames it comes straight away: a drag then
    // shows the full image as soon as the hand stops. The coarse image has at least 1/4 of each
    // side, less when 1/4 would itself take longer than two frames (16 octaves of 4D cubic
    // noise on a wide preview).
    const auto full_region = noise::Region::full(request.width, request.height);
    // Solo / mute: the chosen octaves' shares, one row at a time on this thread; all octaves:
    // the ordinary render on every core.
    const bool all_octaves = request.chosen.all(request.params.octaves);
    const auto draw        = [&](const noise::Region& region, std::span<float> out) {
        if (all_octaves) return noise::render(noise, region, out, {0, &cancel_, &rows_done_});
        return render_chosen(noise, request.chosen, region, out, &cancel_, &rows_done_);
    };
    const double cost         = relative_cost(request.params);
    const double predicted_ms = ns_per_cost_ * cost * static_cast<double>(full_region.pixel_count()) * 1e-6;
    if (full_region.pixel_count() > coarse_threshold &&
        (ns_per_cost_ == 0.0 || predicted_ms > coarse_above_ms)) {
        int factor = 4;
        if (ns_per_cost_ > 0.0) {
            const double affordable = std::max(4096.0, coarse_budget_ms * 1e6 / (ns_per_cost_ * cost));
            factor                  = std::max(4, static_cast<int>(std::ceil(std::sqrt(
                                                      static_cast<double>(full_region.pixel_count()) / affordable))));
        }
        const int cw = std::max(1, request.width / factor);
        const int ch = std::max(1, request.height / factor);
        {
            std::lock_guard lock(mutex_);
            coarse_stage_ = true;
            rows_total_   = ch;
        }
        ImageResult coarse  = empty_image(generation, request.params, cw, ch, true);
        const auto start    = std::chrono::steady_clock::now();
        rows_done_          = 0;
        const bool done     = draw(noise::Region::full(cw, ch), coarse.raw);
        coarse.milliseconds = elapsed_ms(start);
        if (!done) return count_cancelled();
        ns_per_cost_ = coarse.milliseconds * 1e6 / (static_cast<double>(coarse.raw.size()) * cost);
        if (!add_colour_samples(request, noise, coarse)) return count_cancelled();
        post_image(std::move(coarse));
    }

    // [3] The full image, with rows counted for the progress indicator.
    {
        std::lock_guard lock(mutex_);
        coarse_stage_ = false;
        rows_total_   = request.height;
    }
    rows_done_        = 0;
    ImageResult full  = empty_image(generation, request.params, request.width, request.height, false);
    const auto start  = std::chrono::steady_clock::now();
    const bool done   = draw(full_region, full.raw);
    full.milliseconds = elapsed_ms(start);
    if (!done) return count_cancelled();
    ns_per_cost_ = full.milliseconds * 1e6 / (static_cast<double>(full.raw.size()) * cost);
    if (!add_colour_samples(request, noise, full)) return count_cancelled();
    post_image(std::move(full));
}

void RenderWorker::simulate(const PreviewRequest& request, std::uint64_t generation) {
    constexpr int steps_shown = 1000;  // progress in thousandths, as "rows"
    {
        std::lock_guard lock(mutex_);
        coarse_stage_ = false;
        rows_total_   = steps_shown;
    }
    rows_done_               = 0;
    const auto start         = std::chrono::steady_clock::now();
    const noise::Range range = noise::nominal_range(request.params);
    const int width          = request.width;
    const int height         = request.height;
    const auto kept          = std::find_if(kept_.begin(), kept_.end(), [&](const KeptSimulation& k) {
        return k.width == width && k.height == height && k.params == request.params;
    });
    KeptSimulation result;
    if (kept != kept_.end()) {  // the same field at this size was simulated: take it, newest again
        result = std::move(*kept);
        kept_.erase(kept);
    } else {
        noise::SimulationControl control;
        control.cancel   = &cancel_;
        control.progress = [this](double done) { rows_done_ = static_cast<int>(done * steps_shown); };
        // The heights so far, as the unit heights' raw values (what layer 1's mapping gives them).
        control.snapshot = [&](std::span<const float> heights) {
            ImageResult shown  = empty_image(generation, request.params, width, height, true);
            shown.milliseconds = elapsed_ms(start);
            for (std::size_t i = 0; i < heights.size(); ++i)
                shown.raw[i] = static_cast<float>(range.lo + heights[i] * (range.hi - range.lo));
            post_image(std::move(shown));
        };
        std::optional<noise::SimulatedField> field =
            noise::simulate_field(request.params, width, height, control);
        if (!field) return count_cancelled();
        result = {request.params, width, height,
                  std::make_shared<const noise::Params>(std::move(field->params)),
                  std::make_shared<const noise::SimulationMaps>(std::move(field->maps))};
        std::lock_guard lock(mutex_);
        ++simulations_run_;
    }
    kept_.push_back(result);
    if (kept_.size() > kept_simulations) kept_.erase(kept_.begin());

    // The final picture: the result as an export of this size renders it.
    ImageResult full = empty_image(generation, request.params, width, height, false);
    const noise::FractalNoise eroded(*result.eroded);
    if (!noise::render(eroded, noise::Region::full(width, height), full.raw, {0, &cancel_, nullptr}))
        return count_cancelled();
    if (!add_colour_samples(request, eroded, full, result.maps.get())) return count_cancelled();
    full.milliseconds = elapsed_ms(start);
    full.eroded       = result.eroded;
    full.maps         = result.maps;
    post_image(std::move(full));
}

// [4] A terrain map, after the noise (so its time does not count in the noise's prediction):
// the mask samples of the whole field, hence none for chosen octaves. False when cancelled.
bool RenderWorker::add_colour_samples(const PreviewRequest& request, const noise::FractalNoise& noise,
                                      ImageResult& image, const noise::SimulationMaps* maps) {
    if (request.colour.mode == PreviewColour::ramp || !request.chosen.all(request.params.octaves))
        return true;
    auto samples =
        compute_colour_samples(noise, request.colour, image.width, image.height, image.raw, &cancel_, maps);
    if (!samples) return false;
    if (samples->empty()) return true;  // a simulation map without the simulation: the ramp
    image.colour            = request.colour.mode;
    image.colour_samples    = std::move(*samples);
    image.samples_per_pixel = samples_per_pixel(request.colour);
    if (request.colour.mode == PreviewColour::weights)
        for (const TextureLayer& layer : request.colour.layers) image.layer_names.push_back(layer.name);
    return true;
}

void RenderWorker::count_cancelled() {
    std::lock_guard lock(mutex_);
    ++cancelled_renders_;
}

void RenderWorker::post_image(ImageResult&& result) {
    {
        std::lock_guard lock(mutex_);
        if (result.generation != latest_.load()) return;  // stale: a newer request is waiting
        image_ = std::move(result);
    }
    if (wake_) wake_();
}

}  // namespace app::gui
