#!/usr/bin/python3
"""The lattice views (lattice, probe, corner influences), driven with real X11 input under Xvfb.

    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_lattice.py NOISE_EXPLORER WORKDIR

  1. Teach > "Lattice and gradients" over a 2D Perlin field 8 cells wide: every lattice line is
     drawn and each point carries its gradient; zoomed out to 200 cells, lines are thinned to a
     power-of-two step and the points are left out.
  2. Teach > "Probe tool", a click in the preview pins the probe there (the view does not pan):
     the probe window opens, its cell is the point's, and the value it shows is, digit for digit,
     what `noise-explorer sample` prints for that point: the trace is the evaluation itself.
     Dragging the probe moves it (and still does not pan).
  3. Teach > corner influence and "before interpolation": the picture changes, and comes back
     bit for bit (same checksum) when "The noise" is chosen again.
Screenshots of each step are kept in WORKDIR for a person to look at.
"""
import os
import sys
import time

import x11_drive
from x11_drive import centre, click, click_at, drag, fail, menu_item, settled, start_app, until, xdo

APP, WORK = sys.argv[1], sys.argv[2]
os.makedirs(WORK, exist_ok=True)
PRESET = os.path.join(WORK, "teach.json")


def screenshot(name):
    x11_drive.screenshot(WORK, name)


def main():
    with open(PRESET, "w") as f:
        f.write('{"format": "noise-explorer-preset", "version": 1, "algorithm": "perlin", "dimension": 2,'
                ' "octaves": 3, "frequency": 8, "offset_x": 0.25, "offset_y": 0.5, "seed": 11}\n')
    app, report = start_app(APP, os.path.join(WORK, "teach_report.jsonl"), "--preset", PRESET, "--no-session",
                            cwd=WORK)
    try:
        run(report)
    finally:
        app.terminate()
        app.wait(timeout=10)


def run(report):
    # 1. The lattice.
    menu_item(report, "teach_menu", "teach_lattice")
    line = until(report, "the lattice drawn", lambda l: l["lattice_views"]["lattice"] and l["lattice_views"]["lattice_marks"] > 0)
    if line["lattice_views"]["lattice_step"] != 1:
        fail(f"8 cells across: every lattice line should be drawn, step is {line['teach']['lattice_step']}")
    # Points of the cells on screen: 8 across, and as many down as the picture's height holds.
    marks = line["lattice_views"]["lattice_marks"]
    if not 8 * 4 <= marks <= 10 * 10:
        fail(f"{marks} lattice points drawn for a picture 8 cells wide")
    screenshot("1-lattice.png")
    image = line["rects"]["preview_image"]
    xdo("mousemove", *centre(image))
    time.sleep(0.2)
    for _ in range(20):  # zoom out: 8 * 1.2^20 = 307 cells across
        xdo("click", 5)
        time.sleep(0.03)
    line = until(report, "the lattice thinned", lambda l: l["lattice_views"]["lattice_step"] > 1 and l["lattice_views"]["lattice_marks"] == 0)
    screenshot("1-lattice-thinned.png")
    for _ in range(20):
        xdo("click", 4)
        time.sleep(0.03)
    line = until(report, "zoomed back in", lambda l: l["lattice_views"]["lattice_step"] == 1 and l["lattice_views"]["lattice_marks"] > 0)
    time.sleep(0.5)

    # 2. The probe: a click pins it, and does not pan.
    menu_item(report, "teach_menu", "teach_probe")
    before = report.last()["params"]
    image = report.last()["rects"]["preview_image"]
    x, y = image[0] + (image[2] - image[0]) * 3 // 10, image[1] + (image[3] - image[1]) * 4 // 10
    click_at(x, y)
    line = until(report, "the probe pinned", lambda l: l["lattice_views"]["probe"] is not None and "probe_window" in l["rects"])
    probe = line["lattice_views"]["probe"]
    if line["params"]["offset_x"] != before["offset_x"] or line["params"]["offset_y"] != before["offset_y"]:
        fail(f"a click with the probe tool panned the view: {before} -> {line['params']}")
    width = 8.0 * (image[2] - image[0]) / (image[2] - image[0])  # 8 cells across the image
    expect_x = 0.25 + (x - image[0]) / (image[2] - image[0]) * width
    if abs(probe["x"] - expect_x) > 0.05:
        fail(f"the probe is at x {probe['x']}, the click was at {expect_x}")
    if probe["corners"] != 4 or probe["blends"] != 3:
        fail(f"2D two-point blend: 4 corners and 3 lerps expected, got {probe}")
    if probe["cell"] != [int(probe["x"] // 1), int(probe["y"] // 1)]:
        fail(f"cell {probe['cell']} does not contain ({probe['x']}, {probe['y']})")
    expected = x11_drive.sample(APP, PRESET, probe["x"], probe["y"])
    if probe["value"] != expected:
        fail(f"the probe shows {probe['value']}, `sample` prints {expected} for the same point")
    screenshot("2-probe.png")

    # Dragging the probe moves it.
    marker = line["rects"]["probe_marker"]
    px, py = centre(marker)
    drag(px, py, px + 60, steps=10)
    line = until(report, "the probe moved", lambda l: l["lattice_views"]["probe"] and l["lattice_views"]["probe"]["x"] > probe["x"] + 0.2)
    if line["params"]["offset_x"] != before["offset_x"]:
        fail("dragging the probe panned the view")
    moved = line["lattice_views"]["probe"]
    if moved["value"] != x11_drive.sample(APP, PRESET, moved["x"], moved["y"]):
        fail(f"after the drag the probe shows {moved['value']}, `sample` disagrees")
    click(line["rects"]["probe_unpin"])
    until(report, "the probe unpinned", lambda l: l["lattice_views"]["probe"] is None)
    menu_item(report, "teach_menu", "teach_probe")  # the tool off again: drags pan

    # 3. Corner influences and the field before interpolation.
    noise_sum = until(report, "the noise shown", lambda l: l["lattice_views"]["field"] == "noise" and not l["rendering"])
    noise_checksum = noise_sum["preview"]["checksum"]
    menu_item(report, "teach_menu", "teach_corner_0")
    # Settled as for the noise: the report's generations follow the mode's own images.
    line = until(report, "corner influence shown", lambda l: l["lattice_views"]["field"] == "corner_influence"
                 and l["lattice_views"]["influence_shown"] and settled(l), timeout=60)
    influence = line["preview"]["checksum"]
    if influence == noise_checksum:
        fail("the corner influence looks like the noise")
    screenshot("3-corner-influence.png")
    menu_item(report, "teach_menu", "teach_before_interpolation")
    line = until(report, "before interpolation shown", lambda l: l["lattice_views"]["field"] == "before_interpolation"
                 and l["lattice_views"]["influence_shown"], timeout=60)
    if line["preview"]["checksum"] in (influence, noise_checksum):
        fail("'before interpolation' shows the same picture as another mode")
    screenshot("3-before-interpolation.png")
    menu_item(report, "teach_menu", "teach_field_noise")
    until(report, "the noise back, bit for bit", lambda l: l["lattice_views"]["field"] == "noise"
          and l["preview"]["checksum"] == noise_checksum, timeout=60)
    print("lattice views: lattice, probe and influences behave", flush=True)


main()
