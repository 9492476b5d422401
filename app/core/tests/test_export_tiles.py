"""--tiles: the grid reassembled equals the single-image export, byte for byte.

shared edges: neighbouring tiles hold the same border pixels (checked), and dropping each
tile's first column/row after the first gives the full image; split: the tiles side by side are
the full image. r16 tiles are compared as raw bytes, PNG tiles as decoded 16-bit samples (PIL).
--tile X,Y writes the same bytes as that tile of the full run. Errors: one line, status 2,
nothing written.
"""
import json
import os
import sys

import numpy as np

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from core_test_support import check, finish, read_png, run, temp_dir

ARGS = ["--preset", "alpine-ridges", "--set", "hillshade=on"]


def read_r16(path, width, height):
    return np.fromfile(path, dtype="<u2").reshape(height, width)


def assemble(tiles, manifest, read):
    """The full image from the tiles, each placed at its region (shared borders written twice
    must agree)."""
    full = np.full((manifest["image_height"], manifest["image_width"]), -1, dtype=np.int64)
    for tile in tiles:
        x0, y0, x1, y1 = tile["region"]
        pixels = read(tile["file"], x1 - x0, y1 - y0).astype(np.int64)
        window = full[y0:y1, x0:x1]
        overlap = window >= 0
        check(np.array_equal(window[overlap], pixels[overlap]), f"{tile['file']}: shared border pixels differ")
        full[y0:y1, x0:x1] = pixels
    return full


for edges, size, grid in (("shared", (129, 97), "4x3"), ("split", (128, 96), "4x3"), ("shared", (65, 65), "1x1")):
    for fmt, ext in (("r16", ".r16"), ("png16", ".png")):
        d = temp_dir()
        w, h = size
        single = os.path.join(d, "single" + ext)
        r = run("export", *ARGS, "--size", f"{w}x{h}", "--format", fmt, "-o", single)
        check(r.returncode == 0, f"single {fmt}: {r.stderr}")
        out = os.path.join(d, "land" + ext)
        r = run("export", *ARGS, "--size", f"{w}x{h}", "--format", fmt, "-o", out, "--tiles", grid,
                "--tile-edges", edges)
        check(r.returncode == 0 and r.stderr == "", f"{edges} {fmt} tiles: {r.stderr}")
        with open(os.path.join(d, "land.tiles.json")) as fp:
            manifest = json.load(fp)
        columns, rows = map(int, grid.split("x"))
        check((manifest["columns"], manifest["rows"], manifest["edges"]) == (columns, rows, edges),
              f"manifest {manifest['columns']}x{manifest['rows']} {manifest['edges']}")
        names = sorted(t["file"] for t in manifest["tiles"])
        check(names == sorted(f"land_x{x}_y{y}{ext}" for x in range(columns) for y in range(rows)), f"names {names}")
        step = manifest["tile_width"] - (1 if edges == "shared" else 0)
        check(all(t["region"][0] == t["x"] * step for t in manifest["tiles"]), f"{edges}: tile origins")

        if fmt == "r16":
            full = assemble(manifest["tiles"], manifest, lambda f, tw, th: read_r16(os.path.join(d, f), tw, th))
            check(full.astype("<u2").tobytes() == open(single, "rb").read(),
                  f"{edges} r16: the reassembled grid differs from the single export")
        else:
            full = assemble(manifest["tiles"], manifest, lambda f, tw, th: read_png(os.path.join(d, f))[1])
            check(np.array_equal(full, read_png(single)[1]), f"{edges} png16: the grid differs from the single export")

        # One tile alone, as one job of a batch would write it.
        alone = os.path.join(d, "alone")
        os.mkdir(alone)
        last = f"{columns - 1},{rows - 1}"
        r = run("export", *ARGS, "--size", f"{w}x{h}", "--format", fmt, "-o", os.path.join(alone, "land" + ext),
                "--tiles", grid, "--tile-edges", edges, "--tile", last)
        name = f"land_x{columns - 1}_y{rows - 1}{ext}"
        check(r.returncode == 0 and sorted(os.listdir(alone)) == sorted([name] + ([name + ".json"] if fmt == "r16" else [])),
              f"--tile {last}: {r.stderr} {os.listdir(alone)}")
        if fmt == "r16" and r.returncode == 0:
            check(open(os.path.join(alone, name), "rb").read() == open(os.path.join(d, name), "rb").read(),
                  "--tile wrote other bytes than the full run")

# Errors.
d = temp_dir()
open(os.path.join(d, "taken_x1_y0.png"), "wb").write(b"old")
for extra, fragment in (
        (["--size", "130x97", "--tiles", "4x3", "-o", "a.png"], "does not fit the 130x97 image"),
        (["--size", "129x97", "--tiles", "4x3", "--tile", "4,0", "-o", "a.png"], "--tile: '4,0' is not a tile"),
        (["--size", "129x97", "--tiles", "4x3", "--region", "0,0,8,8", "-o", "a.png"], "cannot be combined with --region"),
        (["--size", "129x97", "--tiles", "0x3", "-o", "a.png"], "--tiles: '0x3' is out of range"),
        (["--size", "129x97", "--tiles", "4x3", "--tile-edges", "both", "-o", "a.png"], "--tile-edges: 'both'"),
        (["--size", "129x97", "--tile", "1,1", "-o", "a.png"], "--tile: only with --tiles"),
        (["--size", "129x97", "--tiles", "4x3", "-o", "taken.png"], "add --force")):
    before = sorted(os.listdir(d))
    r = run("export", "--format", "png16", *extra[:-2], "-o", os.path.join(d, extra[-1]))
    check(r.returncode == 2 and r.stderr.count("\n") == 1 and fragment in r.stderr, f"{extra}: {r.returncode} {r.stderr!r}")
    check(sorted(os.listdir(d)) == before, f"{extra}: files changed: {sorted(os.listdir(d))}")

finish()
