// app/core/animation_export.hpp: an animation of a preset, as an animated PNG or GIF, or numbered PNGs.
//
//     AnimationRequest anim{.path = AnimationPath::slice, .frames = 48, .step = 0.05, .loop = true};
//     export_animation(preset, request, anim);   // request: size, png8|rgb8|png16, OUT, overwrite
//
// Two paths through the noise:
//   - slice: the 2D picture of a 3D field moving along z (4D: along w), `step` noise units a
//     frame, as the window's Teach > Animate shows it. With `loop` (dimension 4 only) the slice
//     moves on a circle in the z-w plane instead, of circumference frames x step, starting at the
//     preset's (z, w): the frame after the last would be the first again, so the animation loops
//     without a jump. (A 3D field has one axis to move along; a loop needs two.)
//   - octaves: the octave build-up, frame i the sum of octaves 0..i (octaves = i + 1), as many
//     frames as the preset has octaves.
// Frame i is exactly what `export` writes for the preset with frame i's z, w or octaves
// (animation_frame): each frame is an export_image, so the frames of an animation equal single
// exports, bit for bit, and carry the same preset text chunk.
//
// With `caption`, each frame says what it shows in its bottom-left corner (animation_caption,
// caption.hpp): "octaves 0-2 of 6" (numbered from 0, as the window's Octaves tab numbers them),
// "z = 0.250", "w = -0.100", or on a loop "z = 0.012 w = 0.309". The caption's box is the only
// difference from the uncaptioned frame; without it (the default) the files are what they were
// before captions existed, byte for byte.
//
// Outputs:
//   - an animated PNG (APNG: acTL, fcTL and fdAT chunks around the frames' own compressed image
//     data; libpng 1.6 in Debian reads the first frame, browsers and image viewers play it), with
//     the first frame's preset chunk and a "noise-explorer-animation" chunk with the facts;
//     `fps` frames a second (default_animation_fps when not asked for), looping forever;
//   - an animated GIF when OUT ends in .gif (gif_writer.hpp: at most 256 colours a frame, delays
//     in hundredths of a second), the facts in a comment: slide programs play a GIF, not an
//     APNG; at most max_gif_side pixels a side;
//   - with `sequence`, the frames as OUT-0000.png, OUT-0001.png, ... (OUT without its .png).
// Every target is checked before anything renders (an existing file without `overwrite` is an
// ExportError of cause `exists`); the APNG goes through AtomicFile; the frames of a sequence each
// do, and if a frame fails or is cancelled the frames this run wrote are removed again.
#pragma once

#include <array>
#include <atomic>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/export_image.hpp"
#include "core/preset.hpp"
#include "noise/enum_names.hpp"

namespace app {

enum class AnimationPath { slice, octaves };
inline constexpr std::array<std::string_view, 2> animation_path_names{"slice", "octaves"};
static_assert(noise::names_match_enum<AnimationPath>(animation_path_names));

struct AnimationRequest {
    AnimationPath path = AnimationPath::slice;
    int frames         = 24;    // slice only; octaves has one frame per octave
    double step        = 0.05;  // slice: noise units between frames (a twentieth of a cell)
    bool loop          = false;
    int fps            = 12;
    bool sequence      = false;
    bool caption       = false;  // each frame says what it shows (animation_caption)
};

inline constexpr int max_animation_frames = 1000;
// A GIF is for slides; this bounds its frame buffers (about 7 bytes a pixel) at ~120 MB.
inline constexpr int max_gif_side = 4096;

// Whether OUT asks for an animated GIF (it ends in .gif, in any case).
bool gif_path(const std::filesystem::path& path);

// Frames a second that give each kind a pace a class can follow, where none is asked for: the
// slice flows (12, so 24 frames take 2 s); the build-up holds each octave half a second (2), long
// enough to see what it adds (at 12 a 6-octave build-up was over in half a second).
constexpr int default_animation_fps(AnimationPath path) { return path == AnimationPath::octaves ? 2 : 12; }

// How many frames `animation` makes of `params`.
int animation_frame_count(const noise::Params& params, const AnimationRequest& animation);

// Frame i's parameters.
noise::Params animation_frame(const noise::Params& params, const AnimationRequest& animation, int i);

// What frame i shows, as its caption says it: "octave 0 of 6", "octaves 0-2 of 6", "z = 0.250",
// "w = -0.100", "z = 0.012 w = 0.309" (three decimals, a point whatever the locale, no "-0.000").
std::string animation_caption(const noise::Params& params, const AnimationRequest& animation, int i);

// "" or one line saying what is wrong with the animation for these parameters and this format:
// the frames, step and fps out of range, a slice of 1D or 2D noise, a loop in 3D, a format that
// is not a PNG.
std::string check_animation(const noise::Params& params, const AnimationRequest& animation,
                            ExportFormat format);

// The numbered files of a sequence: OUT-0000.png ... (OUT's .png taken off first).
std::vector<std::filesystem::path> sequence_paths(const std::filesystem::path& out, int frames);

// Writes the animation. Throws ExportError (exists, cancelled, or other with one line).
// `progress` goes from 0 to 1 over all frames. Returns the files written.
std::vector<std::filesystem::path> export_animation(const Preset& preset, const ExportRequest& request,
                                                    const AnimationRequest& animation,
                                                    const std::atomic<bool>* cancel = nullptr,
                                                    std::atomic<double>* progress   = nullptr);

}  // namespace app
