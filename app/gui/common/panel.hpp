// gui/common/panel.hpp: what the window asks of each of its parts, whatever the part draws.
//
// A part of the window (a dialog, a view, the lessons) owns its state and says whether it is still
// moving on its own: a task reading or writing, an animation, a tab that follows a frame later.
// While any part is busy the main loop keeps drawing at a steady rate instead of sleeping until
// the next event (Explorer::busy loops over the parts). A new part derives from Panel and is
// listed once in the window's composition (shell/explorer.hpp, Explorer::panels).
#pragma once

namespace app::gui {

class Panel {
  public:
    virtual ~Panel() = default;
    // True while the part changes without input: the window must draw again soon.
    virtual bool busy() const = 0;
};

}  // namespace app::gui
