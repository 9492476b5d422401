// gui/preview/shown_field.hpp: the field on screen: the newest raw image, its colours, stats and texture.
//
// The worker hands back raw noise values; colouring happens here, on the UI thread, because a
// change of ramp, mapping or hillshade must not re-render the noise (it only re-colours, a few
// milliseconds for a preview). The colours, the statistics and the export all go through the
// same app/core functions, so the preview is what an export will contain.
//
// `checksum` is FNV-1a 64 of the RGBA bytes shown: the UI report uses it to prove that the picture
// itself changed, not only a parameter, and the compare view to know when its difference image is
// stale. It is worked out when first asked for after a refresh (a serial pass over 4 MB at a 1024
// preview, about 4 ms): while neither is open nobody asks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/view_settings.hpp"
#include "gui/preview/gl_texture.hpp"
#include "gui/preview/render_worker.hpp"

namespace app::gui {

struct FieldSummary {
    double min  = 0.0;
    double max  = 0.0;
    double mean = 0.0;
    std::vector<float> histogram;  // bin counts as fractions of the pixel count, over the mapped [0, 1]
};

class ShownField {
  public:
    // Takes a new image from the worker; colouring waits for the next `refresh`.
    void set_image(ImageResult&& image);

    // Re-colours and re-uploads when the image or the view changed. Main thread (GL).
    void refresh(const ViewSettings& view);

    bool has_image() const { return !image_.raw.empty(); }
    const ImageResult& image() const { return image_; }
    const FieldSummary& summary() const { return summary_; }
    const GlTexture& texture() const { return texture_; }
    const std::string& checksum() const;
    // The raw value at pixel (px, py) of the shown image, clamped to its edges.
    float value_at(int px, int py) const;
    // The terrain map's sample at pixel (px, py) (preview_colour.hpp), none when the image has none.
    // (The weights have several a pixel: weights_at.)
    std::optional<std::uint16_t> colour_sample_at(int px, int py) const;
    // The texture layers' weights at pixel (px, py) (out of 255), empty unless the map is the weights.
    std::vector<std::uint16_t> weights_at(int px, int py) const;
    // The map the picture is coloured with (the ramp when the image came without samples).
    PreviewColour colour() const {
        return image_.colour_samples.empty() ? PreviewColour::ramp : image_.colour;
    }
    // The range the colours map from (nominal or stretched), for the cursor readout.
    double mapped(double raw) const;
    noise::Range range() const { return {range_lo_, range_hi_}; }

  private:
    ImageResult image_;
    FieldSummary summary_;
    std::vector<std::uint8_t> rgba_;
    GlTexture texture_;
    mutable std::string checksum_ = "0";  // of rgba_, once checksum_stale_ is cleared
    mutable bool checksum_stale_  = false;
    ViewSettings coloured_with_{};
    bool dirty_      = false;
    double range_lo_ = -1.0;
    double range_hi_ = 1.0;
};

}  // namespace app::gui
