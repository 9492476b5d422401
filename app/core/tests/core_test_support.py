"""Helpers for the export checks: run the program, compute expected pixels independently.

Expected values never go through our writers: raw noise comes from `noise-explorer sample`
(the noise library evaluated at each pixel's noise-space point, printed with %.17g), and the
mapping to 8/16 bit is recomputed here from the formulas documented in value_mapping.hpp.
"""
import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

EXE = sys.argv[1] if len(sys.argv) > 1 else "noise-explorer"
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


def finish():
    if failures:
        print(f"{len(failures)} check(s) failed")
        sys.exit(1)
    print("all checks passed")
    sys.exit(0)


def run(*args, stdin=None, **kwargs):
    return subprocess.run([EXE, *args], input=stdin, capture_output=True, text=True, **kwargs)


_temp_dirs = []


@atexit.register
def _remove_temp_dirs():
    for path in _temp_dirs:
        shutil.rmtree(path, ignore_errors=True)


def temp_dir():
    path = tempfile.mkdtemp(prefix="noise-explorer-core-")
    _temp_dirs.append(path)
    return path


def seconds_to_run(command, times=2):
    """The longest of `times` runs of `command` (which must succeed), in seconds."""
    longest = 0.0
    for _ in range(times):
        start = time.monotonic()
        subprocess.run(command, check=True, capture_output=True)
        longest = max(longest, time.monotonic() - start)
    return longest


def long_enough(candidates, command_of, at_least=0.4):
    """The first of `candidates` (cheapest first) whose command_of(candidate) runs at least
    `at_least` seconds, and those seconds; the last candidate if none does.

    The signal tests need exports long enough that a signal at a random moment lands inside
    them. The same export takes 0.5 s in the release build and many times that under the
    sanitizers (or on a busy machine), so the size is chosen by measuring, not written down."""
    for candidate in candidates:
        seconds = seconds_to_run(command_of(candidate))
        if seconds >= at_least:
            break
    return candidate, seconds


def preset_of(args):
    """The full preset JSON the program builds from --preset/--set arguments (via a 1x1 PNG)."""
    from PIL import Image
    d = temp_dir()
    out = os.path.join(d, "p.png")
    r = run("export", *args, "--size", "1x1", "--format", "png8", "-o", out)
    assert r.returncode == 0, r.stderr
    return json.loads(Image.open(out).text["noise-explorer-preset"])


def raw_field(preset, width, height):
    """Raw values of every pixel as float32 (what render() stores), through `sample`."""
    f, ox, oy, z, w = (preset[k] for k in ("frequency", "offset_x", "offset_y", "z", "w"))
    cell = f / width  # noise::pixel_point: x = offset_x + (px + 0.5) * (frequency / width)
    lines = []
    for py in range(height):
        y = oy + (py + 0.5) * cell
        for px in range(width):
            x = ox + (px + 0.5) * cell
            lines.append(f"{x!r} {y!r} {z!r} {w!r}")
    d = temp_dir()
    path = os.path.join(d, "preset.json")
    with open(path, "w") as fp:
        json.dump(preset, fp)
    r = run("sample", "--preset", path, stdin="\n".join(lines) + "\n")
    assert r.returncode == 0, r.stderr
    values = np.array([float(v) for v in r.stdout.split()], dtype=np.float64)
    assert values.size == width * height, (values.size, width * height)
    return values.astype(np.float32).reshape(height, width)


def mapping_range(preset, raw):
    if preset["view"]["mapping"] == "stretch":
        return float(raw.min()), float(raw.max())
    return (-1.0, 1.0) if preset["fractal"] == "fbm" else (0.0, 1.0)


def unit(raw, lo, hi):
    if not hi > lo:
        return np.full(raw.shape, 0.5)
    return np.clip((raw.astype(np.float64) - lo) / (hi - lo), 0.0, 1.0)


def gray8(u):
    return np.floor(u * 255.0 + 0.5).astype(np.uint8)


def gray16(u):
    return np.floor(u * 65535.0 + 0.5).astype(np.uint16)


def png_header(path):
    """(width, height, bit depth, colour type) straight from the IHDR bytes."""
    with open(path, "rb") as fp:
        data = fp.read(33)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    return (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big"), data[24], data[25])


def read_png(path):
    from PIL import Image
    im = Image.open(path)
    im.load()
    return im, np.array(im)


def snapshot(folder):
    """Every file in a folder (hidden temp files included) with its bytes."""
    out = {}
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), "rb") as fp:
            out[name] = fp.read()
    return out


def sample_points(preset, points):
    """`noise-explorer sample` of `preset` (a dict, as preset_of gives) at (x, y) points, at the
    preset's z and w: the raw values as float64, the library's own numbers to check files against."""
    d = temp_dir()
    path = os.path.join(d, "preset.json")
    with open(path, "w") as fp:
        json.dump(preset, fp)
    lines = "\n".join(f"{x!r} {y!r} {preset['z']!r} {preset['w']!r}" for x, y in points) + "\n"
    r = run("sample", "--preset", path, stdin=lines)
    assert r.returncode == 0, r.stderr
    return np.array([float(v) for v in r.stdout.split()], dtype=np.float64)


def rerun_in_private_tmpfs(script, in_namespace):
    """Runs `script` (a test file, given EXE) again inside a private mount namespace, with the
    environment variable `in_namespace` set: there it may mount a small tmpfs to fill (a full disk)
    without touching the machine's mounts. Prints its output; its failure is a check failure. Where
    this machine allows no such namespace (no root, no user namespaces), says so and skips."""
    env = {**os.environ, in_namespace: "1"}
    me = [sys.executable, os.path.abspath(script), EXE]
    for unshare in (["unshare", "-m", "--propagation", "private"],
                    ["unshare", "-r", "-m", "--propagation", "private"]):
        if shutil.which("unshare") is None:
            break
        probe = subprocess.run([*unshare, "mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", temp_dir()],
                               capture_output=True, text=True)
        if probe.returncode != 0:
            continue
        r = subprocess.run([*unshare, *me], capture_output=True, text=True, env=env)
        sys.stdout.write(r.stdout)
        check(r.returncode == 0, f"the full-disk part failed (exit {r.returncode}): {r.stderr[-2000:]}")
        return
    print("SKIP full disk: cannot mount a tmpfs in a private mount namespace here (needs root or user "
          "namespaces: `unshare -m mount -t tmpfs` failed)")
