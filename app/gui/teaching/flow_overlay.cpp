// The flow overlay: steepest descent on the field, its background task and its drawing (see
// flow_overlay.hpp).
#include "gui/teaching/flow_overlay.hpp"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <numbers>
#include <tuple>

#include "gui/common/theme.hpp"
#include "gui/common/ui_report.hpp"
#include "noise/render.hpp"
#include "noise/trace.hpp"

namespace app::gui {

namespace {

// A step that would climb is halved down to this part of a pixel: below it, the path is in a pit.
constexpr double smallest_step = 1.0 / 64.0;

noise::Point at(const noise::Params& params, double x, double y) { return {x, y, params.z, params.w}; }

}  // namespace

std::optional<std::array<double, 2>> lower_around(const noise::FractalNoise& noise, std::array<double, 2> p,
                                                  double height, double step, const FlowFrame& frame) {
    const noise::Params& params = noise.params();
    for (const double radius : {step, step / 4.0, step / 16.0}) {
        std::optional<std::array<double, 2>> best;
        double lowest = height;
        for (int k = 0; k < 16; ++k) {
            const double a = 2.0 * std::numbers::pi * k / 16.0;
            const std::array<double, 2> q{p[0] + radius * std::cos(a), p[1] + radius * std::sin(a)};
            if (!frame.contains(q[0], q[1])) continue;
            const double v = noise.at(at(params, q[0], q[1]));
            if (v < lowest) {
                lowest = v;
                best   = q;
            }
        }
        if (best) return best;
    }
    return std::nullopt;
}

namespace {}  // namespace

// [SECTION] Steepest descent ------------------------------------------------------------------

FlowPath trace_flow_path(const noise::FractalNoise& noise, std::array<double, 2> start, double step,
                         const FlowFrame& frame, int max_steps) {
    const noise::Params& params = noise.params();
    FlowPath path;
    noise::ValueGradient here = noise::value_gradient(noise, at(params, start[0], start[1]), step);
    path.points.push_back(start);
    path.heights.push_back(here.value);
    std::array<double, 2> p = start;
    double h                = step;
    for (int taken = 0;;) {
        if (taken >= max_steps) {
            path.end = FlowEnd::limit;
            break;
        }
        const double gx = here.gradient[0], gy = here.gradient[1];
        const double length = std::hypot(gx, gy);
        if (!(length > 0.0)) {  // flat ground: the water stands
            path.end = FlowEnd::flat;
            break;
        }
        // Downhill: against the gradient, one step (or a part of one).
        const std::array<double, 2> q{p[0] - h * gx / length, p[1] - h * gy / length};
        if (!frame.contains(q[0], q[1])) {
            path.end = FlowEnd::edge;
            break;
        }
        const noise::ValueGradient there = noise::value_gradient(noise, at(params, q[0], q[1]), step);
        if (there.value < here.value) {
            p    = q;
            here = there;
            h    = step;
            path.points.push_back(p);
            path.heights.push_back(here.value);
            ++taken;
            continue;
        }
        h /= 2.0;  // the step overshot the lowest point along the way: closer
        if (h < step * smallest_step) {
            // The gradient's way is blocked (a valley floor narrower than the step, a kink): lower
            // ground around, if any, else this is a pit.
            const auto lower = lower_around(noise, p, here.value, step, frame);
            if (!lower) {
                path.end = FlowEnd::pit;
                break;
            }
            p    = *lower;
            here = noise::value_gradient(noise, at(params, p[0], p[1]), step);
            h    = step;
            path.points.push_back(p);
            path.heights.push_back(here.value);
            ++taken;
        }
    }
    return path;
}

std::optional<FlowField> compute_flow(const FlowRequest& request, const std::atomic<bool>* cancel, int across,
                                      int seeds_across) {
    FlowField field;
    if (request.width <= 0 || request.height <= 0) return field;
    const noise::FractalNoise noise(request.params);
    const noise::Params& params = noise.params();
    const double pixel          = params.frequency / request.width;  // one image pixel, noise units
    const FlowFrame frame{params.offset_x, params.offset_y, params.offset_x + params.frequency,
                          params.offset_y + pixel * request.height};
    const auto cancelled = [&] { return cancel && cancel->load(); };
    if (request.arrows) {
        const double cell = params.frequency / across;
        const int down    = std::max(1, static_cast<int>(std::lround((frame.y1 - frame.y0) / cell)));
        double steepest   = 0.0;
        for (int j = 0; j < down; ++j) {
            if (cancelled()) return std::nullopt;
            for (int i = 0; i < across; ++i) {
                const double x = frame.x0 + (i + 0.5) * cell, y = frame.y0 + (j + 0.5) * cell;
                const auto vg = noise::value_gradient(noise, at(params, x, y), pixel);
                field.arrows.push_back({x, y, -vg.gradient[0], -vg.gradient[1]});
                steepest = std::max(steepest, std::hypot(vg.gradient[0], vg.gradient[1]));
            }
        }
        if (steepest > 0.0)
            for (DownhillArrow& a : field.arrows) a.dx /= steepest, a.dy /= steepest;
    }
    if (request.paths) {
        const double cell   = params.frequency / seeds_across;
        const int down      = std::max(1, static_cast<int>(std::lround((frame.y1 - frame.y0) / cell)));
        const int max_steps = 2 * (request.width + request.height);
        for (int j = 0; j < down; ++j)
            for (int i = 0; i < seeds_across; ++i) {
                if (cancelled()) return std::nullopt;
                FlowPath path =
                    trace_flow_path(noise, {frame.x0 + (i + 0.5) * cell, frame.y0 + (j + 0.5) * cell}, pixel,
                                    frame, max_steps);
                field.pits += path.end == FlowEnd::pit || path.end == FlowEnd::flat;  // water trapped
                field.edges += path.end == FlowEnd::edge;
                field.paths.push_back(std::move(path));
            }
    }
    return field;
}

// [SECTION] The overlay -----------------------------------------------------------------------

void FlowOverlay::draw(ImDrawList* draw, const ViewTransform& view, int repeats,
                       const LatticeViewSettings& layers, const std::function<void()>& wake, float scale) {
    if (!layers.downhill && !layers.flow_paths) {
        task_.reset();
        sent_.reset();
        shown_.reset();
        shown_for_.reset();
        return;
    }
    // [1] The newest result in; [2] a new request when the picture's field or size changed.
    if (task_ && task_->finished()) {
        if (auto outcome = task_->take(); outcome && outcome->result && !task_->cancelling()) {
            shown_     = std::move(*outcome->result);
            shown_for_ = sent_;
        }
        task_.reset();
    }
    const FlowRequest request{view.params, view.image_width, view.image_height, layers.downhill,
                              layers.flow_paths};
    if (!sent_ || !(*sent_ == request)) {
        task_.reset();  // cancels and joins the stale one
        sent_ = request;
        task_ = std::make_unique<BackgroundTask<FlowField>>(
            [request](const TaskControl& control) {
                return compute_flow(request, &control.cancelled).value_or(FlowField{});
            },
            wake);
    }
    // [3] The drawing: of this field only (a pan shows nothing until the paths of the new view).
    if (!shown_ || !shown_for_ || !(shown_for_->params == view.params)) return;
    for (int ty = 0; ty < repeats; ++ty)
        for (int tx = 0; tx < repeats; ++tx) {
            const ImVec2 shift(view.screen_width * static_cast<float>(tx),
                               view.screen_height * static_cast<float>(ty));
            const auto screen = [&](double x, double y) {
                const ImVec2 s = view.screen_at({x, y});
                return ImVec2(s.x + shift.x, s.y + shift.y);
            };
            if (layers.downhill && !shown_->arrows.empty()) {
                const float cell = view.screen_width / 24.0f;
                for (const DownhillArrow& a : shown_->arrows) {
                    const double length = std::hypot(a.dx, a.dy);
                    if (!(length > 0.0)) continue;
                    const float reach = cell * static_cast<float>(0.25 + 0.6 * length);
                    const float ux    = static_cast<float>(a.dx / length),
                                uy    = static_cast<float>(a.dy / length);
                    const ImVec2 c    = screen(a.x, a.y);
                    const ImVec2 p0(c.x - ux * reach * 0.5f, c.y - uy * reach * 0.5f);
                    const ImVec2 p1(c.x + ux * reach * 0.5f, c.y + uy * reach * 0.5f);
                    const float head = 4.0f * scale;
                    const ImVec2 l(p1.x - ux * head - uy * head * 0.7f, p1.y - uy * head + ux * head * 0.7f);
                    const ImVec2 r(p1.x - ux * head + uy * head * 0.7f, p1.y - uy * head - ux * head * 0.7f);
                    for (const auto& [colour, off, thick] :
                         {std::tuple{colours::with_alpha(colours::shadow, 140), 1.0f, 2.5f},
                          std::tuple{colours::downhill_arrow, 0.0f, 1.5f}}) {
                        const ImVec2 o(off, off);
                        draw->AddLine(ImVec2(p0.x + o.x, p0.y + o.y), ImVec2(p1.x + o.x, p1.y + o.y), colour,
                                      thick * scale);
                        draw->AddTriangleFilled(ImVec2(p1.x + o.x, p1.y + o.y), ImVec2(l.x + o.x, l.y + o.y),
                                                ImVec2(r.x + o.x, r.y + o.y), colour);
                    }
                }
            }
            if (layers.flow_paths) {
                std::vector<ImVec2> line;
                for (const FlowPath& path : shown_->paths) {
                    line.clear();
                    for (const auto& p : path.points) line.push_back(screen(p[0], p[1]));
                    if (line.size() >= 2) {
                        draw->AddPolyline(line.data(), static_cast<int>(line.size()),
                                          colours::with_alpha(colours::shadow, 60), 0, 2.6f * scale);
                        draw->AddPolyline(line.data(), static_cast<int>(line.size()), colours::flow_path, 0,
                                          1.6f * scale);
                    }
                    if (path.end == FlowEnd::pit) {
                        const ImVec2 end = line.back();
                        draw->AddCircleFilled(end, 3.5f * scale, colours::with_alpha(colours::shadow, 160));
                        draw->AddCircleFilled(end, 2.5f * scale, colours::flow_pit);
                    }
                }
            }
        }
}

nlohmann::json FlowOverlay::report_state() const {
    nlohmann::json state{{"requested", sent_.has_value()},
                         {"computing", task_ != nullptr},
                         {"shown", shown_.has_value() && shown_for_ == sent_}};
    if (shown_) {
        state["arrows"]   = shown_->arrows.size();
        state["paths"]    = shown_->paths.size();
        state["pits"]     = shown_->pits;
        state["edges"]    = shown_->edges;
        std::size_t steps = 0;
        for (const FlowPath& p : shown_->paths) steps += p.points.size() - 1;
        state["steps"] = steps;
    }
    return state;
}

}  // namespace app::gui
