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
    // From GLFW's mouse button callback, for a press: ImGui shows the click in the next frame,
    // and a text field it activates takes no keys in that frame, so what was typed after the
    // click waits a frame (click a field, then Ctrl+A).
    void note_click();

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
        KeyPress press;          // key -1: a character, -2: a click
        unsigned int codepoint;  // of a character
    };
    std::vector<Event> waiting_;  // noted, not yet shown, in the order they came
    std::size_t carried_  = 0;    // how many of waiting_ came before the last frame
    int characters_noted_ = 0;    // characters noted since the last frame (ImGui queued them too)
    std::vector<int> put_down_;   // keys this frame holds down for a tap
    std::vector<int> released_;   // keys the last frame held down for a tap, up in this one
};

}  // namespace app::gui
