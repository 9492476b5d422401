#!/usr/bin/python3
"""The erosion simulation in the window, driven with real X11 input under Xvfb.

    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_simulation.py NOISE_EXPLORER WORKDIR

From the shipped river-canyons with its erosion turned off (a copy of the preset):
  1. "simulate" is chosen from the Erosion section's method combo with the mouse; the simulation's
     own controls (the talus angle among them) appear in its place;
  2. the picture erodes as the simulation runs: several provisional pictures of the preview's full
     size, each different, while the progress rises, before the final one (render_worker.hpp);
  3. the final picture is the export's: the value under the cursor at a few pixels equals
     `export --format r32 --values raw` of the same settings at the preview's size;
  4. the curve changes once the result is there (the eroded row, over the row before erosion);
  5. a change (the talus angle typed in) runs it again, to the new settings' export;
  6. another change (talus 30), undone while its simulation runs: that run is cancelled (the
     worker counts the abandoned image) and talus 28's picture comes back from the worker's kept
     results without a simulation; Undo again: talus 36's, likewise (render_worker.hpp);
  7. the window's thread never waits: no frame took more than 250 ms of its CPU time.
Screenshots are kept in WORKDIR for a person to look at.
"""
import json
import os
import subprocess
import sys
import time

import numpy as np

import x11_drive
from x11_drive import click, fail, hold, into_view, settled, start_app, type_into_slider, until, xdo

APP, WORK = sys.argv[1], sys.argv[2]
os.makedirs(WORK, exist_ok=True)
HERE = os.path.dirname(os.path.abspath(__file__))
SHIPPED = os.path.join(HERE, "..", "..", "..", "assets", "presets", "river-canyons.json")
WIDTH = 512
PIXELS = [(20, 30), (256, 256), (480, 41), (77, 470)]


def exported_raw(preset_path, size, sets, name):
    """The r32 raw export of the preset with `sets` at the preview's size, as float32 rows."""
    out = os.path.join(WORK, name)
    args = [APP, "export", "--preset", preset_path, "--format", "r32", "--values", "raw", "--size",
            f"{size[0]}x{size[1]}", "-o", out, "--force"]
    for s in sets:
        args += ["--set", s]
    subprocess.run(args, check=True, capture_output=True)
    return np.fromfile(out, dtype="<f4").reshape(size[1], size[0])


def pixel_border(readout, params, cell):
    """Whether the readout's point lies within a tenth of a pixel of a pixel's border."""
    fx = (readout["x"] - float(params["offset_x"])) / cell
    fy = (readout["y"] - float(params["offset_y"])) / cell
    return min(abs(fx - round(fx)), abs(fy - round(fy))) < 0.1


def check_final(report, preset_path, sets, what):
    line = report.last()
    size = (line["preview"]["width"], line["preview"]["height"])
    expected = exported_raw(preset_path, size, sets, f"{what}.r32")
    params = line["params"]
    cell = float(params["frequency"]) / size[0]
    for px, py in PIXELS:
        readout = x11_drive.readout_at(report, px, py, lambda r: r["image"] == "A")
        # The pixel the cursor landed on, from the noise point the readout names (a screen pixel
        # is not a whole image pixel, and on a border the point and the pixel may round apart:
        # the value must be that pixel's or, on a border, its neighbour's).
        px = int((readout["x"] - float(params["offset_x"])) // cell)
        py = int((readout["y"] - float(params["offset_y"])) // cell)
        got = np.float32(readout["value"])
        near = expected[max(py - 1, 0):py + 2, max(px - 1, 0):px + 2]
        want = float(expected[py, px])
        if got != np.float32(want) and not (np.any(near == got) and pixel_border(readout, params, cell)):
            fail(f"{what}: at pixel ({px}, {py}) the window shows {got!r}, the r32 export holds {want!r}")
    xdo("mousemove", 5, 5)
    print(f"ok  {what}: the values under the cursor at {PIXELS} are the r32 export's at {size[0]}x{size[1]}",
          flush=True)


def watch_run(report, since, generation, what):
    """Follows the lines after `since` until the picture of request `generation` (or a newer one)
    settles: the provisional pictures seen (checksums of full-size images marked coarse) and the
    progress reached."""
    provisional, progress = set(), 0
    start = time.time()
    while time.time() - start < 120:
        report.poll()
        for line in report.lines[since:]:
            p = line["preview"]
            if line["rendering"] and p["coarse"] and p["width"] == WIDTH and \
                    p["generation"] == line["requested_generation"]:
                provisional.add(p["checksum"])
            if line["rows_total"] == 1000:
                progress = max(progress, line["rows_done"])
            if settled(line) and line["preview"]["width"] == WIDTH and line["preview"]["generation"] >= generation:
                return line, provisional, progress
        since = len(report.lines)
        time.sleep(0.02)
    fail(f"{what}: the simulation did not finish within 120 s")


def main():
    with open(SHIPPED) as fp:
        preset = json.load(fp)
    preset["erosion"]["method"] = "none"
    preset_path = os.path.join(WORK, "canyons-uneroded.json")
    with open(preset_path, "w") as fp:
        json.dump(preset, fp, indent=2)
    app, report = start_app(APP, os.path.join(WORK, "simulation_report.jsonl"), "--preset", preset_path,
                            "--preview-size", str(WIDTH), "--no-session", cwd=WORK)
    try:
        before = report.last()
        if before["preview"]["width"] != WIDTH:
            fail(f"the preview should be {WIDTH} wide, is {before['preview']['width']}")
        if "erosion.talus" in before["rects"]:
            fail("the simulation's talus angle is shown before the simulation is chosen")

        # 1. simulate, from the combo.
        line = into_view(report, "erosion.method", margin=4)
        click(line["rects"]["erosion.method"])
        until(report, "the erosion methods listed", lambda l: "erosion.method=simulate" in l["rects"], timeout=10)
        time.sleep(0.3)
        since = len(report.lines)
        click(report.last()["rects"]["erosion.method=simulate"])
        old = before["requested_generation"]
        chosen = until(report, "erosion.method = simulate asked of the worker",
                       lambda l: l["params"]["erosion.method"] == "simulate" and l["requested_generation"] > old,
                       timeout=10)
        print("ok  simulate chosen from the Erosion section's combo", flush=True)

        # 2. the picture erodes as it runs.
        final, provisional, progress = watch_run(report, since, chosen["requested_generation"], "the first simulation")
        if len(provisional) < 3:
            fail(f"only {len(provisional)} provisional pictures while the simulation ran: it should show its steps")
        if not 0 < progress < 1000:
            fail(f"the progress never showed between 0 and 1000 thousandths: {progress}")
        # (The last provisional picture holds the result's own heights: it may equal the final one.)
        if final["preview"]["checksum"] == before["preview"]["checksum"]:
            fail("the final picture is the field before erosion")
        if "erosion.talus" not in final["rects"] or "erosion.strength" in final["rects"]:
            fail("the Erosion section does not show the simulation's own controls (and only them)")
        print(f"ok  the picture eroded step by step: {len(provisional)} provisional pictures, progress up to "
              f"{progress / 10:.1f} %, then the final one", flush=True)
        x11_drive.screenshot(WORK, "simulated.png")
        talus_36 = final["preview"]["checksum"]

        # 3. the export's values.
        check_final(report, preset_path, ["erosion.method=simulate"], "simulated")

        # 4. the curve reads the eroded row.
        until(report, "the curve of the eroded field",
              lambda l: l["curve"]["checksum"] != before["curve"]["checksum"], timeout=30)
        print("ok  the curve changed to the eroded row", flush=True)

        # 5. a change while it runs starts it again.
        line = into_view(report, "erosion.talus", margin=4)
        since = len(report.lines)
        type_into_slider(line["rects"]["erosion.talus"], "28")
        old = final["requested_generation"]
        changed = until(report, "erosion.talus = 28 asked of the worker",
                        lambda l: abs(float(l["params"]["erosion.talus"]) - 28) < 1e-9 and l["requested_generation"] > old,
                        timeout=20)
        generation = changed["requested_generation"]
        final, provisional, _ = watch_run(report, since, generation, "the second simulation")
        if final["requested_generation"] < generation:
            fail("the settled picture is older than the change")
        print("ok  a change of the talus angle ran the simulation again", flush=True)
        check_final(report, preset_path, ["erosion.method=simulate", "erosion.talus=28"], "talus-28")
        talus_28 = report.last()["preview"]["checksum"]

        # 6. A change undone while it runs: the run is cancelled; the kept results come back.
        def talus(line):
            return float(line["params"]["erosion.talus"])

        line = into_view(report, "erosion.talus", margin=4)
        type_into_slider(line["rects"]["erosion.talus"], "30")
        running = until(report, "talus 30 simulating",
                        lambda l: abs(talus(l) - 30) < 1e-9 and l["rendering"] and l["rows_total"] == 1000, timeout=20)
        cancelled, runs = running["cancelled_renders"], running["simulations_run"]
        hold("ctrl+z")
        back = until(report, "Undo: talus 28 settled", lambda l: abs(talus(l) - 28) < 1e-9 and settled(l), timeout=60)
        if back["cancelled_renders"] <= cancelled:
            fail(f"Undo while the simulation ran did not cancel it ({back['cancelled_renders']} cancelled)")
        if back["preview"]["checksum"] != talus_28:
            fail("after Undo the picture is not the one of talus 28 again")
        if back["simulations_run"] != runs:
            fail("Undo simulated talus 28 again: its result was kept")
        hold("ctrl+z")
        back = until(report, "Undo: talus 36 settled", lambda l: abs(talus(l) - 36) < 1e-9 and settled(l), timeout=60)
        if back["preview"]["checksum"] != talus_36 or back["simulations_run"] != runs:
            fail(f"Undo to talus 36: {back['simulations_run'] - runs} new simulations, the same picture: "
                 f"{back['preview']['checksum'] == talus_36}")
        print("ok  Undo while the simulation ran cancelled it; talus 28's and 36's pictures came back kept, "
              "without simulating", flush=True)

        slowest = report.last().get("slowest_frame_cpu_ms", 0)
        if slowest > 250:
            fail(f"a frame took {slowest} ms of the window thread's CPU: the UI waited")
        print(f"ok  the window's thread never waited (slowest frame {slowest} ms of CPU)", flush=True)
    finally:
        app.terminate()
        app.wait(timeout=10)


main()
