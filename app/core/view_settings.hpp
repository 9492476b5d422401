// app/core/view_settings.hpp: how a raw noise field is shown, beside noise::Params in a preset.
//
// These are app settings, not noise: the noise library never sees them. Presets store them under
// their keys; the GUI edits them; `export --format rgb8` and the preview use the same mapping,
// ramp and hillshade so the exported picture is the one on screen.
#pragma once

#include <array>
#include <string_view>

namespace app {

// How raw values reach [0, 1]: through the algorithm's nominal range (noise::nominal_range), so
// that neighbouring tiles and exports share one scale; or stretched to the measured min/max of
// the rendered image, for the most contrast.
enum class Mapping { fixed, stretch };
inline constexpr std::array<std::string_view, 2> mapping_names{"fixed", "stretch"};

enum class Ramp { gray, terrain, ocean, fire, ice, sand, viridis };
inline constexpr std::array<std::string_view, 7> ramp_names{"gray", "terrain", "ocean", "fire", "ice", "sand", "viridis"};

static_assert(mapping_names.size() == static_cast<std::size_t>(Mapping::stretch) + 1);
static_assert(ramp_names.size() == static_cast<std::size_t>(Ramp::viridis) + 1);

struct ViewSettings {
    Mapping mapping   = Mapping::fixed;
    Ramp ramp         = Ramp::gray;
    bool hillshade    = false;  // light from the north-west, slope from neighbouring pixels
    bool repeat_3x3   = false;  // preview: when tiling, show 3 x 3 copies with faint borders
    bool show_octaves = false;  // curve plot: draw each octave's contribution under the sum
    double scanline   = 0.5;    // curve plot: the preview row shown, as a fraction of the height

    friend bool operator==(const ViewSettings&, const ViewSettings&) = default;
};

}  // namespace app
