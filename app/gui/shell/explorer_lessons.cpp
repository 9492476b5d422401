// gui/shell/explorer_lessons.cpp: the window's side of the lessons (gui/lessons/).
//
// Part of Explorer (explorer.hpp). A lesson step is a LessonScene: the settings and the ways of
// looking (lattice views, the bottom tab, the animation). Here the window's state becomes a scene
// and a scene becomes the window's state; the lesson player decides which scene comes next.
// A step's settings are an ordinary change of the settings (Undo takes it back, like opening a
// preset); the views are not settings and stay out of the history.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "gui/shell/explorer.hpp"

namespace app::gui {

LessonScene Explorer::lesson_scene() const {
    return {settings_, {lattice_.layers, teach_.tab, teach_.animation.on}};
}

void Explorer::show_scene(const LessonScene& scene) {
    settings_       = scene.settings;
    lattice_.layers = scene.views.lattice;
    if (teach_.tab != scene.views.tab) {
        teach_.tab        = scene.views.tab;
        teach_.select_tab = true;
    }
    teach_.animation.on    = scene.views.animate;
    teach_.animation.phase = 0.0;   // each step starts at its own z (or w)
    select_2d_tab_         = true;  // a step is about the 2D picture (or the 1D curve)
    controls_.clear_rejected();
}

void Explorer::update_lessons() {
    if (std::optional<Lesson> lesson = lessons_.take_started())
        show_scene(lessons_.player().start(std::move(*lesson), lesson_scene()));
}

namespace {

// A step key (presenter_mode.hpp) as the panel's click: none past either end, so a clicker pressed
// once too often neither leaves the lesson nor wraps round.
LessonClick key_move(SlideKey key, const LessonPlayer& player) {
    const int last = player.step_count() - 1;
    switch (key) {
        case SlideKey::none:
            break;
        case SlideKey::next:
            if (player.step() < last) return {LessonMove::next, 0};
            break;
        case SlideKey::back:
            if (player.step() > 0) return {LessonMove::back, 0};
            break;
        case SlideKey::first:
            if (player.step() != 0) return {LessonMove::jump, 0};
            break;
        case SlideKey::last:
            if (player.step() != last) return {LessonMove::jump, last};
            break;
    }
    return {};
}

}  // namespace

// The panel above the controls while a lesson runs; returns its height (0 without a lesson).
float Explorer::draw_lesson_window(ImVec2 pos, float width, float max_height) {
    LessonPlayer& player = lessons_.player();
    if (!player.active()) return 0.0f;
    const float height    = lessons_.height(width, max_height);
    const LessonScene now = lesson_scene();
    LessonClick click     = lessons_.draw(player.changed(now), pos, ImVec2(width, height));
    if (click.move == LessonMove::none) click = key_move(presenter_.slide_key(), player);
    switch (click.move) {
        case LessonMove::none:
            break;
        case LessonMove::back:
            show_scene(player.go(player.step() - 1, now));
            break;
        case LessonMove::next:
            show_scene(player.go(player.step() + 1, now));
            break;
        case LessonMove::jump:
            show_scene(player.go(click.step, now));
            break;
        case LessonMove::reset:
            show_scene(player.reset_step());
            break;
        case LessonMove::leave:
            show_scene(player.stop());
            break;
    }
    return height;
}

// Presenter mode (lessons/presenter_mode.hpp): the lesson's panel on the left (while a lesson
// runs), the picture beside it, the probe's column at the right; the panel under the picture
// while the step shows one of its teaching tabs, and through the whole lesson when one of its
// steps does (the other steps show the curve there), so the picture keeps its place from step to
// step. Returns the probe column's width.
float Explorer::draw_presenter_windows(const FrameContext& frame, ImVec2 origin, ImVec2 size) {
    const LessonPlayer& player = lessons_.player();
    // A quarter of the width, at most 23 ems: in ems, not pixels, so the buttons under the text
    // fit on a 4K screen too (560 pixels cut "< Back" to "< Bac" at 48-pixel text).
    const float em = ImGui::GetFontSize();
    const float lesson_w =
        player.active() ? std::clamp(std::floor(size.x * 0.25f), 320.0f, 23.0f * em) : 0.0f;
    draw_lesson_window(origin, lesson_w, size.y);
    const float room    = size.x - lesson_w;
    const float probe_w = probe_column_kept() ? probe_column_width(room) : 0.0f;
    const bool tab_kept =
        teach_.tab != BottomTab::curve || (player.active() && shows_tab_somewhere(player.lesson()));
    const float bottom = tab_kept ? std::floor(size.y * 0.36f) : 0.0f;
    draw_preview_window(frame, ImVec2(origin.x + lesson_w, origin.y),
                        ImVec2(room - probe_w, size.y - bottom));
    if (bottom > 0.0f)
        draw_curve_window(frame, ImVec2(origin.x + lesson_w, origin.y + size.y - bottom),
                          ImVec2(room - probe_w, bottom));
    return probe_w;
}

}  // namespace app::gui
