// A key pressed and released between two frames reaches ImGui as a press, with its modifiers,
// and as a release in the frame after (key_taps.hpp).
#include "gui/shell/key_taps.hpp"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>
#include <imgui.h>

#include <string>

namespace app::gui {
namespace {

// A display-free ImGui context: frames without a window or a renderer.
class KeyTapsTest : public ::testing::Test {
  protected:
    void SetUp() override {
        ImGui::CreateContext();
        ImGuiIO& io           = ImGui::GetIO();
        io.DisplaySize        = ImVec2(640, 480);
        io.DeltaTime          = 1.0f / 60.0f;
        io.IniFilename        = nullptr;
        unsigned char* pixels = nullptr;
        int width = 0, height = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
        io.KeyMap[ImGuiKey_A]         = GLFW_KEY_A;
        io.KeyMap[ImGuiKey_PageDown]  = GLFW_KEY_PAGE_DOWN;
        io.KeyMap[ImGuiKey_Enter]     = GLFW_KEY_ENTER;
        io.KeyMap[ImGuiKey_DownArrow] = GLFW_KEY_DOWN;
        io.KeyMap[ImGuiKey_Backspace] = GLFW_KEY_BACKSPACE;
    }
    void TearDown() override { ImGui::DestroyContext(); }

    // One frame as the main loop runs it; `look` runs inside it.
    template <class Look>
    void frame(Look look) {
        // What ImGui 1.86's GLFW backend does with the mouse at a new frame: down if a press
        // came since the last frame or the button is held.
        ImGuiIO& io     = ImGui::GetIO();
        io.MousePos     = ImVec2(100, 100);
        io.MouseDown[0] = mouse_pressed || mouse_held;
        mouse_pressed   = false;
        taps.before_frame(io);
        ImGui::NewFrame();
        look();
        ImGui::Render();
        taps.after_frame(ImGui::GetIO());
    }

    // What ImGui 1.86's GLFW backend does with a key event.
    static void backend_key(int key, bool down) { ImGui::GetIO().KeysDown[key] = down; }

    // A typed character, as GLFW's callbacks hand it to KeyTaps and to ImGui.
    void typed(unsigned int codepoint) {
        taps.note_character(codepoint);
        ImGui::GetIO().AddInputCharacter(codepoint);
    }

    static std::string queued_characters() {
        std::string text;
        for (ImWchar c : ImGui::GetIO().InputQueueCharacters) text += static_cast<char>(c);
        return text;
    }

    // A click noted at `seconds`, as GLFW's callbacks hand it to KeyTaps and to the backend.
    void clicked(double seconds) {
        taps.note_click(0, seconds);
        mouse_pressed = true;
    }

    KeyTaps taps;
    bool mouse_pressed = false;  // the backend's "just pressed" since the last frame
    bool mouse_held    = false;
};

TEST_F(KeyTapsTest, ATapBetweenFramesIsAPressThenARelease) {
    frame([] {});
    // Page Down pressed and released during one wait: the key state is up again by the frame.
    taps.note_press(GLFW_KEY_PAGE_DOWN, 0);
    backend_key(GLFW_KEY_PAGE_DOWN, true);
    backend_key(GLFW_KEY_PAGE_DOWN, false);
    bool pressed = false, released = false;
    frame([&] { pressed = ImGui::IsKeyPressed(GLFW_KEY_PAGE_DOWN, false); });
    EXPECT_TRUE(pressed);
    frame([&] {
        released = ImGui::IsKeyReleased(GLFW_KEY_PAGE_DOWN);
        pressed  = ImGui::IsKeyDown(GLFW_KEY_PAGE_DOWN);
    });
    EXPECT_TRUE(released);
    EXPECT_FALSE(pressed);
}

TEST_F(KeyTapsTest, ATappedShortcutKeepsItsModifiersForItsFrame) {
    frame([] {});
    // Ctrl+A typed quickly: Ctrl down, A down, A up, Ctrl up, all in one wait.
    taps.note_press(GLFW_KEY_LEFT_CONTROL, 0);  // X11: a modifier's own press lacks its mod
    taps.note_press(GLFW_KEY_A, GLFW_MOD_CONTROL);
    for (int key : {GLFW_KEY_LEFT_CONTROL, GLFW_KEY_A}) backend_key(key, true);
    for (int key : {GLFW_KEY_A, GLFW_KEY_LEFT_CONTROL}) backend_key(key, false);
    ImGui::GetIO().KeyCtrl = false;  // as the backend leaves it after Ctrl's release
    bool select_all        = false;
    frame([&] { select_all = ImGui::GetIO().KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_A, false); });
    EXPECT_TRUE(select_all);
    bool ctrl_after = true;
    frame([&] { ctrl_after = ImGui::GetIO().KeyCtrl; });
    EXPECT_FALSE(ctrl_after);
}

TEST_F(KeyTapsTest, ACtrlTappedAroundAClickMakesACtrlClick) {
    frame([] {});
    // Ctrl down, click, Ctrl up in one wait: ImGui's backend keeps the click, KeyTaps the Ctrl.
    taps.note_press(GLFW_KEY_RIGHT_CONTROL, 0);
    backend_key(GLFW_KEY_RIGHT_CONTROL, true);
    backend_key(GLFW_KEY_RIGHT_CONTROL, false);
    ImGui::GetIO().KeyCtrl = false;
    bool ctrl              = false;
    frame([&] { ctrl = ImGui::GetIO().KeyCtrl; });
    EXPECT_TRUE(ctrl);
}

TEST_F(KeyTapsTest, AKeyTappedTwiceIsPressedTwiceAFrameApart) {
    frame([] {});
    // Down, Down in one wait: two presses, each after a frame with the key up.
    for (int tap = 0; tap < 2; ++tap) {
        taps.note_press(GLFW_KEY_DOWN, 0);
        backend_key(GLFW_KEY_DOWN, true);
        backend_key(GLFW_KEY_DOWN, false);
    }
    int presses = 0;
    for (int i = 0; i < 4; ++i) frame([&] { presses += ImGui::IsKeyPressed(GLFW_KEY_DOWN, false) ? 1 : 0; });
    EXPECT_EQ(presses, 2);
    EXPECT_FALSE(taps.pending());
}

TEST_F(KeyTapsTest, CharactersTypedAfterATapComeInTheFrameAfterIt) {
    frame([] {});
    // "7", then Ctrl+A, then "1.3", all in one wait: ImGui takes a frame's characters before its
    // keys, so "1.3" must wait for the frame after the one that selects all.
    typed('7');
    taps.note_press(GLFW_KEY_LEFT_CONTROL, 0);
    taps.note_press(GLFW_KEY_A, GLFW_MOD_CONTROL);
    for (char c : std::string("1.3")) typed(c);
    std::string first, second;
    bool select_all = false;
    frame([&] {
        first      = queued_characters();
        select_all = ImGui::GetIO().KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_A, false);
    });
    EXPECT_EQ(first, "7");
    EXPECT_TRUE(select_all);
    EXPECT_TRUE(taps.pending());
    frame([&] { second = queued_characters(); });
    EXPECT_EQ(second, "1.3");
    EXPECT_FALSE(taps.pending());
}

TEST_F(KeyTapsTest, TypedDigitsAndTheirReturnShareAFrame) {
    frame([] {});
    // "98" then Return in one wait: each digit's key is pressed before its character comes, and
    // Return, which commits the field, after them.
    for (char c : std::string("98")) {
        taps.note_press(GLFW_KEY_0 + (c - '0'), 0);
        typed(c);
    }
    taps.note_press(GLFW_KEY_ENTER, 0);
    std::string text;
    bool enter = false;
    frame([&] {
        text  = queued_characters();
        enter = ImGui::IsKeyPressed(GLFW_KEY_ENTER, false);
    });
    EXPECT_EQ(text, "98");
    EXPECT_TRUE(enter);
    EXPECT_FALSE(taps.pending());
}

TEST_F(KeyTapsTest, RepeatedLettersOfATypedNameTakeOneFrame) {
    frame([] {});
    for (char c : std::string("tools")) {
        taps.note_press(GLFW_KEY_A + (c - 'a'), 0);
        typed(c);
    }
    std::string text;
    frame([&] { text = queued_characters(); });
    EXPECT_EQ(text, "tools");
    EXPECT_FALSE(taps.pending());
}

TEST_F(KeyTapsTest, TwoEditingKeysTakeAFrameEach) {
    frame([] {});
    // Ctrl+A then Backspace in one wait: a text field acts on one of them a frame.
    taps.note_press(GLFW_KEY_LEFT_CONTROL, 0);
    taps.note_press(GLFW_KEY_A, GLFW_MOD_CONTROL);
    taps.note_press(GLFW_KEY_BACKSPACE, 0);
    bool select_all = false, backspace = false;
    frame([&] {
        select_all = ImGui::GetIO().KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_A, false);
        backspace  = ImGui::IsKeyPressed(GLFW_KEY_BACKSPACE, false);
    });
    EXPECT_TRUE(select_all);
    EXPECT_FALSE(backspace);
    frame([&] { backspace = ImGui::IsKeyPressed(GLFW_KEY_BACKSPACE, false); });
    EXPECT_TRUE(backspace);
}

TEST_F(KeyTapsTest, KeysTypedAfterAClickComeAFrameLater) {
    frame([] {});
    // A click on a text field, then Ctrl+A and "x", in one wait: the field the click activates
    // takes no keys in its first frame.
    clicked(1.0);
    taps.note_press(GLFW_KEY_LEFT_CONTROL, 0);
    taps.note_press(GLFW_KEY_A, GLFW_MOD_CONTROL);
    typed('x');
    bool select_all = false;
    std::string text;
    frame([&] { select_all = ImGui::IsKeyPressed(GLFW_KEY_A, false); });
    EXPECT_FALSE(select_all);
    frame([&] { select_all = ImGui::GetIO().KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_A, false); });
    EXPECT_TRUE(select_all);
    frame([&] { text = queued_characters(); });
    EXPECT_EQ(text, "x");
}

TEST_F(KeyTapsTest, TwoClicksDuringOneSlowFrameAreADoubleClick) {
    ImGui::GetIO().DeltaTime = 0.5f;  // two frames a second: llvmpipe on a busy machine
    frame([] {});
    clicked(1.00);
    clicked(1.08);
    bool first = false, up = false, second = false, twice = false;
    frame([&] {
        first = ImGui::IsMouseClicked(0);
        twice = ImGui::IsMouseDoubleClicked(0);
    });
    EXPECT_TRUE(first);
    EXPECT_FALSE(twice);
    EXPECT_TRUE(taps.pending());
    frame([&] { up = ImGui::IsMouseReleased(0) && !ImGui::IsMouseDown(0); });
    EXPECT_TRUE(up);
    frame([&] {
        second = ImGui::IsMouseClicked(0);
        twice  = ImGui::IsMouseDoubleClicked(0);
    });
    EXPECT_TRUE(second);
    EXPECT_TRUE(twice);  // the frames were a second apart, the clicks 80 ms
    EXPECT_FALSE(taps.pending());
}

TEST_F(KeyTapsTest, ClicksASecondApartAreNoDoubleClickInQuickFrames) {
    frame([] {});
    clicked(1.0);
    clicked(2.0);  // both waited for one frame, shown 1/60 s apart
    bool twice = true;
    frame([] {});
    frame([] {});
    frame([&] { twice = ImGui::IsMouseDoubleClicked(0); });
    EXPECT_FALSE(twice);
    EXPECT_EQ(ImGui::GetIO().MouseDoubleClickTime, 0.30f);  // ImGui's own again after the frame
}

TEST_F(KeyTapsTest, AButtonHeldAfterADoubleClickStaysDown) {
    frame([] {});
    clicked(1.00);
    clicked(1.10);
    mouse_held = true;  // a double click and drag
    bool down = false, twice = false;
    frame([] {});
    frame([&] { down = ImGui::IsMouseDown(0); });
    EXPECT_FALSE(down);  // the frame between the clicks
    frame([&] { twice = ImGui::IsMouseDoubleClicked(0); });
    EXPECT_TRUE(twice);
    frame([&] { down = ImGui::IsMouseDown(0); });
    EXPECT_TRUE(down);
}

TEST_F(KeyTapsTest, AKeyStillHeldIsLeftToImGui) {
    frame([] {});
    taps.note_press(GLFW_KEY_A, 0);
    backend_key(GLFW_KEY_A, true);  // pressed, not yet released
    bool down = false;
    frame([&] { down = ImGui::IsKeyPressed(GLFW_KEY_A, false); });
    EXPECT_TRUE(down);
    // The frame's end must not release a key the user still holds.
    frame([&] { down = ImGui::IsKeyDown(GLFW_KEY_A); });
    EXPECT_TRUE(down);
}

}  // namespace
}  // namespace app::gui
