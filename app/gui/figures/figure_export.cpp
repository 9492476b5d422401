// File > Export figure: see figure_export.hpp.
//
// Index
//   [SECTION] The work (off the UI thread)
//   [SECTION] The steps
//   [SECTION] The dialog
#include "gui/figures/figure_export.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>
#include <utility>

#include "core/atomic_file.hpp"
#include "core/colour.hpp"
#include "core/field_stats.hpp"
#include "core/png_stream_writer.hpp"
#include "core/png_text.hpp"
#include "core/preset.hpp"
#include "core/terrain_scale.hpp"
#include "core/value_mapping.hpp"
#include "gui/common/theme.hpp"
#include "gui/figures/figure_name.hpp"
#include "gui/figures/lattice_figure.hpp"
#include "gui/figures/octave_strip.hpp"
#include "gui/figures/offscreen.hpp"
#include "gui/figures/vector_figure.hpp"
#include "gui/preview/view_transform.hpp"
#include "gui/teaching/influence_image.hpp"
#include "gui/teaching/lattice_views.hpp"
#include "noise/algorithms.hpp"
#include "noise/fractal.hpp"
#include "noise/render.hpp"
#include "noise/trace.hpp"

namespace app::gui {

namespace {

constexpr const char* kind_labels[] = {"Preview with overlays", "Probe cell", "Interpolation curves",
                                       "Octaves strip", "Animation"};
static_assert(std::size(kind_labels) == figure_kind_names.size());

// "the probe cell": the kind as an error names it.
std::string kind_label(FigureKind kind) {
    std::string label = kind_labels[static_cast<std::size_t>(kind)];
    label[0]          = static_cast<char>(std::tolower(static_cast<unsigned char>(label[0])));
    return "the " + label;
}

bool vector_kind(FigureKind kind) {
    return kind == FigureKind::probe_cell || kind == FigureKind::interpolation;
}

// A figure written as SVG (else it is painted to pixels): a vector figure's shapes, or the
// preview's picture with its lattice as lines (lattice_figure.hpp).
bool writes_svg(const FigureRequest& request) {
    return request.format == FigureFormat::svg &&
           (vector_kind(request.kind) || request.kind == FigureKind::preview);
}

// The lattice view's image is shown instead of the noise (as Explorer::shows_influence).
bool shows_influence(const FigureScene& scene) {
    const noise::Params& p = scene.settings.params;
    return scene.lattice.field != FieldLayer::noise && p.dimension >= 2 &&
           noise::algorithm_info(p.algorithm).square_lattice();
}

// The picture repeats 3 x 3 in the preview with repeat_3x3: each copy a third of the figure.
int repeats(const FigureScene& scene) { return scene.settings.view.repeat_3x3 ? 3 : 1; }

std::string figure_facts_json(const FigureRequest& request) {
    const LatticeViewSettings& lattice = request.scene.lattice;
    nlohmann::json facts{
        {"figure", figure_kind_names[static_cast<std::size_t>(request.kind)]},
        {"width", request.width},
        {"height", request.height},
        {"lattice", lattice.lattice},
        {"field", shows_influence(request.scene) ? static_cast<int>(lattice.field) : 0},
        {"theme", figure_has_theme(request.kind) ? figure_theme_names[static_cast<std::size_t>(request.theme)]
                                                 : "none"},
        {"probe", nullptr}};
    if (lattice.probe_pinned) facts["probe"] = {lattice.probe_x, lattice.probe_y};
    return facts.dump();
}

VectorFigure vector_figure(const FigureRequest& request) {
    const noise::Params& params = request.scene.settings.params;
    const double w = request.width, h = request.height;
    if (request.kind == FigureKind::interpolation)
        return interpolation_curves_figure(params.interpolation, w, h, request.theme);
    const LatticeViewSettings& lattice = request.scene.lattice;
    if (!lattice.probe_pinned)
        throw std::runtime_error(
            "no probe is pinned: switch on Teach > Probe tool and click the preview first");
    if (const std::string invalid = noise::validate(params); !invalid.empty())
        throw std::runtime_error(invalid);
    const noise::FractalNoise noise(params);
    const noise::Trace trace =
        noise::trace_point(noise, {lattice.probe_x, lattice.probe_y, params.z, params.w});
    return probe_cell_figure(trace, params, lattice.probe_octave, w, h, request.theme);
}

}  // namespace

std::vector<FigureFormat> figure_formats(FigureKind kind, const FigureScene& scene) {
    if (vector_kind(kind)) return {FigureFormat::png, FigureFormat::svg};
    if (kind == FigureKind::preview && lattice_svg_problem(scene).empty())
        return {FigureFormat::png, FigureFormat::svg};
    if (kind == FigureKind::animation) return {FigureFormat::png, FigureFormat::gif};
    return {FigureFormat::png};
}

bool figure_has_theme(FigureKind kind) { return vector_kind(kind) || kind == FigureKind::octaves; }

// [SECTION] The work (off the UI thread) -------------------------------------------------------

namespace {

// An existing target is refused before any work, not after it (the write would refuse it too).
void refuse_existing(const FigureRequest& request) {
    std::error_code ec;
    if (!request.overwrite && std::filesystem::exists(request.path, ec))
        throw std::runtime_error(shown(request.path.string()) +
                                 " exists: tick \"Replace an existing file\" to replace it");
}

}  // namespace

FigurePixels render_figure_field(const FigureRequest& request, const TaskControl& control) {
    const FigureScene& scene    = request.scene;
    const noise::Params& params = scene.settings.params;
    if (params.dimension < 2)
        throw std::runtime_error("the preview figure needs a 2D picture: dimension 1 shows a curve");
    if (const std::string invalid = noise::validate(params); !invalid.empty())
        throw std::runtime_error(invalid);
    const int n = repeats(scene);
    FigurePixels out;
    out.width  = std::max(1, (request.width + n - 1) / n);
    out.height = std::max(1, (request.height + n - 1) / n);
    ImageResult image;
    if (shows_influence(scene)) {
        image = render_influence(params, out.width, out.height, scene.lattice.field,
                                 scene.lattice.influence_corner, control);
    } else {
        image.params = params;
        image.raw.resize(static_cast<std::size_t>(out.width) * static_cast<std::size_t>(out.height));
        std::atomic<int> rows{0};
        if (!noise::render(params, noise::Region::full(out.width, out.height), image.raw,
                           {0, &control.cancelled, &rows}))
            throw std::runtime_error("cancelled");
    }
    if (control.cancelled) throw std::runtime_error("cancelled");
    // Coloured as the preview colours it (shown_field.cpp): the same mapping rule as exports.
    const FieldStats measured = measure_field(image.raw, noise::nominal_range(image.params), 64);
    const noise::Range range  = mapping_range(image.params, scene.settings.view, measured.measured_range());
    out.rgba.resize(image.raw.size() * 4);
    // The hillshade in metres as an rgb8 export of this size has it (terrain_scale.hpp).
    colourise(image.raw, out.width, out.height,
              picture_view(params, scene.settings.view, out.width, out.width), range, out.rgba);
    return out;
}

void write_figure_png(const FigureRequest& request, const OffscreenResult& figure) {
    AtomicFile file(request.path, request.overwrite);
    const Preset preset = preset_of(request.scene.settings);
    const std::vector<PngTextChunk> texts{{std::string(png_preset_key), preset_to_json(preset)},
                                          {"noise-explorer-figure", figure_facts_json(request)}};
    PngStreamWriter png(file, request.width, request.height, PngPixels::rgb8, texts);
    std::vector<std::uint8_t> row(static_cast<std::size_t>(request.width) * 3);
    for (int y = 0; y < request.height; ++y) {
        figure.rgb_row(y, row.data());
        png.write_row(row);
    }
    png.finish();
    file.commit();
}

// [SECTION] The steps --------------------------------------------------------------------------

void FigureExport::start(const std::function<void()>& wake) {
    error_.clear();
    message_.clear();
    if (path_text_.empty()) {
        error_ = "Type a file name first.";
        return;
    }
    // The name and the content agree: the typed extension chose the format, or is refused.
    const FigureName typed = read_figure_name(path_text_, kind_label(request_.kind),
                                              figure_formats(request_.kind, request_.scene));
    if (!typed.error.empty()) {
        error_ = typed.error;
        return;
    }
    if (!typed.format) path_text_ += figure_extension(request_.format);
    request_.path = path_text_;
    if (request_.kind == FigureKind::animation) {
        ExportRequest exported;
        exported.size       = {request_.width, request_.height};
        exported.format     = ExportFormat::rgb8;  // coloured as the preview
        exported.path       = request_.path;
        exported.overwrite  = request_.overwrite;
        const Preset preset = preset_of(request_.scene.settings);
        animating_          = std::make_unique<BackgroundTask<std::vector<std::filesystem::path>>>(
            [preset, exported, animation = request_.animation](const TaskControl& control) {
                return export_animation(preset, exported, animation, &control.cancelled, &control.progress);
            },
            wake);
        return;
    }
    if (request_.kind == FigureKind::preview || request_.kind == FigureKind::octaves) {
        field_ = std::make_unique<BackgroundTask<std::vector<FigurePixels>>>(
            [request = request_](const TaskControl& control) {
                refuse_existing(request);
                if (request.kind == FigureKind::octaves)
                    return render_octave_strip(request, strip_layout(request).side, control);
                return std::vector<FigurePixels>{render_figure_field(request, control)};
            },
            wake);
        return;
    }
    try {
        if (writes_svg(request_))
            write({}, to_svg(vector_figure(request_)), wake);
        else
            start_painting({});
    } catch (const std::exception& e) {
        error_ = failure_text(e);
    }
}

// The offscreen painting of a raster figure, a piece a frame (offscreen.hpp); vector figures
// written as SVG skip it.
void FigureExport::start_painting(std::vector<FigurePixels> images) {
    const FigureRequest& r = request_;
    OffscreenPainting::Paint paint;
    if (r.kind == FigureKind::octaves) {
        paint = [r](ImDrawList* draw, const std::vector<GpuImage>& gpu) { paint_octave_strip(r, draw, gpu); };
    } else if (r.kind == FigureKind::preview) {
        const int image_w = images.front().width, image_h = images.front().height;
        paint = [r, image_w, image_h](ImDrawList* draw, const std::vector<GpuImage>& gpu) {
            const int n              = repeats(r.scene);
            const float tile_w       = static_cast<float>(r.width) / static_cast<float>(n);
            const float tile_h       = static_cast<float>(r.height) / static_cast<float>(n);
            const ViewTransform view = ViewTransform::of(r.scene.settings.params, image_w, image_h)
                                           .on_screen(ImVec2(0.0f, 0.0f), tile_w, tile_h);
            for (int ty = 0; ty < n; ++ty)
                for (int tx = 0; tx < n; ++tx) {
                    const ImVec2 min(tile_w * static_cast<float>(tx), tile_h * static_cast<float>(ty));
                    gpu.front().draw(draw, min, ImVec2(min.x + tile_w, min.y + tile_h));
                }
            LatticeViews views;
            views.layers = r.scene.lattice;
            const UiReportPause not_the_window;  // the overlays' rectangles are the figure's
            draw_lattice_views(draw, view, n, views, static_cast<float>(figure_line_scale(tile_w, tile_h)));
        };
    } else {
        paint = [figure = vector_figure(r)](ImDrawList* draw, const std::vector<GpuImage>&) {
            paint_figure(figure, draw, 1.0f);
        };
    }
    painting_ = std::make_unique<OffscreenPainting>(r.width, r.height, std::move(images), std::move(paint));
}

// Off the UI thread: the picture's PNG, the lattice's traces and the SVG text.
void FigureExport::write_lattice_svg(FigurePixels picture, const std::function<void()>& wake) {
    writing_ = std::make_unique<BackgroundTask<bool>>(
        [request = request_, picture = std::move(picture)](const TaskControl&) {
            const std::string svg = to_svg(lattice_figure(request, picture));
            AtomicFile file(request.path, request.overwrite);
            file.write(svg);
            file.commit();
            return true;
        },
        wake);
}

void FigureExport::write(OffscreenResult figure, std::string svg, const std::function<void()>& wake) {
    writing_ = std::make_unique<BackgroundTask<bool>>(
        [request = request_, figure = std::move(figure), svg = std::move(svg)](const TaskControl&) {
            if (writes_svg(request)) {
                AtomicFile file(request.path, request.overwrite);
                file.write(svg);
                file.commit();
            } else {
                write_figure_png(request, figure);
            }
            return true;
        },
        wake);
}

// [SECTION] The dialog -------------------------------------------------------------------------

namespace {

// The animation's own options, under the size.
void draw_animation_options(FigureRequest& request, const FigureScene& scene) {
    AnimationRequest& a     = request.animation;
    const int dimension     = scene.settings.params.dimension;
    const AnimationPath was = a.path;
    // A slice moves only through a third or fourth axis: in 1D and 2D it is not offered at all.
    if (dimension >= 3) {
        if (ImGui::RadioButton(dimension == 4 ? "Slice moving along w" : "Slice moving along z",
                               a.path == AnimationPath::slice))
            a.path = AnimationPath::slice;
        report_item("figure_animate=slice");
        ImGui::SameLine(250.0f);
    } else {
        a.path = AnimationPath::octaves;
    }
    if (ImGui::RadioButton("Octaves building up", a.path == AnimationPath::octaves))
        a.path = AnimationPath::octaves;
    report_item("figure_animate=octaves");
    if (dimension < 3) {
        ImGui::SameLine();
        ImGui::TextDisabled("(a moving slice needs dimension 3 or 4)");
    }
    if (a.path != was) a.fps = default_animation_fps(a.path);
    if (a.path == AnimationPath::slice) {
        ImGui::SetNextItemWidth(150);
        ImGui::InputInt("frames", &a.frames, 0);
        report_item("figure_frames");
        a.frames = std::clamp(a.frames, 2, max_animation_frames);
        ImGui::SameLine();
        float step = static_cast<float>(a.step);
        ImGui::SetNextItemWidth(150);
        if (ImGui::InputFloat("cells / frame", &step, 0.0f, 0.0f, "%.3f"))
            a.step = std::clamp(step, 0.001f, 10.0f);
        ImGui::BeginDisabled(dimension != 4);
        ImGui::Checkbox("Loop: a circle in z and w, the last frame meets the first", &a.loop);
        ImGui::EndDisabled();
        report_item("figure_loop");
        if (dimension != 4) a.loop = false;
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled) && dimension != 4)
            ImGui::SetTooltip("A loop needs two axes to circle in: dimension 4.");
    } else {
        ImGui::TextDisabled("%d frames: octave 0, then 0-1, ... up to all %d.", scene.settings.params.octaves,
                            scene.settings.params.octaves);
    }
    ImGui::SetNextItemWidth(150);
    ImGui::InputInt("frames / s", &a.fps, 0);
    report_item("figure_fps");
    a.fps = std::clamp(a.fps, 1, 100);
    ImGui::SameLine();
    const int frames = animation_frame_count(scene.settings.params, a);
    ImGui::TextDisabled("%.1f s", static_cast<double>(frames) / a.fps);
    // On a line of its own: beside the pace it ran past the dialog's right edge. A GIF is one file.
    if (request.format == FigureFormat::gif) a.sequence = false;
    ImGui::BeginDisabled(request.format == FigureFormat::gif);
    ImGui::Checkbox("numbered PNGs (NAME-0000.png ...) instead of one animated file", &a.sequence);
    ImGui::EndDisabled();
    report_item("figure_sequence");
    // Off by default: a frame is then exactly the picture `export` makes of its settings.
    ImGui::Checkbox("Caption: each frame says what it shows", &a.caption);
    report_item("figure_caption");
    if (a.path == AnimationPath::octaves || scene.settings.params.dimension >= 3) {
        ImGui::SameLine();
        ImGui::TextDisabled("\"%s\" ...", animation_caption(scene.settings.params, a, 0).c_str());
    }
}

}  // namespace

void FigureExport::take_finished_steps(const std::function<void()>& wake) {
    if (field_)
        if (auto outcome = field_->take()) {
            field_.reset();
            if (outcome->result) {
                try {
                    if (writes_svg(request_))  // the preview's picture under its lattice as lines
                        write_lattice_svg(std::move(outcome->result->front()), wake);
                    else
                        start_painting(std::move(*outcome->result));
                } catch (const std::exception& e) {
                    error_ = failure_text(e);
                }
            } else {
                error_ = outcome->error;
            }
        }
    if (painting_) {
        try {
            if (painting_->step()) {
                OffscreenResult figure = painting_->take();
                painting_.reset();
                write(std::move(figure), {}, wake);
            }
        } catch (const std::exception& e) {
            painting_.reset();
            error_ = failure_text(e);
        }
    }
    if (writing_)
        if (auto outcome = writing_->take()) {
            writing_.reset();
            if (outcome->result) {
                char text[64];
                std::snprintf(text, sizeof text, " (%d x %d)", request_.width, request_.height);
                message_ = "Wrote " + request_.path.string() + (writes_svg(request_) ? "" : text);
            } else {
                error_ = outcome->error;
            }
        }

    if (animating_)
        if (auto outcome = animating_->take()) {
            animating_.reset();
            if (outcome->result)
                message_ =
                    "Wrote " + outcome->result->front().string() +
                    (outcome->result->size() > 1 ? " ... " + outcome->result->back().filename().string()
                                                 : "");
            else
                error_ = outcome->error;
        }
}

void FigureExport::draw_size_and_format(const FigureScene& scene, double aspect) {
    ImGui::SetNextItemWidth(150);
    ImGui::InputInt("width", &request_.width, 0);
    report_item("figure_width");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(150);
    ImGui::InputInt("height", &request_.height, 0);
    report_item("figure_height");
    request_.width = std::clamp(request_.width, 16, 8192);
    // The default height follows the kind: the picture's shape, set when the kind changes so a
    // typed height stays; the octaves strip's own (a row of squares and their labels), set again
    // whenever the width or the octaves change, so a typed width leaves no empty bands.
    const int octaves = scene.settings.params.octaves;
    if (request_.kind == FigureKind::octaves) {
        if (sized_kind_ != request_.kind || strip_sized_ != std::pair{request_.width, octaves}) {
            request_.height = strip_height(request_.width, octaves);
            strip_sized_    = {request_.width, octaves};
        }
    } else {
        if (sized_kind_ == FigureKind::octaves)
            request_.height = std::max(1, static_cast<int>(std::lround(request_.width * aspect)));
        strip_sized_ = {0, 0};
    }
    sized_kind_     = request_.kind;
    request_.height = std::clamp(request_.height, 16, 8192);
    // Only the formats this kind is written as.
    const std::vector<FigureFormat> formats = figure_formats(request_.kind, scene);
    if (std::find(formats.begin(), formats.end(), request_.format) == formats.end())
        request_.format = formats.front();
    if (formats.size() > 1) {
        for (std::size_t i = 0; i < formats.size(); ++i) {
            const FigureFormat f = formats[i];
            if (i > 0) ImGui::SameLine();
            const char* label = f == FigureFormat::svg && request_.kind == FigureKind::preview
                                    ? "SVG (picture, lattice as lines)"
                                : f == FigureFormat::svg                 ? "SVG (vector)"
                                : f == FigureFormat::gif                 ? "GIF (slide programs play it)"
                                : request_.kind == FigureKind::animation ? "PNG (animated: APNG)"
                                                                         : "PNG";
            if (ImGui::RadioButton(label, request_.format == f)) request_.format = f;
            report_item("figure_" + std::string(figure_format_names[static_cast<std::size_t>(f)]));
        }
    } else {
        ImGui::TextDisabled("PNG (pixels)");
    }
    if (figure_has_theme(request_.kind)) {
        for (std::size_t t = 0; t < figure_theme_names.size(); ++t) {
            if (t > 0) ImGui::SameLine();
            const auto theme = static_cast<FigureTheme>(t);
            if (ImGui::RadioButton(theme == FigureTheme::dark ? "Dark (projector)" : "Light (print)",
                                   request_.theme == theme))
                request_.theme = theme;
            report_item("figure_theme=" + std::string(figure_theme_names[t]));
        }
    }
    if (request_.kind == FigureKind::octaves) {
        ImGui::Checkbox("One grey scale for all octaves (each then as faint as its share)",
                        &request_.shared_scale);
        report_item("figure_shared_scale");
    }
}

void FigureExport::draw(const FigureScene& scene, double aspect, const DialogKeys& keys,
                        const std::function<void()>& wake) {
    take_finished_steps(wake);
    if (std::exchange(want_open, false)) {
        error_.clear();
        message_.clear();
        request_.height    = std::max(1, static_cast<int>(std::lround(request_.width * aspect)));
        request_.overwrite = false;  // a replace is asked for each time, never left over from the last
        sized_kind_        = std::nullopt;
        if (path_text_.empty()) path_text_ = (std::filesystem::current_path() / "noise-figure.png").string();
        ImGui::OpenPopup("Export figure");
    }
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(520, 0), ImVec2(520, 10000));
    if (!ImGui::BeginPopupModal("Export figure", nullptr,
                                ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize))
        return;
    const bool busy = running();
    ImGui::TextWrapped("What the student sees, without the controls, at the size a slide needs.");
    ImGui::BeginDisabled(busy);
    for (std::size_t i = 0; i < figure_kind_names.size(); ++i) {
        if (i % 2 == 1) ImGui::SameLine(250.0f);
        if (ImGui::RadioButton(kind_labels[i], request_.kind == static_cast<FigureKind>(i)))
            request_.kind = static_cast<FigureKind>(i);
        report_item("figure_kind=" + std::string(figure_kind_names[i]));
    }
    draw_size_and_format(scene, aspect);
    // The extension follows what is written: .svg, .gif, else .png (the animation's APNG and
    // numbered frames too). Changed only when the kind or the format changes, so a name being
    // typed is left alone.
    const std::string extension = figure_extension(request_.format);
    if (extension != path_extension_ || ImGui::IsWindowAppearing()) {
        std::filesystem::path p(path_text_);
        p.replace_extension(extension);
        path_text_      = p.string();
        path_extension_ = extension;
    }
    if (request_.kind == FigureKind::animation) draw_animation_options(request_, scene);
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##figure_path", &path_text_);
    report_item("figure_path");
    // A typed .svg, .gif or .png chooses the format (the buttons above follow it next frame).
    if (const FigureName typed =
            read_figure_name(path_text_, kind_label(request_.kind), figure_formats(request_.kind, scene));
        typed.format && *typed.format != request_.format) {
        request_.format = *typed.format;
        path_extension_ = figure_extension(request_.format);
    }
    ImGui::Checkbox("Replace an existing file", &request_.overwrite);
    report_item("figure_replace");
    ImGui::EndDisabled();
    if (request_.kind == FigureKind::probe_cell && !scene.lattice.probe_pinned)
        ImGui::TextDisabled("Pin the probe first: Teach > Probe tool, then click the preview.");
    error_text(error_);
    if (!message_.empty()) ImGui::TextWrapped("%s", message_.c_str());
    if (field_) ImGui::ProgressBar(static_cast<float>(field_->progress()), ImVec2(-1, 0), "rendering ...");
    if (animating_)
        ImGui::ProgressBar(static_cast<float>(animating_->progress()), ImVec2(-1, 0), "frames ...");
    if (painting_)
        ImGui::ProgressBar(static_cast<float>(painting_->progress()), ImVec2(-1, 0), "drawing ...");
    if (writing_) ImGui::TextDisabled("writing ...");

    ImGui::BeginDisabled(busy);
    if (ImGui::Button("Export", ImVec2(120, 0)) || (keys.enter && !busy)) {
        request_.scene = scene;
        start(wake);
    }
    ImGui::EndDisabled();
    report_item("figure_start");
    ImGui::SameLine();
    if (busy) {
        if (ImGui::Button("Cancel", ImVec2(120, 0))) {
            if (field_) field_->cancel();
            if (animating_) animating_->cancel();
            if (painting_) {
                painting_.reset();
                error_ = "cancelled";
            }
        }
        report_item("figure_cancel");
        ImGui::SameLine();
    }
    // Closing only hides the dialog: work in progress goes on, and File > Export figure shows it.
    if (ImGui::Button("Close", ImVec2(120, 0)) || keys.escape) {
        request_.overwrite = false;
        ImGui::CloseCurrentPopup();
    }
    report_item("figure_close");
    ImGui::EndPopup();
}

nlohmann::json FigureExport::report_state() const {
    return {{"running", running()},
            {"error", error_},
            {"message", message_},
            {"kind", figure_kind_names[static_cast<std::size_t>(request_.kind)]},
            {"width", request_.width},
            {"height", request_.height},
            {"svg", request_.format == FigureFormat::svg},
            {"format", figure_format_names[static_cast<std::size_t>(request_.format)]},
            {"theme", figure_theme_names[static_cast<std::size_t>(request_.theme)]},
            {"shared_scale", request_.shared_scale},
            {"overwrite", request_.overwrite},
            {"animate", animation_path_names[static_cast<std::size_t>(request_.animation.path)]},
            {"frames", request_.animation.frames},
            {"fps", request_.animation.fps},
            {"loop", request_.animation.loop},
            {"sequence", request_.animation.sequence},
            {"caption", request_.animation.caption},
            {"path", path_text_}};
}

}  // namespace app::gui
