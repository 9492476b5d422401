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

APP, WORK = sys.argv[1], sys.argv[2]
OCTAVES = int(sys.argv[3]) if len(sys.argv) > 3 else 8
SIZE = int(sys.argv[4]) if len(sys.argv) > 4 else 1024
REPORT = os.path.join(WORK, "latency_report.jsonl")


def xdo(*args):
    subprocess.run(["xdotool", *[str(a) for a in args]], check=True)


def read_report():
    try:
        with open(REPORT) as f:
            return [json.loads(line) for line in f if line.endswith("\n")]
    except FileNotFoundError:
        return []


def wait_for(predicate, timeout=30.0):
    start = time.time()
    while time.time() - start < timeout:
        lines = read_report()
        for line in lines:
            if predicate(line):
                return line
        time.sleep(0.05)
    sys.exit(f"timed out; last line: {json.dumps(read_report()[-1:])[:400]}")


def settled(line):
    return (not line["rendering"] and line["preview"]["generation"] == line["requested_generation"]
            and not line["preview"]["coarse"])


def main():
    os.makedirs(WORK, exist_ok=True)
    if os.path.exists(REPORT):
        os.remove(REPORT)
    preset = os.path.join(WORK, "latency.json")
    with open(preset, "w") as f:
        json.dump({"format": "noise-explorer-preset", "version": 1, "octaves": OCTAVES}, f)
    app = subprocess.Popen([APP, "--ui-report", REPORT, "--preview-size", str(SIZE), "--preset", preset], cwd=WORK,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        first = wait_for(settled)
        r = first["rects"]["persistence"]
        x0, y = r[0] + 10, (r[1] + r[3]) // 2
        xdo("mousemove", x0, y)
        time.sleep(0.2)
        xdo("mousedown", 1)
        time.sleep(0.1)
        steps = 40
        for i in range(1, steps + 1):  # left to right across the slider
            xdo("mousemove", x0 + (r[2] - r[0] - 20) * i // steps, y)
            time.sleep(0.06)
        xdo("mouseup", 1)
        time.sleep(0.1)  # a frame or two to see the release
        newest = read_report()[-1]["requested_generation"]
        final = wait_for(lambda l: settled(l) and l["requested_generation"] == newest)
        time.sleep(0.3)
        lines = read_report()
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
