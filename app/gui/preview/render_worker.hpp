// gui/preview/render_worker.hpp: renders the preview image and the curve off the UI thread.
//
// The UI thread never waits for noise (docs/architecture.md#threads). It `submit`s a request, a value
// carrying a copy of the parameters, and gets back an increasing generation number. The worker thread:
//   1. takes the newest pending request (a newer submit replaces a pending one unseen, and
//      cancels the one being rendered: `render` checks the flag between rows);
//   2. samples the curve (fast) and posts it;
//   3. renders the full image on every core, counting finished rows; when the last render
//      predicts that a large image takes longer than about three frames, first a coarse version
//      (1/4 of the size on each side or smaller when the noise is expensive, the same region of
//      noise space), posted at once;
//   4. posts the full image, unless a newer request arrived meanwhile: stale results are dropped.
// With erosion.method = simulate, steps 3-4 are the simulation of the whole image instead
// (simulated_field.hpp): after each of its steps the heights so far are posted as a provisional
// (coarse) image, so the picture erodes as it runs; a newer request cancels it at once; the final
// image is the result rendered as every export renders it, with the result's field and maps.
// The last kept_simulations results are kept, keyed by the parameters and the size: the 2D
// preview and the 3D view want images of different sizes, and switching between them takes the
// kept result instead of simulating again (seconds on a large image).
// The UI thread polls `take_image`/`take_curve` each frame and uploads to GL itself; the worker
// never touches GL. `wake` (glfwPostEmptyEvent) is called from the worker after each post so an
// idle main loop blocked in glfwWaitEvents notices the result.
//
// The window runs two workers: one for the image (curve_samples = 0) and one for the curve
// (need_image = false), so dragging the scanline never cancels a slow image render.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "gui/preview/octave_mix.hpp"
#include "gui/preview/preview_colour.hpp"
#include "noise/erosion_sim.hpp"
#include "noise/fractal.hpp"
#include "noise/params.hpp"

namespace app::gui {

struct PreviewRequest {
    noise::Params params;
    // The curve of an eroded field (erosion.method simulate, params its result): the field before
    // erosion, for the "before" row and histogram. Empty: params without its shaping stage.
    std::optional<noise::Params> before;
    int width          = 0;  // the full preview image, pixels
    int height         = 0;
    bool need_image    = true;  // false when only the curve's inputs changed (scanline, octaves)
    double curve_y     = 0.0;   // noise-space y of the curve row (ignored for dimension 1)
    int curve_samples  = 512;
    bool curve_octaves = false;  // also sample each octave's weighted contribution
    OctaveChoice chosen;         // solo / mute (octave_mix.hpp): the image and the curve's sum
                                 // show these octaves only; the curve's octave rows stay all
    ColourRequest colour;        // a terrain map to compute with the image (preview_colour.hpp)
};

struct ImageResult {
    std::uint64_t generation = 0;
    noise::Params params;  // the parameters it was rendered with (for the cursor readout)
    int width   = 0;
    int height  = 0;
    bool coarse = false;
    std::vector<float> raw;  // row-major, raw noise values
    double milliseconds = 0.0;
    // erosion.method simulate, on the final image: the simulation's result as a field (the curve and
    // the teaching views read it) and its maps (flow, wear, deposit) on this image's grid.
    std::shared_ptr<const noise::Params> eroded;
    std::shared_ptr<const noise::SimulationMaps> maps;
    // The terrain map asked for (preview_colour.hpp): its samples row-major like `raw`, or empty
    // for the ramp (and with octaves soloed or muted).
    PreviewColour colour = PreviewColour::ramp;
    std::vector<std::uint16_t> colour_samples;
    // Samples a pixel has (the weights: one per layer, pixel p's at p * samples_per_pixel), and
    // the weights' layer names, for the legend and the readout.
    std::size_t samples_per_pixel = 1;
    std::vector<std::string> layer_names;
};

struct CurveResult {
    std::uint64_t generation = 0;
    noise::Params params;
    double y = 0.0;
    std::vector<double> sum;                   // the fractal noise along the row
    std::vector<std::vector<double>> octaves;  // weighted contribution of each octave (optional)
    // The shaping stage (noise/shaping.hpp): the row before it (empty without a stage), and the
    // histogram of the field before it over its nominal range (the curve editor's input range),
    // from a small image of the same view.
    std::vector<double> before;
    std::vector<float> before_histogram;  // fractions of the samples, over unit 0 .. 1
};

struct WorkerStatus {
    bool busy                = false;  // a request is being worked on
    bool coarse_stage        = false;  // ... and its coarse image is being rendered
    std::uint64_t generation = 0;
    int rows_done            = 0;
    int rows_total           = 0;
    std::string error;                    // the last request's failure (invalid parameters), else empty
    std::uint64_t cancelled_renders = 0;  // images abandoned part-way because a newer request came
    std::uint64_t simulations_run   = 0;  // erosion simulations run to the end (kept ones not counted)
};

class RenderWorker {
  public:
    explicit RenderWorker(std::function<void()> wake);
    ~RenderWorker();
    RenderWorker(const RenderWorker&)            = delete;
    RenderWorker& operator=(const RenderWorker&) = delete;

    // Queues the request, replacing any pending one and cancelling the one in progress.
    std::uint64_t submit(const PreviewRequest& request);

    // The newest results not yet taken, if any (results of old generations are never returned).
    std::optional<ImageResult> take_image();
    std::optional<CurveResult> take_curve();

    WorkerStatus status() const;
    std::uint64_t latest_generation() const { return latest_.load(); }

  private:
    void run();
    void work(const PreviewRequest& request, std::uint64_t generation);
    void simulate(const PreviewRequest& request, std::uint64_t generation);
    bool add_colour_samples(const PreviewRequest& request, const noise::FractalNoise& noise,
                            ImageResult& image, const noise::SimulationMaps* maps = nullptr);
    void post_image(ImageResult&& result);
    void count_cancelled();

    // A finished simulation, kept for the next request of the same parameters and size.
    struct KeptSimulation {
        noise::Params params;
        int width = 0, height = 0;
        std::shared_ptr<const noise::Params> eroded;
        std::shared_ptr<const noise::SimulationMaps> maps;
    };
    // Two: the 2D preview's size and the 3D view's; each holds a few floats a pixel (heights and maps).
    static constexpr std::size_t kept_simulations = 2;
    std::vector<KeptSimulation> kept_;  // the worker thread's only, newest last

    std::function<void()> wake_;
    mutable std::mutex mutex_;
    std::condition_variable wakeup_;
    std::optional<PreviewRequest> pending_;
    std::uint64_t pending_generation_ = 0;
    std::optional<ImageResult> image_;
    std::optional<CurveResult> curve_;
    std::string error_;
    bool quit_                        = false;
    bool busy_                        = false;
    bool coarse_stage_                = false;
    std::uint64_t working_generation_ = 0;
    int rows_total_                   = 0;
    std::uint64_t cancelled_renders_  = 0;
    std::uint64_t simulations_run_    = 0;
    double ns_per_cost_ = 0.0;  // ns per pixel and unit of relative_cost, last render (worker thread only)

    std::atomic<std::uint64_t> latest_{0};
    std::atomic<bool> cancel_{false};
    std::atomic<int> rows_done_{0};
    std::thread thread_;  // last: started once everything above exists
};

}  // namespace app::gui
