#!/usr/bin/python3
"""Figures for slides (issue 24, item 2), driven with real X11 input under Xvfb.

    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_figures.py NOISE_EXPLORER WORKDIR

  1. File > Export figure, "Preview with overlays", 800 x 600, no overlay on: the PNG has the
     requested size, and its pixels are the CLI's `export --format rgb8` of the same preset at the
     same size, byte for byte (the figure is the picture, rendered afresh at the figure's size);
     it carries the preset (opening it with `export --preset FIGURE.png` renders the same). The
     same export again, without "Replace an existing file", is refused and leaves the file alone.
  2. The lattice on and the probe pinned (Teach menu, a click in the preview): the figure differs
     from (1) only by its overlays: most pixels are still the export's, and the overlay's pixels
     are many (the lattice lines cross the whole picture) and include the probe marker's red.
  3. A parameter changed (octaves): the figure changes.
  4. "Probe cell" as SVG: an SVG document of the requested size with four gradient arrows; as PNG
     not blank, the requested size.
  5. "Interpolation curves" as PNG 640 x 400: the requested size, not blank: the five curves'
     colours are all there.
  5b. "Octaves strip" PNG 1400 x 330: the requested size, and images across most of its width.
  6. "Animation", octaves building up (2 frames a second by default, half a second an octave):
     an animated PNG of one frame per octave whose frames are those of `export --animate octaves`
     for the preset the figures carry.
  6b. "Caption" ticked: the same build-up with each frame's caption, the frames of
     `export --animate octaves --caption`; a screenshot of the dialog (dialog-caption.png).
  7. The path's extension follows the kind (an SVG probe cell: .svg; then the animation: .png),
     and "Replace an existing file" is no longer ticked once the dialog has closed.
  8. A typed .svg or .png chooses the format (a probe cell typed as cell.svg with PNG chosen is
     an SVG); a picture of pixels named .svg (the octaves strip) is refused in one line and
     nothing is written.
  8b. The preview with the lattice on as SVG: the picture embedded is the export's, byte for
     byte; the lattice's arrows and the probe's ring are shapes.
  9. The octaves strip's height follows a typed width (1920: no empty bands); light theme and
     one shared grey scale: a white page, each later octave fainter than the first (own scales:
     as strong); the probe cell's light SVG is a white page.
 10. The animation as a GIF (a typed build-up.gif chooses it): Pillow opens a GIF of one frame
     per octave, each close to the APNG's; the "numbered PNGs" box cannot be ticked for it.
 11. A 2D preset: the dialog offers no slice animation (it cannot run), only the build-up; the
     preview and the animation offer no theme (they are the picture edge to edge); the preview
     with the lattice on offers SVG.
"""
import base64
import io
import json
import os
import subprocess
import sys
import time

import numpy as np
from PIL import Image

from x11_drive import (click, click_at, fail, hold, menu_item, screenshot, settled, start_app, type_into_slider,
                       until, xdo)

APP, WORK = sys.argv[1], sys.argv[2]
os.makedirs(WORK, exist_ok=True)
for old in os.listdir(WORK):  # a previous run's figures: the exports below must not find them
    if old.endswith((".png", ".svg", ".gif")):
        os.remove(os.path.join(WORK, old))
REPORT = os.path.join(WORK, "figures_report.jsonl")


def write_preset(name, **keys):
    path = os.path.join(WORK, name)
    with open(path, "w") as f:
        json.dump({"format": "noise-explorer-preset", "version": 1, **keys}, f)
    return path


def set_field(report, key, text, state):
    """Types `text` into a field of the dialog until the report shows it (a key can be lost
    while the popup settles)."""
    for _ in range(3):
        click(report.last()["rects"][key])
        time.sleep(0.2)
        hold("ctrl+a")
        hold("BackSpace")
        xdo("type", "--delay", "15", text)
        hold("Tab")
        deadline = time.time() + 3
        while time.time() < deadline:
            if str(report.last()["figure"][state]) == text:
                return
            time.sleep(0.05)
    fail(f"could not type {text} into {key}")


def export_figure(report, kind, width, height, path, svg=False, refused=False, options=(), check=None):
    """Exports a figure through the dialog. `options`: report names of items to click once the
    kind is chosen (a theme, the shared scale); `check(line)`: called on the dialog's state
    before Export; `height` None keeps the dialog's own."""
    menu_item(report, "file_menu", "export_figure")
    until(report, "the figure dialog", lambda l: "figure_start" in l["rects"], timeout=10)
    time.sleep(0.3)
    click(report.last()["rects"]["figure_kind=" + kind])
    time.sleep(0.2)
    until(report, "the kind", lambda l: l["figure"]["kind"] == kind)
    fmt = "svg" if svg else "png"
    if "figure_" + fmt in report.last()["rects"]:  # kinds with one format show no buttons
        click(report.last()["rects"]["figure_" + fmt])
        time.sleep(0.2)
    until(report, "the format", lambda l: l["figure"]["svg"] == svg)
    for option in options:
        click(report.last()["rects"][option])
        time.sleep(0.3)
    set_field(report, "figure_width", str(width), "width")
    if height is not None:
        set_field(report, "figure_height", str(height), "height")
    set_field(report, "figure_path", path, "path")
    line = until(report, "the typed size", lambda l: "figure_start" in l["rects"])
    if check:
        check(line)
    time.sleep(0.2)
    click(report.last()["rects"]["figure_start"])
    line = until(report, f"the {kind} figure written",
                 lambda l: l["figure"]["message"].startswith("Wrote") or l["figure"]["error"], timeout=60)
    if refused:
        hold("Escape")
        until(report, "the dialog closed", lambda l: "figure_start" not in l["rects"])
        return line["figure"]["error"]
    if line["figure"]["error"]:
        fail(f"{kind}: {line['figure']['error']}")
    if line["figure"]["message"].split(" ")[1] != path:
        fail(f"{kind}: wrote {line['figure']['message']}, expected {path}")
    hold("Escape")
    until(report, "the dialog closed", lambda l: "figure_start" not in l["rects"])
    if not os.path.exists(path):
        fail(f"{kind}: {path} is missing")
    return path


def pixels(path):
    image = Image.open(path)
    return image.size, image.convert("RGB").tobytes()


def cli_export(preset, width, height, out):
    subprocess.run([APP, "export", "--preset", preset, "--size", f"{width}x{height}", "--format", "rgb8", "-o", out,
                    "--force"], check=True)
    return pixels(out)


def main():
    preset = write_preset("hills.json", octaves=3, frequency=5, view={"ramp": "terrain", "mapping": "stretch"})
    process, report = start_app(APP, REPORT, "--no-session", "--preset", preset, cwd=WORK)
    try:
        # 1. The bare picture equals the CLI's export.
        plain = export_figure(report, "preview", 800, 600, os.path.join(WORK, "plain.png"))
        size, plain_pixels = pixels(plain)
        if size != (800, 600):
            fail(f"the preview figure is {size}, not 800 x 600")
        _, exported = cli_export(preset, 800, 600, os.path.join(WORK, "cli.png"))
        if plain_pixels != exported:
            differ = sum(1 for i in range(0, len(exported), 3) if plain_pixels[i:i + 3] != exported[i:i + 3])
            fail(f"the bare figure differs from `export --format rgb8` in {differ} of 480000 pixels")
        before = os.stat(plain).st_mtime_ns
        error = export_figure(report, "preview", 800, 600, plain, refused=True)
        if "exists" not in error or os.stat(plain).st_mtime_ns != before:
            fail(f"an existing figure was not refused, or was changed: {error!r}")
        text = Image.open(plain).text
        if "noise-explorer-preset" not in text or json.loads(text["noise-explorer-preset"])["octaves"] != 3:
            fail(f"the figure does not carry the preset: {sorted(text)}")
        _, reopened = cli_export(plain, 800, 600, os.path.join(WORK, "reopened.png"))
        if reopened != exported:
            fail("the preset in the figure does not render the same picture")

        # 2. Overlays: the lattice and a pinned probe.
        menu_item(report, "teach_menu", "teach_lattice")
        menu_item(report, "teach_menu", "teach_probe")
        time.sleep(0.3)
        x0, y0, x1, y1 = report.last()["rects"]["preview_image"]
        click_at(x0 + (x1 - x0) * 3 // 10, y0 + (y1 - y0) * 4 // 10)
        until(report, "the probe pinned", lambda l: l["lattice_views"]["probe"] is not None)
        overlaid = export_figure(report, "preview", 800, 600, os.path.join(WORK, "overlays.png"))
        _, over = pixels(overlaid)
        changed = [i // 3 for i in range(0, len(over), 3) if over[i:i + 3] != exported[i:i + 3]]
        if not 2000 < len(changed) < 480000 // 2:
            fail(f"the overlays changed {len(changed)} pixels: expected the lines (thousands), not the picture")
        red = sum(1 for i in range(0, len(over), 3) if over[i] > 230 and over[i + 1] < 120 and over[i + 2] < 120)
        if red < 20:
            fail(f"no probe marker in the figure ({red} red pixels)")

        # 3. A parameter changes the figure.
        line = report.last()
        type_into_slider(line["rects"]["octaves"], "6")
        until(report, "octaves 6", lambda l: l["params"]["octaves"] == "6" and settled(l))
        six = export_figure(report, "preview", 800, 600, os.path.join(WORK, "six.png"))
        if pixels(six)[1] == over:
            fail("the figure did not change with octaves")

        # 4. The probe's cell, SVG and PNG.
        svg = export_figure(report, "probe_cell", 900, 700, os.path.join(WORK, "cell.svg"), svg=True)
        with open(svg) as f:
            document = f.read()
        if 'width="900" height="700"' not in document or document.count("<polygon") != 4:
            fail(f"the cell's SVG is not a 900 x 700 figure with four arrows: {document[:300]}")
        cell = export_figure(report, "probe_cell", 900, 700, os.path.join(WORK, "cell.png"))
        size, data = pixels(cell)
        if size != (900, 700) or len(set(data[i:i + 3] for i in range(0, len(data), 3 * 7))) < 20:
            fail(f"the cell's PNG is {size}, or blank")

        # 5. The interpolation curves.
        curves = export_figure(report, "interpolation", 640, 400, os.path.join(WORK, "curves.png"))
        size, data = pixels(curves)
        if size != (640, 400):
            fail(f"the curves figure is {size}, not 640 x 400")
        colours = {(240, 110, 100), (250, 190, 80), (120, 210, 120), (110, 180, 255), (200, 140, 250)}
        seen = {tuple(data[i:i + 3]) for i in range(0, len(data), 3)}
        if not colours & seen or len(seen) < 50:
            fail(f"the curves figure looks blank ({len(seen)} colours)")

        # 5b. The octaves strip: six octaves and their sum, side by side.
        strip = export_figure(report, "octaves", 1400, 330, os.path.join(WORK, "strip.png"))
        size, data = pixels(strip)
        if size != (1400, 330):
            fail(f"the octaves strip is {size}, not 1400 x 330")
        columns = np.asarray(Image.open(strip).convert("L")).astype(np.int16).std(axis=0)
        busy = int((columns > 10).sum())
        if busy < 1400 * 0.6:
            fail(f"the octaves strip shows little: only {busy} of 1400 columns vary")

        # 6. The octave build-up as an animated PNG: the frames of `export --animate octaves`.
        menu_item(report, "file_menu", "export_figure")
        until(report, "the figure dialog", lambda l: "figure_start" in l["rects"], timeout=10)
        time.sleep(0.3)
        click(report.last()["rects"]["figure_kind=animation"])
        until(report, "the animation's options", lambda l: "figure_animate=octaves" in l["rects"])
        time.sleep(0.3)
        click(report.last()["rects"]["figure_animate=octaves"])
        line = until(report, "octaves", lambda l: l["figure"]["animate"] == "octaves")
        if line["figure"]["fps"] != 2:
            fail(f"the octave build-up runs at {line['figure']['fps']} frames a second: each octave flashes by")
        hold("Escape")
        until(report, "the dialog closed", lambda l: "figure_start" not in l["rects"])
        animation = export_figure(report, "animation", 320, 200, os.path.join(WORK, "build-up.png"))
        cli = os.path.join(WORK, "build-up-cli.png")
        subprocess.run([APP, "export", "--preset", six, "--size", "320x200", "--format", "rgb8", "--animate",
                        "octaves", "-o", cli], check=True)
        shown, wanted = Image.open(animation), Image.open(cli)
        if getattr(shown, "n_frames", 1) != 6:
            fail(f"the build-up of 6 octaves has {getattr(shown, 'n_frames', 1)} frames")
        for i in range(6):
            shown.seek(i)
            wanted.seek(i)
            if shown.convert("RGB").tobytes() != wanted.convert("RGB").tobytes():
                fail(f"frame {i} of the window's build-up differs from `export --animate octaves`")

        # 6b. The same with a caption in each frame: the CLI's --caption frames.
        menu_item(report, "file_menu", "export_figure")
        until(report, "the figure dialog", lambda l: "figure_start" in l["rects"], timeout=10)
        time.sleep(0.3)
        click(report.last()["rects"]["figure_kind=animation"])
        until(report, "the caption box", lambda l: "figure_caption" in l["rects"])
        time.sleep(0.3)
        if report.last()["figure"]["caption"]:
            fail("the caption is on before it was asked for")
        click(report.last()["rects"]["figure_caption"])
        until(report, "caption on", lambda l: l["figure"]["caption"])
        time.sleep(0.3)
        screenshot(WORK, "dialog-caption.png")
        hold("Escape")
        until(report, "the dialog closed", lambda l: "figure_start" not in l["rects"])
        captioned = export_figure(report, "animation", 320, 200, os.path.join(WORK, "build-up-caption.png"))
        cli = os.path.join(WORK, "build-up-caption-cli.png")
        subprocess.run([APP, "export", "--preset", six, "--size", "320x200", "--format", "rgb8", "--animate",
                        "octaves", "--caption", "-o", cli], check=True)
        shown, wanted = Image.open(captioned), Image.open(cli)
        if getattr(shown, "n_frames", 1) != 6:
            fail(f"the captioned build-up has {getattr(shown, 'n_frames', 1)} frames")
        for i in range(6):
            shown.seek(i)
            wanted.seek(i)
            if shown.convert("RGB").tobytes() != wanted.convert("RGB").tobytes():
                fail(f"frame {i} of the window's captioned build-up differs from `export --caption`")
        animation_facts = json.loads(Image.open(captioned).text.get("noise-explorer-animation", "{}"))
        if animation_facts.get("caption") is not True:
            fail(f"the window's captioned build-up does not say it is captioned: {animation_facts}")

        # 7. The file's extension follows the kind, and "Replace" is asked for each time.
        menu_item(report, "file_menu", "export_figure")
        until(report, "the figure dialog", lambda l: "figure_start" in l["rects"], timeout=10)
        time.sleep(0.3)
        click(report.last()["rects"]["figure_kind=probe_cell"])
        time.sleep(0.2)
        click(report.last()["rects"]["figure_svg"])
        until(report, "an SVG name", lambda l: l["figure"]["path"].endswith(".svg"))
        click(report.last()["rects"]["figure_kind=animation"])
        until(report, "the animation's name", lambda l: l["figure"]["path"].endswith(".png")
              and l["figure"]["kind"] == "animation")
        click(report.last()["rects"]["figure_replace"])
        until(report, "Replace ticked", lambda l: l["figure"]["overwrite"])
        hold("Escape")
        until(report, "the dialog closed", lambda l: "figure_start" not in l["rects"])
        if report.last()["figure"]["overwrite"]:
            fail("\"Replace an existing file\" is still ticked after the dialog closed")

        # 8. A typed name and the content agree: .svg typed with PNG chosen writes an SVG; a
        # picture of pixels named .svg is refused in one line and nothing is written.
        typed_svg = os.path.join(WORK, "typed.svg")
        export_figure(report, "probe_cell", 900, 700, typed_svg, svg=False)
        with open(typed_svg, "rb") as f:
            head = f.read(64)
        if b"<svg" not in head and not head.startswith(b"<?xml"):
            fail(f"typed.svg, typed with PNG chosen, holds {head[:16]!r}, not an SVG")
        pixels_svg = os.path.join(WORK, "pixels.svg")
        error = export_figure(report, "octaves", 640, 200, pixels_svg, refused=True)
        if error != "'pixels.svg': name the octaves strip .png, not .svg":
            fail(f"an octaves strip named .svg: {error!r}")
        if os.path.exists(pixels_svg):
            fail("a refused octaves strip named .svg was written")

        # 8b. The preview with the lattice on as SVG: the picture embedded (the export's pixels),
        # the lattice's arrows and the probe's ring as shapes.
        lattice_svg = export_figure(report, "preview", 800, 600, os.path.join(WORK, "lattice.svg"), svg=True)
        with open(lattice_svg) as f:
            document = f.read()
        marker = 'xlink:href="data:image/png;base64,'
        if 'width="800" height="600"' not in document or marker not in document:
            fail(f"the lattice SVG is not an 800 x 600 figure with the picture: {document[:300]}")
        start = document.index(marker) + len(marker)
        embedded = Image.open(io.BytesIO(base64.b64decode(document[start:document.index('"', start)])))
        _, wanted = cli_export(six, 800, 600, os.path.join(WORK, "six-cli.png"))
        if embedded.size != (800, 600) or embedded.convert("RGB").tobytes() != wanted:
            fail(f"the lattice SVG's picture ({embedded.size}) is not the export's")
        if document.count("<polygon") < 10 or document.count('fill="none" stroke="rgb(255,90,90)"') != 1:
            fail(f"the lattice SVG has {document.count('<polygon')} arrows, or no probe ring")

        # 9. The strip's height follows a typed width; a light page and one shared grey scale.
        def strip_fits(line):
            if line["figure"]["width"] != 1920 or not 300 < line["figure"]["height"] < 400:
                fail(f"the strip typed 1920 wide is {line['figure']['width']} x {line['figure']['height']}: "
                     "its height did not follow (6 octaves and the sum: about 350)")
            if line["figure"]["theme"] != "light" or not line["figure"]["shared_scale"]:
                fail(f"the light theme or the shared scale did not take: {line['figure']}")
        light = export_figure(report, "octaves", 1920, None, os.path.join(WORK, "strip-light.png"),
                              options=("figure_theme=light", "figure_shared_scale"), check=strip_fits)
        page = np.asarray(Image.open(light).convert("RGB")).astype(np.int16)
        if page.shape[:2] != (report.last()["figure"]["height"], 1920) or tuple(page[2, 2]) != (255, 255, 255):
            fail(f"the light strip is {page.shape}, its corner {tuple(page[2, 2])}: not a white page")
        grey = page.mean(axis=2)
        image_rows = grey[:, :][(grey != 255).sum(axis=1) > 1920 * 0.5]
        # Six octave images and the sum across the width: the first octave's columns against the
        # sixth's (faint on the shared scale).
        band = image_rows.std(axis=0)
        sixth = 1920 * 5 // 7 + 1920 // 14 - 40, 1920 * 5 // 7 + 1920 // 14 + 40
        first = 1920 // 14 - 40, 1920 // 14 + 40
        if not band[sixth[0]:sixth[1]].mean() < 0.5 * band[first[0]:first[1]].mean():
            fail(f"on one grey scale octave 5 is not fainter than octave 0: {band[sixth[0]:sixth[1]].mean():.1f} "
                 f"against {band[first[0]:first[1]].mean():.1f}")
        light_cell = export_figure(report, "probe_cell", 900, 700, os.path.join(WORK, "cell-light.svg"), svg=True,
                                   options=("figure_theme=light",))
        with open(light_cell) as f:
            if 'fill="rgb(255,255,255)"' not in f.read():
                fail("the light probe cell SVG has no white page")

        # 10. The build-up as a GIF, for slide programs.
        def gif_chosen(line):
            if line["figure"]["format"] != "gif" or line["figure"]["sequence"]:
                fail(f"a typed .gif did not choose the GIF, or numbered PNGs stay on: {line['figure']}")
        gif = export_figure(report, "animation", 320, 200, os.path.join(WORK, "build-up.gif"), check=gif_chosen)
        shown = Image.open(gif)
        if shown.format != "GIF" or getattr(shown, "n_frames", 1) != 6 or shown.info.get("loop") != 0:
            fail(f"build-up.gif is a {shown.format} of {getattr(shown, 'n_frames', 1)} frames, "
                 f"loop {shown.info.get('loop')}: expected a looping GIF of 6")
        wanted = Image.open(os.path.join(WORK, "build-up-caption-cli.png"))  # "Caption" stays ticked from 6b
        for i in range(6):
            shown.seek(i)
            wanted.seek(i)
            error = np.abs(np.asarray(shown.convert("RGB")).astype(np.int16)
                           - np.asarray(wanted.convert("RGB")).astype(np.int16)).mean()
            if error > 2.0:
                fail(f"GIF frame {i} is {error:.2f} levels from the APNG's on average")

        # 11. No option that cannot run: a 2D preset has no slice to animate; the picture figures
        # have no theme.
        menu_item(report, "file_menu", "export_figure")
        until(report, "the figure dialog", lambda l: "figure_start" in l["rects"], timeout=10)
        time.sleep(0.3)
        click(report.last()["rects"]["figure_kind=animation"])
        line = until(report, "the animation's options", lambda l: "figure_animate=octaves" in l["rects"])
        time.sleep(0.3)
        line = report.last()
        if "figure_animate=slice" in line["rects"] or line["figure"]["animate"] != "octaves":
            fail(f"a 2D preset offers the slice animation: {line['figure']['animate']}")
        if any(k.startswith("figure_theme") for k in line["rects"]):
            fail("the animation offers a theme it cannot use")
        click(report.last()["rects"]["figure_kind=preview"])
        line = until(report, "the preview", lambda l: l["figure"]["kind"] == "preview")
        time.sleep(0.3)
        if any(k.startswith("figure_theme") for k in report.last()["rects"]):
            fail("the preview offers a theme it cannot use")
        if "figure_svg" not in report.last()["rects"]:
            fail("the preview with the lattice on does not offer its SVG")
        screenshot(WORK, "dialog-preview.png")
        hold("Escape")
        until(report, "the dialog closed", lambda l: "figure_start" not in l["rects"])
    finally:
        process.terminate()
        process.wait(timeout=10)
    print("figures: preview (equal to the export, overlays on top, follows octaves), probe cell SVG and PNG, "
          "curves PNG, the octave build-up, with captions, as GIF; strip sized from its width, light and shared scale")


main()
