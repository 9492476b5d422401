#!/usr/bin/python3
"""The preview's Colour modes (terrain maps), driven with real X11 input under Xvfb.

    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_masks.py NOISE_EXPLORER WORKDIR [PRESET...]

For each preset (default: the shipped alpine-ridges, eroded-alpine and river-canyons), at a fixed
preview width:
  1. Each map is chosen from the Colour combo under the picture (a click on the combo, a click on
     its entry); the picture changes (its checksum) and the report says which map it shows.
  2. The cursor is put on a few image pixels; the readout's sample there (--ui-report
     readout.sample) equals that pixel of `noise-explorer export --format mask16 --map MAP` at the
     preview's size W' on the export's ground (`--set terrain_spacing=S*W/W'`, W the export
     frame's width: the preview reads metres as the export does, preview_colour.hpp): the window
     shows exactly the export's samples. A preset with erosion.method=simulate (river-canyons)
     has three maps more, the simulation's flow, wear and deposit: the preview simulates its own
     image, so they equal the export's of the same size.
  3. Back to Ramp, the picture is the one it was (the same checksum): the map is only a view.
  4. The 3D terrain tab with Slope: the landscape is coloured by it (a new mesh) and its legend.
  5. (first preset) Back on the 2D tab with Curvature: Teach > Flow paths and Downhill arrows from
     the menu draw the water's paths (each ending in a pit or at the edge) and arrows over it.
Screenshots of every map are kept in WORKDIR for a person to look at.
"""
import json
import os
import subprocess
import sys
import time

from PIL import Image

import x11_drive
from x11_drive import click, fail, settled, start_app, until, xdo

APP, WORK = sys.argv[1], sys.argv[2]
PRESETS = sys.argv[3:] or ["alpine-ridges", "eroded-alpine", "river-canyons"]
os.makedirs(WORK, exist_ok=True)
HERE = os.path.dirname(os.path.abspath(__file__))
SHIPPED = os.path.join(HERE, "..", "..", "..", "assets", "presets")
WIDTH = 256
MAPS = [("slope", "slope"), ("height_band", "height"), ("curvature", "curvature"), ("aspect", "aspect")]
SIMULATION_MAPS = [("flow", "flow"), ("wear", "wear"), ("deposit", "deposit")]
PIXELS = [(37, 41), (128, 128), (200, 77), (90, 230)]


def choose(report, entry):
    """Opens the Colour combo and clicks one of its entries, as a person does."""
    click(report.last()["rects"]["colour"])
    until(report, "the Colour list open", lambda l: f"colour={entry}" in l["rects"], timeout=10)
    time.sleep(0.3)
    click(report.last()["rects"][f"colour={entry}"])
    return until(report, f"the {entry} picture",
                 lambda l: settled(l) and l["preview"]["colour"] == entry and l["preview"]["colour_asked"] == entry,
                 timeout=120)


def exported(preset_path, option, size, spacing, name):
    out = os.path.join(WORK, name)
    subprocess.run([APP, "export", "--preset", preset_path, "--format", "mask16", "--map", option, "--size",
                    f"{size[0]}x{size[1]}", "--set", f"terrain_spacing={spacing!r}", "-o", out, "--force"],
                   check=True, capture_output=True)
    image = Image.open(out)
    return image


def water(report, name):
    """Teach > Flow paths and Downhill arrows from the menu, over the curvature map."""
    click(report.last()["rects"]["tab_preview"])
    choose(report, "curvature")
    for item in ("teach_flow_paths", "teach_downhill"):
        x11_drive.menu_item(report, "teach_menu", item)
    line = until(report, "the flow views drawn",
                 lambda l: l["lattice_views"]["downhill"] and l["lattice_views"]["flow_paths"]
                 and l["lattice_views"]["flow"].get("shown") and l["lattice_views"]["flow"].get("arrows"), timeout=60)
    flow = line["lattice_views"]["flow"]
    if not flow["paths"] or flow["pits"] + flow["edges"] != flow["paths"]:
        fail(f"{name}: flow paths that end neither in a pit nor at the edge: {flow}")
    time.sleep(0.5)
    x11_drive.screenshot(WORK, f"{name}-flow-over-curvature.png")
    print(f"ok  {name}: Teach > Flow paths and Downhill arrows over the curvature map: {flow}", flush=True)


def run_preset(name):
    preset_path = os.path.join(SHIPPED, name + ".json")
    app, report = start_app(APP, os.path.join(WORK, f"{name}_report.jsonl"), "--preset", preset_path,
                            "--preview-size", str(WIDTH), "--no-session", cwd=WORK)
    try:
        first = report.last()
        size = (first["preview"]["width"], first["preview"]["height"])
        if size[0] != WIDTH:
            fail(f"the preview should be {WIDTH} wide, is {size}")
        ramp_checksum = first["preview"]["checksum"]
        # The export's ground at the preview's size: W / W' times the spacing (exact: W' = 256).
        spacing = float(first["view"]["terrain_spacing"]) * first["export_frame"]["width"] / WIDTH
        x11_drive.screenshot(WORK, f"{name}-0-ramp.png")
        params = first["params"]
        with open(preset_path) as fp:
            simulated = json.load(fp).get("erosion", {}).get("method") == "simulate"
        for entry, option in MAPS + (SIMULATION_MAPS if simulated else []):
            line = choose(report, entry)
            if line["preview"]["checksum"] == ramp_checksum:
                fail(f"{name}: the {entry} picture looks like the ramp's")
            time.sleep(0.3)
            x11_drive.screenshot(WORK, f"{name}-{entry}.png")
            image = exported(preset_path, option, size, spacing, f"export-{name}-{option}.png")
            if image.size != size:
                fail(f"the export is {image.size}, the preview {size}")
            for px, py in PIXELS:
                readout = x11_drive.readout_at(report, px, py, lambda r: "sample" in r)
                want = image.getpixel((px, py))
                got = readout["sample"]["value"]
                if readout["sample"]["map"] != entry or got != want:
                    fail(f"{name} {entry} at pixel ({px}, {py}): the window reads {readout['sample']}, "
                         f"the mask16 export holds {want} (readout {readout})")
            print(f"ok  {name}: {entry} chosen from the combo; the samples under the cursor at {PIXELS} are "
                  f"the mask16 --map {option} export's", flush=True)
            xdo("mousemove", 5, 5)
        line = choose(report, "ramp")
        if line["preview"]["checksum"] != ramp_checksum or line["params"] != params:
            fail(f"{name}: back on Ramp the picture or the settings differ")
        print(f"ok  {name}: back on Ramp, the same picture and settings", flush=True)

        # The 3D terrain, coloured by the slope.
        choose(report, "slope")
        uploads = report.last()["terrain"]["uploads"]  # before the click: the upload may come within a poll
        click(report.last()["rects"]["tab_terrain"])
        until(report, "the terrain coloured by the slope",
              lambda l: l["view_tab"] == "terrain" and l["terrain"]["uploads"] > uploads and not l["terrain"]["building"]
              and settled(l) and l["preview"]["colour"] == "slope", timeout=120)
        time.sleep(1.0)
        x11_drive.screenshot(WORK, f"{name}-terrain-slope.png")
        if "colour" not in report.last()["rects"]:
            fail("the terrain view shows no Colour combo")
        choose(report, "aspect")
        time.sleep(1.5)
        x11_drive.screenshot(WORK, f"{name}-terrain-aspect.png")
        print(f"ok  {name}: the 3D terrain takes the map's colours (slope, aspect)", flush=True)
        if name == PRESETS[0]:
            water(report, name)
    finally:
        app.terminate()
        app.wait(timeout=10)


for preset in PRESETS:
    run_preset(preset)
