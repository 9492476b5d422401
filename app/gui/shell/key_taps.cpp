// gui/shell/key_taps.cpp: the taps and characters of one wait, shown to ImGui 1.86 in their order
// over as many frames as that takes (key_taps.hpp).
#include "gui/shell/key_taps.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <iterator>

namespace app::gui {

namespace {

bool in_range(const ImGuiIO& io, int key) {
    return key >= 0 && key < static_cast<int>(std::size(io.KeysDown));
}

bool contains(const std::vector<int>& keys, int key) {
    return std::find(keys.begin(), keys.end(), key) != keys.end();
}

// What ImGui 1.86's GLFW backend derives from the key state after each key event.
void modifiers_from_keys(ImGuiIO& io) {
    io.KeyCtrl  = io.KeysDown[GLFW_KEY_LEFT_CONTROL] || io.KeysDown[GLFW_KEY_RIGHT_CONTROL];
    io.KeyShift = io.KeysDown[GLFW_KEY_LEFT_SHIFT] || io.KeysDown[GLFW_KEY_RIGHT_SHIFT];
    io.KeyAlt   = io.KeysDown[GLFW_KEY_LEFT_ALT] || io.KeysDown[GLFW_KEY_RIGHT_ALT];
    io.KeySuper = io.KeysDown[GLFW_KEY_LEFT_SUPER] || io.KeysDown[GLFW_KEY_RIGHT_SUPER];
}

// Does ImGui act on this press itself (an editing or navigation key, a shortcut)? Only such a tap
// must come before the characters typed after it. The press of a key that types a character
// ("1", "b", "a": GLFW's printable keys are those below Escape) is a shortcut only with Ctrl, Alt
// or Super; alone it goes with its character.
bool acts(const ImGuiIO& io, int key, int mods) {
    if (mods & (GLFW_MOD_CONTROL | GLFW_MOD_ALT | GLFW_MOD_SUPER)) return true;
    return key >= GLFW_KEY_ESCAPE &&
           std::find(std::begin(io.KeyMap), std::end(io.KeyMap), key) != std::end(io.KeyMap);
}

constexpr int character_key = -1;
constexpr int click_key     = -2;

}  // namespace

void KeyTaps::note_press(int key, int mods) { waiting_.push_back({{key, mods}, 0}); }

void KeyTaps::note_character(unsigned int codepoint) {
    waiting_.push_back({{character_key, 0}, codepoint});
    ++characters_noted_;
}

void KeyTaps::note_click(int button, double seconds) {
    if (button >= 0 && button < buttons) waiting_.push_back({{click_key, button}, 0, seconds});
}

void KeyTaps::show_click(ImGuiIO& io, int button, double seconds) {
    io.MouseDown[button] = true;
    clicked_[button]     = true;
    // ImGui compares the frames' clock with its double-click time; for this frame the time says
    // what the clicks' own clock says (ImGui still checks that the pointer stayed put).
    if (double_click_time_ < 0.0f) double_click_time_ = io.MouseDoubleClickTime;
    const bool double_click = seconds - last_click_[button] < double_click_time_;
    io.MouseDoubleClickTime = double_click ? 1e30f : 0.0f;
    last_click_[button]     = double_click ? -1e9 : seconds;  // a third click starts again
}

bool KeyTaps::pending() const { return !waiting_.empty(); }

std::vector<KeyPress> KeyTaps::before_frame(ImGuiIO& io) {
    // ImGui's callback queued this wait's characters; KeyTaps hands them over itself, in order
    // with the taps. (Should the counts ever differ, ImGui's queue is left as it is.)
    const bool own_characters = io.InputQueueCharacters.Size == characters_noted_;
    if (own_characters) io.InputQueueCharacters.resize(0);
    characters_noted_ = 0;

    std::vector<KeyPress> presses;
    int mods          = 0;
    bool acted        = false;  // a tap ImGui acts on, or a click, is shown in this frame
    std::size_t shown = 0;
    for (; shown < waiting_.size(); ++shown) {
        const Event& event = waiting_[shown];
        const int key      = event.press.key;
        if (key == click_key) {
            // One click a frame, and a frame with its button up after it: ImGui sees each press.
            const int button = event.press.mods;
            if (acted || clicked_[button] || unclicked_[button]) {
                if (unclicked_[button]) io.MouseDown[button] = false;  // even if held since
                break;
            }
            show_click(io, button, event.seconds);
            acted = true;  // what came after the click waits
            continue;
        }
        if (key == character_key) {
            if (acted) break;  // ImGui takes characters before keys: this one waits a frame
            // A character carried from an earlier wait was taken out of ImGui's queue then.
            if (own_characters || shown < carried_) io.AddInputCharacter(event.codepoint);
            continue;
        }
        if (!in_range(io, key)) {
            presses.push_back(event.press);
            continue;
        }
        // A second tap of a key ImGui acts on waits for a frame with the key up: ImGui sees a new
        // press only then (Down, Down quickly steps twice). A key that only types ("ll" in a
        // name) needs no second press: its characters carry the typing.
        // And one such tap a frame: a text field acts on one key a frame (Ctrl+A, then Backspace).
        const bool again  = contains(put_down_, key) || contains(released_, key);
        const bool acting = acts(io, key, event.press.mods);
        if (acting && (again || acted)) break;
        presses.push_back(event.press);
        if (again) continue;
        if (io.KeysDown[key]) continue;  // still held: ImGui sees it
        io.KeysDown[key] = true;
        put_down_.push_back(key);
        mods |= event.press.mods;
        acted = acted || acting;
    }
    if (!own_characters)  // ImGui shows this wait's characters itself: none of them may wait
        waiting_.erase(
            std::remove_if(waiting_.begin() + static_cast<std::ptrdiff_t>(std::max(shown, carried_)),
                           waiting_.end(), [](const Event& e) { return e.press.key == character_key; }),
            waiting_.end());
    waiting_.erase(waiting_.begin(), waiting_.begin() + static_cast<std::ptrdiff_t>(shown));
    carried_ = waiting_.size();
    released_.clear();
    std::fill(std::begin(unclicked_), std::end(unclicked_), false);
    if (put_down_.empty()) return presses;
    // The modifiers as they were at the presses: Ctrl+A typed quickly has its Ctrl up again by
    // the frame, and a Ctrl tapped around a click is a Ctrl+click (X11 reports a modifier key's
    // own press without its modifier, hence the keys as well as the presses' mods).
    const bool ctrl = io.KeyCtrl, shift = io.KeyShift, alt = io.KeyAlt, super = io.KeySuper;
    modifiers_from_keys(io);
    io.KeyCtrl  = io.KeyCtrl || ctrl || (mods & GLFW_MOD_CONTROL);
    io.KeyShift = io.KeyShift || shift || (mods & GLFW_MOD_SHIFT);
    io.KeyAlt   = io.KeyAlt || alt || (mods & GLFW_MOD_ALT);
    io.KeySuper = io.KeySuper || super || (mods & GLFW_MOD_SUPER);
    return presses;
}

void KeyTaps::after_frame(ImGuiIO& io) {
    // The button goes back to the backend's state at the next frame; a click waiting for it
    // keeps it up for one frame (before_frame).
    std::copy(std::begin(clicked_), std::end(clicked_), std::begin(unclicked_));
    std::fill(std::begin(clicked_), std::end(clicked_), false);
    if (double_click_time_ >= 0.0f) io.MouseDoubleClickTime = double_click_time_;
    double_click_time_ = -1.0f;
    if (put_down_.empty()) return;
    for (int key : put_down_) io.KeysDown[key] = false;
    released_ = std::move(put_down_);
    put_down_.clear();
    modifiers_from_keys(io);
}

}  // namespace app::gui
