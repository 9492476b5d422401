// gui/shell/window_inbox.hpp: what GLFW's callbacks hand to the explorer: dropped files, shortcut keys.
//
// Shortcut, Escape and Enter presses are latched here for the frame that shows them: KeyTaps
// (key_taps.hpp) hands each frame its presses in the order they came with the typing, so a
// dialog's Return never overtakes the file name typed before it. The callbacks run on the main
// thread inside glfwWaitEvents, and the latches are filled before the frame, so no locking is
// needed.
#pragma once

#include <string>
#include <vector>

namespace app::gui {

struct Shortcut {
    int key;   // GLFW_KEY_*
    int mods;  // GLFW_MOD_*
};

struct WindowInbox {
    std::vector<std::string> dropped;
    std::vector<Shortcut> shortcuts;  // presses with Ctrl held
    bool escape = false;              // Escape was pressed (closes a dialog)
    bool enter  = false;              // Return or keypad Enter was pressed (confirms a dialog)
};

}  // namespace app::gui
