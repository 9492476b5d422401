// Walking through a lesson: see lesson_player.hpp.
#include "gui/lessons/lesson_player.hpp"

#include <algorithm>
#include <utility>

namespace app::gui {

LessonScene LessonPlayer::start(Lesson lesson, const LessonScene& now) {
    if (!active()) before_ = now;
    kept_.assign(lesson.steps.size(), std::nullopt);
    lesson_ = std::move(lesson);
    step_   = 0;
    return current().scene;
}

LessonScene LessonPlayer::go(int index, const LessonScene& now) {
    kept_[static_cast<std::size_t>(step_)] = now;
    step_                                  = std::clamp(index, 0, step_count() - 1);
    const auto& kept                       = kept_[static_cast<std::size_t>(step_)];
    return kept ? *kept : current().scene;
}

LessonScene LessonPlayer::reset_step() {
    kept_[static_cast<std::size_t>(step_)].reset();
    return current().scene;
}

LessonScene LessonPlayer::stop() {
    lesson_.reset();
    kept_.clear();
    step_ = 0;
    return before_;
}

}  // namespace app::gui
