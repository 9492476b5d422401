#!/usr/bin/python3
"""Unsaved work is never lost silently: the window marks it, and quitting asks first.

Run under Xvfb (the CTest entry does this):
    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_unsaved.py NOISE_EXPLORER WORKDIR

With real X11 input at the rectangles the --ui-report names:
  1. nothing changed: Ctrl+Q quits at once, status 0;
  2. drag the octaves slider: the title gains " *"; Ctrl+Q asks (the app keeps running),
     Cancel keeps the window and the settings;
  3. Ctrl+S, type a file name, Return: the title names the file without " *"; Ctrl+Q quits;
  4. open that file again, change it, Ctrl+Q, "Quit without saving": status 0, the file unchanged;
  5. open a preset of three layers, select layer 3, go back to the Field tab, Edit > Reset all to
     defaults: the window is untitled (so Ctrl+S offers a new name, never the open file) and the
     selection is layer 1; the preset file is unchanged.
"""
import os
import subprocess
import sys
import time

from PIL import Image

from x11_drive import (click, click_at, drag, fail, hold, menu_item, press_confirmed, start_app, until,
                       wait_quit, xdo)

APP, WORK = sys.argv[1], sys.argv[2]
os.makedirs(WORK, exist_ok=True)
SAVED = os.path.join(WORK, "unsaved-test.json")


def start(*extra):
    return start_app(APP, os.path.join(WORK, "unsaved_report.jsonl"), *extra, cwd=WORK)


def change_octaves(report):
    before = report.last()
    x0, y0, x1, y1 = before["rects"]["octaves"]
    # Towards the far end from the current value, so the value surely changes.
    low, high = x0 + 10, x1 - 10
    start, end = (high, low) if int(before["params"]["octaves"]) > 8 else (low, high)
    drag(start, (y0 + y1) // 2, end)
    return report.wait("octaves changed, and the title marks unsaved changes",
                       lambda l: l["params"]["octaves"] != before["params"]["octaves"] and l["title"].endswith(" *"))


def open_dialog(report, keys, what, field):
    """The shortcut pressed until the report shows the dialog's field, then the dialog in place
    (an auto-sized window is measured in its first frame and placed in the next)."""
    press_confirmed(report, keys, what, lambda l: field in l["rects"])
    time.sleep(0.3)
    return report.last()


def click_item(report, key):
    click(report.last()["rects"][key])


def main():
    if os.path.exists(SAVED):
        os.remove(SAVED)

    app, report = start()
    if report.last()["title"] != "Noise Explorer":
        fail(f"a fresh window's title is {report.last()['title']!r}")
    time.sleep(0.3)  # a dialog that just closed keeps the keyboard for its last frame
    xdo("key", "ctrl+q")
    wait_quit(app, "Ctrl+Q with nothing changed")
    print("ok  nothing changed: Ctrl+Q quits at once", flush=True)

    app, report = start()
    changed = change_octaves(report)
    time.sleep(0.3)  # a dialog that just closed keeps the keyboard for its last frame
    asking = open_dialog(report, "ctrl+q", "the unsaved-changes question", "quit_discard")
    time.sleep(1.0)
    if app.poll() is not None:
        fail("Ctrl+Q with unsaved changes quit without asking")
    click_item(report, "quit_cancel")
    line = report.wait("the question closes on Cancel", lambda l: "quit_discard" not in l["rects"], timeout=10)
    if line["params"] != asking["params"] or app.poll() is not None:
        fail("Cancel did not keep the window and its settings")
    print(f"ok  changed: title {changed['title']!r}; Ctrl+Q asked; Cancel kept the window", flush=True)

    open_dialog(report, "ctrl+s", "the Save dialog", "save_path")
    click_item(report, "save_path")
    time.sleep(0.1)
    hold("ctrl+a")
    hold("BackSpace")
    xdo("type", "--delay", "5", SAVED)
    time.sleep(0.1)
    xdo("key", "Return")
    line = report.wait("saved: the title names the file, unmarked",
                       lambda l: l["title"] == "Noise Explorer - unsaved-test.json", timeout=10)
    if not os.path.exists(SAVED):
        fail("the preset was not saved")
    time.sleep(0.3)  # a dialog that just closed keeps the keyboard for its last frame
    xdo("key", "ctrl+q")
    wait_quit(app, "Ctrl+Q after saving")
    print(f"ok  saved: title {line['title']!r}; Ctrl+Q quits at once", flush=True)

    with open(SAVED, "rb") as f:
        saved_bytes = f.read()
    app, report = start("--preset", SAVED)
    if report.last()["title"] != "Noise Explorer - unsaved-test.json":
        fail(f"opened from a file, the title is {report.last()['title']!r}")
    change_octaves(report)
    time.sleep(0.3)  # a dialog that just closed keeps the keyboard for its last frame
    open_dialog(report, "ctrl+q", "the unsaved-changes question", "quit_discard")
    click_item(report, "quit_discard")
    wait_quit(app, "Quit without saving")
    with open(SAVED, "rb") as f:
        if f.read() != saved_bytes:
            fail("quitting without saving changed the file")
    print("ok  Quit without saving: status 0, the file as it was", flush=True)

    # A preset of three layers, from an export's own preset (the CLI builds the stack).
    layered = os.path.join(WORK, "layered.json")
    picture = os.path.join(WORK, "layered.png")
    subprocess.run([APP, "export", "--set", "layer.3.source=constant", "--size", "4x4", "--format", "png8", "-o",
                    picture, "--force"], check=True)
    with open(layered, "w") as f:
        f.write(Image.open(picture).text["noise-explorer-preset"])
    with open(layered, "rb") as f:
        layered_bytes = f.read()
    app, report = start("--preset", layered)
    click(report.last()["rects"]["tab_layers"])
    until(report, "the Layers tab", lambda l: "layers.row.3" in l["rects"])
    time.sleep(0.3)
    x0, y0, x1, y1 = report.last()["rects"]["layers.row.3"]
    click_at(x0 + 20, (y0 + y1) // 2)  # the thumbnail's end of the row: its widgets take clicks
    until(report, "layer 3 selected", lambda l: l["layers"]["selected"] == 3)
    click(report.last()["rects"]["tab_field"])
    until(report, "the Field tab", lambda l: "layers.row.1" not in l["rects"])
    time.sleep(0.3)
    menu_item(report, "edit_menu", "reset_all")
    line = until(report, "the defaults, untitled, layer 1 selected",
                 lambda l: l["stack_layers"] == 0 and l["title"] == "Noise Explorer *"
                 and l["layers"]["selected"] == 1, timeout=10)
    open_dialog(report, "ctrl+s", "the Save dialog", "save_path")
    press_confirmed(report, "Escape", "the Save dialog closed", lambda l: "save_path" not in l["rects"])
    with open(layered, "rb") as f:
        if f.read() != layered_bytes:
            fail("Reset all, then Ctrl+S, changed the preset that was open")
    time.sleep(0.3)  # a dialog that just closed keeps the keyboard for its last frame
    open_dialog(report, "ctrl+q", "the unsaved-changes question", "quit_discard")
    click_item(report, "quit_discard")
    wait_quit(app, "Quit without saving after Reset all")
    print(f"ok  Reset all: title {line['title']!r}, layer {line['layers']['selected']} selected, "
          "the open preset untouched", flush=True)


if __name__ == "__main__":
    main()
