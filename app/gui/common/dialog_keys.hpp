// gui/common/dialog_keys.hpp: Escape and Enter as the dialogs see them.
//
// Latched by the window's key callback (window_inbox.hpp) rather than read from ImGui 1.86's key
// state, which misses a press and release that fall between two frames.
#pragma once

namespace app::gui {

struct DialogKeys {
    bool escape = false;  // close the dialog
    bool enter  = false;  // confirm (Open, Save)
};

}  // namespace app::gui
