#!/usr/bin/python3
"""The terrain workflow of issue 55 (items 5 to 7), driven with real X11 input at 1280x800.

Run under Xvfb (the CTest entry does this):
    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_workflow.py NOISE_EXPLORER WORKDIR

From the shipped river-canyons (the erosion simulation, 12 km, 1500 m; 8 water steps for speed):
  1. one set of metres: the Terrain section names the simulated frame (its width and relief)
     instead of Height and Spacing (the files' metres: test_export_simulation.py);
  2. "Go to" Erosion: the Erosion section, out of sight below the others, is scrolled into view
     by one click;
  3. switching tabs never simulates again: 2D (simulated once), 3D (its own size: once more),
     then 2D, 3D, 2D again: the worker's count of simulations stays, and each tab shows its
     result (the 2D picture is the first one, byte for byte);
  4. the mask layer is picked by name: "+ Noise" adds layer 2, blended (normal, opacity 0.3);
     its mask set to "layer", the picker lists the other layers ("1: ...", "3: tilt") and not
     layer 2 itself; picking "3: tilt" sets mask_layer 3.
Screenshots of the steps are kept in WORKDIR.
"""
import json
import os
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from x11_drive import click, fail, settled, start_app, until

APP, WORK = sys.argv[1], sys.argv[2]
HERE = os.path.dirname(os.path.abspath(__file__))
CANYONS = os.path.normpath(os.path.join(HERE, "..", "..", "..", "assets", "presets", "river-canyons.json"))


def shot(name):
    subprocess.run(["import", "-window", "root", os.path.join(WORK, name)], check=False)


def click_until(report, key, what, predicate, tries=3):
    """Clicks the item `key` until `predicate` holds of a line (a click a slow frame split is
    tried again); returns that line."""
    for _ in range(tries):
        time.sleep(0.3)
        click(report.last()["rects"][key])
        line = report.wait_or_none(predicate, timeout=10)
        if line:
            return line
    fail(f"{what}: {tries} clicks on {key} did nothing")


def layers(line):
    return line["layers"]["layers"]


def main():
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    # river-canyons with 8 water steps instead of 40: the same frame, a quicker simulation. The
    # preview keeps the panel's own size, so the 3D view (512 wide, the export's shape) asks for
    # an image of another size: a second simulation, once.
    with open(CANYONS) as fp:
        preset = json.load(fp)
    preset["erosion"]["steps"] = 8
    canyons = os.path.join(WORK, "canyons-8.json")
    with open(canyons, "w") as fp:
        json.dump(preset, fp, indent=2)
    process, report = start_app(APP, os.path.join(WORK, "workflow-report.jsonl"), "--no-session", "--preset", canyons,
                                cwd=WORK)

    def simulated_2d(what):
        return until(report, what, lambda l: settled(l) and l["view_tab"] == "preview", timeout=180)

    # [1] The simulated frame is the terrain's.
    first = simulated_2d("the first simulation")
    runs = first["simulations_run"]
    if runs < 1:
        fail(f"the worker reports {runs} simulations after the first eroded picture")
    if "terrain_metres" not in first["rects"] or "terrain_height" in first["rects"]:
        fail("the Terrain section shows Height and Spacing while the simulation sets the metres")
    shot("workflow-1-2d.png")
    print(f"ok  simulated once ({runs}); the Terrain section names the simulated frame", flush=True)

    # [2] Go to: Erosion.
    line = report.last()
    erosion, status = line["rects"]["erosion"], line["rects"]["status"]
    if erosion[3] < status[1]:
        fail(f"the check cannot fail: the Erosion header {erosion} is already in view above {status}")
    click(line["rects"]["goto_erosion"])
    line = until(report, "the Erosion section in view",
                 lambda l: 60 < l["rects"]["erosion"][1] and l["rects"]["erosion"][3] < l["rects"]["status"][1] and
                 "erosion.talus" in l["rects"], timeout=10)
    time.sleep(0.5)  # the screen lags the report by a frame or two
    shot("workflow-2-erosion.png")
    print(f"ok  Go to > Erosion scrolled the section from y {erosion[1]} to y {line['rects']['erosion'][1]}",
          flush=True)

    # [3] 2D, 3D, 2D, 3D, 2D: one simulation for each size, none for a switch back.
    picture = first["preview"]["checksum"]

    def terrain(what, uploads):
        return until(report, what, lambda l: l["view_tab"] == "terrain" and not l["rendering"] and
                     l["terrain"]["uploads"] > uploads and not l["terrain"]["building"], timeout=180)

    click(report.last()["rects"]["tab_terrain"])
    line = terrain("the 3D view's mesh", 0)
    after_3d = line["simulations_run"]
    if after_3d != runs + 1:
        fail(f"the 3D view, a field of another size, simulated {after_3d - runs} times: expected once")
    shot("workflow-3-3d.png")
    for turn in range(2):
        click(report.last()["rects"]["tab_preview"])
        line = simulated_2d(f"the 2D preview again ({turn + 1})")
        if line["preview"]["checksum"] != picture:
            fail("the 2D preview after a tab switch is not the picture it showed")
        uploads = line["terrain"]["uploads"]
        click(report.last()["rects"]["tab_terrain"])
        line = until(report, f"the 3D view again ({turn + 1})",
                     lambda l: l["view_tab"] == "terrain" and not l["rendering"] and not l["terrain"]["building"],
                     timeout=60)
        time.sleep(0.5)
        line = report.last()
        if line["simulations_run"] != after_3d:
            fail(f"switching tabs simulated again: {line['simulations_run']} simulations, {after_3d} before")
    click(report.last()["rects"]["tab_preview"])
    simulated_2d("the 2D preview at the end")
    if report.last()["simulations_run"] != after_3d:
        fail("switching back to 2D simulated again")
    print(f"ok  2D, 3D, 2D, 3D, 2D, 3D, 2D: {after_3d} simulations in all (one a size), the same pictures",
          flush=True)

    # [4] A new layer arrives blended; the mask layer picked by name.
    click_until(report, "tab_layers", "the Layers tab", lambda l: "layers.add_noise" in l["rects"])
    line = click_until(report, "layers.add_noise", "the new layer",
                       lambda l: len(layers(l)) == 3 and l["layers"]["selected"] == 2, tries=1)
    added = layers(line)[1]
    if added["blend"] != "normal" or added["opacity"] != 0.3:
        fail(f"the new layer does not arrive blended: {added}")
    until(report, "layer 2's mask", lambda l: "layer.2.mask" in l["rects"])
    click_until(report, "layer.2.mask", "the mask list", lambda l: "layer.2.mask=layer" in l["rects"])
    click_until(report, "layer.2.mask=layer", "the mask layer picker", lambda l: "layer.2.mask_layer" in l["rects"],
                tries=1)
    line = click_until(report, "layer.2.mask_layer", "the mask layer's list",
                       lambda l: "layer.2.mask_layer=3: tilt" in l["rects"])
    if any(key.startswith("layer.2.mask_layer=2:") for key in line["rects"]):
        fail("the mask layer picker offers the layer itself")
    if not any(key.startswith("layer.2.mask_layer=1:") for key in line["rects"]):
        fail("the mask layer picker does not offer layer 1")
    shot("workflow-4-mask-layer.png")
    click_until(report, "layer.2.mask_layer=3: tilt", "mask_layer = 3",
                lambda l: layers(l)[1]["mask_layer"] == 3 and layers(l)[1]["mask"] == "layer", tries=1)
    print("ok  + Noise arrives at normal, opacity 0.3; the mask layer picked by name (3: tilt)", flush=True)

    process.terminate()  # the edits are unsaved: no quit dialog to answer
    process.wait(timeout=20)
    print("workflow: one set of metres, Go to, tab switches without a simulation, blended layers, "
          "the mask layer by name: all passed", flush=True)


if __name__ == "__main__":
    main()
