// gui/lessons/presenter_mode.hpp: presenter mode, for teaching in a room.
//
// A projector shows the window to the back row. In presenter mode the window draws its text
// with a larger font (24 px instead of 15), the lattice, its arrows and the probe's marker twice
// as thick, and keeps only what a lesson needs: the lesson's panel, the picture, the probe's
// column while a step pins it, and the panel under the picture only while a step shows one of
// its teaching tabs (Octaves, Interpolation). The controls are put away; switching presenter
// mode off brings them back. View > Presenter mode and F5 switch it. It is a way of looking, not
// a setting: presets, undo and the session leave it alone.
//
// The UI report names: "view_menu", "presenter_mode"; the state as "presenter" (true or false).
#pragma once

namespace app::gui {

class PresenterMode {
  public:
    bool on() const { return on_; }
    // F5 this frame switches it (not while a text field has the keyboard).
    void handle_key();
    // Its item, in an open View menu.
    void draw_menu_item();
    // The frame's font: begin before the menu bar, end after the last window. The menu item can
    // switch the mode in between: end undoes what begin did, not what the mode is by then.
    void begin_frame();
    void end_frame();
    // How much thicker the lines over the picture are drawn (lattice_views.hpp's `scale`).
    float line_scale() const { return on_ ? 2.0f : 1.0f; }

  private:
    bool on_     = false;
    bool pushed_ = false;  // begin_frame pushed the large font (or scaled the built-in one)
};

}  // namespace app::gui
