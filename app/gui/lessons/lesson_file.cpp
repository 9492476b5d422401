// Reading lesson files: see lesson_file.hpp (the format) and docs/lessons.md (for teachers).
#include "gui/lessons/lesson_file.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <nlohmann/json.hpp>

#include "core/json_text.hpp"
#include "core/preset.hpp"
#include "core/read_limited.hpp"
#include "core/shown_text.hpp"
#include "core/view_keys.hpp"

namespace app::gui {

namespace {

using nlohmann::json;

constexpr std::array<const char*, 3> field_names = {"noise", "corner_influence", "before_interpolation"};
constexpr std::array<const char*, 3> tab_names   = {"curve", "octaves", "interpolation"};
static_assert(field_names.size() == static_cast<std::size_t>(FieldLayer::before_interpolation) + 1);
static_assert(tab_names.size() == static_cast<std::size_t>(BottomTab::interpolation) + 1);

// Where in the file a message is about: "mine.json: step 2: show".
struct Place {
    std::string text;
    [[noreturn]] void fail(const std::string& message) const { throw LessonError(text + ": " + message); }
    [[noreturn]] void fail_key(std::string_view key, const std::string& message) const {
        fail("key " + shown(key) + ": " + message);
    }
    Place in(const std::string& part) const { return {text + ": " + part}; }
};

std::string describe(const json& value) {
    switch (value.type()) {
        case json::value_t::string:
            return "the string " + shown(value.get<std::string>());
        case json::value_t::boolean:
            return value.get<bool>() ? "true" : "false";
        case json::value_t::null:
            return "null";
        case json::value_t::object:
            return "an object";
        case json::value_t::array:
            return "an array";
        default:
            return "the number " + shown(value.dump());
    }
}

std::string join(const auto& names) {
    std::string text;
    for (std::string_view name : names) text += (text.empty() ? "" : ", ") + std::string(name);
    return text;
}

void only_keys(const json& object, std::initializer_list<std::string_view> allowed, const Place& place) {
    for (const auto& item : object.items())
        if (std::find(allowed.begin(), allowed.end(), item.key()) == allowed.end())
            place.fail("unknown key " + shown(item.key()) + ": expected one of " + join(allowed));
}

std::string text_key(const json& object, std::string_view key, bool required, const Place& place) {
    const auto found = object.find(key);
    if (found == object.end()) {
        if (required) place.fail("key " + shown(key) + " is missing: expected a string");
        return {};
    }
    if (!found->is_string()) place.fail_key(key, "expected a string, got " + describe(*found));
    std::string text = found->get<std::string>();
    if (required && text.find_first_not_of(" \t\r\n") == std::string::npos)
        place.fail_key(key, "is empty: expected a few words");
    return text;
}

bool bool_key(const json& value, std::string_view key, const Place& place) {
    if (!value.is_boolean()) place.fail_key(key, "expected true or false, got " + describe(value));
    return value.get<bool>();
}

int int_key(const json& value, std::string_view key, int low, int high, const Place& place) {
    const std::string allowed =
        "expected an integer from " + std::to_string(low) + " to " + std::to_string(high);
    if (!value.is_number_integer() && !value.is_number_unsigned())
        place.fail_key(key, allowed + ", got " + describe(value));
    if (value.is_number_unsigned() ? value.get<std::uint64_t>() > static_cast<std::uint64_t>(high)
                                   : value.get<std::int64_t>() < low || value.get<std::int64_t>() > high)
        place.fail_key(key, value.dump() + " is out of range: " + allowed);
    return static_cast<int>(value.get<std::int64_t>());
}

template <std::size_t N>
int choice_key(const json& value, std::string_view key, const std::array<const char*, N>& names,
               const Place& place) {
    const std::string allowed = "expected one of " + join(names);
    if (!value.is_string()) place.fail_key(key, allowed + ", got " + describe(value));
    const std::string text = value.get<std::string>();
    for (std::size_t i = 0; i < N; ++i)
        if (text == names[i]) return static_cast<int>(i);
    place.fail_key(key, shown(text) + " is not a choice: " + allowed);
}

LessonViews read_show(const json& show, const Place& place) {
    if (!show.is_object()) place.fail("expected an object of views, got " + describe(show));
    only_keys(
        show,
        {"lattice", "probe", "probe_octave", "field", "corner", "tab", "animate", "downhill", "flow_paths"},
        place);
    LessonViews views;
    for (const auto& [key, value] : show.items()) {
        if (key == "lattice") {
            views.lattice.lattice = bool_key(value, key, place);
        } else if (key == "downhill") {
            views.lattice.downhill = bool_key(value, key, place);
        } else if (key == "flow_paths") {
            views.lattice.flow_paths = bool_key(value, key, place);
        } else if (key == "probe") {
            if (value.is_null()) continue;
            const bool pair =
                value.is_array() && value.size() == 2 && value[0].is_number() && value[1].is_number();
            if (!pair)
                place.fail_key(key, "expected [x, y], two numbers in noise space, got " + describe(value));
            const double x = value[0].get<double>(), y = value[1].get<double>();
            if (!std::isfinite(x) || !std::isfinite(y) || std::abs(x) > 1e9 || std::abs(y) > 1e9)
                place.fail_key(key, value.dump() + " is out of range: expected x and y from -1e9 to 1e9");
            views.lattice.probe_pinned = true;
            views.lattice.probe_tool   = true;  // so the student can drag it elsewhere
            views.lattice.probe_x      = x;
            views.lattice.probe_y      = y;
        } else if (key == "probe_octave") {
            views.lattice.probe_octave = int_key(value, key, 0, 15, place);
        } else if (key == "field") {
            views.lattice.field = static_cast<FieldLayer>(choice_key(value, key, field_names, place));
        } else if (key == "corner") {
            views.lattice.influence_corner = int_key(value, key, 0, 3, place);
        } else if (key == "tab") {
            views.tab = static_cast<BottomTab>(choice_key(value, key, tab_names, place));
        } else {
            views.animate = bool_key(value, key, place);
        }
    }
    return views;
}

// What a step's "set" may hold: the noise keys (as a preset has them at its top level) and "view".
// Checked before the keys are read as a preset, whose message would list a preset file's header
// keys (format, version, name, ...), which mean nothing in a step.
std::vector<std::string_view> step_set_keys() {
    std::vector<std::string_view> keys;
    for (const auto& info : noise::param_table())
        if (!std::string_view(info.key).starts_with("erosion.")) keys.push_back(info.key);
    keys.push_back("view");
    return keys;
}

LessonStep read_step(const json& step, const Place& place, const PresetLookup& find_preset) {
    if (!step.is_object())
        place.fail("expected an object {\"title\": ..., \"text\": ...}, got " + describe(step));
    only_keys(step, {"title", "text", "preset", "set", "show"}, place);
    LessonStep out;
    out.title = text_key(step, "title", true, place);
    out.text  = text_key(step, "text", true, place);
    if (step.contains("preset")) {
        const std::string name = text_key(step, "preset", true, place);
        try {
            out.scene.settings = find_preset(name);
        } catch (const std::exception& e) {
            place.fail_key("preset", failure_text(e));
        }
    }
    if (const auto set = step.find("set"); set != step.end()) {
        if (!set->is_object())
            place.fail_key("set", "expected an object of preset keys, got " + describe(*set));
        const std::vector<std::string_view> allowed = step_set_keys();
        for (const auto& item : set->items())
            if (std::find(allowed.begin(), allowed.end(), item.key()) == allowed.end())
                place.in("set").fail("unknown key " + shown(item.key()) + ": expected one of " +
                                     join(allowed));
        // The keys are a preset's: read them as one, on top of the step's start.
        json as_preset       = *set;
        as_preset["format"]  = preset_format_name;
        as_preset["version"] = static_cast<std::uint64_t>(preset_format_version);
        Preset preset        = preset_of(out.scene.settings);
        Preset changes;
        try {
            changes = preset_from_json(as_preset, place.in("set").text);
        } catch (const PresetError& e) {
            throw LessonError(e.what());
        }
        // Only the keys the step names replace the start's values.
        for (const auto& [key, value] : set->items()) {
            if (key == "view") {
                for (const auto& view_item : value.items())
                    if (const ViewKeyInfo* info = find_view_key(view_item.key()))
                        info->set(preset.view, info->get(changes.view));
            } else if (const noise::ParamInfo* info = noise::find_param(key)) {
                info->set(preset.params, info->get(changes.params));
            }
        }
        out.scene.settings = settings_of(preset);
    }
    if (const auto show = step.find("show"); show != step.end())
        out.scene.views = read_show(*show, place.in("show"));
    return out;
}

void check_header(const json& root, const Place& place) {
    const auto format = root.find("format");
    if (format == root.end())
        place.fail("key 'format' is missing: expected \"" + std::string(lesson_format_name) +
                   "\" (is this a noise-explorer lesson?)");
    if (!format->is_string() || format->get<std::string>() != lesson_format_name)
        place.fail_key("format",
                       "expected \"" + std::string(lesson_format_name) + "\", got " + describe(*format));
    const auto version = root.find("version");
    if (version == root.end())
        place.fail("key 'version' is missing: expected " + std::to_string(lesson_format_version));
    if (!version->is_number_unsigned() ||
        version->get<std::uint64_t>() != std::uint64_t{lesson_format_version})
        place.fail_key("version", describe(*version) + " is not a version this program reads: expected " +
                                      std::to_string(lesson_format_version));
}

Settings shipped_preset(std::string_view name) {
    const std::filesystem::path file = resolve_preset_argument(name);
    if (file.parent_path() != shipped_presets_dir())
        throw LessonError(shown(name) +
                          " is not a shipped preset: expected a name such as \"default\" or "
                          "\"seed001-value-noise-2d\" (assets/presets)");
    const Preset preset = load_preset(file);
    return settings_of(preset);
}

}  // namespace

Lesson parse_lesson_json(std::string_view text, std::string_view source_name,
                         const PresetLookup& find_preset) {
    const Place place{escaped(source_name, 160)};
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        place.fail(std::string(text.empty() ? "is empty" : "holds only white space") +
                   ": expected a lesson, a JSON object {\"format\": \"" + std::string(lesson_format_name) +
                   "\", ...}");
    json root;
    try {
        // Nesting: the object, "steps", a step, its "set", "view": 5; "probe" is 5 too.
        root = parse_json_text(text, source_name,
                               {.what         = "a lesson",
                                .max_nesting  = 8,
                                .nesting_note = "a lesson needs 5 (steps, a step, set, view)",
                                .allowed      = [](std::string_view path) {
                                    const std::string_view prefix = "steps.set.";
                                    return path.starts_with(prefix)
                                                    ? preset_key_allowed(path.substr(prefix.size()))
                                                    : std::string();
                                }});
    } catch (const ReadError& e) {
        throw LessonError(e.what());
    }
    if (!root.is_object()) place.fail("expected a JSON object {...} at the top, got " + describe(root));
    check_header(root, place);
    only_keys(root, {"format", "version", "title", "summary", "steps"}, place);
    Lesson lesson;
    lesson.title     = text_key(root, "title", true, place);
    lesson.summary   = text_key(root, "summary", false, place);
    const auto steps = root.find("steps");
    if (steps == root.end()) place.fail("key 'steps' is missing: expected a list of steps");
    if (!steps->is_array() || steps->empty() || steps->size() > max_lesson_steps)
        place.fail_key("steps",
                       "expected a list of 1 to " + std::to_string(max_lesson_steps) + " steps, got " +
                           (steps->is_array() ? std::to_string(steps->size()) + " steps" : describe(*steps)));
    for (std::size_t i = 0; i < steps->size(); ++i)
        lesson.steps.push_back(
            read_step((*steps)[i], place.in("step " + std::to_string(i + 1)), find_preset));
    return lesson;
}

Lesson load_lesson(const std::filesystem::path& file) {
    std::string text;
    try {
        LimitedInput in = LimitedInput::open(file, "lesson file");
        text            = in.read_rest(lesson_json_limit, "a lesson");
    } catch (const ReadError& e) {
        throw LessonError(e.what());
    }
    Lesson lesson = parse_lesson_json(text, file.filename().string(), shipped_preset);
    lesson.path   = file;
    return lesson;
}

bool pins_probe_somewhere(const Lesson& lesson) {
    return std::any_of(lesson.steps.begin(), lesson.steps.end(),
                       [](const LessonStep& step) { return step.scene.views.lattice.probe_pinned; });
}

bool shows_tab_somewhere(const Lesson& lesson) {
    return std::any_of(lesson.steps.begin(), lesson.steps.end(),
                       [](const LessonStep& step) { return step.scene.views.tab != BottomTab::curve; });
}

std::string probe_steps_text(const Lesson& lesson) {
    std::vector<std::string> numbers;
    for (std::size_t i = 0; i < lesson.steps.size(); ++i)
        if (lesson.steps[i].scene.views.lattice.probe_pinned) numbers.push_back(std::to_string(i + 1));
    if (numbers.empty()) return {};
    std::string text = numbers.size() == 1 ? "step " : "steps ";
    for (std::size_t i = 0; i < numbers.size(); ++i)
        text += (i == 0 ? "" : i + 1 == numbers.size() ? " and " : ", ") + numbers[i];
    return text;
}

std::filesystem::path shipped_lessons_dir() { return shipped_presets_dir().parent_path() / "lessons"; }

std::vector<Lesson> load_shipped_lessons(std::vector<std::string>* problems) {
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(shipped_lessons_dir(), ec))
        if (entry.is_regular_file() && entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    std::vector<Lesson> lessons;
    for (const auto& file : files) {
        try {
            lessons.push_back(load_lesson(file));
        } catch (const std::exception& e) {
            if (problems) problems->push_back(failure_text(e));
        }
    }
    return lessons;
}

}  // namespace app::gui
