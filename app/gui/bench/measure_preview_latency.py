#!/usr/bin/python3
"""How long does a change take to reach the full preview? Measured in the real window.

    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 app/gui/bench/measure_preview_latency.py \
        build/release/app/noise-explorer /tmp/latency [OCTAVES] [PREVIEW_SIZE] [--preset NAME ...]

Starts the explorer with --ui-report, --preview-size PREVIEW_SIZE (default 1024) and a preset: by
default OCTAVES (default 8) octaves of 2D Perlin noise; with --preset, each named shipped preset
(assets/presets/NAME.json, or a path) in turn, or every shipped preset with --preset all. Then it
drags the persistence slider (frequency where a preset has one octave and so no persistence)
with real X11 input (xdotool), a step every 60 ms, like a hand. For each change the report
timestamps give the time from the first frame that requested it to the first frame that shows
its full (not coarse) preview. Printed per preset: the median and the worst over the changes that
completed, how many were superseded by the next step before completing, the time from the
last step to its full preview ("hand stops"), and the full render's own time (the worker's, without
the coarse image before it and the frames around it, which Mesa's software renderer draws on the
same cores). A benchmark, not a test: the figures depend on the
machine (docs/performance.md).
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))
from x11_drive import Report, drag, settled  # noqa: E402  (the Xvfb tests' input and report helpers)

SHIPPED = os.path.normpath(os.path.join(HERE, "..", "..", "..", "assets", "presets"))
SLIDERS = ("persistence", "frequency")  # the first the preset shows is dragged


def measure(app_path, work, size, preset, label):
    report_path = os.path.join(work, "latency_report.jsonl")
    if os.path.exists(report_path):
        os.remove(report_path)
    app = subprocess.Popen([app_path, "--ui-report", report_path, "--preview-size", str(size), "--preset", preset],
                           cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    report = Report(report_path)
    try:
        first = report.wait("the first full preview", settled)
        slider = next(name for name in SLIDERS if name in first["rects"])
        r = first["rects"][slider]
        x0, y = r[0] + 10, (r[1] + r[3]) // 2
        drag(x0, y, r[2] - 10, steps=40, pause=0.06)  # left to right across the slider
        time.sleep(0.1)  # a frame or two to see the release
        newest = report.last()["requested_generation"]
        shows_newest = lambda l: settled(l) and l["requested_generation"] == newest  # noqa: E731
        # Report.wait looks at lines still to come; the preview may already be among those read.
        final = next((l for l in report.lines if shows_newest(l)), None) or report.wait("the last change's full preview",
                                                                                     shows_newest)
        time.sleep(0.3)
        report.poll()
        lines = report.lines
    finally:
        app.terminate()
        app.wait(timeout=10)

    requested, shown, render_ms = {}, {}, {}
    for line in lines:
        requested.setdefault(line["requested_generation"], line["time"])
        if not line["preview"]["coarse"]:
            shown.setdefault(line["preview"]["generation"], line["time"])
            render_ms.setdefault(line["preview"]["generation"], line["preview"]["render_ms"])
    changes = sorted(g for g in requested if g > first["requested_generation"])
    latencies = [(shown[g] - requested[g]) * 1000 for g in changes if g in shown]
    superseded = len(changes) - len(latencies)
    stop_ms = (shown[final["requested_generation"]] - requested[final["requested_generation"]]) * 1000
    print(f"{label}: preview {final['preview']['width']}x{final['preview']['height']}, {slider} dragged: "
          f"{len(changes)} changes, median {statistics.median(latencies):.1f} ms, worst {max(latencies):.1f} ms "
          f"to the full preview; {superseded} superseded before completing; hand stops -> full preview "
          f"{stop_ms:.1f} ms; the full render itself median "
          f"{statistics.median(render_ms[g] for g in changes if g in shown):.1f} ms", flush=True)


def main():
    parser = argparse.ArgumentParser(description="Change-to-full-preview latency in the real window.")
    parser.add_argument("app")
    parser.add_argument("work")
    parser.add_argument("octaves", nargs="?", type=int, default=8, help="octaves of the default field (no --preset)")
    parser.add_argument("size", nargs="?", type=int, default=1024, help="--preview-size")
    parser.add_argument("--preset", nargs="+", default=[], help="shipped preset names, paths, or `all`")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    if not args.preset:
        preset = os.path.join(args.work, "latency.json")
        with open(preset, "w") as f:
            json.dump({"format": "noise-explorer-preset", "version": 1, "octaves": args.octaves}, f)
        measure(args.app, args.work, args.size, preset, f"{args.octaves} octaves of 2D perlin")
        return
    names = args.preset
    if names == ["all"]:
        names = sorted(os.path.splitext(os.path.basename(p))[0] for p in glob.glob(os.path.join(SHIPPED, "*.json")))
    for name in names:
        path = name if os.path.exists(name) else os.path.join(SHIPPED, name + ".json")
        measure(args.app, args.work, args.size, path, name)


if __name__ == "__main__":
    main()
