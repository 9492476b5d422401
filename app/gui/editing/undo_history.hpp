// gui/editing/undo_history.hpp: undo/redo of parameter changes, one step per finished gesture.
//
// The window does not report each edit; instead it shows the history the current settings every
// frame with `observe`. While a gesture is in progress (a slider held, a pan drag, a burst of
// wheel clicks) the change is not committed; when it ends, the settings from before the gesture
// become one undo step. So dragging the octaves slider from 3 to 9 is one Ctrl+Z, not six.
//
// Invariants: `undo`/`redo` return the settings to show, or nothing when there is no step;
// any new committed change clears the redo list; the history is capped at `limit` steps.
#pragma once

#include <cstddef>
#include <deque>
#include <optional>

#include "gui/common/settings.hpp"

namespace app::gui {

class UndoHistory {
  public:
    explicit UndoHistory(const Settings& initial, std::size_t limit = 200)
        : committed_(initial), limit_(limit) {}

    // Call once a frame with the settings as they are now. `editing` is true while a gesture is
    // still going on; the change is committed when it ends.
    void observe(const Settings& current, bool editing);

    // Replaces the whole history (after opening a preset the old steps still make sense to
    // undo, so `reset` is only for a fresh start).
    void reset(const Settings& current);

    std::optional<Settings> undo(const Settings& current);
    std::optional<Settings> redo(const Settings& current);

    bool can_undo() const { return !undo_.empty(); }
    bool can_redo() const { return !redo_.empty(); }

  private:
    Settings committed_;
    std::deque<Settings> undo_;
    std::deque<Settings> redo_;
    std::size_t limit_;
};

}  // namespace app::gui
