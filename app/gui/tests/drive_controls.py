#!/usr/bin/python3
"""Controls that do not fight the hand, driven with real X11 input under Xvfb.

    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_controls.py NOISE_EXPLORER WORKDIR

  1. Lacunarity dragged to 2.3, then tiling turned on with the tile period's "+": lacunarity is
     rounded to a whole number with a note saying so, and the preview shows a picture, not an
     error.
  2. With tiling on, a drag across lacunarity passes through whole numbers only, no report line
     shows an error, and no control below it moves while the hand is down.
  3. Seed: "+" steps by one, Up and Down over the field step by one, typing sets any value.
  4. Compare > "Keep these settings as B", change octaves, Ctrl+B shows B, Ctrl+B shows A again,
     Ctrl+Z undoes the flip.
  5. The export frame: on by default, the preview has the export size's shape (square for the
     default unreal-1009), so it covers the area an export writes: `export --format rgb8` of the
     same settings at the preview's pixel size gives the very pixels on screen (the preview's
     RGBA checksum). Unticking it gives the panel's shape back, ticking it restores the export's.
"""
import os
import subprocess
import sys
import time

from x11_drive import Report, centre, click_at, drag, fail, hold, settled, wait_dialog, xdo

APP, WORK = sys.argv[1], sys.argv[2]
os.makedirs(WORK, exist_ok=True)
REPORT = os.path.join(WORK, "controls_report.jsonl")


def stepper_plus(rect):
    """The "+" button sits at the right end of a stepper field's rectangle."""
    return rect[2] - 8, (rect[1] + rect[3]) // 2


def main():
    if os.path.exists(REPORT):
        os.remove(REPORT)
    app = subprocess.Popen([APP, "--ui-report", REPORT], cwd=WORK, stderr=subprocess.PIPE)
    try:
        run(Report(REPORT))
    finally:
        app.terminate()
        app.wait(timeout=10)


def shape(line):
    return line["preview"]["height"] / line["preview"]["width"]


def fnv1a_rgba(path):
    """The preview's checksum (shown_field.cpp) over an RGB PNG's pixels with alpha 255 added."""
    from PIL import Image
    data = Image.open(path).convert("RGBA").tobytes()
    value = 0xcbf29ce484222325
    for b in data:
        value = ((value ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return f"{value:016x}"


def export_frame(report):
    line = report.wait("the first picture", settled, timeout=60)
    frame = line["export_frame"]
    want = frame["height"] / frame["width"]
    if not frame["show"] or abs(shape(line) - want) > 2 / line["preview"]["width"]:
        fail(f"the preview is {line['preview']['width']}x{line['preview']['height']}, the export frame "
             f"{frame['width']}x{frame['height']} (shown: {frame['show']})")
    image = line["rects"]["preview_image"]
    # The export of the same settings at the preview's size: the same noise region, pixel for pixel.
    exported = os.path.join(WORK, "frame.png")
    size = f"{line['preview']['width']}x{line['preview']['height']}"
    subprocess.run([APP, "export", "--size", size, "--format", "rgb8", "-o", exported, "--force"], check=True)
    if fnv1a_rgba(exported) != line["preview"]["checksum"]:
        fail(f"the preview's pixels differ from an export of {size}")
    click_at(*centre(line["rects"]["export_frame"]))
    off = report.wait("the frame off: the panel's shape", lambda l: not l["export_frame"]["show"] and settled(l)
                      and abs(shape(l) - want) > 0.1, timeout=30)
    click_at(*centre(off["rects"]["export_frame"]))
    on = report.wait("the frame on again", lambda l: l["export_frame"]["show"] and settled(l)
                     and abs(shape(l) - want) <= 2 / l["preview"]["width"], timeout=30)
    print(f"ok  export frame {frame['width']}x{frame['height']}: preview {line['preview']['width']}x"
          f"{line['preview']['height']} at {image}, the same pixels as an rgb8 export of {size}; off {off['preview']['width']}x{off['preview']['height']}; "
          f"on again {on['preview']['width']}x{on['preview']['height']}", flush=True)


def run(report):
    export_frame(report)
    first = report.last()
    rects = first["rects"]

    # 1. A fractional lacunarity, then tiling on.
    x0, y0, x1, y1 = rects["lacunarity"]
    y = (y0 + y1) // 2
    drag(x0 + (x1 - x0) * 36 // 100, y, x0 + (x1 - x0) * 44 // 100, steps=4)
    line = report.wait("lacunarity fractional", lambda l: float(l["params"]["lacunarity"]) % 1 != 0)
    fractional = line["params"]["lacunarity"]
    time.sleep(0.3)
    click_at(*stepper_plus(report.last()["rects"]["tile"]))
    line = report.wait("tiling on", lambda l: l["params"]["tile"] == "1")
    lacunarity = float(line["params"]["lacunarity"])
    if lacunarity % 1 != 0 or line["error"]:
        fail(f"tiling on left lacunarity {lacunarity} and error {line['error']!r}")
    if "rounded" not in line["note"]:
        fail(f"no note says lacunarity was rounded: {line['note']!r}")
    tiled = lambda l: settled(l) and l["params"]["tile"] == "1"
    line = report.last() if tiled(report.last()) else report.wait("a tiled picture", tiled, timeout=30)
    print(f"ok  lacunarity {fractional} -> {lacunarity} when tiling turned on; note: {line['note']!r}", flush=True)

    # 2. Drag across lacunarity with tiling on.
    seen_from = len(report.lines)
    below_before = report.last()["rects"]["scanline"]
    x0, y0, x1, y1 = report.last()["rects"]["lacunarity"]
    drag(x0 + 4, (y0 + y1) // 2, x1 - 4, steps=16, pause=0.06)
    report.wait("lacunarity at its top", lambda l: l["params"]["lacunarity"] == "4", timeout=10)
    time.sleep(0.3)
    report.poll()
    values = set()
    for l in report.lines[seen_from:]:
        values.add(l["params"]["lacunarity"])
        if l["error"]:
            fail(f"an error showed during the drag: {l['error']!r}")
        if l["rects"].get("scanline") != below_before:
            fail(f"the panel moved during the drag: scanline {below_before} -> {l['rects'].get('scanline')}")
    if any(float(v) % 1 != 0 for v in values) or len(values) < 2:
        fail(f"lacunarity went through {sorted(values)} while tiling")
    print(f"ok  tiling: lacunarity went through {sorted(values, key=float)} only, no error, the panel still", flush=True)

    # 3. Seed stepping.
    seed_rect = report.last()["rects"]["seed"]
    click_at(*stepper_plus(seed_rect))
    report.wait("seed + steps by one", lambda l: l["params"]["seed"] == "1", timeout=10)
    xdo("mousemove", seed_rect[0] + 30, (seed_rect[1] + seed_rect[3]) // 2)
    time.sleep(0.15)
    hold("Up")
    report.wait("Up over the seed steps by one", lambda l: l["params"]["seed"] == "2", timeout=10)
    hold("Down")
    hold("Down")
    report.wait("Down over the seed steps back", lambda l: l["params"]["seed"] == "0", timeout=10)
    xdo("click", 1)
    time.sleep(0.15)
    hold("ctrl+a")
    xdo("type", "--delay", "5", "987654321")
    xdo("key", "Return")
    report.wait("a typed seed", lambda l: l["params"]["seed"] == "987654321", timeout=10)
    print("ok  seed: + gives 1, Up 2, Down Down 0, typed 987654321", flush=True)
    hold("Escape")

    # 4. A/B.
    a = report.last()
    click_at(*centre(a["rects"]["compare_menu"]))
    menu = wait_dialog(report, "the Compare menu", "snapshot")
    click_at(*centre(menu["rects"]["snapshot"]))
    report.wait("B kept", lambda l: l["snapshot"], timeout=10)
    time.sleep(0.3)
    x0, y0, x1, y1 = report.last()["rects"]["octaves"]
    drag(x0 + 10, (y0 + y1) // 2, x1 - 10)
    changed = report.wait("octaves changed", lambda l: l["params"]["octaves"] == "16", timeout=10)
    xdo("key", "ctrl+b")
    report.wait("Ctrl+B shows B", lambda l: l["params"] == a["params"], timeout=10)
    xdo("key", "ctrl+b")
    report.wait("Ctrl+B shows A again", lambda l: l["params"] == changed["params"], timeout=10)
    xdo("key", "ctrl+z")
    report.wait("Ctrl+Z undoes the flip", lambda l: l["params"] == a["params"], timeout=10)
    print("ok  A/B: kept B, changed octaves, Ctrl+B flips both ways, Ctrl+Z undoes a flip", flush=True)


if __name__ == "__main__":
    main()
