// The lesson player: each step keeps the student's changes, leaving gives back what was there.
#include "gui/lessons/lesson_player.hpp"

#include <gtest/gtest.h>

namespace app::gui {
namespace {

Lesson three_steps() {
    Lesson lesson;
    lesson.title = "T";
    for (int octaves : {1, 2, 3}) {
        LessonStep step;
        step.title                         = "octaves " + std::to_string(octaves);
        step.scene.settings.params.octaves = octaves;
        lesson.steps.push_back(step);
    }
    lesson.steps[1].scene.views.lattice.lattice = true;
    return lesson;
}

TEST(LessonPlayer, StepsKeepTheStudentsChangesAndLeavingRestores) {
    LessonScene before;
    before.settings.params.seed = 77;
    before.views.tab            = BottomTab::octaves;

    LessonPlayer player;
    LessonScene shown = player.start(three_steps(), before);
    EXPECT_EQ(shown.settings.params.octaves, 1);
    EXPECT_FALSE(player.changed(shown));

    shown.settings.params.persistence = 0.25;  // the student tries something on step 1
    EXPECT_TRUE(player.changed(shown));
    shown = player.go(1, shown);
    EXPECT_EQ(shown.settings.params.octaves, 2);
    EXPECT_TRUE(shown.views.lattice.lattice);
    EXPECT_EQ(shown.settings.params.persistence, 0.5);  // step 2 as the file has it

    shown = player.go(0, shown);  // Back: step 1 as the student left it
    EXPECT_EQ(shown.settings.params.persistence, 0.25);
    shown = player.reset_step();  // Reset: as the file has it
    EXPECT_EQ(shown.settings.params.persistence, 0.5);
    EXPECT_FALSE(player.changed(shown));

    shown = player.go(99, shown);  // clamped to the last step
    EXPECT_EQ(player.step(), 2);
    EXPECT_EQ(player.stop(), before);
    EXPECT_FALSE(player.active());
}

TEST(LessonPlayer, AnotherLessonKeepsTheFirstBefore) {
    LessonScene before;
    before.settings.params.seed = 5;
    LessonPlayer player;
    LessonScene shown = player.start(three_steps(), before);
    shown             = player.start(three_steps(), shown);  // a second lesson from the menu
    EXPECT_EQ(player.step(), 0);
    EXPECT_EQ(player.stop(), before);
}

}  // namespace
}  // namespace app::gui
