#!/usr/bin/python3
"""Cellular (worley) noise in the teaching views, driven with real X11 input under Xvfb.

    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_worley.py NOISE_EXPLORER WORKDIR

  1. Teach > "Lattice and gradients" over 2D worley noise 8 cells wide: the cell lines are drawn
     and every cell shows its feature point.
  2. The corner views do not apply to cellular noise (nothing is blended): clicking
     "Influence of corner (0, 0)" and "Before interpolation" changes nothing, the preview keeps
     showing the noise, bit for bit.
  3. Teach > "Probe tool", a click in the preview pins the probe: it shows the cells searched (at
     least the 3 x 3 around the point) and no blends, and its value is, digit for digit, what
     `noise-explorer sample` prints for that point.
Screenshots of each step are kept in WORKDIR for a person to look at.
"""
import os
import sys
import time

import x11_drive
from x11_drive import click, click_at, fail, menu_item, settled, start_app, until

APP, WORK = sys.argv[1], sys.argv[2]
os.makedirs(WORK, exist_ok=True)
PRESET = os.path.join(WORK, "worley.json")


def screenshot(name):
    x11_drive.screenshot(WORK, name)


def main():
    with open(PRESET, "w") as f:
        f.write('{"format": "noise-explorer-preset", "version": 1, "algorithm": "worley", "dimension": 2,'
                ' "cellular_return": "f1", "octaves": 2, "frequency": 8, "offset_x": 0.25, "offset_y": 0.5,'
                ' "seed": 11}\n')
    app, report = start_app(APP, os.path.join(WORK, "worley_report.jsonl"), "--preset", PRESET, "--no-session",
                            cwd=WORK)
    try:
        run(report)
    finally:
        app.terminate()
        app.wait(timeout=10)


def run(report):
    # 1. The cells and their feature points.
    menu_item(report, "teach_menu", "teach_lattice")
    line = until(report, "the cells drawn", lambda l: l["lattice_views"]["lattice"] and l["lattice_views"]["lattice_marks"] > 0)
    marks = line["lattice_views"]["lattice_marks"]
    if not 8 * 4 <= marks <= 10 * 10:
        fail(f"{marks} feature points drawn for a picture 8 cells wide")
    screenshot("1-cells.png")

    # 2. The corner views are disabled: the noise stays on screen, bit for bit.
    noise = until(report, "the noise shown", lambda l: l["lattice_views"]["field"] == "noise" and settled(l), timeout=60)
    click(report.last()["rects"]["teach_menu"])
    menu = until(report, "the Teach menu", lambda l: "teach_before_interpolation" in l["rects"], timeout=10)
    time.sleep(0.3)
    for item in ("teach_corner_0", "teach_before_interpolation"):
        click(menu["rects"][item])  # disabled: the menu stays open, nothing changes
        time.sleep(0.5)
    time.sleep(0.5)  # the pointer rests on the disabled item: its tooltip says why
    screenshot("2-corner-views-disabled.png")
    click(menu["rects"]["teach_menu"])  # closes the menu
    time.sleep(0.5)
    line = until(report, "the noise still shown", lambda l: settled(l) and "teach_before_interpolation" not in l["rects"],
                 timeout=60)
    if line["lattice_views"]["field"] != "noise" or line["lattice_views"]["influence_shown"]:
        fail(f"a corner view switched the preview to {line['lattice_views']['field']} for cellular noise")
    if line["preview"]["checksum"] != noise["preview"]["checksum"]:
        fail("a corner view changed the picture of cellular noise")

    # 3. The probe: the cells searched, no blends, the value `sample` prints.
    menu_item(report, "teach_menu", "teach_probe")
    image = report.last()["rects"]["preview_image"]
    x, y = image[0] + (image[2] - image[0]) * 3 // 10, image[1] + (image[3] - image[1]) * 4 // 10
    click_at(x, y)
    line = until(report, "the probe pinned", lambda l: l["lattice_views"]["probe"] is not None and "probe_window" in l["rects"])
    probe = line["lattice_views"]["probe"]
    if probe["corners"] < 9 or probe["blends"] != 0:
        fail(f"cellular noise: at least the 3 x 3 cells searched and no blends expected, got {probe}")
    if probe["cell"] != [int(probe["x"] // 1), int(probe["y"] // 1)]:
        fail(f"cell {probe['cell']} does not contain ({probe['x']}, {probe['y']})")
    expected = x11_drive.sample(APP, PRESET, probe["x"], probe["y"])
    if probe["value"] != expected:
        fail(f"the probe shows {probe['value']}, `sample` prints {expected} for the same point")
    time.sleep(0.5)
    screenshot("3-probe.png")
    print("worley teaching views: feature points, corner views disabled, probe behave", flush=True)


main()
