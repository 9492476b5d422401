"""The Shaping section driven as a person would (issue 25): pick a curve preset, drag a control
point of the curve editor with real X11 input, turn terraces on, choose a mask and change the mask
field's own fractal; each step must reach the parameters and the preview. Screenshots of each
step are kept in the output folder for a person to look at.

usage: drive_shaping.py APP OUT_DIR   (under Xvfb: xvfb-run -a -s "-screen 0 1280x1400x24")
"""
import os
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from x11_drive import click, click_at, fail, settled, start_app, type_into_slider, until, xdo

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

# [4] Terraces: Ctrl+click the slider and type 6.
line = report.last()
before = checksum()
type_into_slider(line["rects"]["terraces"], "6")
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

process.terminate()
process.wait(timeout=20)
print("shaping: curve preset, dragged point, added point, terraces, mask and the mask field's fractal all reached the picture")
