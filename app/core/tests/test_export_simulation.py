"""erosion.method = simulate in exports: the landscape water and talus leave, checked on the files.

The simulation runs on the whole image (simulated_field.hpp); every format then reads its result.
Checked here on the exported files themselves, with numbers computed in this file:
  1. the geomorphology the issue asks for, on the r32 raw heights: the export removes at least
     90 % of the pits (D8: no neighbour strictly lower, off the border) of the same field exported
     without erosion, and no slope between D8 neighbours is more than 2 degrees past the talus
     angle (metres: erosion.extent across the frame, erosion.relief per unit height);
  2. `sample --size WxH` at each pixel's point gives the r32 export's values (float32 of them);
  3. --tiles (stitched), --region windows and 1 or 3 threads give the whole image's bytes: one
     simulation of the whole image, cut;
  4. mask16 --map flow|wear|deposit: the flow map is brightest where water gathers (its bright
     cells lie low), wear and deposit are not empty, each map's largest sample is 65535, and the
     tiles of a map stitch to the whole map;
  5. errors in one line, exit 2, nothing written: flow without the simulation, the simulation
     while tiling, an image past the simulation's size limit, a bad erosion.talus;
  6. one set of metres: an engine set of another size than the preview, with the view's own
     terrain_height and terrain_spacing far from the simulated frame, has the simulated frame in
     its manifest (width erosion.extent * (W - 1) / W, Z scale from erosion.relief) and a slope
     mask that stays within 2 degrees of the talus angle (the view's metres would give 60+).
"""
import json
import os
import sys

import numpy as np

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from core_test_support import check, finish, png_header, read_png, run, temp_dir

W, H = 96, 80
EXTENT, RELIEF, TALUS = 3000.0, 600.0, 33.0
FIELD = ["--set", "seed=11", "--set", "octaves=6", "--set", "frequency=3", "--set", "offset_x=0.3"]
SIMULATE = FIELD + ["--set", "erosion.method=simulate", "--set", f"erosion.extent={EXTENT}",
                    "--set", f"erosion.relief={RELIEF}", "--set", f"erosion.talus={TALUS}"]
D8 = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]


def export(args, name, *extra, size=f"{W}x{H}"):
    out = os.path.join(temp_dir(), name)
    r = run("export", *args, "--size", size, *extra, "-o", out)
    check(r.returncode == 0 and r.stderr == "", f"{name}: {r.stderr}")
    return out


def read_r32(path, width=W, height=H):
    return np.fromfile(path, dtype="<f4").reshape(height, width)


def read_bytes(path):
    with open(path, "rb") as fp:
        return fp.read()


def neighbours(z):
    """The 8 D8 neighbours of every interior cell, each array (H - 2, W - 2), with the steps' lengths."""
    h, w = z.shape
    return [(z[1 + dy:h - 1 + dy, 1 + dx:w - 1 + dx], np.hypot(dx, dy)) for dx, dy in D8]


def pits(z):
    inner = z[1:-1, 1:-1]
    lower = np.zeros(inner.shape, dtype=bool)
    for n, _ in neighbours(z):
        lower |= n < inner
    return int((~lower).sum())


def steepest_degrees(raw):
    metres = (raw.astype(np.float64) + 1.0) / 2.0 * RELIEF  # fbm: unit = (raw + 1) / 2
    cell = EXTENT / W
    inner = metres[1:-1, 1:-1]
    return max(float(np.degrees(np.arctan(np.abs(inner - n) / (cell * d))).max()) for n, d in neighbours(metres))


def check_geomorphology():
    plain = read_r32(export(FIELD, "plain.r32", "--format", "r32", "--values", "raw"))
    eroded = read_r32(export(SIMULATE, "eroded.r32", "--format", "r32", "--values", "raw"))
    before, after = pits(plain), pits(eroded)
    check(before > 20, f"the check cannot fail: the noise has only {before} pits")
    check(after <= before // 10, f"the simulation left {after} of {before} pits (at most 10 % may stay)")
    steepest = steepest_degrees(eroded)
    check(steepest_degrees(plain) > TALUS + 10, "the check cannot fail: the noise is not steeper than the talus")
    check(steepest <= TALUS + 2.0, f"a slope of {steepest:.2f} degrees, over the talus angle {TALUS} + 2")
    check(np.abs(eroded - plain).max() > 0.01, "the simulation changed nothing")
    return eroded


def check_sample(eroded):
    d = temp_dir()
    preset = os.path.join(d, "simulate.json")
    r = run("export", *SIMULATE, "--size", "1x1", "--format", "png8", "-o", os.path.join(d, "p.png"))
    check(r.returncode == 0, r.stderr)
    from PIL import Image
    with open(preset, "w") as fp:
        fp.write(Image.open(os.path.join(d, "p.png")).text["noise-explorer-preset"])
    cell = 3.0 / W
    rows = [5, 40, 79]
    lines = "".join(f"{0.3 + (px + 0.5) * cell!r} {(py + 0.5) * cell!r}\n" for py in rows for px in range(W))
    r = run("sample", "--preset", preset, "--size", f"{W}x{H}", stdin=lines)
    check(r.returncode == 0, r.stderr)
    values = np.array([float(v) for v in r.stdout.split()], dtype=np.float64).astype(np.float32)
    check(np.array_equal(values.reshape(len(rows), W), eroded[rows]),
          "sample --size gives other values than the r32 export")


def check_windows():
    whole = read_png(export(SIMULATE, "whole.png", "--format", "png16"))[1]
    tiles = export(SIMULATE, "land.png", "--format", "png16", "--tiles", "2x2", "--tile-edges", "split")
    d = os.path.dirname(tiles)
    stitched = np.vstack([np.hstack([read_png(os.path.join(d, f"land_x{x}_y{y}.png"))[1] for x in range(2)])
                          for y in range(2)])
    check(np.array_equal(stitched, whole), "the tiles of a simulated field do not stitch to the whole image")
    window = read_png(export(SIMULATE, "window.png", "--format", "png16", "--region", "10,20,70,61"))[1]
    check(np.array_equal(window, whole[20:61, 10:70]), "a --region window is not the whole image's")
    one = read_bytes(export(SIMULATE, "t1.png", "--format", "png16", "--threads", "1"))
    three = read_bytes(export(SIMULATE, "t3.png", "--format", "png16", "--threads", "3"))
    check(one == three, "1 and 3 threads give different bytes")


def check_maps(eroded):
    maps = {}
    for name in ("flow", "wear", "deposit"):
        path = export(SIMULATE, f"{name}.png", "--format", "mask16", "--map", name)
        im, maps[name] = read_png(path)
        check(png_header(path) == (W, H, 16, 0), f"{name}: not a {W}x{H} 16-bit grayscale PNG: {png_header(path)}")
        check(int(maps[name].max()) == 65535, f"{name}: the largest sample is {maps[name].max()}, not 65535")
        facts = json.loads(im.text["noise-explorer-export"])
        check("largest" in facts["mask"]["mapping"], f"{name}: the export facts do not say how it maps")
        tiles = export(SIMULATE, f"{name}_set.png", "--format", "mask16", "--map", name, "--tiles", "2x2",
                       "--tile-edges", "split")
        d = os.path.dirname(tiles)
        stitched = np.vstack([np.hstack([read_png(os.path.join(d, f"{name}_set_x{x}_y{y}.png"))[1]
                                         for x in range(2)]) for y in range(2)])
        check(np.array_equal(stitched, maps[name]), f"{name}: the tiles do not stitch to the whole map")
    channels = maps["flow"] > 0.8 * 65535
    check(channels.sum() > 10, f"only {channels.sum()} cells gather water")
    check(eroded[channels].mean() < eroded.mean(), "the wettest cells are not low: water runs uphill")
    check((maps["wear"] > 0).mean() > 0.2, "water and talus wore away less than a fifth of the cells")
    check((maps["deposit"] > 0).sum() > 0, "nothing was deposited")


def refused(args, what, *needles):
    d = temp_dir()
    out = os.path.join(d, "refused.png")
    r = run("export", *args, "-o", out)
    lines = r.stderr.strip().split("\n")
    check(r.returncode == 2 and len(lines) == 1, f"{what}: exit {r.returncode}, {r.stderr!r}")
    for needle in needles:
        check(needle in r.stderr, f"{what}: {needle!r} not in {r.stderr!r}")
    check(os.listdir(d) == [], f"{what}: left {os.listdir(d)}")


def check_errors():
    refused(FIELD + ["--size", "32x32", "--format", "mask16", "--map", "flow"], "flow without the simulation",
            "'flow'", "erosion.method = simulate")
    refused(SIMULATE + ["--set", "tile=4", "--size", "32x32", "--format", "png16"], "simulate while tiling",
            "erosion.method", "tiling")
    refused(SIMULATE + ["--size", "9000x9000", "--format", "png16"], "past the size limit", "--size: 9000x9000 is too large for erosion.method = simulate: expected at most 8192 pixels on either side")
    refused(SIMULATE + ["--set", "erosion.talus=95", "--size", "32x32", "--format", "png16"], "bad talus",
            "erosion.talus", "'95'")


def check_one_set_of_metres():
    size = 127  # unreal-127
    base = os.path.join(temp_dir(), "set")
    args = SIMULATE + ["--set", "terrain_height=2000", "--set", "terrain_spacing=1"]
    r = run("export", *args, "--profile", "unreal", "--size", f"unreal-{size}", "-o", base)
    check(r.returncode == 0 and r.stderr == "", f"the set: {r.stderr}")
    with open(base + ".manifest.json") as fp:
        figures = json.load(fp)["import"]
    check(abs(figures["width_m"] - EXTENT * (size - 1) / size) < 1e-6,
          f"the manifest's width {figures['width_m']} m is not the simulated frame's {EXTENT} m")
    check(abs(figures["x_scale"] - EXTENT / size * 100) < 1e-6, f"x_scale {figures['x_scale']}")
    check(abs(figures["z_scale"] - RELIEF * 100 / 512) < 1e-9, f"z_scale {figures['z_scale']}")
    slope = read_png(base + "_slope.png")[1].astype(np.float64) / 65535 * 90
    check(slope.max() > TALUS - 8, f"the check cannot fail: the steepest slope is {slope.max():.1f} degrees")
    check(slope.max() <= TALUS + 2.0, f"the slope mask reaches {slope.max():.1f} degrees, over the talus "
          f"angle {TALUS} + 2: not the simulated frame's metres")


eroded = check_geomorphology()
check_one_set_of_metres()
check_sample(eroded)
check_windows()
check_maps(eroded)
check_errors()
finish()
