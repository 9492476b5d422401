#!/usr/bin/python3
"""Simplex noise in the window, driven with real X11 input under Xvfb.

    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_simplex.py NOISE_EXPLORER WORKDIR

  1. A tiled Perlin field; choosing `simplex` in the algorithm list turns tiling off with a note
     (simplex noise cannot tile), with no error, and the controls that do not apply to it (tile,
     gradients, interpolation, smooth) are hidden.
  2. Teach menu: the lattice overlay draws simplex noise's skewed lattice (lines and a gradient
     at each vertex); the views of the square lattice's cells (corner influences, before
     interpolation) are disabled: clicking them changes nothing.
  3. The probe still works: pinned on the simplex field it lists the 3 vertices summed (2D), no
     blends, and shows, digit for digit, what `noise-explorer sample` prints for that point.
Screenshots of each step are kept in WORKDIR for a person to look at.
"""
import os
import sys
import time

import x11_drive
from x11_drive import click, click_at, fail, settled, start_app, until

APP, WORK = sys.argv[1], sys.argv[2]
os.makedirs(WORK, exist_ok=True)
TILED = os.path.join(WORK, "tiled-perlin.json")
SIMPLEX = os.path.join(WORK, "simplex.json")
COMMON = '"dimension": 2, "octaves": 3, "frequency": 8, "offset_x": 0.25, "offset_y": 0.5, "seed": 11'


def screenshot(name):
    x11_drive.screenshot(WORK, name)


def open_menu_and_click(report, menu, item):
    """Clicks the item, opening the menu first unless it is open (a disabled item leaves it open)."""
    if item not in report.last()["rects"]:
        click(report.last()["rects"][menu])
    until(report, f"menu item {item}", lambda l: item in l["rects"], timeout=10)
    time.sleep(0.3)
    click(report.last()["rects"][item])
    time.sleep(0.5)


def main():
    with open(TILED, "w") as f:
        f.write('{"format": "noise-explorer-preset", "version": 1, "algorithm": "perlin", "tile": 4, ' + COMMON + '}\n')
    with open(SIMPLEX, "w") as f:
        f.write('{"format": "noise-explorer-preset", "version": 1, "algorithm": "simplex", ' + COMMON + '}\n')
    app, report = start_app(APP, os.path.join(WORK, "simplex_report.jsonl"), "--preset", TILED, "--no-session",
                            cwd=WORK)
    try:
        run(report)
    finally:
        app.terminate()
        app.wait(timeout=10)


def run(report):
    # 1. Choosing simplex while tiling.
    first = report.last()
    if first["params"]["tile"] != "4" or "tile" not in first["rects"]:
        fail(f"the tiled preset should show tile 4 and its control: {first['params']}")
    click(first["rects"]["algorithm"])
    until(report, "the algorithm list open", lambda l: "algorithm=simplex" in l["rects"], timeout=10)
    time.sleep(0.3)
    click(report.last()["rects"]["algorithm=simplex"])
    line = until(report, "simplex chosen", lambda l: l["params"]["algorithm"] == "simplex")
    if line["params"]["tile"] != "0" or line["error"]:
        fail(f"simplex chosen while tiling: tile {line['params']['tile']}, error {line['error']!r}")
    if "turned off" not in line["note"]:
        fail(f"no note says tiling was turned off: {line['note']!r}")
    line = until(report, "the simplex picture", lambda l: settled(l) and l["params"]["algorithm"] == "simplex",
                 timeout=60)
    hidden = [key for key in ("tile", "gradients", "interpolation", "smooth") if key in line["rects"]]
    if hidden:
        fail(f"controls that do not apply to simplex noise are shown: {hidden}")
    screenshot("1-simplex-chosen.png")
    print(f"ok  simplex chosen while tiling: tile 0, note {line['note']!r}, tile/gradients/interpolation hidden",
          flush=True)

    # 2. The skewed lattice over the picture; the square-cell views are disabled.
    open_menu_and_click(report, "teach_menu", "teach_lattice")
    line = until(report, "the skewed lattice drawn", lambda l: l["lattice_views"]["lattice"]
                 and l["lattice_views"]["lattice_step"] == 1 and l["lattice_views"]["lattice_marks"] > 0)
    time.sleep(0.3)
    screenshot("2-skewed-lattice.png")
    print(f"ok  the skewed lattice: {report.last()['lattice_views']['lattice_marks']} vertices with gradients",
          flush=True)
    for item in ("teach_corner_0", "teach_before_interpolation"):
        open_menu_and_click(report, "teach_menu", item)
        if item == "teach_corner_0":
            screenshot("2-teach-menu-disabled.png")  # the tooltip says why
        time.sleep(0.3)
        views = report.last()["lattice_views"]
        if views["field"] != "noise":
            fail(f"{item} is not disabled for simplex noise: {views}")
    print("ok  the corner influence and before-interpolation views are disabled", flush=True)

    # 3. The probe.
    open_menu_and_click(report, "teach_menu", "teach_probe")
    image = report.last()["rects"]["preview_image"]
    click_at(image[0] + (image[2] - image[0]) * 3 // 10, image[1] + (image[3] - image[1]) * 4 // 10)
    line = until(report, "the probe pinned",
                 lambda l: l["lattice_views"]["probe"] is not None and "probe_window" in l["rects"])
    time.sleep(0.5)
    probe = report.last()["lattice_views"]["probe"]
    if probe["corners"] != 3 or probe["blends"] != 0:
        fail(f"2D simplex: 3 vertices and no blends expected, got {probe}")
    expected = x11_drive.sample(APP, SIMPLEX, probe["x"], probe["y"])
    if probe["value"] != expected:
        fail(f"the probe shows {probe['value']}, `sample` prints {expected} for the same point")
    screenshot("3-probe.png")
    print(f"ok  the probe lists 3 vertices and shows {probe['value']}, as `sample` does", flush=True)


main()
