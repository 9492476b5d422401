"""What the module's tests share: the program to compare with, the shipped presets, and helpers
that ask the program (never the module) for the expected values.

Run by ctest (python.bits, python.dask, ...: one test a file) with PYTHONPATH at the built module
and NOISE_EXPLORER_PROGRAM at the built program; by hand:
    PYTHONPATH=build/release/app/python/module NOISE_EXPLORER_PROGRAM=build/release/noise-explorer \\
        /usr/bin/python3 -m pytest app/python/tests
"""
import glob
import json
import os
import subprocess

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
PROGRAM = os.environ.get("NOISE_EXPLORER_PROGRAM", "noise-explorer")
PRESETS_DIR = os.environ.get("NOISE_EXPLORER_PRESETS", os.path.join(SOURCE, "assets", "presets"))
SHIPPED = sorted(glob.glob(os.path.join(PRESETS_DIR, "*.json")))
assert SHIPPED, f"no presets in {PRESETS_DIR}"


def run_program(*args, stdin=None):
    return subprocess.run([PROGRAM, *args], input=stdin, capture_output=True, text=True)


def pixel_points(preset, width, region):
    """Noise-space points of render()'s pixels, computed here as render.hpp's pixel model says:
    x = offset_x + (px + 0.5) * (frequency / width), y likewise, at the slice z, w."""
    x0, y0, x1, y1 = region
    cell = preset.frequency / width
    points = []
    for py in range(y0, y1):
        for px in range(x0, x1):
            points.append((preset.offset_x + (px + 0.5) * cell, preset.offset_y + (py + 0.5) * cell, preset.z, preset.w))
    return points


def simulates(preset_file):
    """Whether the preset's erosion is the simulation, which needs an image size to sample."""
    with open(preset_file) as fp:
        return json.load(fp).get("erosion", {}).get("method") == "simulate"


def sample_with_program(preset_file, points, sets=(), size=None):
    """`noise-explorer sample` at the points (printed with %.17g, read back exactly); `size`
    (width, height) is the image a simulating preset simulates (sample --size)."""
    lines = "".join(" ".join(repr(float(c)) for c in p) + "\n" for p in points)
    args = ["sample", "--preset", preset_file]
    for s in sets:
        args += ["--set", s]
    if size is not None and simulates(preset_file):
        args += ["--size", f"{size[0]}x{size[1]}"]
    result = run_program(*args, stdin=lines)
    assert result.returncode == 0, result.stderr
    return np.array([float(v) for v in result.stdout.split()], dtype=np.float64)


def same_bits(a, b):
    a, b = np.ascontiguousarray(a), np.ascontiguousarray(b)
    return a.shape == b.shape and a.dtype == b.dtype and np.array_equal(a.view(np.uint8), b.view(np.uint8))


@pytest.fixture(params=SHIPPED, ids=[os.path.basename(p)[:-5] for p in SHIPPED])
def shipped_preset(request):
    return request.param
