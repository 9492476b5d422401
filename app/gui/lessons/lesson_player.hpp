// gui/lessons/lesson_player.hpp: walking through a lesson: which step, what the student changed.
//
//     LessonPlayer player;
//     scene = player.start(lesson, scene);   // the window's scene is kept aside; step 1's comes back
//     scene = player.go(2, scene);           // the student's step-1 scene is kept; step 2's comes back
//     scene = player.stop(scene);            // the scene the window had before the lesson
//
// Each step keeps what the student made of it: going Back to a step shows it as they left it,
// not as the file wrote it ("Reset step" gives the file's back). Leaving gives back the scene the
// window had before the lesson started, whatever happened in between. Pure logic, no ImGui: the
// window (shell/explorer_lessons.cpp) turns its state into a LessonScene and back.
#pragma once

#include <optional>
#include <vector>

#include "gui/lessons/lesson_file.hpp"

namespace app::gui {

class LessonPlayer {
  public:
    bool active() const { return lesson_.has_value(); }
    const Lesson& lesson() const { return *lesson_; }
    int step() const { return step_; }
    int step_count() const { return lesson_ ? static_cast<int>(lesson_->steps.size()) : 0; }
    const LessonStep& current() const { return lesson_->steps[static_cast<std::size_t>(step_)]; }
    // The student changed the current step away from what the file sets up.
    bool changed(const LessonScene& now) const { return active() && !(now == current().scene); }

    // Starts `lesson` at its first step; `now` is what the window shows, given back by stop().
    // Starting another lesson while one runs keeps the first one's "before".
    LessonScene start(Lesson lesson, const LessonScene& now);
    // Keeps `now` as the current step's and returns step `index`'s scene (clamped to the steps).
    LessonScene go(int index, const LessonScene& now);
    // The current step as the file sets it up (forgets the student's changes to it).
    LessonScene reset_step();
    // Ends the lesson; returns the scene the window had before it began.
    LessonScene stop();

  private:
    std::optional<Lesson> lesson_;
    int step_ = 0;
    std::vector<std::optional<LessonScene>> kept_;  // per step: the student's scene, once they left it
    LessonScene before_;
};

}  // namespace app::gui
