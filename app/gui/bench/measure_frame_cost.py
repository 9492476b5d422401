#!/usr/bin/python3
"""What does one frame of the window cost the CPU? Measured in the real window.

    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 app/gui/bench/measure_frame_cost.py \
        build/release/app/noise-explorer /tmp/frames [--preset NAME] [--seconds S] [--runs N]

Starts the explorer with --ui-report and a shipped preset (default `eroded-alpine`), waits for
its full preview, then moves the mouse back and forth by a few pixels over the preview's left
margin with real X11 input for S seconds (default 3): every move is an input event, so the loop
draws at its full rate, and nothing renders. Printed per run: the frames drawn, the frame rate,
and the process's CPU time (every thread: the UI thread and the software renderer's) per frame.
Under Xvfb, Mesa's software renderer draws the frames on the same cores as the noise
(docs/performance.md, "The preview's latency"); on a machine with a GPU a frame costs far less.
A benchmark, not a test: the figures depend on the machine.
"""
import argparse
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))
from x11_drive import start_app, xdo  # noqa: E402  (the Xvfb tests' input and report helpers)

SHIPPED = os.path.normpath(os.path.join(HERE, "..", "..", "..", "assets", "presets"))
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """User and system time of the whole process, every thread, from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime and stime, fields 14 and 15


def measure(app, work, preset, seconds):
    process, report = start_app(app, os.path.join(work, "frames_report.jsonl"), "--preset", preset, cwd=work)
    try:
        time.sleep(1.0)  # the curve, the histogram: whatever settles after the first picture
        report.poll()
        frame0, cpu0, start = report.last()["frame"], cpu_seconds(process.pid), time.monotonic()
        rect = report.last()["rects"]["preview"]
        x, y, step = rect[0] + 8, (rect[1] + rect[3]) // 2, 0
        while time.monotonic() - start < seconds:
            xdo("mousemove", x + 6 * (step % 2), y)
            step += 1
            time.sleep(1.0 / 30.0)
        elapsed = time.monotonic() - start
        cpu = cpu_seconds(process.pid) - cpu0
        time.sleep(0.2)
        report.poll()
        frames = report.last()["frame"] - frame0
    finally:
        process.terminate()
        process.wait(timeout=10)
    return frames, elapsed, cpu


def main():
    parser = argparse.ArgumentParser(description="CPU time per frame of the real window.")
    parser.add_argument("app")
    parser.add_argument("work")
    parser.add_argument("--preset", default="eroded-alpine", help="a shipped preset's name, or a path")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    preset = args.preset if os.path.exists(args.preset) else os.path.join(SHIPPED, args.preset + ".json")
    per_frame = []
    for run in range(1, args.runs + 1):
        frames, elapsed, cpu = measure(args.app, args.work, preset, args.seconds)
        per_frame.append(cpu / frames * 1000)
        print(f"run {run}: {frames} frames in {elapsed:.1f} s ({frames / elapsed:.0f} a second), "
              f"{per_frame[-1]:.1f} ms of CPU a frame", flush=True)
    print(f"{args.preset}: median {statistics.median(per_frame):.1f} ms of CPU a frame over {args.runs} runs")


if __name__ == "__main__":
    main()
