// gui/shell/key_taps.hpp: no key press is lost between two frames, and none overtakes a character.
//
// ImGui 1.86 reads keys as a state (io.KeysDown), not as events. GLFW's key callback sets that
// state; when a press and its release both arrive while the loop waits or draws a slow frame, the
// next frame finds the key up and never sees it pressed: a clicker's Page Down, Return in a text
// field or Ctrl+A lost at random on a busy machine. And within one frame ImGui takes the typed
// characters before the keys, so Ctrl+A then "1.3" arriving together would insert "1.3" and then
// select it. (ImGui 1.87 queues input events for these reasons.)
//
// KeyTaps keeps the events in their order: the callbacks note every press (with its modifiers)
// and every typed character. Before each frame it hands ImGui the events that one frame can show
// in order: characters, then tapped keys (put down for that frame with the modifiers they were
// pressed with, and put back up after it); a character that follows a tap ImGui acts on (Return,
// Backspace, an arrow, Ctrl+A) waits for a later frame, and so does a second such tap (a text
// field acts on one key a frame); the loop draws those frames without waiting. Keys still held are ImGui's
// own state and are left alone.
//
// Clicks the same way: ImGui 1.86 gets a click as the button's state at the frame, and tells a
// double click by the frames' clock. Two clicks during one slow frame were one click, and two
// clicks shown in frames half a second apart were no double click, so the file browser's
// double click failed at a few frames a second. KeyTaps shows each click in a frame of its own,
// with the button up in a frame between, and tells the double click by the clicks' own times.
#pragma once

#include <cstddef>
#include <vector>

struct ImGuiIO;

namespace app::gui {

struct KeyPress {
    int key;   // GLFW_KEY_*
    int mods;  // GLFW_MOD_*
};

class KeyTaps {
  public:
    // From GLFW's key callback, for a press (GLFW_PRESS) of `key` (GLFW_KEY_*) with `mods`
    // (GLFW_MOD_*).
    void note_press(int key, int mods);
    // From GLFW's character callback (ImGui's own callback queues it as well).
    void note_character(unsigned int codepoint);
    // From GLFW's mouse button callback, for a press of `button` at `seconds` (glfwGetTime()):
    // a text field the click activates takes no keys in its frame, so what was typed after the
    // click waits a frame (click a field, then Ctrl+A).
    void note_click(int button, double seconds);

    // Between the event wait and ImGui::NewFrame: hands ImGui the characters and taps this frame
    // shows, and returns the presses it shows (held keys' too), in order, for the app's own
    // shortcuts: they must not overtake the typing either (Return after a typed file name).
    std::vector<KeyPress> before_frame(ImGuiIO& io);

    // Events still to show: the loop must not wait for new ones.
    bool pending() const;

    // After the frame is built (ImGui::Render): puts the tapped keys back up and the modifiers
    // back to the keys really held.
    void after_frame(ImGuiIO& io);

  private:
    struct Event {
        KeyPress press;          // key -1: a character, -2: a click of button press.mods
        unsigned int codepoint;  // of a character
        double seconds;          // of a click
    };
    // Shows a waiting click of `button` at `seconds` in this frame, a double click if the last
    // shown click of that button came within ImGui's double-click time before it.
    void show_click(ImGuiIO& io, int button, double seconds);
    std::vector<Event> waiting_;        // noted, not yet shown, in the order they came
    std::size_t carried_  = 0;          // how many of waiting_ came before the last frame
    int characters_noted_ = 0;          // characters noted since the last frame (ImGui queued them too)
    std::vector<int> put_down_;         // keys this frame holds down for a tap
    std::vector<int> released_;         // keys the last frame held down for a tap, up in this one
    static constexpr int buttons = 5;   // ImGui 1.86's io.MouseDown
    bool clicked_[buttons]       = {};  // shown down by a click this frame
    bool unclicked_[buttons]     = {};  // shown down by a click the last frame
    double last_click_[buttons]  = {-1e9, -1e9, -1e9, -1e9, -1e9};  // when the last shown click came
    float double_click_time_     = -1.0f;  // ImGui's own, while a frame's click overrides it
};

}  // namespace app::gui
