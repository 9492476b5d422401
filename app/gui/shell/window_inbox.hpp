// gui/shell/window_inbox.hpp: what GLFW's callbacks hand to the explorer: dropped files, shortcut keys.
//
// ImGui 1.86 keeps only the current up/down state of each key: a press and release arriving in
// the same wait (a quick tap, or xdotool) never shows as "pressed". GLFW's key callback sees every
// press, so shortcut, Escape and Enter presses are latched here and consumed by the next frame. The callbacks run
// on the main thread inside glfwWaitEvents, so no locking is needed.
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
    bool enter = false;               // Return or keypad Enter was pressed (confirms a dialog)
};

}  // namespace app::gui
