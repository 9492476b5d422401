// Undo/redo: one step per finished gesture, redo cleared by a new change, the cap respected.
#include <gtest/gtest.h>

#include "gui/editing/undo_history.hpp"

namespace app::gui {
namespace {

Settings with_octaves(int octaves) {
    Settings s;
    s.params.octaves = octaves;
    return s;
}

TEST(UndoHistory, AGestureIsOneStep) {
    UndoHistory history(with_octaves(3));
    for (int o = 4; o <= 9; ++o) history.observe(with_octaves(o), /*editing=*/true);
    EXPECT_FALSE(history.can_undo());
    history.observe(with_octaves(9), false);
    ASSERT_TRUE(history.can_undo());
    const auto back = history.undo(with_octaves(9));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->params.octaves, 3);
    EXPECT_FALSE(history.can_undo());
    const auto again = history.redo(*back);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->params.octaves, 9);
}

TEST(UndoHistory, UndoMidGestureReturnsToBeforeIt) {
    UndoHistory history(with_octaves(3));
    history.observe(with_octaves(5), true);
    const auto back = history.undo(with_octaves(5));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->params.octaves, 3);
}

TEST(UndoHistory, NewChangeClearsRedo) {
    UndoHistory history(with_octaves(1));
    history.observe(with_octaves(2), false);
    history.observe(with_octaves(3), false);
    auto s = history.undo(with_octaves(3));
    ASSERT_TRUE(s);
    EXPECT_TRUE(history.can_redo());
    history.observe(with_octaves(7), false);
    EXPECT_FALSE(history.can_redo());
    s = history.undo(with_octaves(7));
    ASSERT_TRUE(s);
    EXPECT_EQ(s->params.octaves, 2);
}

TEST(UndoHistory, ViewChangesAreStepsToo) {
    Settings a;
    Settings b = a;
    b.view.ramp = Ramp::terrain;
    UndoHistory history(a);
    history.observe(b, false);
    const auto back = history.undo(b);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->view.ramp, Ramp::gray);
}

TEST(UndoHistory, CapDropsOldestSteps) {
    UndoHistory history(with_octaves(1), 3);
    for (int o = 2; o <= 10; ++o) history.observe(with_octaves(o), false);
    int steps = 0;
    Settings current = with_octaves(10);
    while (auto s = history.undo(current)) {
        current = *s;
        ++steps;
    }
    EXPECT_EQ(steps, 3);
    EXPECT_EQ(current.params.octaves, 7);
}

}  // namespace
}  // namespace app::gui
