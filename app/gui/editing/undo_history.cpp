#include "gui/editing/undo_history.hpp"

namespace app::gui {

void UndoHistory::observe(const Settings& current, bool editing) {
    if (editing || current == committed_) return;
    undo_.push_back(committed_);
    if (undo_.size() > limit_) undo_.pop_front();
    redo_.clear();
    committed_ = current;
}

void UndoHistory::reset(const Settings& current) {
    committed_ = current;
    undo_.clear();
    redo_.clear();
}

std::optional<Settings> UndoHistory::undo(const Settings& current) {
    // An uncommitted change (mid-gesture) is committed first, so undo returns to before it.
    observe(current, false);
    if (undo_.empty()) return std::nullopt;
    redo_.push_back(committed_);
    committed_ = undo_.back();
    undo_.pop_back();
    return committed_;
}

std::optional<Settings> UndoHistory::redo(const Settings& current) {
    observe(current, false);
    if (redo_.empty()) return std::nullopt;
    undo_.push_back(committed_);
    committed_ = redo_.back();
    redo_.pop_back();
    return committed_;
}

}  // namespace app::gui
