#!/usr/bin/python3
"""The Layers panel (issue 41) driven with real X11 input at 1280x800.

Run under Xvfb (the CTest entry does this):
    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_layers.py NOISE_EXPLORER WORKDIR

From the shipped default preset:
  1. the Layers tab lists layer 1, the field, with its thumbnail; the panel stays in the left
     column, beside the preview;
  2. "+ Noise" adds layer 2 above it, blended (normal, opacity 0.3): a new picture, and a
     thumbnail for the new layer;
  3. its blend (the selected layer's combo) to multiply and its opacity (the row's slider, typed)
     to 0.625: each a new picture;
  4. Mute, then Solo: each changes the picture and gives the old one back when undone by a
     second click; "Show the selected layer alone" gives exactly Solo's picture without
     touching the settings;
  5. "+ Constant" adds layer 3; the row of layer 3 dragged onto layer 2's moves it under the
     noise layer; Undo puts it back (the order and the picture of before the drag);
  6. layer 3 renamed in place (double-click, type, Return);
  7. Ctrl+S saves the preset: `export` of the saved file has exactly the samples of `export` of the
     default preset with the same layers given by --set layer.N.KEY (the files' text chunks differ:
     they hold the preset, layer names and all); the window started again on the saved file shows
     the same layers;
  8. the teaching views explain the selected layer: with layer 2 at 3x layer 1's frequency, a seed
     and an octave count of its own, the probe (Teach > Probe tool, a click in the preview) shows
     layer 1's value while layer 1 is selected and, once layer 2's row is clicked, layer 2's own
     value at the same place on screen (its noise point: layer 1's times 3), each digit for digit
     what `sample` prints for that field alone; the Octaves tab lists layer 2's octaves, then
     layer 1's again.
Screenshots of the steps are kept in WORKDIR.
"""
import json
import os
import shutil
import subprocess
import sys
import time

from PIL import Image

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from x11_drive import (centre, click, click_at, fail, hold, menu_item, sample, settled, start_app, type_into_slider,
                       until, wait_dialog, wait_quit, xdo)

APP, WORK = sys.argv[1], sys.argv[2]
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT = os.path.normpath(os.path.join(HERE, "..", "..", "..", "assets", "presets", "default.json"))


def shot(name):
    subprocess.run(["import", "-window", "root", os.path.join(WORK, name)], check=False)


def pixels(path):
    """A PNG's samples (its text chunks name the preset, layer names and all: those may differ)."""
    image = Image.open(path)
    return image.size, image.mode, image.tobytes()


def layers(line):
    return line["layers"]["layers"]


def names(line):
    return [layer["name"] for layer in layers(line)]


def main():
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    process, report = start_app(APP, os.path.join(WORK, "layers-report.jsonl"), "--no-session", "--preset",
                                DEFAULT, cwd=WORK)

    def checksum():
        return report.last()["preview"]["checksum"]

    def picture(what, predicate=lambda c: True):
        """The first settled picture whose checksum satisfies `predicate`; returns the checksum."""
        line = until(report, what, lambda l: settled(l) and predicate(l["preview"]["checksum"]), timeout=60)
        return line["preview"]["checksum"]

    def new_picture(before, what):
        return picture(what, lambda c: c != before)

    def pick(key, name):
        click(report.last()["rects"][key])
        report.wait(f"the {key} list", lambda l: f"{key}={name}" in l["rects"])
        time.sleep(0.3)
        click(report.last()["rects"][f"{key}={name}"])

    def thumbnails_for(count, what):
        """Waits for a thumbnail of each of `count` layers, drawn from the settings shown."""
        return until(report, what, lambda l: l["layers"]["thumbnails_current"] and l["layers"]["thumbnails"] == count,
                     timeout=30)

    # [1] The Layers tab.
    click(report.last()["rects"]["tab_layers"])
    line = until(report, "the Layers tab", lambda l: "layers.row.1" in l["rects"] and "layers.add_noise" in l["rects"])
    base = picture("the default picture")
    if names(line) != ["Layer 1"] or line["layers"]["selected"] != 1:
        fail(f"the Layers tab at the start: {line['layers']}")
    row, preview = line["rects"]["layers.row.1"], line["rects"]["preview"]
    if row[2] > preview[0]:
        fail(f"the layers' list {row} reaches into the preview {preview}")
    shot("layers-1-tab.png")
    print("ok  the Layers tab lists layer 1, the field, left of the preview", flush=True)

    # [2] A noise layer above it.
    click(report.last()["rects"]["layers.add_noise"])
    line = until(report, "layer 2", lambda l: len(layers(l)) == 2 and l["layers"]["selected"] == 2)
    # It arrives blended (normal at opacity 0.3), so the field below still shows through it.
    if layers(line)[1]["source"] != "noise" or layers(line)[1]["blend"] != "normal" or \
            layers(line)[1]["opacity"] != 0.3:
        fail(f"the new layer: {layers(line)[1]}")
    added = new_picture(base, "the picture with layer 2")
    thumbnails_for(2, "the thumbnails of two layers")
    print("ok  + Noise adds layer 2 above the field: a new picture and its thumbnail", flush=True)

    # [3] Its blend from the selected layer's controls, its opacity typed into its row's slider.
    until(report, "layer 2's controls", lambda l: "layer.2.blend" in l["rects"])
    pick("layer.2.blend", "multiply")
    until(report, "blend = multiply", lambda l: layers(l)[1]["blend"] == "multiply")
    multiplied = new_picture(added, "the multiplied picture")
    for attempt in range(3):  # a Ctrl+click that a slow frame split is tried again
        type_into_slider(report.last()["rects"]["layers.opacity.2"], "0.625")
        if report.wait_or_none(lambda l: layers(l)[1]["opacity"] == 0.625, timeout=10):
            break
    until(report, "opacity = 0.625", lambda l: layers(l)[1]["opacity"] == 0.625)
    blended = new_picture(multiplied, "the picture at opacity 0.625")
    shot("layers-2-blend.png")
    print("ok  blend multiply and opacity 0.625 each reached the picture", flush=True)

    # [4] Mute and Solo, each on and off again; "alone" is Solo's picture without touching Solo.
    click(report.last()["rects"]["layers.mute.2"])
    until(report, "layer 2 muted", lambda l: layers(l)[1]["mute"])
    new_picture(blended, "the picture with layer 2 muted")
    click(report.last()["rects"]["layers.mute.2"])
    until(report, "layer 2 heard", lambda l: not layers(l)[1]["mute"])
    picture("the blended picture again", lambda c: c == blended)
    click(report.last()["rects"]["layers.solo.2"])
    until(report, "layer 2 solo", lambda l: layers(l)[1]["solo"])
    solo = new_picture(blended, "layer 2 alone")
    shot("layers-3-solo.png")
    click(report.last()["rects"]["layers.solo.2"])
    until(report, "layer 2 not solo", lambda l: not layers(l)[1]["solo"])
    picture("the blended picture again", lambda c: c == blended)
    click(report.last()["rects"]["layers.alone"])
    line = until(report, "the selected layer alone", lambda l: l["layers"]["alone"])
    alone = picture("the selected layer alone", lambda c: c != blended)
    if alone != solo or layers(report.last())[1]["solo"]:
        fail(f"'Show the selected layer alone' gave {alone}, Solo gave {solo}; solo in the settings: "
             f"{layers(report.last())[1]['solo']}")
    click(report.last()["rects"]["layers.alone"])
    until(report, "alone off", lambda l: not l["layers"]["alone"])
    picture("the blended picture again", lambda c: c == blended)
    print("ok  mute and solo change the picture and give it back; 'alone' is solo's picture, settings untouched",
          flush=True)

    # [5] A constant layer above, then dragged under the noise layer; Undo puts it back.
    click(report.last()["rects"]["layers.add_constant"])
    line = until(report, "layer 3", lambda l: len(layers(l)) == 3 and l["layers"]["selected"] == 3)
    if names(line) != ["Layer 1", "Noise 2", "Constant 3"] or layers(line)[2]["source"] != "constant":
        fail(f"after + Constant: {layers(line)}")
    stacked = new_picture(blended, "the picture with the constant on top")
    line = thumbnails_for(3, "the thumbnails of three layers")
    shot("layers-4-three.png")
    x0, y0 = centre(line["rects"]["layers.thumb.3"])
    x1, y1 = centre(line["rects"]["layers.thumb.2"])
    xdo("mousemove", x0, y0)
    time.sleep(0.15)
    xdo("mousedown", 1)
    time.sleep(0.15)
    for step in range(1, 13):
        xdo("mousemove", x0, y0 + (y1 - y0) * step // 12)
        time.sleep(0.06)
    time.sleep(0.15)
    xdo("mouseup", 1)
    line = until(report, "the constant moved under the noise layer",
                 lambda l: names(l) == ["Layer 1", "Constant 3", "Noise 2"], timeout=10)
    if line["layers"]["selected"] != 2:
        fail(f"after the drag the moved layer is not the selected one: {line['layers']['selected']}")
    moved = new_picture(stacked, "the reordered picture")
    shot("layers-5-moved.png")
    until(report, "undo", lambda l: l["can_undo"])
    time.sleep(0.3)
    xdo("key", "ctrl+z")
    until(report, "the order undone", lambda l: names(l) == ["Layer 1", "Noise 2", "Constant 3"], timeout=10)
    picture("the picture from before the drag", lambda c: c == stacked)
    print(f"ok  dragged layer 3 under layer 2 (a new picture {moved}); Ctrl+Z put it back, picture and all",
          flush=True)

    # [6] Rename layer 3 in place.
    click(report.last()["rects"]["layers.name.3"], times=2)
    until(report, "the name field", lambda l: l["layers"]["renaming"] == 3)
    time.sleep(0.3)
    hold("ctrl+a")
    xdo("type", "--delay", "40", "plain")
    hold("Return")
    until(report, "layer 3 renamed", lambda l: names(l)[2] == "plain" and l["layers"]["renaming"] == 0)
    print("ok  layer 3 renamed in place", flush=True)

    # [7] Saved, exported and opened again.
    saved = os.path.join(WORK, "saved.json")
    time.sleep(0.3)
    xdo("key", "ctrl+s")
    wait_dialog(report, "the save dialog", "save_path")
    hold("ctrl+a")
    xdo("type", "--delay", "20", saved)
    hold("Return")
    until(report, "the preset saved", lambda l: os.path.exists(saved) and not l["title"].endswith("*"), timeout=30)
    preset = json.load(open(saved))
    if preset.get("version") != 2 or len(preset.get("stack", [])) != 2:
        fail(f"the saved preset: version {preset.get('version')}, stack {preset.get('stack')}")
    ours, theirs = os.path.join(WORK, "saved.png"), os.path.join(WORK, "set.png")
    subprocess.run([APP, "export", "--preset", saved, "--size", "256x192", "--format", "png16", "-o", ours], check=True,
                   capture_output=True)
    subprocess.run([APP, "export", "--preset", DEFAULT, "--size", "256x192", "--format", "png16", "--set", "layer.2.blend=multiply",
                    "--set", "layer.2.opacity=0.625", "--set", "layer.3.source=constant", "--set", "layer.3.opacity=0.3",
                    "-o", theirs],
                   check=True, capture_output=True)
    if pixels(ours) != pixels(theirs):
        fail("`export` of the saved preset differs from `export --set layer.2.blend=multiply "
             "--set layer.2.opacity=0.625 --set layer.3.source=constant --set layer.3.opacity=0.3`")
    plain = os.path.join(WORK, "plain.png")
    subprocess.run([APP, "export", "--preset", DEFAULT, "--size", "256x192", "--format", "png16", "-o", plain], check=True,
                   capture_output=True)
    if pixels(ours) == pixels(plain):
        fail("the saved preset's export is the plain default's: the layers did nothing")
    print("ok  the saved preset (version 2, two layers above the field) exports the samples --set layer.N.KEY gives",
          flush=True)
    xdo("key", "ctrl+q")
    wait_quit(process, "Ctrl+Q")

    process, report = start_app(APP, os.path.join(WORK, "reopened-report.jsonl"), "--no-session", "--preset",
                                saved, cwd=WORK)
    click(report.last()["rects"]["tab_layers"])
    line = until(report, "the reopened layers", lambda l: "layers.row.3" in l["rects"])
    if names(line) != ["Layer 1", "Noise 2", "plain"] or layers(line)[1]["opacity"] != 0.625 or \
            layers(line)[1]["blend"] != "multiply":
        fail(f"the reopened preset's layers: {layers(line)}")
    thumbnails_for(3, "the reopened thumbnails")
    shot("layers-6-reopened.png")
    xdo("key", "ctrl+q")
    wait_quit(process, "Ctrl+Q after reopening")
    print("ok  the saved preset opens again with its layers", flush=True)

    # [8] The teaching views on the selected layer. Layer 2 made different: 3x the frequency, its
    # own seed, 3 octaves (layer 1 has 5); its field alone as a preset of its own, for `sample`.
    preset = json.load(open(saved))
    field = preset["stack"][0]["field"]
    field.update(frequency=preset["frequency"] * 3, seed=preset["seed"] + 40, octaves=3)
    preset["stack"][1]["mute"] = True  # the constant on top would hide the picture
    if preset["octaves"] == 3:
        fail("layer 1 has 3 octaves too: the Octaves tab could not tell the layers apart")
    stacked = os.path.join(WORK, "taught.json")
    own = os.path.join(WORK, "layer-2-own.json")
    json.dump(preset, open(stacked, "w"))
    json.dump(dict(field, format=preset["format"], version=preset["version"]), open(own, "w"))
    scale = field["frequency"] / preset["frequency"]

    process, report = start_app(APP, os.path.join(WORK, "taught-report.jsonl"), "--no-session", "--preset", stacked,
                                cwd=WORK)
    menu_item(report, "teach_menu", "teach_probe")
    image = report.last()["rects"]["preview_image"]
    click_at(image[0] + (image[2] - image[0]) * 3 // 10, image[1] + (image[3] - image[1]) * 4 // 10)
    line = until(report, "the probe pinned", lambda l: l["lattice_views"]["probe"] is not None)
    probe = line["lattice_views"]["probe"]
    x, y = probe["x"], probe["y"]  # the preview's noise point: layer 1's
    field_1 = sample(APP, DEFAULT, x, y)  # layer 1 of the preset is the default's field
    if line["taught"]["layer"] != 1 or probe["value"] != field_1:
        fail(f"with layer 1 selected the probe shows {probe['value']} (teaching layer {line['taught']}), "
             f"`sample` of layer 1's field prints {field_1}")
    click(report.last()["rects"]["tab_layers"])
    until(report, "the Layers tab", lambda l: "layers.thumb.2" in l["rects"])
    click(report.last()["rects"]["layers.thumb.2"])
    field_2 = sample(APP, own, x * scale, y * scale)
    line = until(report, "the probe on layer 2", lambda l: l["layers"]["selected"] == 2 and l["taught"]["layer"] == 2
                 and l["lattice_views"]["probe"] and l["lattice_views"]["probe"]["value"] != field_1, timeout=10)
    probe = line["lattice_views"]["probe"]
    if line["taught"]["scale"] != scale or (probe["x"], probe["y"]) != (x, y) or probe["value"] != field_2:
        fail(f"with layer 2 selected the probe at ({probe['x']}, {probe['y']}) shows {probe['value']} (scale "
             f"{line['taught']['scale']}); `sample` of layer 2's field at ({x * scale!r}, {y * scale!r}) prints {field_2}")
    click(report.last()["rects"]["tab_octaves"])
    until(report, "layer 2's octaves", lambda l: l["teach"]["octaves"]["layers"] == 3 and not l["teach"]["octaves"]["computing"],
          timeout=30)
    menu_item(report, "teach_menu", "teach_lattice")
    until(report, "layer 2's lattice", lambda l: l["lattice_views"]["lattice_marks"] > 0)
    time.sleep(0.5)
    shot("layers-7-taught.png")
    click(report.last()["rects"]["layers.thumb.1"])
    line = until(report, "layer 1's octaves", lambda l: l["taught"]["layer"] == 1 and
                 l["teach"]["octaves"]["layers"] == preset["octaves"] and l["lattice_views"]["probe"]["value"] == field_1,
                 timeout=30)
    print(f"ok  the probe and the Octaves tab follow the selected layer: layer 2's own value {field_2} at 3x the "
          f"point, 3 octaves; layer 1's {field_1} and {preset['octaves']} octaves again", flush=True)
    # [8] Edit > Place in the world: the key flips with the numbers converted, the status line says
    # so, and Ctrl+Z gives the frame back.
    menu_item(report, "edit_menu", "place_in_world")
    line = until(report, "placed in the world", lambda l: l["params"]["placement"] == "world"
                 and l["status_message"].startswith("placed in the world"), timeout=10)
    picture("the world's picture")
    xdo("key", "ctrl+z")
    until(report, "Ctrl+Z: the frame again", lambda l: l["params"]["placement"] == "frame", timeout=10)
    print(f"ok  Edit > Place in the world: {line['status_message']!r}; Ctrl+Z takes it back", flush=True)
    xdo("key", "ctrl+q")
    wait_quit(process, "Ctrl+Q after the teaching views")
    print("layers: add, blend, opacity, mute, solo, alone, drag, undo, rename, save, reopen, the teaching views "
          "and Place in the world all work", flush=True)


if __name__ == "__main__":
    main()
