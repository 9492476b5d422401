// gui/lessons/presenter_mode.hpp: presenter mode, for teaching in a room.
//
// A projector shows the window to the back row. In presenter mode the window draws its text
// with a larger font (24 px instead of 15 on a window 1080 lines high, in proportion to the
// height from 18 px to 48), the lattice, its arrows and the probe's marker twice as thick (in
// the same proportion), and keeps only what a lesson needs: the lesson's panel, the picture, the probe's
// column and the panel under the picture while the lesson uses them (each kept in place from the
// first step to the last, so the picture does not jump between steps). The controls are put
// away; switching presenter mode off brings them back. View > Presenter mode and F5 switch it. It
// is a way of looking, not a setting: presets, undo and the session leave it alone.
//
// The keyboard and a presentation clicker step through a running lesson (in presenter mode and
// out of it, whenever no text field or widget has the keyboard): Right, Page_Down and space go to
// the next step (none past the last: only Finish ends a lesson), Left and Page_Up to the one
// before, Home to the first, End to the last (Up and Down stay the controls' nudge keys). Clickers send
// Page_Down and Page_Up (some Right and Left), and B or period to blank the screen: in presenter mode B or
// period covers the window with black until B, period, Escape, a step key or a click brings it back (the key
// that brings it back moves nothing). ImGui 1.86 polls keys once a frame: a key is held for at least a frame
// (X11 clickers' key presses last about 100 ms).
//
// The UI report names: "view_menu", "presenter_mode", "presenter_blank" (the black cover); the
// state as "presenter" (true or false) and "presenter_blank".
#pragma once

namespace app::gui {

// What the keys of this frame ask of a running lesson.
enum class SlideKey { none, next, back, first, last };

class PresenterMode {
  public:
    bool on() const { return on_; }
    bool blank() const { return blank_; }
    // The frame's keys: F5 switches the mode, B or period blanks (in presenter mode), and the
    // step keys are kept for slide_key(). Nothing while a text field or a widget has the keyboard
    // or a dialog is open.
    void handle_key();
    // This frame's step key (none while the screen is blank: the key that unblanks moves nothing).
    SlideKey slide_key() const { return slide_; }
    // Its item, in an open View menu.
    void draw_menu_item();
    // The black cover over the whole window while blank (after every other window); a click on it
    // brings the picture back.
    void draw_blank();
    // The frame's font: begin before the menu bar, end after the last window. The menu item can
    // switch the mode in between: end undoes what begin did, not what the mode is by then.
    void begin_frame();
    void end_frame();
    // How much thicker the lines over the picture are drawn (lattice_views.hpp's `scale`).
    float line_scale() const { return on_ ? 2.0f * screen_ : 1.0f; }

  private:
    bool on_        = false;
    bool blank_     = false;
    bool pushed_    = false;  // begin_frame pushed the large font (or scaled the built-in one)
    float screen_   = 1.0f;   // the window's height over 1080 lines (0.75 .. 2): the text's scale
    SlideKey slide_ = SlideKey::none;
};

}  // namespace app::gui
