#!/usr/bin/python3
"""The lessons (issue 24, item 1), driven with real X11 input under Xvfb.

    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_lessons.py NOISE_EXPLORER WORKDIR

  1. The window starts from a preset of the student's own (seed 99, ramp terrain).
  2. Every shipped lesson (assets/lessons/*.json) is started from the Lessons menu and stepped
     through with the panel's Next button; at every step the window's parameters and view settings
     (read back from --ui-report) are the step's as the file describes them (the defaults, or the
     step's preset, with the step's "set" keys on top), and so are its views: the lattice, the
     probe pinned at the file's point, the field layer, the bottom tab, the downhill arrows and
     flow paths (drawn, each path ending in a pit or at the edge). The panel's text fits:
     its rectangle lies inside the window and above the controls; Back, Next, Reset and Leave are
     at the same place at every step; a pinned probe's window covers no part of the picture.
     A screenshot of each step is
     kept in WORKDIR for a person to look at.
  3. The student's own change is kept per step: on step 2 of the first lesson the octaves field is
     set to 3 by typing, Next and Back bring the 3 back, Reset gives the file's value.
  4. Leave (and Finish on the last step) gives back the student's own settings.
  5. Presenter mode (F5 in a lesson): no controls, larger buttons, the probe's window beside the
     picture; View > Presenter mode switches it off and the controls come back.
  6. File > Open lesson file starts in the folder the program was started from (the teacher's,
     not the shipped lessons'); with a broken lesson it shows one line naming the step and the key and
     starts nothing; a teacher's own good file then starts.
"""
import glob
import json
import os
import sys
import time

from x11_drive import centre, click, fail, hold, menu_item, screenshot, settled, start_app, type_into_slider, until, xdo

APP, WORK = sys.argv[1], sys.argv[2]
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
LESSONS = sorted(glob.glob(os.path.join(ROOT, "assets", "lessons", "*.json")))
PRESETS = os.path.join(ROOT, "assets", "presets")
os.makedirs(WORK, exist_ok=True)
REPORT = os.path.join(WORK, "lessons_report.jsonl")


def write_json(name, value):
    path = os.path.join(WORK, name)
    with open(path, "w") as f:
        json.dump(value, f)
    return path


OWN = {"format": "noise-explorer-preset", "version": 1, "seed": 99, "octaves": 4, "view": {"ramp": "terrain"}}


def same(shown, wanted):
    """A report value (the table's text) against a JSON value from a file."""
    if isinstance(wanted, bool):
        return shown in (("true", "on", "1") if wanted else ("false", "off", "0"))
    if isinstance(wanted, (int, float)):
        return abs(float(shown) - wanted) <= 1e-12 * max(1.0, abs(wanted))
    return shown == wanted


def expected_settings(step):
    """What the step sets: the preset's keys (or none), then the step's "set" keys. Keys it does
    not name are the defaults, which the default preset holds."""
    keys, view = {}, {}
    with open(os.path.join(PRESETS, "default.json")) as f:
        default = json.load(f)
    sources = [default]
    if "preset" in step:
        with open(os.path.join(PRESETS, step["preset"] + ".json")) as f:
            sources.append(json.load(f))
    sources.append(step.get("set", {}))
    for source in sources:
        for key, value in source.items():
            if key == "view":
                view.update(value)
            elif isinstance(value, dict):  # a group of keys ("erosion": {...}): the table's "erosion.KEY"
                keys.update({f"{key}.{k}": v for k, v in value.items()})
            elif key not in ("format", "version", "name", "description"):
                keys[key] = value
    return keys, view


def check_step(line, lesson_name, index, step):
    where = f"{lesson_name} step {index + 1} ({step['title']})"
    if line["lesson"].get("step") != index + 1:
        fail(f"{where}: the panel shows step {line['lesson'].get('step')}")
    keys, view = expected_settings(step)
    for key, value in keys.items():
        if not same(line["params"][key], value):
            fail(f"{where}: {key} is {line['params'][key]}, the file says {value}")
    for key, value in view.items():
        if not same(line["view"][key], value):
            fail(f"{where}: view.{key} is {line['view'][key]}, the file says {value}")
    show = step.get("show", {})
    views = line["lattice_views"]
    if views["lattice"] != show.get("lattice", False):
        fail(f"{where}: lattice is {views['lattice']}, the file says {show.get('lattice', False)}")
    for key in ("downhill", "flow_paths"):
        if views[key] != show.get(key, False):
            fail(f"{where}: {key} is {views[key]}, the file says {show.get(key, False)}")
    if views["field"] != show.get("field", "noise"):
        fail(f"{where}: the preview shows {views['field']}, the file says {show.get('field', 'noise')}")
    if line["teach"]["tab"] != show.get("tab", "curve"):
        fail(f"{where}: the bottom tab is {line['teach']['tab']}, the file says {show.get('tab', 'curve')}")
    probe = views["probe"]
    if "probe" in show:
        if probe is None or [probe["x"], probe["y"]] != show["probe"]:
            fail(f"{where}: the probe is {probe}, the file pins it at {show['probe']}")
    elif probe is not None:
        fail(f"{where}: a probe is pinned at {probe} though the file pins none")
    # A pinned probe has its own column: it covers no part of the picture.
    rects = line["rects"]
    if "probe_window" in rects and "preview_image" in rects:
        window, image = rects["probe_window"], rects["preview_image"]
        if window[0] < image[2] and image[0] < window[2] and window[1] < image[3] and image[1] < window[3]:
            fail(f"{where}: the probe's window {window} covers the picture {image}")
    # The panel fits in the window, above the controls, and its text is inside it.
    panel = line["rects"]["lesson_text"]
    controls_top = line["rects"]["open"][1]  # the first row of the controls, under the panel
    if panel[3] > controls_top:
        fail(f"{where}: the lesson text {panel} runs into the controls (which start at y = {controls_top})")
    if panel[0] < 0 or panel[2] > 1280:
        fail(f"{where}: the lesson text {panel} is outside the window")


def own_settings_back(line, what):
    params, view = line["params"], line["view"]
    if params["seed"] != "99" or params["octaves"] != "4" or view["ramp"] != "terrain":
        fail(f"{what}: the student's settings did not come back: seed {params['seed']}, "
             f"octaves {params['octaves']}, ramp {view['ramp']}")
    if "lesson_text" in line["rects"] or "file" in line["lesson"]:
        fail(f"{what}: the lesson panel is still there")


def step_through(report, path, shots):
    name = os.path.splitext(os.path.basename(path))[0]
    with open(path) as f:
        lesson = json.load(f)
    until(report, "the shipped lessons", lambda l: name in l["lesson"]["shipped"])
    menu_item(report, "lessons_menu", "lesson=" + name)
    for index, step in enumerate(lesson["steps"]):
        line = until(report, f"{name} step {index + 1}",
                     lambda l: l["lesson"].get("step") == index + 1 and l["lesson"].get("title") == lesson["title"]
                     and "lesson_next" in l["rects"] and settled(l))
        time.sleep(0.4)  # the probe's window and the tab follow a frame later
        line = report.last()
        check_step(line, name, index, step)
        show = step.get("show", {})
        if show.get("downhill") or show.get("flow_paths"):
            # The water's arrows and paths come from a task of their own: drawn, and from this field.
            flow = until(report, f"{name} step {index + 1}: the flow views drawn",
                         lambda l: l["lattice_views"]["flow"].get("shown"), timeout=60)["lattice_views"]["flow"]
            if show.get("downhill") and not flow.get("arrows"):
                fail(f"{name} step {index + 1}: no downhill arrows: {flow}")
            if show.get("flow_paths") and not (flow.get("paths") and flow["pits"] + flow["edges"] == flow["paths"]):
                fail(f"{name} step {index + 1}: flow paths that neither reach a pit nor the edge: {flow}")
            print(f"ok  {name} step {index + 1}: flow views {flow}", flush=True)
            time.sleep(0.3)
            line = report.last()
        # The buttons stay where they were at step 1, whatever the length of the step's text.
        buttons = {key: line["rects"][key] for key in ("lesson_back", "lesson_next", "lesson_reset", "lesson_leave")}
        if index == 0:
            first_buttons = buttons
            # The pointer over the lesson's text reads no value: the readout is the picture's.
            xdo("mousemove", *[str(int(v)) for v in centre(line["rects"]["lesson_text"])])
            time.sleep(0.4)
            if "readout" in report.last():
                fail(f"{name}: with the pointer over the lesson panel the readout shows {report.last()['readout']}")
        elif buttons != first_buttons:
            fail(f"{name} step {index + 1}: the lesson's buttons moved from {first_buttons} to {buttons}")
        if shots:
            screenshot(WORK, f"{name}-step{index + 1}.png")
        click(line["rects"]["lesson_next"])  # "Finish" on the last step
    line = until(report, f"{name} finished", lambda l: "file" not in l["lesson"] and "lesson_text" not in l["rects"])
    own_settings_back(line, f"{name}: Finish")


def kept_per_step(report):
    name = os.path.splitext(os.path.basename(LESSONS[0]))[0]
    with open(LESSONS[0]) as f:
        lesson = json.load(f)
    menu_item(report, "lessons_menu", "lesson=" + name)
    line = until(report, "step 1", lambda l: l["lesson"].get("step") == 1 and "lesson_next" in l["rects"])
    click(line["rects"]["lesson_next"])
    line = until(report, "step 2", lambda l: l["lesson"].get("step") == 2 and "octaves" in l["rects"])
    time.sleep(0.3)
    line = report.last()
    # The student types 3 into the octaves slider (Ctrl+click makes it a text field).
    type_into_slider(line["rects"]["octaves"], "3")
    until(report, "octaves 3 on step 2", lambda l: l["params"]["octaves"] == "3")
    click(report.last()["rects"]["lesson_next"])
    line = until(report, "step 3", lambda l: l["lesson"].get("step") == 3)
    wanted = str(lesson["steps"][2]["set"].get("octaves", 5))
    if line["params"]["octaves"] != wanted:
        fail(f"step 3 shows octaves {line['params']['octaves']}, its file says {wanted}")
    time.sleep(0.3)
    click(report.last()["rects"]["lesson_back"])
    line = until(report, "back on step 2", lambda l: l["lesson"].get("step") == 2)
    if line["params"]["octaves"] != "3":
        fail(f"back on step 2 the student's octaves 3 are gone: {line['params']['octaves']}")
    time.sleep(0.3)
    click(report.last()["rects"]["lesson_reset"])
    line = until(report, "step 2 reset", lambda l: l["params"]["octaves"] == "1")
    time.sleep(0.3)
    click(report.last()["rects"]["lesson_leave"])
    line = until(report, "left", lambda l: "file" not in l["lesson"] and "lesson_text" not in l["rects"])
    own_settings_back(line, "Leave")


def teachers_file(report):
    broken = write_json("broken-lesson.json", {
        "format": "noise-explorer-lesson", "version": 1, "title": "Mine",
        "steps": [{"title": "a", "text": "b"}, {"title": "c", "text": "d", "set": {"octaves": 40}}]})
    good = write_json("my-lesson.json", {
        "format": "noise-explorer-lesson", "version": 1, "title": "My own lesson",
        "steps": [{"title": "Cells", "text": "Cellular noise.", "set": {"algorithm": "worley"}},
                  {"title": "Cracks", "text": "F2 - F1.", "set": {"algorithm": "worley",
                                                                    "cellular_return": "f2_minus_f1"}}]})
    for path, check in ((broken, "error"), (good, "started")):
        menu_item(report, "lessons_menu", "lesson_open_file")
        line = until(report, "the open dialog", lambda l: "lesson_open_path" in l["rects"], timeout=10)
        if check == "error" and line["lesson"]["open_path"] != os.path.join(os.path.realpath(WORK), ""):
            fail(f"Open lesson file starts at {line['lesson']['open_path']!r}, not in the folder the "
                 f"program was started from ({WORK})")
        time.sleep(0.3)
        click(report.last()["rects"]["lesson_open_path"])
        hold("ctrl+a")
        xdo("type", "--delay", "20", path)
        time.sleep(0.2)
        click(report.last()["rects"]["lesson_open_start"])
        if check == "error":
            line = until(report, "the broken file's message", lambda l: l["lesson"]["error"] != "")
            message = line["lesson"]["error"]
            if message != ("broken-lesson.json: step 2: set: key 'octaves': '40' is out of range: "
                           "expected an integer from 1 to 16"):
                fail(f"the broken lesson's message is {message!r}")
            if "file" in line["lesson"]:
                fail("a broken lesson started")
            screenshot(WORK, "broken-lesson.png")
            hold("Escape")
            until(report, "the dialog closed", lambda l: "lesson_open_path" not in l["rects"])
        else:
            line = until(report, "the teacher's lesson", lambda l: l["lesson"].get("title") == "My own lesson"
                         and "lesson_open_path" not in l["rects"])
            if line["params"]["algorithm"] != "worley":
                fail(f"the teacher's step 1 shows {line['params']['algorithm']}")
            time.sleep(0.3)
            click(report.last()["rects"]["lesson_leave"])
            own_settings_back(until(report, "left", lambda l: "file" not in l["lesson"] and "lesson_text" not in l["rects"]),
                              "teacher's lesson")


def presenter(report):
    """F5 in a lesson: only the lesson's panel and the picture (and the probe's column), larger
    text; the View menu's item switches it back and the controls return."""
    name = "02-perlin-gradient-noise"
    menu_item(report, "lessons_menu", "lesson=" + name)
    line = until(report, "step 1", lambda l: l["lesson"].get("step") == 1 and "lesson_next" in l["rects"])
    time.sleep(0.3)
    normal_next = report.last()["rects"]["lesson_next"]
    hold("F5")
    line = until(report, "presenter mode", lambda l: l["presenter"] and "lesson_next" in l["rects"]
                 and "probe_window" in l["rects"] and "preview_image" in l["rects"])
    time.sleep(0.5)
    line = report.last()
    rects = line["rects"]
    if "open" in rects or "octaves" in rects:
        fail("presenter mode still shows the controls")
    big_next = rects["lesson_next"]
    if big_next[3] - big_next[1] <= normal_next[3] - normal_next[1]:
        fail(f"presenter mode's buttons are no larger: {big_next} against {normal_next}")
    window, image = rects["probe_window"], rects["preview_image"]
    if window[0] < image[2] and image[0] < window[2] and window[1] < image[3] and image[1] < window[3]:
        fail(f"in presenter mode the probe's window {window} covers the picture {image}")
    screenshot(WORK, "presenter-step1.png")
    click(big_next)
    until(report, "presenter step 2", lambda l: l["lesson"].get("step") == 2 and l["presenter"])
    menu_item(report, "view_menu", "presenter_mode")
    line = until(report, "presenter mode off", lambda l: not l["presenter"] and "open" in l["rects"])
    time.sleep(0.3)
    click(report.last()["rects"]["lesson_leave"])
    own_settings_back(until(report, "left", lambda l: "file" not in l["lesson"] and "lesson_text" not in l["rects"]),
                      "presenter mode")


def main():
    if len(LESSONS) < 5:
        fail(f"expected the five shipped lessons, found {LESSONS}")
    own = write_json("own.json", OWN)
    process, report = start_app(APP, REPORT, "--no-session", "--preset", own, cwd=WORK)
    try:
        for path in LESSONS:
            step_through(report, path, shots=True)
        kept_per_step(report)
        presenter(report)
        teachers_file(report)
        line = report.last()
        # Work on the window's thread by its CPU time (a loaded machine delays frames without
        # lengthening that); a frame that long on the clock is a hang.
        if line["slowest_frame_cpu_ms"] > 1000:
            fail(f"a frame took {line['slowest_frame_cpu_ms']} ms of the window thread's CPU time")
        if line["slowest_frame_ms"] > 5000:
            fail(f"a frame took {line['slowest_frame_ms']} ms on the clock: the window hung")
    finally:
        process.terminate()
        process.wait(timeout=10)
    print("lessons: every shipped lesson stepped through, every step matched its file")


main()
