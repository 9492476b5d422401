#include "gui/preview/shown_field.hpp"

#include <algorithm>
#include <cstdio>

#include "core/colour.hpp"
#include "core/field_stats.hpp"
#include "core/value_mapping.hpp"

namespace app::gui {

namespace {

constexpr int histogram_bins = 64;

std::string fnv1a_hex(std::span<const std::uint8_t> bytes) {
    std::uint64_t hash = 0xcbf29ce484222325ull;
    for (std::uint8_t b : bytes) {
        hash ^= b;
        hash *= 0x100000001b3ull;
    }
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
    return text;
}

}  // namespace

void ShownField::set_image(ImageResult&& image) {
    image_ = std::move(image);
    dirty_ = true;
}

void ShownField::refresh(const ViewSettings& view) {
    if (image_.raw.empty()) return;
    // The scanline only moves a line drawn over the picture: no need to recolour for it.
    ViewSettings colour_view = view;
    colour_view.scanline     = coloured_with_.scanline;
    if (!dirty_ && colour_view == coloured_with_) return;

    // [1] Statistics, then the range the colours map from (the same rule as every export). The
    // histogram spans that range: with the fixed mapping the first pass already binned over it,
    // only a stretched mapping needs a second pass over its measured range.
    const FieldStats measured =
        measure_field(image_.raw, noise::nominal_range(image_.params), histogram_bins);
    const noise::Range range = mapping_range(image_.params, view, measured.measured_range());
    const FieldStats binned =
        view.mapping == Mapping::stretch ? measure_field(image_.raw, range, histogram_bins) : measured;
    summary_.min  = measured.min;
    summary_.max  = measured.max;
    summary_.mean = measured.mean;
    summary_.histogram.assign(binned.histogram.size(), 0.0f);
    for (std::size_t i = 0; i < binned.histogram.size(); ++i)
        summary_.histogram[i] =
            binned.count ? static_cast<float>(binned.histogram[i]) / static_cast<float>(binned.count) : 0.0f;
    range_lo_ = range.lo;
    range_hi_ = range.hi;

    // [2] Colours and upload.
    rgba_.resize(image_.raw.size() * 4);
    if (colour() == PreviewColour::ramp) {
        colourise(image_.raw, image_.width, image_.height, view, range, rgba_);
    } else {  // a terrain map: its samples' own colours, no hillshade (the legend reads them)
        const std::size_t n          = image_.samples_per_pixel;
        const LayerColours layer_rgb = texture_layer_colours(image_.layer_names);
        for (std::size_t i = 0; i < image_.colour_samples.size() / n; ++i) {
            const auto c =
                pixel_colour(image_.colour, std::span(image_.colour_samples).subspan(i * n, n), layer_rgb);
            std::copy(c.begin(), c.end(), rgba_.begin() + static_cast<std::ptrdiff_t>(4 * i));
            rgba_[4 * i + 3] = 255;
        }
    }
    texture_.upload(image_.width, image_.height, rgba_);
    checksum_stale_ = true;
    coloured_with_  = view;
    dirty_          = false;
}

const std::string& ShownField::checksum() const {
    if (checksum_stale_) {
        checksum_       = fnv1a_hex(rgba_);
        checksum_stale_ = false;
    }
    return checksum_;
}

float ShownField::value_at(int px, int py) const {
    if (image_.raw.empty()) return 0.0f;
    px = std::clamp(px, 0, image_.width - 1);
    py = std::clamp(py, 0, image_.height - 1);
    return image_.raw[static_cast<std::size_t>(py) * static_cast<std::size_t>(image_.width) +
                      static_cast<std::size_t>(px)];
}

std::vector<std::uint16_t> ShownField::weights_at(int px, int py) const {
    if (image_.colour_samples.empty() || image_.colour != PreviewColour::weights) return {};
    px                  = std::clamp(px, 0, image_.width - 1);
    py                  = std::clamp(py, 0, image_.height - 1);
    const std::size_t n = image_.samples_per_pixel;
    const auto first    = (static_cast<std::size_t>(py) * static_cast<std::size_t>(image_.width) +
                        static_cast<std::size_t>(px)) *
                       n;
    return {image_.colour_samples.begin() + static_cast<std::ptrdiff_t>(first),
            image_.colour_samples.begin() + static_cast<std::ptrdiff_t>(first + n)};
}

std::optional<std::uint16_t> ShownField::colour_sample_at(int px, int py) const {
    if (image_.colour_samples.empty() || image_.colour == PreviewColour::weights) return std::nullopt;
    px = std::clamp(px, 0, image_.width - 1);
    py = std::clamp(py, 0, image_.height - 1);
    return image_.colour_samples[static_cast<std::size_t>(py) * static_cast<std::size_t>(image_.width) +
                                 static_cast<std::size_t>(px)];
}

double ShownField::mapped(double raw) const { return unit_value(raw, {range_lo_, range_hi_}); }

}  // namespace app::gui
