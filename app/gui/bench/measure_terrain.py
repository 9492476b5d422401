#!/usr/bin/python3
"""How fast is the 3D terrain view under Mesa's software renderer? Measured in the real window.

    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 app/gui/bench/measure_terrain.py \\
        build/release/app/noise-explorer /tmp/terrain [PREVIEW_SIZE] [DETAIL ...]

Starts the explorer with --preview-size PREVIEW_SIZE (default 1024: a 1024 x 1024 field for the
square unreal-1009 export frame), opens the "3D terrain" tab and, for each mesh detail (default
128 256 512 1024), picks it in the detail combo, waits for the mesh, then orbits for four seconds
with real X11 input (xdotool, a step every 10 ms). Printed per detail: the mesh size, the time to
build it on the worker, the frames per second and median / slowest frame while orbiting (the gaps
between report lines: each frame moves the camera) and the terrain's GPU time (its timer query)
while moving (the coarse triangles) and for the still frame after it (the full mesh).
A benchmark, not a test: the figures depend on the machine and its load (docs/performance.md#the-terrain-view).
"""
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from x11_drive import centre, click, settled, start_app, until, xdo  # noqa: E402

APP, WORK = sys.argv[1], sys.argv[2]
SIZE = int(sys.argv[3]) if len(sys.argv) > 3 else 1024
DETAILS = [int(d) for d in sys.argv[4:]] or [128, 256, 512, 1024]
os.makedirs(WORK, exist_ok=True)


def mesh_of(report, detail):
    return until(report, f"the mesh at detail {detail}", lambda l: settled(l) and not l["terrain"]["building"]
                 and l["terrain"]["detail"] == detail and l["terrain"]["field_generation"] == l["preview"]["generation"],
                 timeout=120)


def orbit(report, rect, seconds=4.0):
    seen = len(report.lines)
    x, y = centre(rect)
    xdo("mousemove", x, y)
    time.sleep(0.1)
    xdo("mousedown", 1)
    start, i = time.time(), 0
    while time.time() - start < seconds:
        i += 1
        xdo("mousemove", x + int(150 * np.sin(i / 10.0)), y + int(40 * np.cos(i / 13.0)))
        time.sleep(0.01)
    xdo("mouseup", 1)
    time.sleep(0.5)
    report.poll()
    times = [l["time"] for l in report.lines[seen:]]
    moving_gpu = report.last()["terrain"]["gpu_ms"]
    # The first still frame draws the full mesh; its timer comes back a frame or two later.
    xdo("mousemove", x + 3, y + 3)  # wakes the loop: the query is read on the next frame
    time.sleep(1.5)
    xdo("mousemove", x, y)
    time.sleep(0.5)
    return np.diff(times) * 1000.0, moving_gpu, report.last()


def main():
    process, report = start_app(APP, os.path.join(WORK, "terrain_bench.jsonl"), "--preview-size", str(SIZE), cwd=WORK)
    try:
        click(report.last()["rects"]["tab_terrain"])
        line = mesh_of(report, 256)
        print(f"field {line['preview']['width']} x {line['preview']['height']}, terrain view "
              f"{line['rects']['terrain_image'][2] - line['rects']['terrain_image'][0]} x "
              f"{line['rects']['terrain_image'][3] - line['rects']['terrain_image'][1]} px", flush=True)
        for detail in DETAILS:
            if line["terrain"]["detail"] != detail:
                click(line["rects"]["terrain_detail"])
                until(report, "the detail combo", lambda l: f"terrain_detail={detail}" in l["rects"])
                time.sleep(0.3)
                click(report.last()["rects"][f"terrain_detail={detail}"])
                line = mesh_of(report, detail)
            gaps, moving_gpu, last = orbit(report, line["rects"]["terrain_image"])
            t = last["terrain"]
            print(f"detail {detail:4}: mesh {t['columns']} x {t['rows']}, built in {t['build_ms']:.0f} ms; orbiting "
                  f"{len(gaps) / (gaps.sum() / 1000.0):.1f} frames/s, median frame {np.median(gaps):.0f} ms, "
                  f"slowest {gaps.max():.0f} ms, terrain GPU {moving_gpu} ms moving (coarse), {t['gpu_ms']} ms "
                  f"still (full mesh)", flush=True)
            line = report.last()
    finally:
        process.terminate()
        process.wait(timeout=10)


main()
