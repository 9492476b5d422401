// noise/params.hpp: everything a user can set, and the one table that describes it.
//
// `noise::Params` is a plain aggregate whose default member initialisers ARE the defaults: the
// sliders, the presets, `--set key=value` and every error message read them through
// `param_table()`, which lists each field once with its stable key, a label, a one-sentence
// tooltip and its allowed range (field_table.hpp holds the machinery). Nothing else in the program mirrors
// these fields.
//
// Every choice is an `enum class` with a name table beside it (`algorithm_names` ...), the names
// being the stable keys used in presets and on the command line; a `static_assert` keeps each
// table as long as its enum, also when an enumerator is added after the last (enum_names.hpp).
//
// Typical start: perlin, dimension 2, quintic, fbm with 5 octaves of persistence 0.5 and
// lacunarity 2, frequency 4 (four lattice cells across the image).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "noise/enum_names.hpp"
#include "noise/field_table.hpp"

namespace noise {

// [SECTION] Choices -------------------------------------------------------------------------

enum class Algorithm { perlin, value, white, simplex, worley, voronoi };
inline constexpr std::array<std::string_view, 6> algorithm_names{"perlin",  "value",  "white",
                                                                 "simplex", "worley", "voronoi"};

enum class Gradients { improved, axes, random };
inline constexpr std::array<std::string_view, 3> gradients_names{"improved", "axes", "random"};

enum class Interpolation { linear, cosine, cubic, quintic, smoothstep };
inline constexpr std::array<std::string_view, 5> interpolation_names{"linear", "cosine", "cubic", "quintic",
                                                                     "smoothstep"};

// Cellular (Worley) noise, worley.hpp: which distance an octave returns, and how it is measured.
enum class CellularReturn { f1, f2, f2_minus_f1 };
inline constexpr std::array<std::string_view, 3> cellular_return_names{"f1", "f2", "f2_minus_f1"};

enum class CellularDistance { euclidean, manhattan, chebyshev };
inline constexpr std::array<std::string_view, 3> cellular_distance_names{"euclidean", "manhattan",
                                                                         "chebyshev"};

enum class Fractal { fbm, turbulence, ridged };
inline constexpr std::array<std::string_view, 3> fractal_names{"fbm", "turbulence", "ridged"};

// texture: seed 003's one shared texture, octave i reading its lattice point j at texel
// j * lacunarity^(octaves - 1 - i) of the finest octave's lattice (fractal.hpp). primes: seed
// 004's "different primes for each octave": hash = elias with octave i's own prime set
// (hashes.hpp, elias_prime_sets).
enum class OctaveSeeds { same, offset, texture, primes };
inline constexpr std::array<std::string_view, 4> octave_seeds_names{"same", "offset", "texture", "primes"};

// How a tiling period reaches the octaves (fractal.hpp): scaled, octave i repeats every
// tile * lacunarity^i of its own cells, so every octave repeats with the tile; same, seed 000's
// `repeat`: every octave wraps its own coordinate at tile, so octave i repeats every
// tile / lacunarity^i cells of octave 0 and the fine octaves repeat visibly inside the tile.
enum class TileOctaves { scaled, same };
inline constexpr std::array<std::string_view, 2> tile_octaves_names{"scaled", "same"};

// What the seed does (fractal.hpp): lattice, it picks another lattice (permutation, hash); shift,
// seed 002's: the seed is added to the lattice index, so seed s is the lattice of seed 0 read
// s cells further along x, at every octave.
enum class SeedMode { lattice, shift };
inline constexpr std::array<std::string_view, 2> seed_mode_names{"lattice", "shift"};

// Where each octave's lattice sits: all on the same lines, or octave i >= 1 shifted by a fixed
// fraction of its cell on every axis, so the lines of the octaves stop coinciding (fractal.hpp).
enum class OctaveOffsets { none, shifted };
inline constexpr std::array<std::string_view, 2> octave_offsets_names{"none", "shifted"};

// How a lattice point's indices become its pseudo-random value and gradient (lattice.hpp):
// Ken Perlin's permutation chain, Hugo Elias' IntNoise (seed 004), a 64-bit integer hash that
// does not repeat, or seed 001's 1024-byte table indexed by products with large primes.
enum class Hash { permutation, elias, wide, prime_table };
inline constexpr std::array<std::string_view, 4> hash_names{"permutation", "elias", "wide", "prime_table"};

// How many copies of the field are summed (seed 001): one, or the field averaged with a copy of
// itself turned 45 degrees in the x-y plane, which hides the lattice's axis alignment
// (fractal.hpp says exactly how, and how it tiles).
enum class Layers { single, rotated };
inline constexpr std::array<std::string_view, 2> layers_names{"single", "rotated"};

// How the shaping stage (shaping.hpp) combines the field with the mask field: not at all, the
// lower or higher of the two, their sum or product, or libnoise's Select (the mask field takes
// over where the field rises above the threshold, across a soft edge).
enum class MaskMode { none, min, max, add, multiply, select };
inline constexpr std::array<std::string_view, 6> mask_mode_names{"none", "min",      "max",
                                                                 "add",  "multiply", "select"};

// One control point of the shaping stage's remap curve (shaping.hpp): unit height in, unit height
// out, both in [0, 1].
struct CurvePoint {
    double x                                                     = 0.0;
    double y                                                     = 0.0;
    friend bool operator==(const CurvePoint&, const CurvePoint&) = default;
};

// The erosion stage (erosion.hpp), after shaping: none; filter, gullies and ridges carved point
// by point along the field's downhill direction (Johansen's erosion filter); simulate, water and
// talus on the whole grid of an image (erosion_sim.hpp; simulated_field.hpp says how every path
// reads its result).
enum class ErosionMethod { none, filter, simulate };
inline constexpr std::array<std::string_view, 3> erosion_method_names{"none", "filter", "simulate"};

// How the erosion filter lays out each octave's gullies (erosion.hpp): cells, one gully per cell
// with its point in the middle half of the cell, the cells' profiles blended (the first filter:
// the cells' grid shows as seams, and gullies end where the blend moves on); joined, points
// anywhere in their cells and the gullies' phases blended, so neighbouring cells' gullies join
// into one pattern that forks and merges, with no grid in it.
enum class ErosionGullies { cells, joined };
inline constexpr std::array<std::string_view, 2> erosion_gullies_names{"cells", "joined"};

// The layer stack (layer_stack.hpp): the layers above the field, each blended onto what lies below
// it. Where a layer's heights come from: a field of the library's noise, a shape placed in the
// frame, one height everywhere, or an imported heightmap.
enum class LayerSource { noise, shape, constant, heightmap };
inline constexpr std::array<std::string_view, 4> layer_source_names{"noise", "shape", "constant",
                                                                    "heightmap"};

// How a layer's height b meets the height a below it (unit heights): b; a + b; a - b; a b;
// min; max; screen 1 - (1 - a)(1 - b); difference |a - b|.
enum class BlendMode { normal, add, subtract, multiply, min, max, screen, difference };
inline constexpr std::array<std::string_view, 8> blend_mode_names{"normal", "add", "subtract", "multiply",
                                                                  "min",    "max", "screen",   "difference"};

// A shape layer's profile around its centre (layer_stack.hpp): radial, an island's smooth falloff
// from the centre to the radius; plateau, flat to (1 - falloff) of the radius, then the same
// smooth edge; cone, straight down to the radius; ramp, rising along a direction across two radii.
enum class LayerShape { radial, plateau, cone, ramp };
inline constexpr std::array<std::string_view, 4> layer_shape_names{"radial", "plateau", "cone", "ramp"};

// What a heightmap layer reads past the image's edges: the edge samples, or the image again.
enum class MapEdges { clamp, repeat };
inline constexpr std::array<std::string_view, 2> map_edges_names{"clamp", "repeat"};

// Where a layer's mask comes from: no mask; another layer's own height; a noise field of its own.
enum class LayerMask { none, layer, field };
inline constexpr std::array<std::string_view, 3> layer_mask_names{"none", "layer", "field"};

// Where a preset's placed things live (docs/architecture.md, "Frames and worlds"): frame, shapes
// and heightmap layers in frame units (the image is 1 wide) and mask and layer fields'
// frequencies relative to `frequency`, so they move and scale with the frame; world, shapes and
// heightmaps in noise units and those frequencies absolute multipliers of the noise-space point,
// so every window of the world (a Region, a GridWindow, a Sampler, another offset or frequency)
// shows the same field at the same noise-space point. A key of the preset as a whole, not of a
// field: only the top-level Params' is read (mask and layer fields keep frame).
enum class Placement { frame, world };
inline constexpr std::array<std::string_view, 2> placement_names{"frame", "world"};

static_assert(names_match_enum<Placement>(placement_names));
static_assert(names_match_enum<LayerSource>(layer_source_names));
static_assert(names_match_enum<BlendMode>(blend_mode_names));
static_assert(names_match_enum<LayerShape>(layer_shape_names));
static_assert(names_match_enum<MapEdges>(map_edges_names));
static_assert(names_match_enum<LayerMask>(layer_mask_names));
static_assert(names_match_enum<ErosionMethod>(erosion_method_names));
static_assert(names_match_enum<ErosionGullies>(erosion_gullies_names));
static_assert(names_match_enum<MaskMode>(mask_mode_names));
static_assert(names_match_enum<Algorithm>(algorithm_names));
static_assert(names_match_enum<CellularReturn>(cellular_return_names));
static_assert(names_match_enum<CellularDistance>(cellular_distance_names));
static_assert(names_match_enum<Gradients>(gradients_names));
static_assert(names_match_enum<Interpolation>(interpolation_names));
static_assert(names_match_enum<Fractal>(fractal_names));
static_assert(names_match_enum<OctaveSeeds>(octave_seeds_names));
static_assert(names_match_enum<TileOctaves>(tile_octaves_names));
static_assert(names_match_enum<SeedMode>(seed_mode_names));
static_assert(names_match_enum<Hash>(hash_names));
static_assert(names_match_enum<OctaveOffsets>(octave_offsets_names));
static_assert(names_match_enum<Layers>(layers_names));

// [SECTION] The settings ------------------------------------------------------------------

struct StackLayer;  // below: a layer of the stack holds a Params of its own

// Layer 1 of the stack is the field itself; what the panel keeps of it besides its noise.
struct BaseLayer {
    std::string name;   // "": the panel says "Layer 1"
    bool mute = false;  // the stack starts from height 0 instead of the field
    bool solo = false;  // the field alone, without the layers above
    friend bool operator==(const BaseLayer&, const BaseLayer&) = default;
};

struct Params {
    Algorithm algorithm                = Algorithm::perlin;
    int dimension                      = 2;
    Gradients gradients                = Gradients::improved;
    Interpolation interpolation        = Interpolation::quintic;
    bool smooth                        = false;
    CellularReturn cellular_return     = CellularReturn::f1;
    CellularDistance cellular_distance = CellularDistance::euclidean;
    double cellular_jitter             = 1.0;  // 0: the feature points sit at the cell centres
    Fractal fractal                    = Fractal::fbm;
    int octaves                        = 5;
    double persistence                 = 0.5;
    double lacunarity                  = 2.0;
    OctaveSeeds octave_seeds           = OctaveSeeds::same;
    OctaveOffsets octave_offsets       = OctaveOffsets::none;  // none: the unshifted octaves, bit for bit
    bool normalize                     = true;  // divide the octave sum by the sum of the amplitudes
    Hash hash                          = Hash::permutation;  // permutation: Ken Perlin's chain, bit for bit
    std::uint32_t seed                 = 0;
    SeedMode seed_mode                 = SeedMode::lattice;  // lattice: the seed picks the lattice
    double frequency                   = 4.0;
    double offset_x                    = 0.0;
    double offset_y                    = 0.0;
    double z                           = 0.0;
    double w                           = 0.0;
    std::uint32_t tile                 = 0;  // 0: no tiling; else the period in lattice cells at octave 0
    std::uint32_t tile_y               = 0;  // while tiling: the period along y; 0: tile's
    TileOctaves tile_octaves           = TileOctaves::scaled;  // scaled: every octave repeats with the tile
    // Domain warp (fractal.hpp): the field is read at p + warp_amplitude * w(p * warp_frequency).
    double warp_amplitude = 0.0;             // in lattice cells of octave 0; 0: no warp, bit for bit
    double warp_frequency = 1.0;             // the warp field's frequency relative to octave 0's
    int warp_octaves      = 3;               // octaves of each component of the warp field
    Layers layers         = Layers::single;  // single: the field alone, bit for bit
    // The shaping stage (shaping.hpp), after everything above, in unit heights u = (v - lo) / (hi - lo)
    // of nominal_range. Every default below changes nothing, bit for bit.
    std::vector<CurvePoint> curve;     // the remap curve's control points; empty: no curve
    int terraces             = 0;      // steps of the terrace; 0: none
    double terrace_sharpness = 0.5;    // 0: no step, 0.5: libnoise's Terrace, 1: flatter treads
    bool terrace_invert      = false;  // libnoise's InvertTerraces: rounded tops, sharp feet
    MaskMode mask            = MaskMode::none;
    double mask_threshold    = 0.5;    // select: the field's unit height where the mask takes over
    double mask_falloff      = 0.1;    // select: half the width of the soft edge
    bool invert              = false;  // u -> 1 - u
    double scale             = 1.0;    // u -> u * scale + bias
    double bias              = 0.0;
    bool clamp               = false;  // u -> min(max(u, clamp_min), clamp_max)
    double clamp_min         = 0.0;
    double clamp_max         = 1.0;
    // The mask field, a complete set of parameters of its own (mask != none): one entry, whose own
    // mask is none. Its offsets, slice, tile and shaping's mask are the field's (shaping.hpp).
    std::vector<Params> mask_field;
    // The erosion stage (erosion.hpp), after shaping and the mask, in the same unit heights; keys
    // erosion.KEY. method none changes nothing, bit for bit.
    ErosionMethod erosion_method   = ErosionMethod::none;
    double erosion_strength        = 0.5;    // gully depth: slope x spacing x this
    double erosion_scale           = 0.125;  // gully spacing, in lattice cells of octave 0
    int erosion_octaves            = 4;      // each octave's gullies half as far apart
    double erosion_detail          = 0.5;    // depth ratio between one erosion octave and the next
    double erosion_ridge_rounding  = 0.1;    // 0: knife-edge ridges between gullies, 1: round
    double erosion_crease_rounding = 0.2;    // 0: V-shaped gully floors, 1: round
    double erosion_peaks           = 0.0;    // 1: no carving at unit height 1, fading below
    double erosion_valleys         = 0.0;    // 1: no carving at unit height 0: flat valley floors
    ErosionGullies erosion_gullies = ErosionGullies::cells;  // joined: no cell grid, fewer pits
    double erosion_drainage        = 0.0;  // the slope (unit heights per lattice cell) gullies fade below
    // erosion.method simulate: the frame as a landscape in metres, whatever the image's size (so a
    // 512 preview predicts a 4096 export), and the simulation's own settings (erosion_sim.hpp).
    double erosion_extent        = 10240.0;  // metres across the frame's width
    double erosion_relief        = 800.0;    // metres from unit height 0 to unit height 1
    int erosion_steps            = 20;       // hydraulic steps; 0: talus only
    double erosion_erodibility   = 0.05;     // stream-power K dt per step
    double erosion_area_exponent = 0.5;      // m: how much more a larger catchment cuts
    double erosion_talus         = 35.0;     // degrees rock stands at; 90: no thermal erosion
    double erosion_deposition    = 1.0;      // G: how readily carried sediment settles; 0: none
    // The layer stack (layer_stack.hpp): this field is layer 1, `stack` holds layers 2, 3, ...,
    // each blended onto the result below it, after this field's shaping and before erosion. Keys
    // layer.N.KEY. Empty: the field alone, bit for bit.
    BaseLayer base_layer;
    std::vector<StackLayer> stack;
    // Where the stack's shapes and heightmaps and the mask and layer fields sit: the frame (every
    // preset before the key, bit for bit) or the world. Key "placement", outside param_table()
    // (placement_param()): presets write it only when world.
    Placement placement = Placement::frame;

    friend bool operator==(const Params&, const Params&) = default;
};

// An imported heightmap's samples, unit heights row by row from the top, as the app read them from
// the file a StackLayer names. Shared: copies of a Params share one image.
struct HeightSamples {
    int width  = 0;
    int height = 0;
    std::vector<float> values;  // width * height, row-major
    friend bool operator==(const HeightSamples&, const HeightSamples&) = default;
};

// The samples of a heightmap layer; equal when the images are (two reads of one file are).
struct HeightmapImage {
    std::shared_ptr<const HeightSamples> samples;  // null until the app has read the file
    friend bool operator==(const HeightmapImage& a, const HeightmapImage& b) {
        return a.samples == b.samples || (a.samples && b.samples && *a.samples == *b.samples);
    }
};

// Layer 2, 3, ... of the stack (layer_stack.hpp says what each setting does). Placed units: with
// placement frame, frame units (the exported image's width is 1, x to the right and y down from
// its top-left corner); with placement world, noise units (the noise-space point itself).
struct StackLayer {
    std::string name;  // "": the panel says "Layer N"
    LayerSource source = LayerSource::noise;
    std::vector<Params> field;  // source noise: one entry, read like the mask field (shaping.hpp)
    LayerShape shape     = LayerShape::radial;
    double shape_x       = 0.5;  // the centre, in placed units
    double shape_y       = 0.5;
    double shape_radius  = 0.45;  // in placed units
    double shape_falloff = 0.5;   // plateau: the edge's share of the radius
    double shape_angle   = 0.0;   // ramp: the direction it rises towards, degrees from +x towards +y
    // Shape source: the coast's warp (layer_stack.hpp): the profile is read at the placed point
    // moved by shape_warp times fractal.hpp's warp field, read as the layer's own noise would be.
    double shape_warp             = 0.0;  // in placed units; 0: no warp, bit for bit
    double shape_warp_frequency   = 4.0;  // the warp field's cycles per placed unit
    int shape_warp_octaves        = 3;    // octaves of each component of the warp field
    std::uint32_t shape_warp_seed = 0;    // its components' seeds: warp_seed(this, k)
    double constant               = 0.5;  // source constant: the unit height
    // Sources shape, constant and heightmap: a remap curve of the layer's own heights (shaping.hpp's
    // curve); empty: none. A noise layer has its field's own curve.
    std::vector<CurvePoint> height_curve;
    std::string heightmap;  // source heightmap: the file, as the preset names it
    HeightmapImage heightmap_image;
    double map_x       = 0.0;  // the image's top-left corner, in placed units
    double map_y       = 0.0;
    double map_width   = 1.0;  // its width in placed units (square texels)
    MapEdges map_edges = MapEdges::clamp;
    BlendMode blend    = BlendMode::normal;
    double opacity     = 1.0;
    bool mute          = false;
    bool solo          = false;
    LayerMask mask     = LayerMask::none;
    int mask_layer     = 1;          // mask layer: the layer whose own height is the mask
    std::vector<Params> mask_field;  // mask field: one entry, read like the layer's field
    double mask_threshold = 0.5;     // the mask's unit height where the layer is half in
    double mask_falloff   = 0.1;     // half the width of the soft edge; 0: a hard edge
    bool mask_invert      = false;
    friend bool operator==(const StackLayer&, const StackLayer&) = default;
};

// The tiling period along y at octave 0: tile_y, or tile when tile_y is 0 (or tiling is off).
inline std::uint32_t tile_period_y(const Params& params) {
    return params.tile != 0 && params.tile_y != 0 ? params.tile_y : params.tile;
}

// The multiplier of the noise-space point at which `field` (the mask field, a layer's field or
// mask field) is read beside the top-level `root`: field.frequency / root.frequency with
// placement frame, field.frequency itself with placement world. While tiling it must be whole.
inline double field_scale(const Params& root, const Params& field) {
    return root.placement == Placement::world ? field.frequency : field.frequency / root.frequency;
}

// What a field's frequency must be while tiling, for error messages: "expected a whole ...".
inline std::string whole_scale_expected(const Params& root) {
    return root.placement == Placement::world
               ? std::string(
                     "expected a whole number (placement = world: the multiplier of the noise-space point)")
               : "expected a whole multiple of frequency (" + format_number(root.frequency) + ")";
}

// [SECTION] The metadata table ------------------------------------------------------------

using ParamKind = FieldKind;
using ParamInfo = FieldInfo<Params>;

// All parameters, in the order the UI shows them; the shaping stage's (shaping.hpp) come last.
// The curve's points and the mask field are lists, outside the table: presets write them as
// "curve" and "mask_field", set_param reads "curve" and "mask.KEY".
std::span<const ParamInfo> param_table();

// The shaping stage's entries, from "terraces" to the erosion stage's first; with
// erosion_param_table() after them they close param_table().
std::span<const ParamInfo> shaping_param_table();

// The erosion stage's entries (keys erosion.KEY): the end of param_table(), from
// "erosion.method" on.
std::span<const ParamInfo> erosion_param_table();
// The erosion simulation's own entries (erosion.method = simulate reads them): the end of
// erosion_param_table(), from "erosion.extent" on.
std::span<const ParamInfo> simulation_param_table();

// The entry with this key, or nullptr.
const ParamInfo* find_param(std::string_view key);

// The entry of the preset-level key "placement" (Params::placement): a choice like the table's,
// outside it because it belongs to the preset as a whole (a mask or layer field has none) and a
// preset writes it only when world. set_param, format_param and the front ends read it here.
const ParamInfo& placement_param();

// Parses `text` for the field `key` ("perlin", "0.5", "on"/"off"/"true"/"false"/"1"/"0") and
// stores it (erosion keys are "erosion.strength" ...). Also "curve" (shaping.hpp's parse_curve: "plateau",
// "0:0,0.5:0.8,1:1", "none"), "placement" (placement_param()) and "mask.KEY", a key of the mask field
// (created, when there is none, as this field unshaped with the next seed). Returns an empty string on
// success, else one line naming the key, the value and what is allowed, e.g. "octaves: '20' is out of range:
// expected an integer from 1 to 16". `params` is unchanged on error.
std::string set_param(Params& params, std::string_view key, std::string_view text);

// Stores a number for `info` after checking kind and range; the same kind of message on error.
// The mask field of params, created as set_param says when there is none.
Params& mask_field_of(Params& params);

inline std::string set_param_value(Params& params, const ParamInfo& info, double value) {
    return set_field_value(params, info, value);
}

// The text form of a field, the one `set_param` reads back: a choice's name, "true"/"false",
// numbers in their shortest exact form.
inline std::string format_param(const Params& params, const ParamInfo& info) {
    return format_field(params, info);
}

// Checks every field against the table and the rules that join fields (tiling needs an integer
// lacunarity, a whole-number warp_frequency when the warp is on, and a lattice that repeats;
// octave_seeds = texture needs a whole-number lacunarity too, octave_seeds = primes hash = elias).
// Returns an empty string when
// `params` is valid, else the first problem.
std::string validate(const Params& params);

// [SECTION] Output range ------------------------------------------------------------------

struct Range {
    double lo;
    double hi;
};

// The range the output mapping uses to bring a raw value to [0, 1]: [-1, 1] for fbm, [0, 1] for
// turbulence and ridged. Raw values can slightly leave it (see perlin.hpp and value.hpp for the
// measured ranges); the mapping clamps. Without normalisation (normalize = false) the sum is not
// divided by the sum of the amplitudes A, and the range is A times as wide: [-A, A] for fbm,
// [0, A] for turbulence and ridged, the bound the sum can reach when every octave is at its end.
Range nominal_range(const Params& params);

// Maps a raw value to [0, 1] through `range`, clamping.
inline double to_unit(double value, Range range) {
    const double t = (value - range.lo) / (range.hi - range.lo);
    return t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
}

// A 16-bit export's samples: out[i] = floor(to_unit(in[i], range) * 65535 + 0.5), for a whole
// row at once on the CPU's widest SIMD target, bit for bit the scalar formula. The range must
// not be empty (hi > lo); `out` holds at least in.size() samples. About 0.25 ns per sample in
// a 4096 x 4096 r16 export with AVX-512, where the scalar loop took 1.3 ns (its division).
void to_unit16(std::span<const float> in, Range range, std::span<std::uint16_t> out);

}  // namespace noise
