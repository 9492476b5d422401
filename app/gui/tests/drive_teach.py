#!/usr/bin/python3
"""The teaching views (issue 8, items 4-7), driven with real X11 input under Xvfb.

    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_teach.py NOISE_EXPLORER WORKDIR

  1. Dimension 1: the large area is the curve plot ("big_curve"), not stripes: a screenshot of it
     is mostly the plot's dark background crossed by the white curve and coloured octaves. The
     wheel zooms it around the cursor and a drag pans it, as the 2D preview.
  2. Dimension 3, Teach > Animate z: the slice shown moves (the report's shown z grows, the
     preview's pixels change) while the settings' z stays 0, nothing enters the undo history and
     the title gets no "*". Animate off: the slice stays where it stopped. "Keep this slice":
     the settings' z becomes the shown one, as one undoable change.
  3. The Octaves tab: S on octave 2 makes the preview that octave alone: its min, max and mean
     equal octave_weight(2) x the CLI's one-octave noise at the pixels' points scaled by
     lacunarity^2. S again gives the full picture back, pixel for pixel; M on octave 0 changes
     it and M again restores it. Hugo Elias' "1/4" sets persistence 0.25, undoably.
  4. The Interpolation tab: each curve's row starts with the CLI's value of the noise with that
     curve at the same point; clicking the cosine row selects cosine.
  5. Compare: B kept equal to A, "Difference A - B" is zero everywhere and B's pixels are A's.
     A switched to value noise: the difference is no longer zero, B still shows the Perlin
     picture. "Split": left of the divider the screen shows the very pixels of A alone, right of
     it those of B alone (screenshots of each, taken before), the scanline included: B's half
     lies under the overlays. The cursor readout reads B's image on B's half and A's on A's:
     the value of the pixel under the cursor is the CLI's at that pixel's centre for each. Dragging
     the divider moves it and does not pan the picture.
"""
import json
import math
import os
import subprocess
import sys
import time

from x11_drive import centre, click, drag, fail, settled, start_app, until, xdo

APP, WORK = sys.argv[1], sys.argv[2]
os.makedirs(WORK, exist_ok=True)
REPORT = os.path.join(WORK, "teach_report.jsonl")


def preset(name, **keys):
    path = os.path.join(WORK, name)
    with open(path, "w") as f:
        json.dump({"format": "noise-explorer-preset", "version": 1, **keys}, f)
    return path


def quit_app(process, report):
    xdo("key", "ctrl+q")  # the app latches Ctrl shortcuts itself
    time.sleep(0.5)
    if process.poll() is None:
        process.terminate()
    process.wait(timeout=10)


def cli_sample(points, *sets):
    args = [APP, "sample"]
    for s in sets:
        args += ["--set", s]
    text = "\n".join(" ".join(repr(c) for c in p) for p in points) + "\n"
    out = subprocess.run(args, input=text, capture_output=True, text=True, check=True).stdout
    return [float(v) for v in out.split()]


def big_curve():
    process, report = start_app(APP, REPORT, "--no-session", "--preset", preset("one_d.json", dimension=1), cwd=WORK)
    try:
        line = until(report, "the big curve", lambda l: l["teach"]["big_curve"] and "big_curve" in l["rects"]
                     and l["curve"]["generation"] > 0)
        x0, y0, x1, y1 = line["rects"]["big_curve"]
        if y1 - y0 < 250 or x1 - x0 < 400:
            fail(f"the big curve is only {x1 - x0}x{y1 - y0}")
        if y1 > line["rects"]["tab_curve"][1]:
            fail(f"the big curve {line['rects']['big_curve']} is not above the bottom panel")
        time.sleep(0.5)
        shot = os.path.join(WORK, "one_d.png")
        subprocess.run(["import", "-window", "root", shot], check=True)
        from PIL import Image
        pixels = list(Image.open(shot).convert("RGB").crop((x0 + 60, y0 + 10, x1 - 12, y1 - 26)).getdata())
        dark = sum(1 for r, g, b in pixels if r < 45 and g < 45 and b < 50) / len(pixels)
        white = sum(1 for r, g, b in pixels if min(r, g, b) > 225) / len(pixels)
        colour = sum(1 for r, g, b in pixels if max(r, g, b) - min(r, g, b) > 80) / len(pixels)
        if dark < 0.6 or white < 0.002 or colour < 0.001:
            fail(f"the big curve area does not look like a plot: dark {dark:.3f}, white {white:.4f}, colour {colour:.4f}")
        print(f"ok  1D: the large area is the curve plot {x1 - x0}x{y1 - y0}: {dark:.0%} background, "
              f"{white:.1%} white curve, {colour:.1%} coloured octaves", flush=True)
        # Zoom and pan, as in 2D: the wheel keeps the point under the cursor, a drag moves x only.
        before = report.last()["curve"]["checksum"]
        xdo("mousemove", (x0 + x1) // 2, (y0 + y1) // 2)
        time.sleep(0.15)
        xdo("click", "4")
        line = until(report, "the wheel zoomed in", lambda l: float(l["params"]["frequency"]) < 4
                     and l["curve"]["checksum"] != before)
        if line["params"]["offset_y"] != "0" or float(line["params"]["offset_x"]) <= 0:
            fail(f"zooming around the middle left offsets {line['params']['offset_x']}, {line['params']['offset_y']}")
        zoomed = line["params"]["offset_x"]
        drag((x0 + x1) // 2, (y0 + y1) // 2, (x0 + x1) // 2 - 200, steps=10)
        line = until(report, "the drag panned", lambda l: float(l["params"]["offset_x"]) > float(zoomed) + 0.3
                     and l["params"]["offset_y"] == "0")
        print(f"ok  1D: wheel zoom to frequency {line['params']['frequency']}, drag pans offset_x {zoomed} -> "
              f"{line['params']['offset_x']}", flush=True)
    finally:
        quit_app(process, report)


def animate():
    process, report = start_app(APP, REPORT, "--no-session", "--preset", preset("three_d.json", dimension=3), cwd=WORK)
    try:
        line = report.last()
        click(line["rects"]["teach_menu"])
        line = until(report, "the Teach menu", lambda l: "animate" in l["rects"])
        time.sleep(0.3)
        click(report.last()["rects"]["animate"])
        until(report, "animating", lambda l: l["teach"]["animate"])
        start = len(report.lines)
        time.sleep(3.0)
        report.poll()
        seen = report.lines[start:]
        zs = sorted({l["teach"]["shown_z"] for l in seen})
        pictures = {l["preview"]["checksum"] for l in seen if not l["preview"]["coarse"]}
        if len(zs) < 4 or zs[-1] < 0.2:
            fail(f"the shown z did not move: {zs[:8]}")
        if len(pictures) < 3:
            fail(f"the preview showed only {len(pictures)} full pictures while animating")
        for l in seen:
            if l["params"]["z"] != "0" or l["can_undo"] or l["title"].endswith("*"):
                fail(f"animating changed the settings: z {l['params']['z']}, undo {l['can_undo']}, title {l['title']!r}")
        print(f"ok  animate: z shown {zs[0]:.3f} .. {zs[-1]:.3f}, {len(pictures)} full pictures, "
              f"settings' z still 0, no undo step, title {seen[-1]['title']!r}", flush=True)

        click(report.last()["rects"]["teach_menu"])
        until(report, "the Teach menu", lambda l: "animate" in l["rects"])
        time.sleep(0.3)
        click(report.last()["rects"]["animate"])
        line = until(report, "animation off", lambda l: not l["teach"]["animate"])
        time.sleep(1.0)
        stopped = report.last()["teach"]["shown_z"]
        if stopped != line["teach"]["shown_z"] or stopped == 0:
            fail(f"after stopping the slice moved on or went back: {line['teach']['shown_z']} -> {stopped}")
        click(report.last()["rects"]["teach_menu"])
        until(report, "the Teach menu", lambda l: "keep_slice" in l["rects"])
        time.sleep(0.3)
        click(report.last()["rects"]["keep_slice"])
        line = until(report, "the slice kept", lambda l: l["can_undo"] and abs(float(l["params"]["z"]) - stopped) < 1e-9)
        if line["teach"]["shown_z"] != float(line["params"]["z"]):
            fail(f"after keeping the slice the view shows z {line['teach']['shown_z']}, the settings {line['params']['z']}")
        print(f"ok  stopped at z {stopped:.4f}; 'Keep this slice' set z = {line['params']['z']} as an undoable change", flush=True)
    finally:
        quit_app(process, report)


def octaves():
    # 64 px wide and square (the export frame of unreal-1009): 4096 pixels, sampled by the CLI.
    process, report = start_app(APP, REPORT, "--no-session", "--preview-size", "64", cwd=WORK)
    try:
        base = until(report, "the first picture", settled)
        if (base["preview"]["width"], base["preview"]["height"]) != (64, 64):
            fail(f"the preview is {base['preview']['width']}x{base['preview']['height']}, not 64x64")
        full = base["preview"]["checksum"]
        click(base["rects"]["tab_octaves"])
        until(report, "the octave rows", lambda l: "octave_solo_2" in l["rects"] and l["teach"]["octaves"]["layers"] == 5)
        time.sleep(0.3)
        click(report.last()["rects"]["octave_solo_2"])
        line = until(report, "octave 2 alone", lambda l: l["teach"]["solo"] == 2 and settled(l)
                     and l["preview"]["checksum"] != full)
        # Octave 2 with the same permutation for every octave is octave 0's noise at the point x 4.
        points = [(4 * (px + 0.5) * 4 / 64, 4 * (py + 0.5) * 4 / 64) for py in range(64) for px in range(64)]
        share = 0.25 / (1 + 0.5 + 0.25 + 0.125 + 0.0625)
        import numpy
        alone = (numpy.array(cli_sample(points, "octaves=1")) * share).astype(numpy.float32).astype(numpy.float64)
        want = {"min": alone.min(), "max": alone.max(), "mean": alone.mean()}
        for key, value in want.items():
            if abs(line["field"][key] - value) > 1e-6:
                fail(f"octave 2 alone: the preview's {key} is {line['field'][key]}, the CLI's octave gives {value}")
        print(f"ok  solo octave 2: the preview's min/max/mean {line['field']['min']:+.5f} {line['field']['max']:+.5f} "
              f"{line['field']['mean']:+.5f} are the CLI's octave x its share {share:.4f}", flush=True)
        click(line["rects"]["octave_solo_2"])
        until(report, "solo off: the full picture", lambda l: l["teach"]["solo"] == -1 and settled(l)
              and l["preview"]["checksum"] == full)
        click(report.last()["rects"]["octave_mute_0"])
        line = until(report, "octave 0 muted", lambda l: l["teach"]["muted"] == 1 and settled(l)
                     and l["preview"]["checksum"] != full)
        if abs(line["field"]["max"] - line["field"]["min"]) > abs(base["field"]["max"] - base["field"]["min"]):
            fail("muting the largest octave made the field's spread larger")
        click(line["rects"]["octave_mute_0"])
        until(report, "octave 0 back", lambda l: l["teach"]["muted"] == 0 and settled(l) and l["preview"]["checksum"] == full)
        print(f"ok  mute octave 0: spread {line['field']['max'] - line['field']['min']:.3f} instead of "
              f"{base['field']['max'] - base['field']['min']:.3f}; unmuted: the same pixels as before", flush=True)
        if report.last()["can_undo"]:
            fail("solo or mute entered the undo history")
        click(report.last()["rects"]["persistence_1/4"])
        line = until(report, "Elias' persistence 1/4", lambda l: l["params"]["persistence"] == "0.25" and l["can_undo"])
        until(report, "the layers of persistence 1/4", lambda l: l["teach"]["octaves"]["persistence"] == 0.25)
        print("ok  Hugo Elias' 1/4: persistence 0.25, undoable; the octave rows follow", flush=True)
    finally:
        quit_app(process, report)


def interpolation():
    process, report = start_app(APP, REPORT, "--no-session", cwd=WORK)
    try:
        click(report.last()["rects"]["tab_interpolation"])
        line = until(report, "the five rows", lambda l: len(l["teach"]["interpolation"]) == 6
                     and "interp_row_cosine" in l["rects"])
        rows = line["teach"]["interpolation"]
        firsts = set()
        for name in ("linear", "cosine", "cubic", "quintic", "smoothstep"):
            row = rows[name]
            want = cli_sample([(row["x"], row["y"])], "octaves=1", f"interpolation={name}")[0]
            if abs(row["first"] - want) > 1e-12:
                fail(f"the {name} row starts at {row['first']}, the CLI gives {want}")
            firsts.add(row["first"])
        if len(firsts) < 4:
            fail(f"the rows hardly differ: {sorted(firsts)}")
        click(line["rects"]["interp_row_cosine"])
        until(report, "cosine chosen", lambda l: l["params"]["interpolation"] == "cosine" and l["can_undo"])
        print(f"ok  interpolation: the five rows are the CLI's noise with each curve; clicking cosine chose it", flush=True)
    finally:
        quit_app(process, report)


def screenshot(name):
    from PIL import Image
    time.sleep(0.4)  # a frame or two after the report's line: the picture is on screen
    path = os.path.join(WORK, name)
    subprocess.run(["import", "-window", "root", path], check=True)
    return Image.open(path).convert("RGB")


def compare():
    process, report = start_app(APP, REPORT, "--no-session", cwd=WORK)
    try:
        def menu(item):
            click(report.last()["rects"]["compare_menu"])
            until(report, f"the Compare menu's {item}", lambda l: item in l["rects"])
            time.sleep(0.3)
            click(report.last()["rects"][item])

        perlin = until(report, "the Perlin picture", settled)
        image = perlin["rects"]["preview_image"]
        shot_b = screenshot("compare_b.png")
        menu("snapshot")
        until(report, "B kept", lambda l: l["snapshot"])
        menu("compare_difference")
        line = until(report, "the difference of equal sets", lambda l: l["teach"]["compare"]["max_abs_difference"] >= 0)
        if line["teach"]["compare"]["max_abs_difference"] != 0 or line["teach"]["compare"]["b_checksum"] != perlin["preview"]["checksum"]:
            fail(f"B = A but the difference is {line['teach']['compare']}")
        print("ok  compare: B kept equal to A: B's pixels are A's, the difference is 0 everywhere", flush=True)

        click(report.last()["rects"]["algorithm"])
        until(report, "the algorithm combo", lambda l: "algorithm=value" in l["rects"])
        time.sleep(0.3)
        click(report.last()["rects"]["algorithm=value"])
        line = until(report, "A is value noise, the difference of it and B", lambda l: l["params"]["algorithm"] == "value"
                     and settled(l) and l["teach"]["compare"]["max_abs_difference"] > 0.05)
        if line["teach"]["compare"]["b_checksum"] != perlin["preview"]["checksum"]:
            fail("B changed when A did")
        print(f"ok  A value, B Perlin: max |A - B| = {line['teach']['compare']['max_abs_difference']:.3f}; B unchanged", flush=True)

        menu("compare_difference")  # off
        until(report, "the difference off", lambda l: l["teach"]["compare"]["mode"] == "off")
        shot_a = screenshot("compare_a.png")
        menu("compare_split")
        line = until(report, "split", lambda l: l["teach"]["compare"]["mode"] == "split" and "compare_divider" in l["rects"])
        split = screenshot("compare_split.png")
        divider = centre(line["rects"]["compare_divider"])[0]
        x0, y0, x1, y1 = image
        # A band clear of the labels, the scanline (the middle) and the A / B marks (the bottom).
        band = (y0 + (y1 - y0) // 8, y0 + (y1 - y0) * 3 // 8)
        left = (x0 + 2, band[0], divider - 10, band[1])
        right = (divider + 10, band[0], x1 - 2, band[1])
        if split.crop(left).tobytes() != shot_a.crop(left).tobytes():
            fail(f"left of the divider the split is not A's picture ({left})")
        if split.crop(right).tobytes() != shot_b.crop(right).tobytes():
            fail(f"right of the divider the split is not B's picture ({right})")
        if split.crop(right).tobytes() == shot_a.crop(right).tobytes():
            fail("A and B look the same right of the divider: the check above could not fail")
        print(f"ok  split at x {divider}: left the pixels of A alone, right those of B alone", flush=True)

        # The overlays lie over both halves: along the scanline, B's half shows what B alone
        # showed (its pixels and the scanline over them), not B's pixels over the line.
        scan_y = centre(line["rects"]["scanline_handle"])[1]
        along = (divider + 10, scan_y - 3, x1 - 20, scan_y + 4)
        if split.crop(along).tobytes() != shot_b.crop(along).tobytes():
            fail(f"along the scanline right of the divider the split is not B's picture with the line ({along})")
        print("ok  the scanline lies over B's half as over A's", flush=True)

        # The readout: the value under the cursor comes from the image shown there.
        def pixel_centre(l, x, y):
            f, ox, oy = (float(l["params"][k]) for k in ("frequency", "offset_x", "offset_y"))
            w = l["preview"]["width"]
            return (ox + (math.floor((x - ox) / f * w) + 0.5) * f / w, oy + (math.floor((y - oy) / f * w) + 0.5) * f / w)

        for side, at_x, sets in (("B", (divider + x1) // 2, ["algorithm=perlin"]), ("A", (x0 + divider) // 2, ["algorithm=value"])):
            xdo("mousemove", at_x, y0 + (y1 - y0) // 4)
            line = until(report, f"the readout on {side}'s half", lambda l: l.get("readout", {}).get("image") == side)
            readout = line["readout"]
            expected = cli_sample([pixel_centre(line, readout["x"], readout["y"])], *sets)[0]
            if abs(readout["value"] - expected) > 1e-6:
                fail(f"the readout on {side}'s half shows {readout['value']}, the CLI gives {expected} ({readout})")
            print(f"ok  readout on {side}'s half: {readout['value']:+.6f}, {side}'s own value there", flush=True)

        cy = (y0 + y1) // 2 + 40
        drag(divider, cy, divider + 120, steps=10)
        line = until(report, "the divider dragged", lambda l: l["teach"]["compare"]["divider"] > 0.6)
        time.sleep(0.3)
        line = report.last()
        if line["params"]["offset_x"] != "0" or line["params"]["offset_y"] != "0":
            fail(f"dragging the divider panned the picture: offsets {line['params']['offset_x']}, {line['params']['offset_y']}")
        print(f"ok  the divider dragged to {line['teach']['compare']['divider']:.2f} of the width; the picture did not pan", flush=True)
    finally:
        quit_app(process, report)


big_curve()
animate()
octaves()
interpolation()
compare()
print("ok  all teaching views", flush=True)
