#!/usr/bin/python3
"""Drives the real explorer window with real X11 input and checks what it shows.

Run under Xvfb (the CTest entry does this):
    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_explorer.py NOISE_EXPLORER WORKDIR

The app is started with --ui-report; every frame that changed appends one JSON line with the
widgets' screen rectangles, the parameters, the preview's generation and pixel checksum, and the
curve's checksum. Each step below sends input through xdotool at a rectangle taken from the
report (no hard-coded pixels), then waits for the report to show the expected change:
  1. drag the dimension slider to its right end        -> dimension 4, new preview and curve
  2. drag the octaves slider to its right end          -> octaves 16; the render is slow now, and
     frames must keep coming while it runs (report lines with rows_done moving, no long gaps),
     with a coarse image shown before the full one
  3. Ctrl+click the seed field, type a seed, Return     -> seed changed, new preview
  4. open the algorithm combo and pick "value"          -> algorithm value, new preview
  5. drag the scanline's handle down                   -> view.scanline and the curve's row change,
     the preview is NOT re-rendered (the curve has its own worker)
     drag inside the preview                            -> offsets change by the drag (pan), new preview
  6. scroll up over the preview                         -> frequency smaller (zoom in), the noise
     point under the cursor unchanged, new preview
  7. Ctrl+Z                                             -> the zoom is undone
  8. Ctrl+E, Export; Export again                       -> the file is written; the second time
     the dialog asks before replacing it, and Replace writes it again
Exit status 0 when every check passes; otherwise the first failure is printed.
"""
import json
import os
import subprocess
import sys
import time

from x11_drive import Report, centre, drag, fail, settled, until, xdo

APP, WORK = sys.argv[1], sys.argv[2]
REPORT = os.path.join(WORK, "drive_report.jsonl")
os.makedirs(WORK, exist_ok=True)


def expect_new_picture(report, before, what, key, check):
    """Waits until the settled preview shows `key` satisfying `check`, then compares pictures."""
    line = report.wait(f"{what}: {key} changed and the preview re-rendered",
                       lambda l: check(l["params"][key]) and settled(l)
                       and l["preview"]["generation"] > before["preview"]["generation"])
    if line["preview"]["checksum"] == before["preview"]["checksum"]:
        fail(f"{what}: the preview's pixels did not change")
    curve_line = line
    if line["curve"]["checksum"] == before["curve"]["checksum"]:
        curve_line = report.wait(f"{what}: the curve followed",
                                 lambda l: l["curve"]["checksum"] != before["curve"]["checksum"], timeout=10)
    print(f"ok  {what}: {key} {before['params'][key]} -> {line['params'][key]}, preview generation "
          f"{before['preview']['generation']} -> {line['preview']['generation']}, curve changed "
          f"(frame {curve_line['frame']})", flush=True)
    return line


def main():
    if os.path.exists(REPORT):
        os.remove(REPORT)
    # A wide preview so that 16 octaves of 4D cubic noise take a while: the responsiveness
    # check needs a render that is slow on purpose.
    for old in ("heightmap.png",):
        if os.path.exists(os.path.join(WORK, old)):
            os.remove(os.path.join(WORK, old))
    # Cubic interpolation blends 4^D lattice points instead of 2^D: with 4D and 16 octaves below,
    # even the SIMD kernels take a noticeable time, which the responsiveness check needs.
    preset = os.path.join(WORK, "slow-start.json")
    with open(preset, "w") as f:
        json.dump({"format": "noise-explorer-preset", "version": 1, "interpolation": "cubic"}, f)
    app = subprocess.Popen([APP, "--ui-report", REPORT, "--preview-size", "1024", "--preset", preset], cwd=WORK,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        run(Report(REPORT))
    finally:
        app.terminate()
        try:
            app.wait(timeout=10)
        except subprocess.TimeoutExpired:
            app.kill()
            fail("the app did not quit on SIGTERM")
    print("all checks passed")


def run(report):
    first = report.wait("the first frame", lambda l: True, timeout=30)
    print(f"ok  first frame reported (frame {first['frame']}, {len(first['rects'])} rectangles)", flush=True)
    for key in ("algorithm", "octaves", "seed", "dimension", "preview", "curve"):
        if key not in first["rects"]:
            fail(f"the report has no rectangle for '{key}'")
    state = report.wait("the first full preview", settled, timeout=60)

    # [1] Dimension slider to its right end.
    r = state["rects"]["dimension"]
    x, y = centre(r)
    drag(x, y, r[2] + 20)
    state = expect_new_picture(report, state, "drag dimension", "dimension", lambda v: v == "4")

    # [2] Octaves slider to its right end; the 4D render with 16 octaves is slow.
    r = state["rects"]["octaves"]
    x, y = centre(r)
    before = state
    drag(x, y, r[2] + 20)
    released = len(report.lines)
    state = expect_new_picture(report, before, "drag octaves", "octaves", lambda v: v == "16")
    # Responsiveness: while the final render ran, frames kept coming.
    final_gen = state["preview"]["generation"]
    during = [l for l in report.lines[released:] if l["rendering"] and l["requested_generation"] == final_gen]
    if len(during) < 5:
        fail(f"only {len(during)} report lines while the slow render ran: the UI looks blocked")
    gaps = [b["time"] - a["time"] for a, b in zip(during, during[1:])]
    if max(gaps) > 0.5:
        fail(f"a {max(gaps):.2f}s gap between frames during the render: the UI thread waited")
    rows = [l["rows_done"] for l in during]
    coarse = any(l["preview"]["coarse"] and l["preview"]["generation"] == final_gen for l in report.lines[released:])
    render_time = during[-1]["time"] - during[0]["time"]
    print(f"ok  responsive during a {render_time:.2f}s render: {len(during)} frames, longest gap "
          f"{max(gaps) * 1000:.0f} ms, rows {rows[0]} -> {rows[-1]}, coarse image shown first: {coarse}", flush=True)
    if not coarse:
        fail("no coarse image of the new settings was shown before the full one")

    # [3] Seed: Ctrl+click to type, then Return.
    r = state["rects"]["seed"]
    x, y = centre(r)
    xdo("mousemove", x, y)
    time.sleep(0.1)
    xdo("keydown", "ctrl")
    time.sleep(0.05)
    xdo("click", 1)
    time.sleep(0.05)
    xdo("keyup", "ctrl")
    time.sleep(0.2)
    xdo("type", "--delay", 50, "12345")
    # ImGui 1.86 reads key state once per frame: hold Return for longer than a frame.
    xdo("keydown", "Return")
    time.sleep(0.1)
    xdo("keyup", "Return")
    state = expect_new_picture(report, state, "type seed", "seed", lambda v: v == "12345")

    # [4] Algorithm combo: open it, then click the entry it reports. The panel shows only the
    # controls that apply: Perlin noise has gradients and no lattice smoothing, value noise the
    # other way round.
    if "gradients" not in state["rects"] or "smooth" in state["rects"]:
        fail(f"perlin's panel: gradients shown {'gradients' in state['rects']}, smooth shown {'smooth' in state['rects']}")
    r = state["rects"]["algorithm"]
    xdo("mousemove", *centre(r))
    time.sleep(0.1)
    xdo("click", 1)
    report.wait("the algorithm list to open", lambda l: "algorithm=value" in l["rects"])
    # A popup is laid out during its first frames; its entries' final place is in the newest line.
    time.sleep(0.3)
    opened = report.last()
    if "algorithm=value" not in opened["rects"]:
        fail("the algorithm list closed by itself")
    xdo("mousemove", *centre(opened["rects"]["algorithm=value"]))
    time.sleep(0.1)
    xdo("click", 1)
    state = expect_new_picture(report, state, "pick algorithm", "algorithm", lambda v: v == "value")
    panel = until(report, "value noise's panel", lambda l: l["params"]["algorithm"] == "value" and "smooth" in l["rects"])
    if "gradients" in panel["rects"]:
        fail("value noise's panel still shows the gradient set, which value noise does not read")
    print("ok  the panel shows gradients for perlin, smoothing (and no gradients) for value", flush=True)

    # [5] The scanline: drag its handle down; only the curve follows.
    r = state["rects"]["scanline_handle"]
    hx, hy = r[0] + 4, (r[1] + r[3]) // 2
    xdo("mousemove", hx, hy)
    time.sleep(0.3)
    xdo("mousedown", 1)
    time.sleep(0.1)
    for i in range(1, 9):
        xdo("mousemove", hx, hy + 12 * i)
        time.sleep(0.05)
    xdo("mouseup", 1)
    line = report.wait("the curve to follow the scanline",
                       lambda l: float(l["view"]["scanline"]) > float(state["view"]["scanline"]) + 0.05
                       and l["curve"]["y"] > state["curve"]["y"] and l["curve"]["checksum"] != state["curve"]["checksum"])
    if line["requested_generation"] != state["requested_generation"]:
        fail("moving the scanline re-rendered the preview")
    print(f"ok  scanline {state['view']['scanline']} -> {line['view']['scanline']}, curve row y "
          f"{state['curve']['y']:.3f} -> {line['curve']['y']:.3f}, preview untouched", flush=True)
    state = line

    # Pan: drag inside the preview's image (away from the scanline) to the left and up.
    r = state["rects"]["preview_image"]
    px, py = r[0] + (r[2] - r[0]) * 2 // 3, r[1] + 30
    before = state
    expected = float(before["params"]["offset_x"]) + 150 / (r[2] - r[0]) * float(before["params"]["frequency"])
    drag(px, py, px - 150)
    # A preview can finish while the hand is still moving: wait for the one at the drag's end.
    state = expect_new_picture(report, before, f"drag to pan (offset_x about {expected:.4f})", "offset_x",
                               lambda v: abs(float(v) - expected) <= 0.02)

    # [6] Zoom: three wheel clicks up at a point of the preview's image, which must stay put.
    r = state["rects"]["preview_image"]
    mx, my = r[0] + (r[2] - r[0]) // 3, r[1] + (r[3] - r[1]) // 3
    xdo("mousemove", mx, my)
    time.sleep(0.15)
    for _ in range(3):
        xdo("click", 4)
        time.sleep(0.08)
    before = state
    state = expect_new_picture(report, state, "wheel zoom", "frequency", lambda v: float(v) < float(before["params"]["frequency"]) * 0.7)
    width = r[2] - r[0]

    def under_cursor(line):
        p = line["params"]
        f = float(p["frequency"])
        return (float(p["offset_x"]) + (mx - r[0]) / width * f, float(p["offset_y"]) + (my - r[1]) / width * f)

    (bx, by), (ax, ay) = under_cursor(before), under_cursor(state)
    tolerance = 2.0 * float(before["params"]["frequency"]) / width
    if abs(ax - bx) > tolerance or abs(ay - by) > tolerance:
        fail(f"zoom moved the point under the cursor: ({bx:.4f}, {by:.4f}) -> ({ax:.4f}, {ay:.4f})")
    print(f"ok  zoom kept the point under the cursor: ({bx:.4f}, {by:.4f}) -> ({ax:.4f}, {ay:.4f})", flush=True)

    # [7] Ctrl+Z undoes the zoom (the three wheel clicks were one gesture).
    time.sleep(0.6)  # let the wheel gesture end
    xdo("mousemove", 5, 790)
    time.sleep(0.1)
    xdo("key", "ctrl+z")
    state = report.wait("Ctrl+Z to undo the zoom",
                        lambda l: l["params"]["frequency"] == before["params"]["frequency"])
    print(f"ok  Ctrl+Z restored frequency {state['params']['frequency']}", flush=True)

    # [8] Export from the window, then again: a confirmation before replacing the file.
    xdo("key", "ctrl+e")
    report.wait("the export dialog", lambda l: "export_start" in l["rects"])
    time.sleep(0.3)  # a new window is sized during its first frames: use its settled place
    dialog = report.last()
    target = os.path.join(WORK, "heightmap.png")
    xdo("mousemove", *centre(dialog["rects"]["export_start"]))
    time.sleep(0.1)
    xdo("click", 1)
    report.wait("the export to finish", lambda l: l["export"]["message"].startswith("Exported"), timeout=60)
    if not os.path.exists(target):
        fail("the export reported success but wrote no file")
    first_mtime = os.stat(target).st_mtime_ns
    time.sleep(0.3)
    xdo("mousemove", *centre(report.last()["rects"]["export_start"]))  # the dialog grew a message line
    time.sleep(0.1)
    xdo("click", 1)  # Export again
    report.wait("a confirmation before replacing", lambda l: "export_replace" in l["rects"])
    time.sleep(0.3)
    confirm = report.last()
    if os.stat(target).st_mtime_ns != first_mtime:
        fail("the file was replaced without a confirmation")
    xdo("mousemove", *centre(confirm["rects"]["export_replace"]))
    time.sleep(0.1)
    xdo("click", 1)
    report.wait("the second export", lambda l: l["export"]["message"].startswith("Exported"), timeout=60)
    if os.stat(target).st_mtime_ns == first_mtime:
        fail("Replace did not write the file again")
    print("ok  export from the window, confirmation before replacing, replaced on request", flush=True)


if __name__ == "__main__":
    main()
