#!/usr/bin/python3
"""The Texture rules section and the Texture weights preview, driven with real X11 input.

    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_texture_rules.py NOISE_EXPLORER WORKDIR

On mountain-front (erosion.method = simulate: the rules may read its flow) at a fixed preview width:
  1. Colour > Texture weights under the picture: the picture changes; the weights under the
     cursor at a few pixels are those of `export --format weights8 --layer L` at the preview's
     size, for every layer of the default set (the preview shows exactly the export).
  2. Go to > Texture rules, Add layer: the rules become the preset's own (5 layers, the new one
     above the ground), the title marks the preset unsaved, the picture changes.
  3. On the new layer, the Flow band ticked: the layer now lies where the water runs (a flow_min
     bound); the picture changes again, and the readouts equal the export of a preset with
     exactly the rules the window reports.
     The 3D terrain tab takes the same colours.
  4. Ctrl+Z twice: the rules are the default set again and the picture is the first one.
  5. "Tied to the sea" on sand, then Terrain > Sea level typed to 0.3: the picture changes while the
     rule does not (it is measured from the sea), and the readouts are the export's with that
     sea; Reset to defaults: the default set again.
Screenshots of each step are kept in WORKDIR for a person to look at.
"""
import json
import os
import subprocess
import sys
import time

from PIL import Image

import x11_drive
from x11_drive import click, click_settled, fail, hold, settled, start_app, until, xdo

APP, WORK = sys.argv[1], sys.argv[2]
os.makedirs(WORK, exist_ok=True)
HERE = os.path.dirname(os.path.abspath(__file__))
PRESET = os.path.join(HERE, "..", "..", "..", "assets", "presets", "mountain-front.json")
WIDTH = 256
PIXELS = [(37, 41), (128, 128), (200, 77), (90, 230), (250, 10)]



def scroll_to(report, key, top=140):
    """Wheels the controls until `key` lies between the tabs above them (to y `top`) and the
    status area (x11_drive.into_view takes y 60 as the top, which the Field tab's rows cover)."""
    line = report.last()
    for _ in range(60):
        r, status = line["rects"][key], line["rects"]["status"]
        if r[1] > top and r[3] < status[1] - 10:
            return line
        xdo("mousemove", (status[0] + status[2]) // 2, status[1] - 120)
        time.sleep(0.05)
        xdo("click", 5 if r[3] >= status[1] - 10 else 4)
        time.sleep(0.15)
        line = report.last()
    fail(f"could not scroll {key} into view: {line['rects'][key]}")


def choose_colour(report, entry):
    xdo("mousemove", 5, 5)  # off the picture: the status line no longer follows the cursor
    time.sleep(0.3)
    click_settled(report, "colour")
    until(report, "the Colour list open", lambda l: f"colour={entry}" in l["rects"], timeout=10)
    click_settled(report, f"colour={entry}")
    return until(report, f"the {entry} picture",
                 lambda l: settled(l) and l["preview"]["colour"] == entry and l["preview"]["colour_asked"] == entry,
                 timeout=120)


def exported_weights(rules, size, name, view=None):
    """Every layer's weights8 export at the preview's size of mountain-front with `rules` (None:
    the preset as shipped, the default set) and the view keys `view`: {layer name: image}."""
    with open(PRESET) as fp:
        preset = json.load(fp)
    if rules is not None:
        preset["texture_layers"] = rules
    preset["view"].update(view or {})
    path = os.path.join(WORK, f"{name}.json")
    with open(path, "w") as fp:
        json.dump(preset, fp)
    names = [layer["name"] for layer in (rules or report_rules)]
    images = {}
    for layer in names:
        out = os.path.join(WORK, f"{name}-{layer}.png")
        subprocess.run([APP, "export", "--preset", path, "--size", f"{size[0]}x{size[1]}", "--format", "weights8",
                        "--layer", layer, "-o", out, "--force"], check=True, capture_output=True)
        images[layer] = Image.open(out)
    return names, images


def readouts_match(report, names, images, what):
    for px, py in PIXELS:
        readout = x11_drive.readout_at(report, px, py, lambda r: "weights" in r)
        want = [images[n].getpixel((px, py)) for n in names]
        if readout["weights"] != want:
            fail(f"{what} at pixel ({px}, {py}): the window reads {readout['weights']}, the weights8 exports "
                 f"hold {want} (layers {names})")
    xdo("mousemove", 5, 5)
    print(f"ok  {what}: the weights under the cursor at {PIXELS} are the weights8 exports' ({names})", flush=True)


def picture_changed(report, before, what):
    return until(report, what, lambda l: settled(l) and l["preview"]["colour"] == "weights"
                 and l["preview"]["checksum"] != before, timeout=120)


app, report = start_app(APP, os.path.join(WORK, "report.jsonl"), "--preset", PRESET, "--preview-size", str(WIDTH),
                        "--no-session", cwd=WORK)
try:
    first = report.last()
    size = (first["preview"]["width"], first["preview"]["height"])
    if first["texture_rules"]["own"]:
        fail("mountain-front has rules of its own; the test starts from the default set")
    report_rules = first["texture_rules"]["rules"]
    ramp = first["preview"]["checksum"]

    # 1. The weights preview is the export.
    line = choose_colour(report, "weights")
    if line["preview"]["checksum"] == ramp:
        fail("the Texture weights picture looks like the ramp's")
    shown = line["preview"]["checksum"]
    time.sleep(0.5)
    x11_drive.screenshot(WORK, "1-default-weights.png")
    names, images = exported_weights(None, size, "default")
    readouts_match(report, names, images, "the default rules")

    # 2. Add a layer.
    click(report.last()["rects"]["goto_texture_rules"])
    time.sleep(0.5)
    line = scroll_to(report, "texture_add")
    click(line["rects"]["texture_add"])
    line = until(report, "a layer added, the rules the preset's own, the title marked",
                 lambda l: l["texture_rules"]["own"] and len(l["texture_rules"]["rules"]) == 5
                 and l["title"].endswith(" *"), timeout=20)
    added = line["texture_rules"]["rules"][3]
    if line["texture_rules"]["rules"][4]["name"] != "grass" or added["name"] != "layer5":
        fail(f"the new layer should lie just above the ground: {line['texture_rules']['rules']}")
    line = picture_changed(report, shown, "the picture with the new layer")
    added_shown = line["preview"]["checksum"]
    time.sleep(0.5)
    x11_drive.screenshot(WORK, "2-layer-added.png")
    print(f"ok  Add layer: {added}; the title {line['title']!r}; the picture changed", flush=True)

    # 3. Its Flow band ticked (the new layer's rows are open).
    line = scroll_to(report, "texture_layer.3.flow")
    click(line["rects"]["texture_layer.3.flow"])
    line = until(report, "the flow band on the new layer",
                 lambda l: "flow_min" in l["texture_rules"]["rules"][3], timeout=20)
    rules = line["texture_rules"]["rules"]
    line = picture_changed(report, added_shown, "the picture with the flow band")
    time.sleep(0.5)
    x11_drive.screenshot(WORK, "3-flow-band.png")
    names, images = exported_weights(rules, size, "flow")
    if images["layer5"].getextrema()[1] == 0:
        fail("the flow band's layer covers no pixel of the export")
    readouts_match(report, names, images, f"the rules with {rules[3]}")

    # The 3D terrain takes the same colours (a pixel's several weights blended, not its first).
    uploads = report.last()["terrain"]["uploads"]
    click(report.last()["rects"]["tab_terrain"])
    until(report, "the terrain coloured by the weights",
          lambda l: l["view_tab"] == "terrain" and l["terrain"]["uploads"] > uploads and not l["terrain"]["building"]
          and settled(l) and l["preview"]["colour"] == "weights", timeout=120)
    time.sleep(1.0)
    x11_drive.screenshot(WORK, "3-terrain-weights.png")
    click(report.last()["rects"]["tab_preview"])
    until(report, "back on the 2D preview", lambda l: l["view_tab"] == "preview" and settled(l), timeout=60)
    print("ok  the 3D terrain coloured by the weights", flush=True)

    # 4. Undo, twice: the default set and its picture again.
    for _ in range(2):
        hold("ctrl+z")
        time.sleep(0.3)
    line = until(report, "the default rules after two undos",
                 lambda l: not l["texture_rules"]["own"] and settled(l) and l["preview"]["checksum"] == shown,
                 timeout=60)
    x11_drive.screenshot(WORK, "4-undone.png")
    print("ok  Ctrl+Z twice: the default rules and their picture again", flush=True)

    # 5. The beach tied to the sea: the default sand, once edited, is measured from the sea, so
    # raising the sea (Terrain: Sea level, typed) moves it; Reset to defaults gives the default set.
    line = scroll_to(report, "texture_layer.2")
    row = line["rects"]["texture_layer.2"]
    x11_drive.click_at(row[0] + 40, (row[1] + row[3]) // 2)  # open "sand": its name, left of the buttons
    line = until(report, "sand's rows open", lambda l: "texture_layer.2.sea" in l["rects"], timeout=10)
    line = scroll_to(report, "texture_layer.2.sea")
    click(line["rects"]["texture_layer.2.sea"])
    line = until(report, "sand tied to the sea",
                 lambda l: l["texture_rules"]["own"] and l["texture_rules"]["rules"][2].get("height_from") == "sea",
                 timeout=10)
    tied = line["texture_rules"]["rules"][2]
    # mountain-front has no sea (sea level 0): tied to it, the band measures from the base as before.
    line = until(report, "the picture with the tied sand", lambda l: settled(l) and l["preview"]["checksum"] == shown,
                 timeout=60)
    before_sea = line["preview"]["checksum"]
    line = scroll_to(report, "sea_level")
    x11_drive.type_into_slider(line["rects"]["sea_level"], "0.3")
    line = until(report, "the sea raised", lambda l: abs(float(l["view"]["sea_level"]) - 0.3) < 1e-9, timeout=10)
    line = picture_changed(report, before_sea, "the picture with the sea raised")
    if line["texture_rules"]["rules"][2] != tied:
        fail(f"raising the sea changed the tied rule itself: {line['texture_rules']['rules'][2]} (was {tied})")
    time.sleep(0.5)
    x11_drive.screenshot(WORK, "5-sea-raised.png")
    names, images = exported_weights(line["texture_rules"]["rules"], size, "sea", view={"sea_level": 0.3})
    readouts_match(report, names, images, f"sand tied to the sea at 0.3 ({tied})")
    line = scroll_to(report, "texture_reset")
    click(line["rects"]["texture_reset"])
    until(report, "Reset to defaults", lambda l: not l["texture_rules"]["own"], timeout=10)
    print("ok  the sand tied to the sea moved with it (and is the export's); Reset to defaults", flush=True)
finally:
    app.terminate()
    app.wait(timeout=10)
print("ok  texture rules", flush=True)
