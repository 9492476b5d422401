// gui/shell/explorer_requests.cpp: what the explorer window asks its workers for, and takes back.
//
// Part of Explorer (explorer.hpp). Once a frame: the newest results are taken first
// (take_results), and after the frame's edits a request goes to each worker whose inputs changed
// (send_requests): the preview's image (or a lattice view's image, from a task of its own) and
// the curve under the scanline. The UI thread never waits for either (render_worker.hpp).
#include <memory>
#include <utility>

#include "core/export_image.hpp"
#include "gui/preview/view_transform.hpp"
#include "gui/shell/explorer.hpp"
#include "gui/teaching/influence_image.hpp"

namespace app::gui {

void Explorer::take_results() {
    // The worker's images are the noise itself; while a teaching mode shows something else they
    // are dropped (the request is sent again when the mode returns to the noise).
    preview_.take_noise_image(!shows_influence());
    if (influence_task_) {
        if (auto outcome = influence_task_->take();
            outcome && outcome->result && !influence_task_->cancelling()) {
            preview_.show_image(std::move(*outcome->result));
            shown_influence_ = sent_influence_;
        }
    }
    curve_.take_result();
    preview_.refresh_colours(settings_.params, settings_.view);
}

void Explorer::send_requests() {
    if (!invalid_.empty() || want_width_ <= 0 || want_height_ <= 0) return;
    // The animation's slice, and the octaves chosen by solo / mute (teach_views.hpp).
    // And the selected layer alone, when the Layers panel shows it so.
    const noise::Params params = layers_.shown(shown_params(teach_, settings_.params));

    if (!shows_influence() && influence_task_) {
        influence_task_.reset();  // a lattice view's mode left: its next image starts afresh
        sent_influence_.reset();
        shown_influence_.reset();
    }
    if (shows_influence()) {
        send_influence_request(taught_shown_);  // the field the teaching views explain
        preview_.forget_noise_request();        // back on the noise, the picture is asked for again
    } else {
        preview_.request_noise(params, want_width_, want_height_, teach_.chosen, settings_.view,
                               effective_texture_layers(preset_of(settings_)));
    }

    // The curve is the preview row under the scanline: the same y as that row's pixels.
    const ViewTransform view = ViewTransform::of(params, want_width_, want_height_);
    const double y           = view.row_y(view.row_at(settings_.view.scanline));
    const bool octave_rows =
        settings_.view.show_octaves || params.dimension == 1;  // the big 1D curve shows them
    // An eroded field's curve reads the simulation's result once the picture has it (the field
    // before erosion is its "before"); until then the field the simulation starts from.
    if (const noise::Params* eroded = preview_.eroded(params))
        curve_.request(*eroded, y, octave_rows, teach_.chosen, params);
    else
        curve_.request(params, params.dimension == 1 ? 0.0 : y, octave_rows, teach_.chosen);
}

// A lattice view's image: a new task replaces (and so cancels) the one before. Its images count
// generations of their own, so the report (and --screenshot) can tell when the newest is shown.
void Explorer::send_influence_request(const noise::Params& params) {
    const InfluenceKey key{params, want_width_, want_height_, lattice_.layers.field,
                           lattice_.layers.influence_corner};
    if (sent_influence_ && *sent_influence_ == key) return;
    influence_task_.reset();
    const std::uint64_t generation = ++influence_generation_;
    influence_task_                = std::make_unique<BackgroundTask<ImageResult>>(
        [key, generation](const TaskControl& control) {
            ImageResult image =
                render_influence(key.params, key.width, key.height, key.layer, key.corner, control);
            image.generation = generation;
            return image;
        },
        wake_);
    sent_influence_ = key;
}

}  // namespace app::gui
