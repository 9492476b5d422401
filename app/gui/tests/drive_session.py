#!/usr/bin/python3
"""The user's own files: Save goes to the user's presets folder, recent files, the last session.

    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_session.py NOISE_EXPLORER WORKDIR

XDG_CONFIG_HOME and XDG_DATA_HOME point into WORKDIR, which starts empty. With real X11 input:
  0. the very first start shows the shipped rolling-hills preset (the README's screenshot);
  1. change octaves, Ctrl+S, Return: the suggested file is $XDG_DATA_HOME/noise-explorer/presets/
     rolling-hills.json, the user's own copy (the folder is created); the title names it; Ctrl+Q
     quits at once;
  2. a new start continues the session: the same settings, the same file in the title, and the
     file in the recent list;
  3. pick a shipped preset, Ctrl+S, Return: it is saved as the user's alpine-ridges.json, and the
     shipped file is untouched; the recent list has both files, newest first.
"""
import hashlib
import json
import os
import shutil
import sys
import time

from x11_drive import click, drag, fail, start_app, wait_dialog, wait_quit, xdo

APP, WORK = sys.argv[1], os.path.abspath(sys.argv[2])
CONFIG = os.path.join(WORK, "config")
DATA = os.path.join(WORK, "data")
PRESETS = os.path.join(DATA, "noise-explorer", "presets")


def start():
    env = dict(os.environ, XDG_CONFIG_HOME=CONFIG, XDG_DATA_HOME=DATA)
    return start_app(APP, os.path.join(WORK, "session_report.jsonl"), "--session", cwd=WORK, env=env)


def save_with_suggestion(report, expected):
    xdo("key", "ctrl+s")
    wait_dialog(report, "the Save dialog", "save_path")
    xdo("key", "Return")
    line = report.wait(f"saved as {expected}", lambda l: l["current_preset"] == expected and not l["title"].endswith("*"),
                       timeout=10)
    if not os.path.isfile(expected):
        fail(f"{expected} was not written")
    return line


def quit_now(app):
    time.sleep(0.3)  # a dialog that just closed keeps the keyboard for its last frame
    xdo("key", "ctrl+q")
    wait_quit(app, "Ctrl+Q")


def main():
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)

    # 0. and 1.
    app, report = start()
    first = report.last()
    if not first["current_preset"].endswith("rolling-hills.json") or first["view"]["ramp"] != "terrain":
        fail(f"the first start shows {first['current_preset']!r} with ramp {first['view']['ramp']}")
    print(f"ok  the first start shows {first['title']!r}", flush=True)
    x0, y0, x1, y1 = report.last()["rects"]["octaves"]
    drag(x0 + 10, (y0 + y1) // 2, x1 - 10)
    report.wait("octaves 16", lambda l: l["params"]["octaves"] == "16")
    mine = os.path.join(PRESETS, "rolling-hills.json")  # the shipped preset in use, saved as the user's own
    saved = save_with_suggestion(report, mine)
    quit_now(app)
    print(f"ok  Save suggested {mine}; title {saved['title']!r}", flush=True)

    # 2.
    app, report = start()
    line = report.last()
    if line["params"] != saved["params"] or line["current_preset"] != mine or line["recent"][:1] != [mine]:
        fail(f"the session did not continue: params equal {line['params'] == saved['params']}, file "
             f"{line['current_preset']!r}, recent {line['recent']}")
    print(f"ok  the next start continued: octaves {line['params']['octaves']}, title {line['title']!r}, "
          f"recent {line['recent']}", flush=True)

    # 3.
    click(report.last()["rects"]["preset"])
    opened = wait_dialog(report, "the preset list", "preset=alpine-ridges")
    shipped = None
    click(opened["rects"]["preset=alpine-ridges"])
    line = report.wait("alpine-ridges opened", lambda l: l["current_preset"].endswith("alpine-ridges.json")
                       and not l["opening"], timeout=20)
    shipped = line["current_preset"]
    with open(shipped, "rb") as f:
        shipped_hash = hashlib.sha256(f.read()).hexdigest()
    copy = os.path.join(PRESETS, "alpine-ridges.json")
    line = save_with_suggestion(report, copy)
    with open(shipped, "rb") as f:
        if hashlib.sha256(f.read()).hexdigest() != shipped_hash:
            fail("Save changed the shipped preset")
    if line["recent"][:3] != [copy, shipped, mine]:
        fail(f"recent files are {line['recent']}")
    with open(copy) as f:
        if json.load(f)["fractal"] != "ridged":
            fail("the saved copy is not the preset")
    quit_now(app)
    print(f"ok  a shipped preset saved as {copy}; the shipped file untouched; recent {line['recent']}", flush=True)


if __name__ == "__main__":
    main()
