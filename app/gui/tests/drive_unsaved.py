#!/usr/bin/python3
"""Unsaved work is never lost silently: the window marks it, and quitting asks first.

Run under Xvfb (the CTest entry does this):
    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_unsaved.py NOISE_EXPLORER WORKDIR

With real X11 input at the rectangles the --ui-report names:
  1. nothing changed: Ctrl+Q quits at once, status 0;
  2. drag the octaves slider: the title gains " *"; Ctrl+Q asks (the app keeps running),
     Cancel keeps the window and the settings;
  3. Ctrl+S, type a file name, Return: the title names the file without " *"; Ctrl+Q quits;
  4. open that file again, change it, Ctrl+Q, "Quit without saving": status 0, the file unchanged.
"""
import os
import sys
import time

from x11_drive import click, drag, fail, hold, start_app, wait_dialog, wait_quit, xdo

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
    xdo("key", "ctrl+q")
    asking = wait_dialog(report, "the unsaved-changes question", "quit_discard")
    time.sleep(1.0)
    if app.poll() is not None:
        fail("Ctrl+Q with unsaved changes quit without asking")
    click_item(report, "quit_cancel")
    line = report.wait("the question closes on Cancel", lambda l: "quit_discard" not in l["rects"], timeout=10)
    if line["params"] != asking["params"] or app.poll() is not None:
        fail("Cancel did not keep the window and its settings")
    print(f"ok  changed: title {changed['title']!r}; Ctrl+Q asked; Cancel kept the window", flush=True)

    xdo("key", "ctrl+s")
    wait_dialog(report, "the Save dialog", "save_path")
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
    xdo("key", "ctrl+q")
    wait_dialog(report, "the unsaved-changes question", "quit_discard")
    click_item(report, "quit_discard")
    wait_quit(app, "Quit without saving")
    with open(SAVED, "rb") as f:
        if f.read() != saved_bytes:
            fail("quitting without saving changed the file")
    print("ok  Quit without saving: status 0, the file as it was", flush=True)


if __name__ == "__main__":
    main()
