// gui/shell/explorer_lessons.cpp: the window's side of the lessons (gui/lessons/).
//
// Part of Explorer (explorer.hpp). A lesson step is a LessonScene: the settings and the ways of
// looking (lattice views, the bottom tab, the animation). Here the window's state becomes a scene
// and a scene becomes the window's state; the lesson player decides which scene comes next.
// A step's settings are an ordinary change of the settings (Undo takes it back, like opening a
// preset); the views are not settings and stay out of the history.
#include <imgui.h>

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
    if (std::optional<Lesson> lesson = take_started_lesson(lessons_))
        show_scene(lessons_.player.start(std::move(*lesson), lesson_scene()));
}

// The panel above the controls while a lesson runs; returns its height (0 without a lesson).
float Explorer::draw_lesson_window(ImVec2 pos, float width, float max_height) {
    if (!lessons_.player.active()) return 0.0f;
    const float height    = lesson_panel_height(lessons_, width, max_height);
    const LessonScene now = lesson_scene();
    const LessonClick click =
        draw_lesson_panel(lessons_, lessons_.player.changed(now), pos, ImVec2(width, height));
    LessonPlayer& player = lessons_.player;
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

}  // namespace app::gui
