// app/core/view_settings.hpp: how a raw noise field is shown, beside noise::Params in a preset.
//
// These are app settings, not noise: the noise library never sees them. Presets store them under
// their keys; the GUI edits them; `export --format rgb8` and the preview use the same mapping,
// ramp and hillshade so the exported picture is the one on screen.
#pragma once

#include <array>
#include <string_view>

#include "noise/enum_names.hpp"

namespace app {

// How raw values reach [0, 1]: through the algorithm's nominal range (noise::nominal_range), so
// that neighbouring tiles and exports share one scale; or stretched to the measured min/max of
// the rendered image, for the most contrast.
enum class Mapping { fixed, stretch };
inline constexpr std::array<std::string_view, 2> mapping_names{"fixed", "stretch"};

enum class Ramp { gray, terrain, ocean, fire, ice, sand, viridis, marble, wood };
inline constexpr std::array<std::string_view, 9> ramp_names{"gray", "terrain", "ocean",  "fire", "ice",
                                                            "sand", "viridis", "marble", "wood"};

// The terrain view's colour: the preset's ramp over the height, or by the steepness of the slope.
enum class TerrainColour { height, slope };
inline constexpr std::array<std::string_view, 2> terrain_colour_names{"height", "slope"};

// Which way the green channel of a normal map points: up the image (OpenGL, Unity, Blender) or
// down it (DirectX, Unreal).
enum class NormalConvention { opengl, directx };
inline constexpr std::array<std::string_view, 2> normal_convention_names{"opengl", "directx"};

static_assert(noise::names_match_enum<Mapping>(mapping_names));
static_assert(noise::names_match_enum<Ramp>(ramp_names));
static_assert(noise::names_match_enum<TerrainColour>(terrain_colour_names));
static_assert(noise::names_match_enum<NormalConvention>(normal_convention_names));

struct ViewSettings {
    Mapping mapping   = Mapping::fixed;
    Ramp ramp         = Ramp::gray;
    bool hillshade    = false;  // light from the north-west, slope from neighbouring pixels
    bool repeat_3x3   = false;  // preview: when tiling, show 3 x 3 copies with faint borders
    bool show_octaves = false;  // curve plot: draw each octave's contribution under the sum
    double scanline   = 0.5;    // curve plot: the preview row shown, as a fraction of the height

    // The terrain: the field as a landscape (terrain view, normal8 exports, engine figures).
    double terrain_height        = 200.0;  // metres between mapped 0 and mapped 1
    double terrain_spacing       = 1.0;    // metres between neighbouring samples of the export
    double sea_level             = 0.0;    // fraction of the height range; 0: no sea
    double light_azimuth         = 315.0;  // degrees clockwise from north (up the image): 315 = north-west
    double light_elevation       = 45.0;   // degrees above the horizon
    TerrainColour terrain_colour = TerrainColour::height;
    bool wireframe               = false;
    NormalConvention normal_convention = NormalConvention::opengl;

    // The export size the preset keeps (width x height in pixels): what `export` renders without
    // --size and what the window's export dialog starts from. 0 x 0: none kept (every preset from
    // before the keys), and a preset writes the keys only when they are set.
    int export_width  = 0;
    int export_height = 0;

    friend bool operator==(const ViewSettings&, const ViewSettings&) = default;
};

}  // namespace app
