// gui/common/frame_context.hpp: what every panel draws from in one frame.
//
// The window builds one FrameContext a frame and hands it to each panel's draw: the live
// settings (the panels edit them in place; the undo history sees the edits afterwards) and
// whether they are valid. What only one panel needs comes as that draw's own argument.
#pragma once

#include <string>

#include "gui/common/settings.hpp"

namespace app::gui {

struct FrameContext {
    Settings& settings;
    // noise::validate's message for the settings, empty when they are valid: with invalid
    // settings nothing new is rendered, and the panels show the last valid pictures as stale.
    const std::string& invalid;
};

}  // namespace app::gui
