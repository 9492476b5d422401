#!/usr/bin/python3
"""The window's command line: bad options and a missing display give one line and exit 2.

Needs no display (runs before any window would open):  check_options.py NOISE_EXPLORER
"""
import os
import subprocess
import sys

APP = sys.argv[1]
failures = []


def check(args, status, needle, env=None):
    run = subprocess.run([APP, *args], capture_output=True, text=True, timeout=60, env=env)
    lines = run.stderr.strip().splitlines()
    ok = run.returncode == status and (status == 0 or (len(lines) == 1 and needle in lines[0]))
    if status == 0:
        ok = ok and needle in run.stdout
    print(f"{'ok ' if ok else 'BAD'} {' '.join(args) or '(no args)'}: status {run.returncode}, "
          f"stderr {run.stderr.strip()!r}")
    if not ok:
        failures.append(args)


check(["--frames", "abc", "--screenshot", "x.png"], 2, "--frames")
check(["--frames", "0", "--screenshot", "x.png"], 2, "--frames")
check(["--preview-size", "5"], 2, "--preview-size")
check(["--window-size", "big"], 2, "--window-size")
check(["--bogus"], 2, "--bogus")
check(["--preset"], 2, "--preset")
check(["--preset", "/nonexistent/none.json"], 2, "none.json")
check(["--frames", "3"], 2, "--screenshot")
check(["--help-gui"], 0, "--screenshot FILE")
no_display = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
check([], 2, "xvfb-run -a noise-explorer", env=no_display)
sys.exit(1 if failures else 0)
