// The parameter table and the text parsing every front end shares.
#include "noise/params.hpp"

#include <algorithm>
#include <cmath>

#include "noise/algorithms.hpp"
#include "noise/layer_stack.hpp"
#include "noise/placement.hpp"
#include "noise/shaping.hpp"

namespace noise {
namespace {

template <auto Member, std::size_t N>
constexpr ParamInfo choice(std::string_view key, std::string_view label, std::string_view tooltip,
                           const std::array<std::string_view, N>& names) {
    return {key,
            label,
            tooltip,
            ParamKind::choice,
            0.0,
            static_cast<double>(N - 1),
            names,
            &get_field<Member>,
            &set_field<Member>};
}

template <auto Member>
constexpr ParamInfo number(ParamKind kind, std::string_view key, std::string_view label,
                           std::string_view tooltip, double min, double max) {
    return {key, label, tooltip, kind, min, max, {}, &get_field<Member>, &set_field<Member>};
}

// Offsets and slices: at 1e12 a double still resolves 2^-13 of a cell at octave 0, so a view
// there is still noise. Higher octaves scale it by up to 4^15 (about 1e21), past the 2^52 where
// lattice.hpp clamps coordinates; that is defined, and there is no detail left to lose.
constexpr double coordinate_limit = 1e12;

const std::array<ParamInfo, 60> table{
    choice<&Params::algorithm>(
        "algorithm", "Algorithm",
        "The noise function each octave draws; each entry of the list says what it draws (the "
        "algorithm table's summaries, noise/algorithms.hpp).",
        algorithm_names),
    number<&Params::dimension>(ParamKind::integer, "dimension", "Dimension",
                               "Dimension of the noise function; the 2D preview shows its slice at z and w.",
                               1, 4),
    choice<&Params::gradients>(
        "gradients", "Gradients",
        "Perlin only: Ken Perlin's 12 cube-edge vectors (2002), the 4 axis vectors of seed 001, "
        "or random unit vectors (1985).",
        gradients_names),
    choice<&Params::interpolation>(
        "interpolation", "Interpolation",
        "How lattice contributions are blended: straight lines, a cosine, the 4-point cubic "
        "of seed 004, Perlin's quintic fade, or smoothstep.",
        interpolation_names),
    number<&Params::smooth>(
        ParamKind::toggle, "smooth", "Smooth lattice",
        "Value and white noise: average each lattice value with its neighbours (seed 004), "
        "flatter and less square.",
        0, 1),
    choice<&Params::cellular_return>(
        "cellular_return", "Cellular return",
        "The distance cellular noise returns: to the nearest feature point (F1, round cells), to "
        "the second nearest (F2), or their difference (F2-F1, dark cracks along the cell "
        "borders).",
        cellular_return_names),
    choice<&Params::cellular_distance>("cellular_distance", "Cellular distance",
                                       "How cellular noise measures distance: straight lines (round cells), "
                                       "|dx| + |dy| (diamonds), or max(|dx|, |dy|) (squares).",
                                       cellular_distance_names),
    number<&Params::cellular_jitter>(ParamKind::real, "cellular_jitter", "Cellular jitter",
                                     "How far each cell's feature point may stray from the cell's "
                                     "centre: 0 is a regular grid, 1 anywhere in the cell.",
                                     0, 1),
    choice<&Params::fractal>(
        "fractal", "Fractal",
        "How octaves are summed: plain fBm, absolute values (turbulence), or ridged multifractal "
        "crests.",
        fractal_names),
    number<&Params::octaves>(ParamKind::integer, "octaves", "Octaves",
                             "Number of noise layers added together, each finer than the last.", 1, 16),
    number<&Params::persistence>(
        ParamKind::real, "persistence", "Persistence",
        "Amplitude ratio between one octave and the next: low is smooth, 1 is rough.", 0, 1),
    number<&Params::lacunarity>(
        ParamKind::real, "lacunarity", "Lacunarity",
        "Frequency ratio between one octave and the next; must be a whole number while "
        "tiling.",
        1, 4),
    choice<&Params::octave_seeds>(
        "octave_seeds", "Octave seeds",
        "Every octave uses the same permutation (seed 000), each its own seed (seed + i), all "
        "read one shared texture, coarse octaves every 2^k texels (seed 003; whole-number "
        "lacunarity), or each its own primes in Hugo Elias' IntNoise (seed 004; hash elias).",
        octave_seeds_names),
    choice<&Params::octave_offsets>(
        "octave_offsets", "Octave offsets",
        "Shift each octave's lattice by a fixed fraction of a cell, so that the lattice lines "
        "of the octaves no longer line up into straight seams (ridged, turbulence); tiling "
        "stays exact.",
        octave_offsets_names),
    number<&Params::normalize>(
        ParamKind::toggle, "normalize", "Normalise sum",
        "Divide the sum of the octaves by the sum of their amplitudes, so the fractal keeps one "
        "octave's range; off gives Hugo Elias' plain sum (seed 004), whose range grows with the "
        "octaves.",
        0, 1),
    choice<&Params::hash>(
        "hash", "Hash",
        "How lattice points get their random values: Ken Perlin's permutation (repeats every 256 "
        "cells), Hugo Elias' IntNoise (seed 004), a 64-bit hash that does not repeat, or seed "
        "001's table of 1024 bytes.",
        hash_names),
    number<&Params::seed>(ParamKind::integer, "seed", "Seed",
                          "Chooses the permutation (or seeds the hash); 0 is Ken Perlin's published table.",
                          0, 4294967295.0),
    choice<&Params::seed_mode>(
        "seed_mode", "Seed mode",
        "What the seed does: pick another lattice, or (seed 002) move seed 0's lattice by seed "
        "cells along x at every octave, as adding the seed to the lattice index does.",
        seed_mode_names),
    number<&Params::frequency>(ParamKind::real, "frequency", "Frequency",
                               "Lattice cells across the image width: higher zooms out.", 0.001, 100000),
    number<&Params::offset_x>(ParamKind::real, "offset_x", "Offset x",
                              "Noise-space x at the left edge of the image (pans the view).",
                              -coordinate_limit, coordinate_limit),
    number<&Params::offset_y>(ParamKind::real, "offset_y", "Offset y",
                              "Noise-space y at the top edge of the image (pans the view).",
                              -coordinate_limit, coordinate_limit),
    number<&Params::z>(
        ParamKind::real, "z", "Slice z",
        "Noise-space z of the slice shown, for dimension 3 and 4 (animate it to see the field flow).",
        -coordinate_limit, coordinate_limit),
    number<&Params::w>(ParamKind::real, "w", "Slice w", "Noise-space w of the slice shown, for dimension 4.",
                       -coordinate_limit, coordinate_limit),
    number<&Params::tile>(
        ParamKind::integer, "tile", "Tile period",
        "0 for no tiling, else the noise repeats every this many cells on every axis (y: the "
        "tile period y, when set), at every octave.",
        0, 65536),
    number<&Params::tile_y>(ParamKind::integer, "tile_y", "Tile period y",
                            "While tiling: the period along y, for textures that are not square (the "
                            "image's height in cells); 0 uses the tile period.",
                            0, 65536),
    choice<&Params::tile_octaves>(
        "tile_octaves", "Tile octaves",
        "Scaled: every octave repeats with the tile. Same: every octave wraps its own coordinate "
        "at the period, as seed 000's repeat does, so octave i repeats 2^i times per tile.",
        tile_octaves_names),
    number<&Params::warp_amplitude>(
        ParamKind::real, "warp_amplitude", "Warp amplitude",
        "Domain warp: how far, in lattice cells, a second noise pushes each point before "
        "the noise is read there (marble, wood); 0 is off.",
        0, 8),
    number<&Params::warp_frequency>(
        ParamKind::real, "warp_frequency", "Warp frequency",
        "The warp's frequency relative to the noise's: low bends gently, high crumples; "
        "a whole number while tiling.",
        0.0625, 16),
    number<&Params::warp_octaves>(ParamKind::integer, "warp_octaves", "Warp octaves",
                                  "Octaves of the warp's own fBm: more give ragged, eroded-looking bends.", 1,
                                  8),
    choice<&Params::layers>(
        "layers", "Layers",
        "Seed 001: the field alone, or averaged with a copy of itself turned 45 degrees, which "
        "hides the lattice's grid (2D and up).",
        layers_names),
    // The shaping stage (shaping.hpp), last: the controls draw these in their own section
    // (shaping_param_table). `curve` and `mask_field` are lists, outside the table.
    number<&Params::terraces>(
        ParamKind::integer, "terraces", "Terraces",
        "Shaping: cut the heights into this many even steps (libnoise's Terrace); 0 is off.", 0, 64),
    number<&Params::terrace_sharpness>(
        ParamKind::real, "terrace_sharpness", "Terrace sharpness",
        "Shaping: 0 leaves the slope as it was, 0.5 is libnoise's terrace, 1 flattens the treads and "
        "steepens the risers.",
        0, 1),
    number<&Params::terrace_invert>(
        ParamKind::toggle, "terrace_invert", "Invert terraces",
        "Shaping: rounded tops and sharp feet instead of flat treads and sharp edges.", 0, 1),
    choice<&Params::mask>(
        "mask", "Mask",
        "Shaping: combine the field with the mask field (its own parameters): the lower, the "
        "higher, their sum, their product, or the mask field where the field rises above the "
        "threshold (select).",
        mask_mode_names),
    number<&Params::mask_threshold>(
        ParamKind::real, "mask_threshold", "Mask threshold",
        "Shaping, select: the field's unit height above which the mask field takes over.", 0, 1),
    number<&Params::mask_falloff>(
        ParamKind::real, "mask_falloff", "Mask falloff",
        "Shaping, select: half the width of the soft edge around the threshold; 0 is a hard cut.", 0, 0.5),
    number<&Params::invert>(ParamKind::toggle, "invert", "Invert",
                            "Shaping: turn the heights upside down (u becomes 1 - u).", 0, 1),
    number<&Params::scale>(ParamKind::real, "scale", "Scale",
                           "Shaping: multiply the unit heights by this (libnoise's ScaleBias).", -4, 4),
    number<&Params::bias>(ParamKind::real, "bias", "Bias",
                          "Shaping: then add this to the unit heights (1 lifts by the whole range).", -2, 2),
    number<&Params::clamp>(ParamKind::toggle, "clamp", "Clamp",
                           "Shaping: keep the unit heights between clamp_min and clamp_max.", 0, 1),
    number<&Params::clamp_min>(ParamKind::real, "clamp_min", "Clamp min",
                               "Shaping: the lowest unit height kept (a flat sea floor).", 0, 1),
    number<&Params::clamp_max>(ParamKind::real, "clamp_max", "Clamp max",
                               "Shaping: the highest unit height kept (flat plateaus).", 0, 1),
    // The erosion stage (erosion.hpp), after shaping: the controls of Johansen's erosion filter.
    choice<&Params::erosion_method>(
        "erosion.method", "Erosion",
        "Erosion: none; filter, branching gullies and sharp ridges carved down the slopes, point by "
        "point; simulate, water cutting channels and rock sliding to its talus angle on the whole "
        "image (the next keys from erosion.extent on).",
        erosion_method_names),
    number<&Params::erosion_strength>(
        ParamKind::real, "erosion.strength", "Erosion strength",
        "Erosion: how deep the gullies cut, relative to the slope across one gully spacing; 0 carves "
        "nothing.",
        0, 4),
    number<&Params::erosion_scale>(ParamKind::real, "erosion.scale", "Gully spacing",
                                   "Erosion: the distance between neighbouring gullies, in lattice cells of "
                                   "the first octave; the tile period must be a whole multiple while tiling.",
                                   0.001, 4),
    number<&Params::erosion_octaves>(ParamKind::integer, "erosion.octaves", "Erosion octaves",
                                     "Erosion: layers of gullies, each twice as fine as the last, "
                                     "branching off the ones before.",
                                     1, 8),
    number<&Params::erosion_detail>(ParamKind::real, "erosion.detail", "Erosion detail",
                                    "Erosion: how steep each finer layer of gullies is relative to the one "
                                    "before: low is smooth, 1 is rough.",
                                    0, 1),
    number<&Params::erosion_ridge_rounding>(
        ParamKind::real, "erosion.ridge_rounding", "Ridge rounding",
        "Erosion: 0 leaves knife-edge ridges between the gullies, 1 rounds them off.", 0, 1),
    number<&Params::erosion_crease_rounding>(ParamKind::real, "erosion.crease_rounding", "Crease rounding",
                                             "Erosion: 0 cuts V-shaped gullies, 1 gives them round floors.",
                                             0, 1),
    number<&Params::erosion_peaks>(ParamKind::real, "erosion.peaks", "Keep peaks",
                                   "Erosion: carve less towards the highest heights; 1 leaves the tops "
                                   "untouched.",
                                   0, 1),
    number<&Params::erosion_valleys>(ParamKind::real, "erosion.valleys", "Keep valley floors",
                                     "Erosion: carve less towards the lowest heights; 1 leaves flat valley "
                                     "floors.",
                                     0, 1),
    choice<&Params::erosion_gullies>(
        "erosion.gullies", "Gully layout",
        "Erosion: cells, one gully per cell of a grid, blended (the first filter: the grid shows as "
        "seams and gullies end in pits); joined, the cells' gullies joined into one pattern that "
        "forks and merges, with no grid in it.",
        erosion_gullies_names),
    number<&Params::erosion_drainage>(
        ParamKind::real, "erosion.drainage", "Drainage",
        "Erosion: the slope (unit heights per lattice cell) below which gullies grow shallow, so they "
        "open into the valleys instead of ending in pits; 0 carves gentle ground in proportion.",
        0, 8),
    number<&Params::erosion_extent>(ParamKind::real, "erosion.extent", "Frame width (m)",
                                    "Simulation: the frame's width in metres, whatever the image's size; "
                                    "the cells are extent / width metres apart. It is the terrain's width "
                                    "too: exports, masks, meshes, manifests and views space their samples "
                                    "extent / width metres apart.",
                                    10, 1e6),
    number<&Params::erosion_relief>(ParamKind::real, "erosion.relief", "Relief (m)",
                                    "Simulation: metres from unit height 0 to unit height 1; the terrain's "
                                    "height range too (exports, masks, meshes, manifests and views).",
                                    1, 1e5),
    number<&Params::erosion_steps>(ParamKind::integer, "erosion.steps", "Water steps",
                                   "Simulation: steps of water erosion (the stream-power law); 0 leaves "
                                   "the talus slides alone.",
                                   0, 500),
    number<&Params::erosion_erodibility>(
        ParamKind::real, "erosion.erodibility", "Erodibility",
        "Simulation: how fast water cuts (the stream-power law's K times the step); 0 cuts nothing.", 0, 10),
    number<&Params::erosion_area_exponent>(ParamKind::real, "erosion.area_exponent", "Catchment exponent",
                                           "Simulation: how much more a channel draining a larger area "
                                           "cuts (m in K A^m S); 0.5 is typical of rivers.",
                                           0, 1),
    number<&Params::erosion_talus>(ParamKind::real, "erosion.talus", "Talus angle",
                                   "Simulation: the steepest slope loose rock stands at, in degrees; "
                                   "steeper rock slides down; 90 turns sliding off.",
                                   1, 90),
    number<&Params::erosion_deposition>(ParamKind::real, "erosion.deposition", "Deposition",
                                        "Simulation: how readily the water's sediment settles (G in "
                                        "G / A per unit carried): 1 lets small catchments build fans and "
                                        "big rivers carry theirs on; higher fills valley floors; 0 "
                                        "carries it all away.",
                                        0, 20),
};

const ParamInfo placement_entry = choice<&Params::placement>(
    "placement", "Placement",
    "Where shapes, heightmaps and the mask and layer fields sit: in the frame (they move and scale "
    "with offset and frequency), or in the world (noise units, so every window of the world agrees).",
    placement_names);

}  // namespace

std::span<const ParamInfo> param_table() { return table; }

const ParamInfo& placement_param() { return placement_entry; }

namespace {

// Where a stage's entries start: the stages close the table in their order.
const ParamInfo* stage_start(std::string_view first_key) {
    return std::find_if(table.begin(), table.end(),
                        [&](const ParamInfo& info) { return info.key == first_key; });
}

}  // namespace

std::span<const ParamInfo> shaping_param_table() {
    return std::span(stage_start("terraces"), stage_start("erosion.method"));
}

std::span<const ParamInfo> erosion_param_table() {
    return std::span(stage_start("erosion.method"), table.end());
}

std::span<const ParamInfo> simulation_param_table() {
    return std::span(stage_start("erosion.extent"), table.end());
}

const ParamInfo* find_param(std::string_view key) { return find_field(param_table(), key); }

Params& mask_field_of(Params& params) {
    if (params.mask_field.empty()) {
        // A new mask field starts as the field itself, unshaped, with the next seed.
        Params mask = field_beside(params);
        mask.seed += 1;  // wraps past 2^32 - 1
        params.mask_field.push_back(std::move(mask));
    }
    return params.mask_field.front();
}

std::string set_param(Params& params, std::string_view key, std::string_view text) {
    if (key == "curve") return parse_curve(text, params.curve);
    if (key == placement_entry.key) return set_field_text(params, placement_entry, text);
    if (key.starts_with("layer.")) return set_layer_param(params, key, text);
    if (key.starts_with("mask.")) {
        const std::string_view inner = key.substr(5);
        if (inner.starts_with("erosion."))
            return "parameter " + quote_text(key) +
                   " is not allowed: the mask field is not eroded (the field is, after the mask), expected "
                   "erosion.KEY or a key of the mask field's noise (mask.frequency, ...)";
        if (inner == "mask" || inner.starts_with("mask."))
            return "parameter " + quote_text(key) +
                   " is not allowed: a mask field has no mask of its own, expected a key of the "
                   "mask field's noise (mask.frequency, mask.fractal, ...)";
        if (inner != "curve" && find_param(inner) == nullptr)
            return "unknown parameter " + quote_text(key) +
                   ": expected mask. and a key of the mask field's noise (mask.frequency, mask.octaves, "
                   "mask.fractal, ..., mask.curve)";
        Params edited           = params;
        const std::string error = set_param(mask_field_of(edited), inner, text);
        if (!error.empty()) return "mask." + error;
        params = std::move(edited);
        return {};
    }
    const ParamInfo* info = find_param(key);
    if (info == nullptr) {
        std::string keys;
        for (const auto& entry : table)
            if (!entry.key.starts_with("erosion."))  // named as one group below: a shorter line
                keys += (keys.empty() ? "" : ", ") + std::string(entry.key);
        return "unknown parameter " + quote_text(key) + ": expected one of " + keys +
               ", curve, placement, mask.KEY, layer.N.KEY, erosion.KEY (" +
               std::to_string(erosion_param_table().size()) + " keys: erosion.method, erosion.strength, ...)";
    }
    return set_field_text(params, *info, text);
}

namespace {

// The shaping stage's rules (shaping.hpp): a curve that is one, clamp bounds in order, and a mask
// field that is valid on its own, has no mask, and repeats with our tile.
std::string validate_shaping(const Params& params) {
    if (!params.curve.empty())
        if (auto error = check_curve(params.curve); !error.empty()) return error;
    if (params.clamp_min > params.clamp_max)
        return "clamp_max: '" + format_number(params.clamp_max) +
               "' is below clamp_min: expected a number from " + format_number(params.clamp_min) + " to 1";
    if (params.mask_field.size() > 1)
        return "mask_field: " + std::to_string(params.mask_field.size()) +
               " fields given: expected one set of parameters";
    if (params.mask == MaskMode::none) return {};
    if (params.mask_field.empty())
        return "mask: '" + std::string(mask_mode_names[static_cast<std::size_t>(params.mask)]) +
               "' needs a mask field: expected \"mask_field\": {...} in the preset or mask.KEY=VALUE";
    const Params& mask = params.mask_field.front();
    if (mask.mask != MaskMode::none || !mask.mask_field.empty())
        return "mask.mask: '" + std::string(mask_mode_names[static_cast<std::size_t>(mask.mask)]) +
               "' is not allowed: a mask field has no mask of its own, expected none";
    if (mask.erosion_method != ErosionMethod::none)
        return "mask.erosion.method: '" +
               std::string(erosion_method_names[static_cast<std::size_t>(mask.erosion_method)]) +
               "' is not allowed: the mask field is not eroded (the field is, after the mask), expected none";
    Params as_read       = mask;  // on our slice and tile, as FractalNoise reads it
    as_read.tile         = params.tile;
    as_read.tile_y       = params.tile_y;
    as_read.tile_octaves = params.tile_octaves;
    if (auto error = validate(as_read); !error.empty()) return "mask." + error;
    const double ratio = field_scale(params, mask);
    if (params.tile != 0 && ratio != std::floor(ratio))
        return "mask.frequency: '" + format_number(mask.frequency) +
               "' is not allowed while tiling: " + whole_scale_expected(params) +
               ", so that the mask repeats with the tile";
    return {};
}

// The erosion stage's rules: the simulation on a 2D image that does not wrap (its water leaves
// at the frame's edges); the filter, while tiling, whole gullies across the tile on both axes.
std::string validate_erosion(const Params& params) {
    if (params.erosion_method == ErosionMethod::simulate && params.dimension == 1)
        return "erosion.method: 'simulate' is not allowed with dimension = 1: expected none or filter, "
               "since water needs a 2D image to run across";
    if (params.erosion_method == ErosionMethod::simulate && params.tile != 0)
        return "erosion.method: 'simulate' is not allowed while tiling (tile = " +
               std::to_string(params.tile) +
               "): expected none or filter, since the simulation's water leaves at the frame's edges "
               "and its result does not repeat";
    if (params.erosion_method != ErosionMethod::filter || params.tile == 0) return {};
    for (const std::uint32_t period : {params.tile, tile_period_y(params)}) {
        const double gullies = period / params.erosion_scale;
        if (gullies != std::floor(gullies) || gullies > 1e9)
            return "erosion.scale: '" + format_number(params.erosion_scale) +
                   "' is not allowed while tiling: expected the tile period (" + std::to_string(period) +
                   ") to be a whole multiple of it, e.g. " + format_number(period / std::ceil(gullies)) +
                   ", so that the gullies repeat with the tile";
    }
    return {};
}

}  // namespace

std::string validate(const Params& params) {
    for (const auto& info : table)
        if (auto error = check_field_value(info, info.get(params)); !error.empty()) return error;
    if (auto error = check_field_value(placement_entry, placement_entry.get(params)); !error.empty())
        return error;
    if (params.tile != 0 && !algorithm_info(params.algorithm).tiles) {
        return "tile: '" + std::to_string(params.tile) + "' is not allowed with algorithm = " +
               std::string(algorithm_names[static_cast<std::size_t>(params.algorithm)]) +
               ": expected 0, since no square period repeats its lattice";
    }
    if (params.tile != 0 && params.lacunarity != std::floor(params.lacunarity)) {
        return "lacunarity: '" + format_number(params.lacunarity) +
               "' is not allowed while tiling: expected a whole number from 1 to 4 (tile = " +
               std::to_string(params.tile) + "), so that every octave repeats with the image";
    }
    if (params.octave_seeds == OctaveSeeds::texture && params.lacunarity != std::floor(params.lacunarity)) {
        return "lacunarity: '" + format_number(params.lacunarity) +
               "' is not allowed with octave_seeds = texture: expected a whole number from 1 to 4, so that "
               "every "
               "octave's lattice points are texels of the finest octave";
    }
    if (params.tile_y != 0 && params.tile != 0 && params.tile_y != params.tile &&
        params.layers == Layers::rotated && params.dimension >= 2) {
        return "tile_y: '" + std::to_string(params.tile_y) +
               "' is not allowed with layers = rotated: expected 0 or the tile period (" +
               std::to_string(params.tile) + "), since a turned copy repeats only with a square period";
    }
    if (params.octave_seeds == OctaveSeeds::primes && params.hash != Hash::elias) {
        return "octave_seeds: 'primes' is not allowed with hash = " +
               std::string(hash_names[static_cast<std::size_t>(params.hash)]) +
               ": expected hash = elias, whose IntNoise has the primes each octave changes";
    }
    if (params.tile != 0 && params.warp_amplitude > 0.0 &&
        params.warp_frequency != std::floor(params.warp_frequency)) {
        return "warp_frequency: '" + format_number(params.warp_frequency) +
               "' is not allowed while tiling: expected a whole number from 1 to 16 (tile = " +
               std::to_string(params.tile) + "), so that the warp repeats with the image";
    }
    if (auto error = validate_shaping(params); !error.empty()) return error;
    if (auto error = validate_stack(params); !error.empty()) return error;
    return validate_erosion(params);
}

Range nominal_range(const Params& params) {
    const Range range =
        params.fractal == Fractal::fbm ? algorithm_info(params.algorithm).octave_range : Range{0.0, 1.0};
    if (params.normalize) return range;
    // The sum a_0 + a_1 + ... in the order FractalNoise adds it, so the bound is the same double.
    double amplitude_sum = 0.0, amplitude = 1.0;
    for (int i = 0; i < params.octaves; ++i, amplitude *= params.persistence) amplitude_sum += amplitude;
    return {range.lo * amplitude_sum, range.hi * amplitude_sum};
}

}  // namespace noise
