// gui/preview/octave_mix.hpp: the field made of some of its octaves only (solo and mute).
//
// The octave breakdown lets a teacher solo one octave or mute some, and the preview and the curve
// then show what the remaining octaves make. The library gives each octave's weighted share
// along a row (RowKernel::fill_octave_row: share_i = octave_weight(i) * n_i, with the weights of
// the full sum, so a layer keeps the size it has in the full picture); this file only adds the
// chosen shares the way the fractal mode adds them:
//   fbm         sum of the chosen shares                       (all chosen: the fbm sum)
//   turbulence  sum of the chosen shares' absolute values      (all chosen: the turbulence sum)
//   ridged      sum of the chosen shares, signed, BEFORE ridging: the fbm of the chosen octaves
//               (the shares a_i / sum a are the same in both modes). Ridged octaves are chained
//               (each crest is weighted by the previous octave's crest), so an octave cannot be
//               taken out without changing the ones after it; rather than invent a chain the
//               library does not define, a partial ridged field shows the raw layers it is built
//               from, mapped as fbm (teach_views.hpp: shown_params), and the window says so.
// With every octave chosen the window uses the ordinary render (the exact full sum, bit for
// bit); a mix of all octaves equals it to rounding (about 1e-15: the sum's order differs).
//
// Solo wins over mute: with a solo octave, only that one is shown, whatever is muted.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>

#include "noise/fractal.hpp"
#include "noise/kernel.hpp"
#include "noise/render.hpp"

namespace app::gui {

struct OctaveChoice {
    int solo = -1;             // the octave shown alone, or -1
    std::uint32_t muted = 0;   // bit i: octave i is left out (16 octaves at most, params.hpp)

    bool shows(int octave) const { return solo >= 0 ? octave == solo : (muted & (1u << octave)) == 0; }
    // True when every one of `count` octaves is shown: the ordinary full sum.
    bool all(int count) const;
    bool operator==(const OctaveChoice&) const = default;
};

// total[i] += the fractal mode's term for one octave's share (see above).
void add_octave_share(noise::Fractal fractal, std::span<const double> share, std::span<double> total);

// One row of the chosen octaves, pixels as RowSpec's. `scratch` has out.size() elements.
void fill_chosen_row(const noise::RowKernel& kernel, const noise::FractalNoise& noise, OctaveChoice choice,
                     const noise::RowSpec& row, std::span<double> scratch, std::span<double> out);

// The image of the chosen octaves in render.hpp's pixel model and layout. Returns false if
// cancelled between rows. Runs on the calling thread (the render worker's).
bool render_chosen(const noise::FractalNoise& noise, OctaveChoice choice, const noise::Region& region,
                   std::span<float> out, const std::atomic<bool>* cancel, std::atomic<int>* rows_done);

// The 1D curve of the chosen octaves, as noise::sample_row's.
void sample_chosen(const noise::FractalNoise& noise, OctaveChoice choice, double y, std::span<double> out);

}  // namespace app::gui
