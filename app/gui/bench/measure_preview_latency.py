#!/usr/bin/python3
"""How long does a change take to reach the full preview? Measured in the real window.

    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 app/gui/bench/measure_preview_latency.py \
        build/release/app/noise-explorer /tmp/latency [OCTAVES] [PREVIEW_SIZE]

Starts the explorer with --ui-report and a preset of OCTAVES (default 8) octaves of 2D Perlin
noise, --preview-size PREVIEW_SIZE (default 1024), then drags the persistence slider with real
X11 input (xdotool), a step every 60 ms, like a hand. For each change the report timestamps give
the time from the first frame that requested it to the first frame that shows its full (not
coarse) preview. Printed: the median and the worst over the changes that completed, how many were
superseded by the next step before completing, and the time from the last step to its full
preview ("hand stops"). A benchmark, not a test: the figures depend on the machine (README, Speed).
"""
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from x11_drive import Report, drag, settled  # noqa: E402  (the Xvfb tests' input and report helpers)

APP, WORK = sys.argv[1], sys.argv[2]
OCTAVES = int(sys.argv[3]) if len(sys.argv) > 3 else 8
SIZE = int(sys.argv[4]) if len(sys.argv) > 4 else 1024
REPORT = os.path.join(WORK, "latency_report.jsonl")


def main():
    os.makedirs(WORK, exist_ok=True)
    if os.path.exists(REPORT):
        os.remove(REPORT)
    preset = os.path.join(WORK, "latency.json")
    with open(preset, "w") as f:
        json.dump({"format": "noise-explorer-preset", "version": 1, "octaves": OCTAVES}, f)
    app = subprocess.Popen([APP, "--ui-report", REPORT, "--preview-size", str(SIZE), "--preset", preset], cwd=WORK,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    report = Report(REPORT)
    try:
        first = report.wait("the first full preview", settled)
        r = first["rects"]["persistence"]
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

    requested, shown = {}, {}
    for line in lines:
        requested.setdefault(line["requested_generation"], line["time"])
        if not line["preview"]["coarse"]:
            shown.setdefault(line["preview"]["generation"], line["time"])
    changes = sorted(g for g in requested if g > first["requested_generation"])
    latencies = [(shown[g] - requested[g]) * 1000 for g in changes if g in shown]
    superseded = len(changes) - len(latencies)
    stop_ms = (shown[final["requested_generation"]] - requested[final["requested_generation"]]) * 1000
    print(f"preview {final['preview']['width']}x{final['preview']['height']}, {OCTAVES} octaves: "
          f"{len(changes)} changes, median {statistics.median(latencies):.1f} ms, worst {max(latencies):.1f} ms "
          f"to the full preview; {superseded} superseded before completing; hand stops -> full preview "
          f"{stop_ms:.1f} ms")


if __name__ == "__main__":
    main()
