"""mask16: the terrain masks (slope, height, curvature, aspect) against an independent computation.

The expected samples never go through our code: the raw noise comes from `noise-explorer sample`
at each pixel's noise point and a small step either side; the slope in metres is the central
difference chain-ruled as terrain_scale.hpp documents (0 where the value is clamped), and each
map's 16-bit mapping (terrain_masks.hpp, docs/cli.md) is applied here:
    slope      floor(atan(|grad h|) in degrees / 90 * 65535 + 0.5)
    aspect     floor(atan2(-dh/dX, dh/dZ) in [0, 360) / 360 * 65536 + 0.5) mod 65536
    curvature  clamp(floor(32768 + 32768 * k + 0.5)), k = (sX(x+1) - sX(x-1)) / 2 + (sZ(y+1) - sZ(y-1)) / 2
    height     the png16 export's samples, bit for bit
Checks:
  1. each map within a small tolerance of the recomputation (finite differences against the
     exact gradient), on a field steep enough to matter; the export facts state the mapping.
  2. exact identities: a constant field (shaping scale=0) gives slope 0, aspect 0 and curvature 32768 everywhere;
     1D noise (no slope along y) faces exactly east or west (16384 or 49152) and its slope map has
     equal rows.
  3. the same bits for --region windows, for --tiles and for 1 and 3 threads as the whole image.
  4. bad --map: one line, exit 2, nothing written.
"""
import json
import os
import sys

import numpy as np

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from core_test_support import check, finish, png_header, preset_of, read_png, run, temp_dir, sample_points

W, H = 31, 27
STEP = 1e-6  # noise units either side for the central differences
BASE = ["--set", "seed=5", "--set", "octaves=3", "--set", "frequency=3", "--set", "offset_x=-0.7",
        "--set", "terrain_height=60", "--set", "terrain_spacing=2"]



def slopes(preset, xs, ys):
    """(dh/dX, dh/dZ) in metres per metre at the pixels (xs, ys) (any integers, outside too)."""
    f, ox, oy = preset["frequency"], preset["offset_x"], preset["offset_y"]
    cell = f / W
    pts = []
    for px, py in zip(xs.ravel(), ys.ravel()):
        x, y = ox + (px + 0.5) * cell, oy + (py + 0.5) * cell
        pts += [(x, y), (x + STEP, y), (x - STEP, y), (x, y + STEP), (x, y - STEP)]
    v = sample_points(preset, pts).reshape(-1, 5)
    lo, hi = (-1.0, 1.0) if preset["fractal"] == "fbm" else (0.0, 1.0)
    view = preset["view"]
    k = view["terrain_height"] / (hi - lo) * f / (W * view["terrain_spacing"])
    inside = (v[:, 0] > lo) & (v[:, 0] < hi)
    sx = np.where(inside, k * (v[:, 1] - v[:, 2]) / (2 * STEP), 0.0).reshape(xs.shape)
    sz = np.where(inside, k * (v[:, 3] - v[:, 4]) / (2 * STEP), 0.0).reshape(xs.shape)
    return sx, sz


def export(args, name, *extra):
    out = os.path.join(temp_dir(), name)
    r = run("export", *args, "--size", f"{W}x{H}", *extra, "-o", out)
    check(r.returncode == 0 and r.stderr == "", f"{name}: {r.stderr}")
    return out


def mask(args, name, which, *extra):
    out = export(args, name, "--format", "mask16", "--map", which, *extra)
    check(png_header(out) == (W, H, 16, 0), f"{name}: header {png_header(out)}, expected 16-bit gray")
    im, a = read_png(out)
    return im, a.astype(np.int64)


ys, xs = np.mgrid[0:H, 0:W]
preset = preset_of(BASE)
sx, sz = slopes(preset, xs, ys)

# 1. Against the recomputation.
im, got = mask(BASE, "slope.png", "slope")
degrees = np.degrees(np.arctan(np.hypot(sx, sz)))
check(degrees.max() > 30, f"the test field is too flat to test anything (steepest {degrees.max():.1f} degrees)")
error = np.abs(got / 65535 * 90 - degrees).max()
check(error < 0.01, f"slope: differs from the finite differences by up to {error:.4f} degrees")
facts = json.loads(im.text["noise-explorer-export"])
check(facts["format"] == "mask16" and facts["mask"]["map"] == "slope" and "90" in facts["mask"]["mapping"],
      f"slope facts: {facts.get('mask')}")

im, got = mask(BASE, "aspect.png", "aspect")
want = np.degrees(np.arctan2(-sx, sz)) % 360
steep = degrees > 1  # where the direction is well defined
diff = np.abs((got / 65536 * 360 - want + 180) % 360 - 180)
check(diff[steep].max() < 0.05, f"aspect: differs by up to {diff[steep].max():.4f} degrees")
check(json.loads(im.text["noise-explorer-export"])["mask"]["map"] == "aspect", "aspect facts")

_, got = mask(BASE, "curvature.png", "curvature")
ex, _ = slopes(preset, xs + 1, ys)
wx, _ = slopes(preset, xs - 1, ys)
_, so = slopes(preset, xs, ys + 1)
_, no = slopes(preset, xs, ys - 1)
k = (ex - wx) / 2 + (so - no) / 2
want = np.clip(np.floor(32768 + 32768 * k + 0.5), 0, 65535)
check(np.abs(want - 32768).max() > 1000, "the test field is too gentle to test curvature")
check(np.abs(got - want).max() <= 2, f"curvature: differs by up to {np.abs(got - want).max()} samples")

_, got = mask(BASE, "height.png", "height")
_, png16 = read_png(export(BASE, "png16.png", "--format", "png16"))
check(np.array_equal(got, png16.astype(np.int64)), "height: not the png16 export bit for bit")

# 2. Exact identities.
flat = BASE + ["--set", "scale=0"]
for which, value in (("slope", 0), ("aspect", 0), ("curvature", 32768)):
    _, got = mask(flat, f"flat-{which}.png", which)
    check(np.all(got == value), f"flat ground: {which} should be {value} everywhere, got {np.unique(got)[:6]}")
ridge = ["--set", "dimension=1", "--set", "octaves=2", "--set", "frequency=3", "--set", "terrain_height=40"]
_, got = mask(ridge, "ridge-aspect.png", "aspect")
sloped = mask(ridge, "ridge-slope.png", "slope")[1]
check(np.all(np.isin(got[sloped > 0], [16384, 49152])), f"1D noise: aspect not east/west: {np.unique(got)[:6]}")
check(np.all(sloped == sloped[0:1]), "1D noise: slope rows differ")

# 3. Regions, tiles and threads give the whole image's bits.
for which in ("slope", "curvature", "aspect", "height"):
    _, whole = mask(BASE, f"whole-{which}.png", which, "--threads", "1")
    _, threaded = mask(BASE, f"threads-{which}.png", which, "--threads", "3")
    check(np.array_equal(whole, threaded), f"{which}: 1 and 3 threads differ")
    d = temp_dir()
    out = os.path.join(d, "part.png")
    r = run("export", *BASE, "--size", f"{W}x{H}", "--format", "mask16", "--map", which, "--region", "5,4,20,19",
            "-o", out)
    check(r.returncode == 0, f"{which} region: {r.stderr}")
    _, part = read_png(out)
    check(np.array_equal(part.astype(np.int64), whole[4:19, 5:20]), f"{which}: the region differs from the whole")
    out = os.path.join(d, "land.png")
    r = run("export", *BASE, "--size", f"{W}x{H}", "--format", "mask16", "--map", which, "--tiles", "3x2",
            "-o", out)
    check(r.returncode == 0, f"{which} tiles: {r.stderr}")
    with open(os.path.join(d, "land.tiles.json")) as fp:
        manifest = json.load(fp)
    for tile in manifest["tiles"]:
        x0, y0, x1, y1 = tile["region"]
        _, part = read_png(os.path.join(d, tile["file"]))
        check(np.array_equal(part.astype(np.int64), whole[y0:y1, x0:x1]), f"{which}: tile {tile['file']} differs")

# 4. Bad --map.
d = temp_dir()
for extra, words in ((["--format", "mask16"], "--map is required"),
                     (["--format", "mask16", "--map", "steepness"], "'steepness'"),
                     (["--format", "png16", "--map", "slope"], "only --format mask16")):
    r = run("export", "--size", "8x8", *extra, "-o", os.path.join(d, "x.png"))
    check(r.returncode == 2 and words in r.stderr and "--map" in r.stderr and r.stderr.count("\n") == 1,
          f"{extra}: {r.returncode} {r.stderr!r}")
check(os.listdir(d) == [], f"a refused export wrote {os.listdir(d)}")

finish()
