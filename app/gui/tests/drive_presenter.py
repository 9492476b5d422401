#!/usr/bin/python3
"""A class run from the keyboard (issue 58), driven with real X11 input under Xvfb.

    xvfb-run -a -s "-screen 0 1920x1080x24" /usr/bin/python3 drive_presenter.py NOISE_EXPLORER WORKDIR [walk]

Run at 1920x1080 and at 1280x720 (app/gui/tests/CMakeLists.txt). Keys are held 150 ms, as a
clicker's are (ImGui 1.86 polls keys once a frame).
  1. Lesson 2 (Perlin, the probe on some steps) in presenter mode (F5), walked with the keys a
     clicker sends, alternating Right, Page_Down and space: every step's picture has the same
     rectangle as step 1's (the probe's column and the tab panel are kept for the whole lesson),
     the probe's window or column covers none of the picture, the lesson's text lies inside its
     panel and the window. A key past the last step stays there (the lesson still runs); Home,
     End, Left and Page_Up go where they say.
  2. B blanks the screen (the screenshot is black), Right brings it back without moving a step;
     period blanks it again, a click brings it back.
  3. The probe: x and y typed into its window (a lattice point, (2, 1)) give a value of exactly 0,
     and the same as `sample` for a point off the lattice; a click on the scanline row pins the
     probe there and leaves the scanline where it was; a click a pixel or two off a lattice
     point pins the probe on the point exactly.
  4. Lesson 6 (simplex and cellular) walked with the keys: the simplex step draws its skewed
     lattice (lattice marks counted) and the probe's vertex table; the cellular step draws lines
     from the probe to F1 and F2 on the picture.
With `walk` instead (the "done when" of issue 58, at 1920x1080 and 3840x2160):
  5. Every shipped lesson, each opened from the Lessons menu and then presented (F5) and walked
     from its first step to its last with the step keys only (Right, Page_Down, space in turn):
     on every step the picture keeps step 1's rectangle (the 1D curve of lesson 5's last steps
     its own first one), no panel, caption or label covers it or
     another ("fit y" beside "Row under the scanline", the export frame's label off the
     picture), nothing is cut off by the window; a screenshot of every step
     (walk-WxH-LESSON-stepN.png) for a person to read against the step's text.
Screenshots of every step are kept in WORKDIR for a person to look at.
"""
import os
import subprocess
import sys
import time

from x11_drive import click, click_at, fail, hold, menu_item, sample, screenshot, settled, start_app, until, xdo

APP, WORK = sys.argv[1], sys.argv[2]
os.makedirs(WORK, exist_ok=True)
REPORT = os.path.join(WORK, "presenter_report.jsonl")
STEP_KEYS = ["Right", "Next", "space"]  # Next is X11's Page_Down


def screen_size():
    out = subprocess.run(["xdotool", "getdisplaygeometry"], capture_output=True, text=True, check=True).stdout
    width, height = out.split()
    return int(width), int(height)


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(inner, outer):
    return inner[0] >= outer[0] and inner[1] >= outer[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def key(name):
    hold(name)  # a clicker taps: press and release at once


def flow_drawn(line):
    """The downhill arrows and flow paths, when on, are computed for this step's picture (a worker
    draws them after the picture: a screenshot before that showed step 1's arrows only)."""
    views = line["lattice_views"]
    return not (views["downhill"] or views["flow_paths"]) or views["flow"].get("shown")


def on_step(report, what, number, title):
    line = until(report, what, lambda l: l["lesson"].get("step") == number and l["lesson"].get("title") == title
                 and "lesson_next" in l["rects"] and ("preview_image" in l["rects"] or "big_curve" in l["rects"])
                 and settled(l) and flow_drawn(l), timeout=60)
    time.sleep(0.4)  # the probe's window and the tab follow a frame later
    return report.last()


def check_layout(line, where, screen, picture):
    rects = line["rects"]
    # The picture: the 2D image, or in 1D the curve drawn large in its place.
    image = rects.get("preview_image") or rects["big_curve"]
    if "preview_image" in rects and line["view"]["repeat_3x3"] == "true":  # the rectangle is the first of 3 x 3 copies
        image = [image[0], image[1], image[0] + 3 * (image[2] - image[0]), image[1] + 3 * (image[3] - image[1])]
    if picture is not None and image != picture:
        fail(f"{where}: the picture moved from {picture} to {image}")
    for name in ("probe_window", "probe_column", "lesson_text", "lesson_next", "export_frame_label"):
        if name in rects and overlap(rects[name], image):
            fail(f"{where}: {name} {rects[name]} covers the picture {image}")
        if name in rects and not inside(rects[name], (0, 0, screen[0], screen[1])):
            fail(f"{where}: {name} {rects[name]} is cut off by the window {screen}")
    # Captions side by side must not cover each other.
    for a, b in (("fit_y", "curve_caption"), ("lesson_text", "probe_column"), ("lesson_text", "probe_window"),
                 ("lesson_next", "probe_column"), ("lesson_next", "probe_window")):
        if a in rects and b in rects and overlap(rects[a], rects[b]):
            fail(f"{where}: {a} {rects[a]} covers {b} {rects[b]}")
    if not inside(image, (0, 0, screen[0], screen[1])):
        fail(f"{where}: the picture {image} is cut off by the window {screen}")
    return image


def walk_with_keys(report, name, title, count, screen, shots, prefix="presenter"):
    """Steps 1..count with the step keys; returns each step's report line."""
    lines, picture, kind = [], None, None
    for index in range(count):
        line = on_step(report, f"{name} step {index + 1}", index + 1, title)
        if not line["presenter"]:
            fail(f"{name} step {index + 1}: presenter mode is off")
        # A lesson that goes from a 2D picture to a 1D curve (lesson 5) keeps each still.
        if ("preview_image" in line["rects"]) != kind:
            kind, picture = "preview_image" in line["rects"], None
        picture = check_layout(line, f"{name} step {index + 1}", screen, picture)
        if line["lattice_views"]["flow_paths"] and not line["lattice_views"]["flow"].get("paths"):
            fail(f"{name} step {index + 1}: the flow paths are on but none is drawn")
        lines.append(line)
        if shots:
            screenshot(WORK, f"{prefix}-{screen[0]}x{screen[1]}-{name}-step{index + 1}.png")
        if index + 1 < count:
            key(STEP_KEYS[index % len(STEP_KEYS)])
    print(f"ok  {name}: {count} steps by keys, the picture stayed at {picture}", flush=True)
    return lines


def black_screen(path):
    from PIL import Image
    image = Image.open(path).convert("L")
    return max(image.getdata()) < 8


def perlin_lesson(report, screen):
    name, title = "02-perlin-gradient-noise", "Gradient noise, step by step"
    menu_item(report, "lessons_menu", "lesson=" + name)
    line = until(report, "lesson 2", lambda l: l["lesson"].get("step") == 1 and "lesson_next" in l["rects"])
    title = line["lesson"]["title"]
    key("F5")
    until(report, "presenter mode", lambda l: l["presenter"] and "open" not in l["rects"])
    count = line["lesson"]["steps"]
    walk_with_keys(report, "lesson2", title, count, screen, shots=True)

    # Past the last step: nothing moves, the lesson goes on.
    key("Right")
    time.sleep(0.5)
    line = report.last()
    if line["lesson"].get("step") != count or line["lesson"].get("title") != title:
        fail(f"Right on the last step moved to {line['lesson']}")
    for keys, wanted in (("Home", 1), ("End", count), ("Left", count - 1), ("Prior", count - 2)):
        key(keys)
        until(report, f"{keys} to step {wanted}", lambda l: l["lesson"].get("step") == wanted, timeout=10)
    print("ok  Home, End, Left and Page_Up; no step past the last", flush=True)

    # Blank: B, then a step key brings the picture back on the same step.
    step = report.last()["lesson"]["step"]
    key("b")
    until(report, "blank", lambda l: l["presenter_blank"] and "presenter_blank" in l["rects"])
    time.sleep(0.4)
    shot = os.path.join(WORK, f"presenter-{screen[0]}x{screen[1]}-blank.png")
    screenshot(WORK, os.path.basename(shot))
    if not black_screen(shot):
        fail("B did not blank the screen: the screenshot is not black")
    key("Right")
    line = until(report, "unblanked", lambda l: not l["presenter_blank"])
    time.sleep(0.3)
    if report.last()["lesson"]["step"] != step:
        fail(f"the key that brought the picture back moved the step: {step} -> {report.last()['lesson']['step']}")
    key("period")
    until(report, "blank by period", lambda l: l["presenter_blank"])
    time.sleep(0.3)
    click(report.last()["rects"]["presenter_blank"])
    until(report, "unblanked by a click", lambda l: not l["presenter_blank"])
    time.sleep(0.3)
    if report.last()["lesson"]["step"] != step:
        fail("the click that brought the picture back moved the step")
    print("ok  B and period blank the screen; a key or a click bring it back, on the same step", flush=True)

    # The probe, on step 1 (pinned at (1.3, 0.6), the probe tool on).
    key("Home")
    line = on_step(report, "step 1 for the probe", 1, title)
    typed(report, "probe_x", "2")
    typed(report, "probe_y", "1")
    line = until(report, "the probe at (2, 1)", lambda l: (l["lattice_views"]["probe"] or {}).get("x") == 2
                 and l["lattice_views"]["probe"]["y"] == 1)
    probe = line["lattice_views"]["probe"]
    if float(probe["value"]) != 0.0 or float(probe["octave_value"]) != 0.0:
        fail(f"at the lattice point (2, 1) the probe shows {probe['value']}, not exactly 0")
    typed(report, "probe_x", "1.3")
    typed(report, "probe_y", "0.625")
    line = until(report, "the probe at (1.3, 0.625)", lambda l: l["lattice_views"]["probe"]["x"] == 1.3
                 and l["lattice_views"]["probe"]["y"] == 0.625)
    preset = os.path.join(WORK, "one-octave.json")
    with open(preset, "w") as f:
        f.write('{"format": "noise-explorer-preset", "version": 1, "octaves": 1, "frequency": 4}')
    wanted = sample(APP, preset, 1.3, 0.625).split()[-1]
    if float(line["lattice_views"]["probe"]["value"]) != float(wanted):
        fail(f"the typed point's value {line['lattice_views']['probe']['value']} is not sample's {wanted}")
    print("ok  typed coordinates: exactly 0 at (2, 1), sample's value at (1.3, 0.625)", flush=True)

    # A click on the scanline row pins the probe there; the scanline stays.
    line = report.last()
    scanline, row_y = line["view"]["scanline"], line["curve"]["y"]
    handle = line["rects"]["scanline_handle"]
    image = line["rects"]["preview_image"]
    x = image[0] + (image[2] - image[0]) * 3 // 8  # noise x 1.5 with frequency 4
    click_at(x, (handle[1] + handle[3]) // 2)
    line = until(report, "the probe on the scanline row", lambda l: abs(l["lattice_views"]["probe"]["y"] - row_y) < 0.02)
    time.sleep(0.3)
    line = report.last()
    if line["view"]["scanline"] != scanline:
        fail(f"a click on the scanline moved it from {scanline} to {line['view']['scanline']}")
    print(f"ok  a click on the scanline row pins the probe at y {line['lattice_views']['probe']['y']}", flush=True)

    # A click a pixel off the lattice point (3, 1) pins the probe on the point itself.
    per_unit = (image[2] - image[0]) / float(line["params"]["frequency"])
    px, py = image[0] + 3 * per_unit + 1.4, image[1] + 1 * per_unit - 1.3
    click_at(int(round(px)), int(round(py)))
    line = until(report, "the probe at (3, 1)", lambda l: l["lattice_views"]["probe"]["x"] == 3
                 and l["lattice_views"]["probe"]["y"] == 1, timeout=10)
    if float(line["lattice_views"]["probe"]["value"]) != 0.0:
        fail(f"clicked at the lattice point (3, 1) the probe shows {line['lattice_views']['probe']['value']}")
    screenshot(WORK, f"presenter-{screen[0]}x{screen[1]}-probe-on-lattice-point.png")
    print("ok  a click near the lattice point (3, 1) probes it exactly: 0", flush=True)
    leave(report)


def typed(report, field, text):
    line = report.last()
    click(line["rects"][field])
    time.sleep(0.2)
    hold("ctrl+a")
    xdo("type", "--delay", "40", text)
    hold("Return")
    time.sleep(0.2)


def leave(report):
    click(report.last()["rects"]["lesson_leave"])
    until(report, "left", lambda l: "file" not in l["lesson"] and "lesson_text" not in l["rects"])
    time.sleep(0.3)


def simplex_lesson(report, screen):
    name = "06-simplex-and-cellular"
    menu_item(report, "lessons_menu", "lesson=" + name)
    line = until(report, "lesson 6", lambda l: l["lesson"].get("step") == 1 and "lesson_next" in l["rects"])
    title, count = line["lesson"]["title"], line["lesson"]["steps"]
    lines = walk_with_keys(report, "lesson6", title, count, screen, shots=True)
    simplex = [l for l in lines if l["params"]["algorithm"] == "simplex" and l["lattice_views"]["probe"]]
    if not simplex:
        fail("lesson 6 has no simplex step with the probe")
    if simplex[0]["lattice_views"]["lattice_marks"] <= 0 or "probe_simplex_table" not in simplex[0]["rects"]:
        fail(f"the simplex step draws no skewed lattice or no vertex table: {simplex[0]['lattice_views']}")
    cellular = [l for l in lines if l["params"]["algorithm"] == "worley" and l["lattice_views"]["probe"]]
    if not cellular or "probe_f1_line" not in cellular[0]["rects"] or "probe_f2_line" not in cellular[0]["rects"]:
        fail("the cellular probe step draws no F1 and F2 lines on the picture")
    print("ok  lesson 6: the skewed lattice and the vertex table; F1 and F2 lines on the picture", flush=True)
    leave(report)


def walk_every_lesson(report, screen):
    shipped = report.last()["lesson"]["shipped"]
    steps = 0
    for name in shipped:
        menu_item(report, "lessons_menu", "lesson=" + name)
        line = until(report, name, lambda l: l["lesson"].get("file", "").endswith(name + ".json")
                     and l["lesson"].get("step") == 1 and "lesson_next" in l["rects"], timeout=20)
        title, count = line["lesson"]["title"], line["lesson"]["steps"]
        key("F5")
        until(report, "presenter mode", lambda l: l["presenter"] and "open" not in l["rects"])
        walk_with_keys(report, name, title, count, screen, shots=True, prefix="walk")
        steps += count
        key("F5")
        until(report, "presenter mode off", lambda l: not l["presenter"])
        leave(report)
    return len(shipped), steps


def main():
    screen = screen_size()
    walk = len(sys.argv) > 3 and sys.argv[3] == "walk"
    process, report = start_app(APP, REPORT, "--no-session", "--window-size", f"{screen[0]}x{screen[1]}", cwd=WORK)
    try:
        until(report, "the shipped lessons", lambda l: len(l["lesson"]["shipped"]) >= 6)
        if walk:
            lessons, steps = walk_every_lesson(report, screen)
        else:
            perlin_lesson(report, screen)
            simplex_lesson(report, screen)
    finally:
        process.terminate()
        process.wait(timeout=10)
    if walk:
        print(f"presenter walk: {lessons} lessons, {steps} steps by keys at {screen[0]}x{screen[1]}, each picture "
              "still and uncovered; screenshots walk-*.png")
    else:
        print(f"presenter: lessons walked by keys at {screen[0]}x{screen[1]}, the picture still, the probe exact")


main()
