"""The Shaping section driven as a person would (issue 25): pick a curve preset, drag a control
point of the curve editor with real X11 input, turn terraces on, choose a mask, change the mask
field's own fractal and edit its own curve; each step must reach the parameters and the preview. Screenshots of each
step are kept in the output folder for a person to look at.

usage: drive_shaping.py APP OUT_DIR   (under Xvfb: xvfb-run -a -s "-screen 0 1280x1400x24")
"""
import os
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from x11_drive import click, click_at, fail, into_view, settled, start_app, type_into_slider, until, xdo

app, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
report_path = os.path.join(out, "shaping-report.jsonl")
process, report = start_app(app, report_path, "--no-session", "--window-size", "1280x1400", cwd=out)


def shot(name):
    subprocess.run(["import", "-window", "root", os.path.join(out, name)], check=True)


def checksum():
    return report.last()["preview"]["checksum"]


def pick(key, name):
    """Opens the combo `key` and clicks its entry `name`. A popup is laid out during its first
    frames: its entries' final place is in the newest line after a short wait."""
    click(report.last()["rects"][key])
    report.wait(f"the {key} list", lambda l: f"{key}={name}" in l["rects"])
    time.sleep(0.3)
    click(report.last()["rects"][f"{key}={name}"])


def new_picture(before, what):
    return until(report, what, lambda l: settled(l) and l["preview"]["checksum"] != before, timeout=30)


# [1] A curve preset from the combo.
line = until(report, "the curve combo", lambda l: "curve_preset" in l["rects"] and "curve_editor" in l["rects"])
before = checksum()
pick("curve_preset", "plateau")
until(report, "curve = plateau", lambda l: l["params"]["curve"] == "0:0,0.35:0.55,0.5:0.72,0.75:0.78,1:0.85")
new_picture(before, "the plateau curve's picture")
shot("shaping-1-plateau.png")

# [2] Drag the third point (0.5, 0.72) down by a quarter of the editor with real mouse steps.
line = report.last()
editor = line["rects"]["curve_editor"]
point = line["rects"]["curve_point_2"]
x, y = (point[0] + point[2]) // 2, (point[1] + point[3]) // 2
before = checksum()
xdo("mousemove", x, y)
time.sleep(0.15)
xdo("mousedown", 1)
time.sleep(0.15)
height = editor[3] - editor[1]
for step in range(1, 11):
    xdo("mousemove", x, y + int(height * 0.25 * step / 10))
    time.sleep(0.06)
time.sleep(0.1)
xdo("mouseup", 1)
line = until(report, "the dragged point", lambda l: l["params"]["curve"].split(",")[2].startswith("0.5:0.4"))
dragged_y = float(line["params"]["curve"].split(",")[2].split(":")[1])
if not 0.44 <= dragged_y <= 0.50:
    fail(f"the point went to y {dragged_y}, expected about 0.47")
new_picture(before, "the dragged curve's picture")
shot("shaping-2-dragged.png")

# [3] Click an empty spot of the editor: a new point there.
count = len(report.last()["params"]["curve"].split(","))
click_at(editor[0] + int((editor[2] - editor[0]) * 0.9), editor[1] + int(height * 0.5))
until(report, "a sixth point", lambda l: len(l["params"]["curve"].split(",")) == count + 1)


def points():
    return [tuple(float(v) for v in p.split(":")) for p in report.last()["params"]["curve"].split(",")]


def drag_point(index, dx, dy, rise):
    """Grabs point `index` (dx, dy) pixels off its centre and drags it up by `rise` of the plot's
    height in real mouse steps."""
    rect = report.last()["rects"][f"curve_point_{index}"]
    x, y = (rect[0] + rect[2]) // 2 + dx, (rect[1] + rect[3]) // 2 + dy
    xdo("mousemove", x, y)
    time.sleep(0.15)
    xdo("mousedown", 1)
    time.sleep(0.15)
    for step in range(1, 9):
        xdo("mousemove", x, y - int(height * rise * step / 8))
        time.sleep(0.06)
    time.sleep(0.1)
    xdo("mouseup", 1)
    time.sleep(0.3)


# [3b] The first point sits on the plot's left edge: grabbed at its centre and dragged straight
# up, it rises and stays at x = 0. A middle point grabbed off its centre moves with the hand,
# not to it: a vertical drag leaves its x.
first_y = points()[0][1]
drag_point(0, 0, 0, 0.2)
moved = until(report, "the first point raised", lambda l: l["params"]["curve"].split(",")[0] != f"0:{first_y:g}")
if points()[0][0] != 0.0 or not 0.15 <= points()[0][1] - first_y <= 0.25:
    fail(f"the end point grabbed at its centre went from (0, {first_y}) to {points()[0]}")
x2, y2 = points()[2]
drag_point(2, 4, 3, 0.1)
until(report, "the third point raised", lambda l: l["params"]["curve"].split(",")[2] != f"{x2:g}:{y2:g}")
if points()[2][0] != x2 or not 0.06 <= points()[2][1] - y2 <= 0.14:
    fail(f"a point grabbed off-centre went from ({x2}, {y2}) to {points()[2]}: it snapped to the mouse")
print(f"ok  curve editor: end point grabbed at its centre raised to {points()[0]}, an off-centre grab kept "
      f"x {x2}", flush=True)

# [3c] Clicks fill the curve to its 16 points; the next click adds none, and the editor says why.
width = editor[2] - editor[0]
for i in range(40):
    if len(points()) == 16:
        break
    xs = [p[0] for p in points()]
    free = next(u for u in (k / 40 for k in range(2, 39)) if min(abs(u - x) for x in xs) > 0.03)
    count = len(points())
    click_at(editor[0] + int(width * free), editor[1] + int(height * (0.08 if i % 2 else 0.92)))
    until(report, f"point {count + 1}", lambda l: len(l["params"]["curve"].split(",")) == count + 1, timeout=10)
line = until(report, "the full curve's note", lambda l: "curve_full" in l["rects"])
xs = [p[0] for p in points()]
free = next(u for u in (k / 40 for k in range(2, 39)) if min(abs(u - x) for x in xs) > 0.02)
click_at(editor[0] + int(width * free), editor[1] + int(height * 0.5))
time.sleep(0.5)
if len(points()) != 16 or "curve_full" not in report.last()["rects"]:
    fail(f"a click on a full curve: {len(points())} points, note shown: {'curve_full' in report.last()['rects']}")
shot("shaping-2b-full-curve.png")
print("ok  curve editor: 16 points, a 17th click adds nothing and the editor says the curve is full", flush=True)

# [4] Terraces: Ctrl+click the slider and type 6.
before = checksum()
for attempt in range(3):  # a Ctrl+click that a slow frame split (a loaded machine) is tried again
    type_into_slider(report.last()["rects"]["terraces"], "6")
    if report.wait_or_none(lambda l: l["params"]["terraces"] == "6", timeout=10) or \
            report.last()["params"]["terraces"] == "6":
        break
until(report, "terraces = 6", lambda l: l["params"]["terraces"] == "6")
new_picture(before, "the terraced picture")
shot("shaping-3-terraces.png")

# [5] A mask: min with the mask field, then the mask field's own fractal to ridged.
before = checksum()
pick("mask", "min")
line = until(report, "the mask field's controls", lambda l: l["params"]["mask"] == "min" and "mask.fractal" in l["rects"])
new_picture(before, "the masked picture")
before = checksum()
pick("mask.fractal", "ridged")
until(report, "mask.fractal = ridged", lambda l: l["params"].get("mask.fractal") == "ridged")
new_picture(before, "the ridged mask's picture")
shot("shaping-4-mask.png")


# [6] The mask field's own curve (issue 39): a preset from its combo, then a point added by a click
# in its editor; both reach the parameters and the picture.
until(report, "the mask field's curve", lambda l: "mask.curve_preset" in l["rects"] and "mask.curve_editor" in l["rects"])
into_view(report, "mask.curve_preset")
before = checksum()
pick("mask.curve_preset", "valley")
until(report, "mask.curve = valley", lambda l: l["params"].get("mask.curve", "").count(":") >= 3
      and l["params"]["mask.curve"] != "none")
valley = report.last()["params"]["mask.curve"]
new_picture(before, "the mask curve's picture")
line = into_view(report, "mask.curve_editor")
editor = line["rects"]["mask.curve_editor"]
before = checksum()
# A click at in 0.1, out 0.9: far from every point of the valley curve, so it adds one there.
click_at(int(editor[0] + 0.1 * (editor[2] - editor[0])), int(editor[3] - 0.9 * (editor[3] - editor[1])))
line = until(report, "a point added to the mask curve", lambda l: l["params"]["mask.curve"] != valley)
added = line["params"]["mask.curve"]
if added.count(",") != valley.count(",") + 1:
    fail(f"the click should add one point: {valley} -> {added}")
new_picture(before, "the edited mask curve's picture")
if line["params"]["curve"] == added:
    fail("the field's own curve changed with the mask field's")
shot("shaping-5-mask-curve.png")

process.terminate()
process.wait(timeout=20)
print("shaping: curve preset, dragged point, added point, terraces, mask, the mask field's fractal and its own curve all reached the picture")
