// gui/lessons/lesson_file.hpp: a lesson, the JSON file a teacher writes: a guided path of steps.
//
//     Lesson lesson = load_lesson("assets/lessons/01-white-to-value-noise.json");  // or LessonError
//     lesson.steps[0].scene.settings   // the parameters and view settings the step sets up
//     lesson.steps[0].scene.views      // the teaching views it switches on, the probe it pins
//
// The format (version 1; docs/lessons.md is the teacher's description):
//     {
//       "format": "noise-explorer-lesson",       required, exactly this
//       "version": 1,                             required; a newer version is refused
//       "title": "From white noise to value noise",   required
//       "summary": "...",                         optional, one sentence for the menu's tooltip
//       "steps": [                                required, 1 to max_lesson_steps steps
//         {
//           "title": "White noise",               required
//           "text": "Two or three sentences.",    required
//           "preset": "seed001-value-noise-2d",   optional: a shipped preset to start from,
//                                                 else the defaults (noise::Params{}, ViewSettings{})
//           "set": {"octaves": 1, "view": {"ramp": "gray"}},   optional: preset keys on top
//           "show": {                             optional, every key optional:
//             "lattice": true,                    the lattice and gradients over the preview
//             "probe": [0.3, 0.6],                pin the probe at this noise-space point (x, y)
//             "probe_octave": 0,                  which octave the probe window opens up
//             "field": "noise",                   noise | corner_influence | before_interpolation
//             "corner": 0,                        corner_influence's corner, 0 to 3
//             "tab": "curve",                     the bottom panel: curve | octaves | interpolation
//             "animate": false,                   move the slice through z (3D) or w (4D)
//             "downhill": false,                  arrows down the slope, -grad h (flow_overlay.hpp)
//             "flow_paths": false                 water followed downhill to a pit or the edge
//           }
//         }
//       ]
//     }
// A step is complete in itself: what it does not set is the default, never what the step before
// left behind, so a student who jumps to step 4 sees what the teacher wrote for step 4.
//
// Reading is a preset's reading (preset.hpp): bounded (LimitedInput, lesson_json_limit), through
// the one JSON reader (parse_json_text, json_text.hpp), and every error is one line that names
// the file, the step and the key: "mine.json: step 2: set: key 'octaves': '20' is out of range:
// expected an integer from 1 to 16". Unknown keys are errors, so a misspelt "lattise" never
// silently shows nothing.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "gui/common/lattice_view_settings.hpp"
#include "gui/common/settings.hpp"
#include "gui/teaching/teach_views.hpp"

namespace app::gui {

class LessonError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

inline constexpr std::string_view lesson_format_name = "noise-explorer-lesson";
inline constexpr int lesson_format_version           = 1;
inline constexpr std::size_t lesson_json_limit       = 1u << 20;  // a hundred steps are ~50 KiB
inline constexpr std::size_t max_lesson_steps        = 100;

// The ways of looking a step switches on (none of them are settings: see lattice_view_settings.hpp).
struct LessonViews {
    LatticeViewSettings lattice;  // lattice overlay, probe (pinned or not), field layer
    BottomTab tab = BottomTab::curve;
    bool animate  = false;

    friend bool operator==(const LessonViews&, const LessonViews&) = default;
};

// What the window shows at one step: the settings and the views. Also what a student has made
// of a step (kept when they move on) and what the window had before the lesson (given back).
struct LessonScene {
    Settings settings;
    LessonViews views;

    friend bool operator==(const LessonScene&, const LessonScene&) = default;
};

struct LessonStep {
    std::string title;
    std::string text;
    LessonScene scene;
};

struct Lesson {
    std::filesystem::path path;
    std::string title;
    std::string summary;
    std::vector<LessonStep> steps;  // at least one
};

// What the lesson uses at some step: the window keeps room for it from the first step to the last,
// so the picture keeps its place and size while the student steps through.
bool pins_probe_somewhere(const Lesson& lesson);  // a step pins the probe: the probe's column
bool shows_tab_somewhere(const Lesson& lesson);   // a step shows the Octaves or Interpolation tab
// "steps 2, 3 and 5" (or "step 4", or "" for none): the steps (from 1) that pin the probe.
std::string probe_steps_text(const Lesson& lesson);

// Parses lesson JSON; `source_name` starts every message. A step's "preset" is looked up with
// `find_preset` (a shipped preset's name to its settings, or an exception whose message is the
// reason), so the parse itself reads no file.
using PresetLookup = std::function<Settings(std::string_view name)>;
Lesson parse_lesson_json(std::string_view text, std::string_view source_name,
                         const PresetLookup& find_preset);

// Reads a lesson file (bounded, see above); presets come from the shipped folder. Throws LessonError.
Lesson load_lesson(const std::filesystem::path& file);

// The folder of shipped lessons: <exe dir>/../share/noise-explorer/lessons when installed, else
// the source tree's assets/lessons (beside the shipped presets' folder).
std::filesystem::path shipped_lessons_dir();

// The shipped lessons, in file-name order (the files are numbered); broken files are left out
// and named in `problems` (a packaging bug, but the other lessons stay usable).
std::vector<Lesson> load_shipped_lessons(std::vector<std::string>* problems);

}  // namespace app::gui
