"""normal8: the tangent-space normal map of known slopes, decoded by PIL and NumPy.

The expected normals never go through our code: the raw noise comes from `noise-explorer sample`
at each pixel's noise point and at points a small step either side, the slope is the central
difference, chain-ruled as terrain_scale.hpp documents (height / (hi - lo) * g * frequency /
(width * spacing)), and the normal is built and encoded here:
    opengl  n = normalize(-dh/dX, +dh/dZ, 1)     directx  n = normalize(-dh/dX, -dh/dZ, 1)
    byte = floor((n * 0.5 + 0.5) * 255 + 0.5)
Checks:
  1. gradient noise, both conventions: every pixel decodes to the expected normal (within the
     8-bit rounding); the conventions differ in green only, mirrored; the export facts say so.
  2. a slope along x only (dimension 1): green is exactly 128 and the normal leans against the
     rise: red below 128 where the ground climbs to the east, above where it falls.
  3. nearly flat ground (10 cm of relief over 100 m samples): (128, 128, 255) everywhere, +-1.
  4. the preset keeps the convention; a bad convention is one line and exit 2.
"""
import json
import os
import sys

import numpy as np

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from core_test_support import check, finish, png_header, preset_of, read_png, run, temp_dir, sample_points

W, H = 33, 29
STEP = 1e-6  # noise units either side for the central differences



def expected_normals(preset, convention):
    f, ox, oy = preset["frequency"], preset["offset_x"], preset["offset_y"]
    cell = f / W
    centres = [(ox + (px + 0.5) * cell, oy + (py + 0.5) * cell) for py in range(H) for px in range(W)]
    shifted = []
    for x, y in centres:
        shifted += [(x + STEP, y), (x - STEP, y), (x, y + STEP), (x, y - STEP)]
    v = sample_points(preset, shifted).reshape(H, W, 4)
    gx = (v[..., 0] - v[..., 1]) / (2 * STEP)
    gy = (v[..., 2] - v[..., 3]) / (2 * STEP)
    lo, hi = (-1.0, 1.0) if preset["fractal"] == "fbm" else (0.0, 1.0)
    view = preset["view"]
    k = view["terrain_height"] / (hi - lo) * f / (W * view["terrain_spacing"])
    sx, sz = k * gx, k * gy
    n = np.stack([-sx, sz if convention == "opengl" else -sz, np.ones_like(sx)], axis=-1)
    return n / np.linalg.norm(n, axis=-1, keepdims=True)


def export(args, name):
    out = os.path.join(temp_dir(), name)
    r = run("export", *args, "--size", f"{W}x{H}", "--format", "normal8", "-o", out)
    check(r.returncode == 0 and r.stderr == "", f"{name}: {r.stderr}")
    check(png_header(out) == (W, H, 8, 2), f"{name}: header {png_header(out)}, expected 8-bit RGB")
    return read_png(out)


def decoded(a):
    return a.astype(np.float64) / 255.0 * 2.0 - 1.0


# 1. Gradient noise with real relief, both conventions.
BASE = ["--set", "seed=11", "--set", "octaves=3", "--set", "frequency=4", "--set", "offset_x=-1.3",
        "--set", "terrain_height=50", "--set", "terrain_spacing=2"]
images = {}
for convention in ("opengl", "directx"):
    args = BASE + ["--set", f"normal_convention={convention}"]
    im, a = export(args, f"{convention}.png")
    images[convention] = a
    want = expected_normals(preset_of(args), convention)
    error = np.abs(decoded(a) - want).max()
    # 8-bit rounding is half a step (1/255 in [-1, 1]); the normalisation after it adds a little.
    check(error <= 2.5 / 255, f"{convention}: decoded normals differ from the expected by up to {error:.4f}")
    tilt = np.degrees(np.arccos(np.clip(want[..., 2], -1, 1))).max()
    check(tilt > 20, f"{convention}: the test field is too flat to test anything (steepest {tilt:.1f} degrees)")
    facts = json.loads(im.text["noise-explorer-export"])
    check(facts["format"] == "normal8" and facts["normal_map"]["convention"] == convention,
          f"{convention}: export facts {facts.get('normal_map')}")
    check(facts["normal_map"]["gradient"] == "analytic", f"perlin gradients: {facts['normal_map']['gradient']}")
    check(json.loads(im.text["noise-explorer-preset"])["view"]["normal_convention"] == convention,
          f"{convention}: the preset chunk keeps the convention")
gl, dx = images["opengl"].astype(int), images["directx"].astype(int)
check(np.array_equal(gl[..., 0], dx[..., 0]) and np.array_equal(gl[..., 2], dx[..., 2]),
      "opengl and directx differ outside the green channel")
check(np.abs(gl[..., 1] + dx[..., 1] - 255).max() <= 1, "directx's green is not opengl's mirrored")

# 2. A slope along x only: 1D noise makes every row the same profile.
args = ["--set", "dimension=1", "--set", "octaves=2", "--set", "frequency=3", "--set", "terrain_height=40"]
_, a = export(args, "ridge.png")
check(np.all(a[..., 1] == 128), f"1D noise: green should be 128 everywhere, got {np.unique(a[..., 1])[:8]}")
check(np.all(a == a[0:1]), "1D noise: every row should be the same")
raw = sample_points(preset_of(args), [((px + 0.5) * 3 / W, 0.0) for px in range(W)])
rises = np.gradient(raw)
strong = np.abs(rises) > 0.5 * np.abs(rises).max()
check(np.all((a[0, strong, 0] < 128) == (rises[strong] > 0)),
      "red should be below 128 where the ground climbs to the east and above where it falls")

# 3. Nearly flat: 0.1 m of relief between samples 100 m apart.
_, a = export(["--set", "terrain_height=0.1", "--set", "terrain_spacing=100"], "flat.png")
# (The encoding's 128 is exactly 0: the faintest downhill rounds to 127.)
check(np.abs(a.astype(int) - [128, 128, 255]).max() <= 1, f"flat ground: {np.unique(a.reshape(-1, 3), axis=0)[:4]}")

# 4. A convention that does not exist.
r = run("export", "--set", "normal_convention=up", "--size", "8x8", "--format", "normal8", "-o",
        os.path.join(temp_dir(), "x.png"))
check(r.returncode == 2 and "normal_convention" in r.stderr and "opengl, directx" in r.stderr
      and r.stderr.count("\n") == 1, f"bad convention: {r.returncode} {r.stderr!r}")

finish()
