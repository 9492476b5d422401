#!/usr/bin/python3
"""terrain_measures: issue 55's measures of an eroded terrain, from the files a person exports.

    noise-explorer export --preset P --size 2048x2048 --format r32 --values raw -o P.r32
    noise-explorer export --preset P --size 2048x2048 --format mask16 --map flow -o P-flow.png
    noise-explorer export --preset P --size 2048x2048 --format mask16 --map deposit -o P-deposit.png
    /usr/bin/python3 noise/bench/terrain_measures.py P.r32 [--flow P-flow.png] \\
        [--deposit P-deposit.png] [--hillshade P-shade.png]

and for the erosion filter, with the same preset un-eroded as the input:

    noise-explorer export --preset P --size 2048x2048 --format r32 --values raw -o P.r32
    noise-explorer export --preset P --set erosion.method=none --size 2048x2048 --format r32 \\
        --values raw -o P-input.r32
    /usr/bin/python3 noise/bench/terrain_measures.py P.r32 --input P-input.r32

The heights are the r32's raw values (export --values raw) through the nominal range the sidecar
names (for erosion.method=simulate, the eroded unit heights), in the preset's own metres read from
P.r32.json: for erosion.method=simulate, times erosion.relief metres on cells erosion.extent /
width metres apart (the simulation's metres); otherwise (the filter, or no erosion) times the view's
terrain_height on cells terrain_spacing metres apart (the export's frame: cli.md's "Terrain in
metres"). Prints one line each:
  - near talus: the share of the land (all cells but the one-cell border) whose slope lies within
    2 degrees of erosion.talus; the slope is the central difference of the heights;
  - closed basins: the share of the cells a Priority-Flood (to the spill height, no epsilon) would
    raise: water that lands there cannot leave; and the deepest;
  - deposit under 5 degrees (--deposit): the share of the deposited volume (the deposit map's
    samples; their scale cancels) lying on ground under 5 degrees;
  - grid signature (--flow): of the channel cells (the top 5 % of the flow map, sloping more than
    0.1 degrees), the share whose downhill direction lies within 5 degrees of one of the grid's 8
    directions (22 % for directions with no preference);
  - slopes: the median, 95th percentile and steepest, in degrees;
  - with --input (the same preset and size with erosion.method=none): the input's closed basins
    beside the eroded ones, and the seam ratio: the carved depth (input minus eroded) has a power
    spectrum (2D FFT); on the ring of the gully frequency (frequency / erosion.scale cycles across
    the frame, +-1.5), the strongest bin over the ring's median. Gullies in random directions
    spread their power round the ring (a few times the median); a carving that repeats on the
    gully cells' grid puts a peak on the axes (tens to hundreds of times the median).
--hillshade writes an 8-bit PNG of the heights shaded at true scale (light from the north-west,
45 degrees up), to look at. Needs numpy and PIL (Debian's python3-numpy, python3-pil).
"""
import argparse
import heapq
import json
import math
import sys

import numpy as np
from PIL import Image


def read_heights(path):
    with open(path + ".json") as f:
        side = json.load(f)
    preset = side.get("preset", side)
    erosion = preset.get("erosion", {})
    width, height = side["width"], side["height"]
    raw = np.fromfile(path, dtype="<f4").reshape(height, width).astype(np.float64)
    talus = float(erosion.get("talus", 35.0))
    if erosion.get("method") == "simulate":
        relief = float(erosion.get("relief", 800.0))
        cell = float(erosion.get("extent", 10240.0)) / width
    else:
        view = preset.get("view", {})
        relief = float(view.get("terrain_height", 200.0))
        cell = float(view.get("terrain_spacing", 1.0))
    # The unit heights: the raw values through the nominal range (--values raw).
    span = side["value_range"]
    unit = (raw - span["raw_min"]) / (span["raw_max"] - span["raw_min"])
    return unit * relief, cell, talus, preset


def seam_ratio(carved, preset):
    """The carved depth's strongest bin on the gully frequency's ring over the ring's median."""
    h, w = carved.shape
    power = np.abs(np.fft.fft2(carved - carved.mean())) ** 2
    fy = np.fft.fftfreq(h)[:, None] * h
    fx = np.fft.fftfreq(w)[None, :] * w
    ring = np.abs(np.hypot(fx, fy) - float(preset["frequency"]) / float(preset["erosion"]["scale"])) <= 1.5
    return float(power[ring].max() / np.median(power[ring]))


def slope_degrees(z, cell):
    gy, gx = np.gradient(z, cell)
    return np.degrees(np.arctan(np.hypot(gx, gy))), gx, gy


def closed_basins(z):
    """Priority-Flood to the spill height (Barnes et al. 2014, no epsilon): how far each cell
    would be raised before water could leave it; 0 where it drains."""
    h, w = z.shape
    flat = z.ravel().tolist()
    level = list(flat)
    done = bytearray(h * w)
    heap = []
    for i in range(h * w):
        y, x = divmod(i, w)
        if y in (0, h - 1) or x in (0, w - 1):
            done[i] = 1
            heap.append((flat[i], i))
    heapq.heapify(heap)
    offsets = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
    while heap:
        spill, c = heapq.heappop(heap)
        cy, cx = divmod(c, w)
        for dy, dx in offsets:
            ny, nx = cy + dy, cx + dx
            if ny < 0 or nx < 0 or ny >= h or nx >= w:
                continue
            n = ny * w + nx
            if done[n]:
                continue
            done[n] = 1
            if level[n] < spill:
                level[n] = spill
            heapq.heappush(heap, (level[n], n))
    return np.array(level).reshape(h, w) - z


def grid_signature(gx, gy, slope, flow):
    inner = (slice(1, -1), slice(1, -1))
    f = flow[inner].astype(np.float64)
    # A filled lake's floor slopes by a float step a cell, in rings around its outlet: no
    # direction of the land's. Cells flatter than 0.1 degrees are left out.
    channel = (f >= np.quantile(f, 0.95)) & (slope[inner] > 0.1)
    dx, dy = -gx[inner][channel], -gy[inner][channel]
    moving = (dx != 0) | (dy != 0)
    off = np.mod(np.degrees(np.arctan2(dy[moving], dx[moving])), 45.0)
    return float(np.mean((off <= 5.0) | (off >= 40.0)))


def hillshade(z, cell, path):
    gy, gx = np.gradient(z, cell)
    azimuth, elevation = math.radians(315.0), math.radians(45.0)
    # Light from the north-west: up the image is north; x east, y south.
    lx, ly, lz = math.cos(elevation) * math.sin(azimuth), -math.cos(elevation) * math.cos(azimuth), \
        math.sin(elevation)
    norm = np.sqrt(gx * gx + gy * gy + 1.0)
    shade = (-gx * lx - gy * ly + lz) / norm
    Image.fromarray(np.clip(shade * 255.0, 0, 255).astype(np.uint8)).save(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("r32")
    parser.add_argument("--flow")
    parser.add_argument("--deposit")
    parser.add_argument("--hillshade")
    parser.add_argument("--input", help="the same preset exported with erosion.method=none (the filter's input)")
    parser.add_argument("--no-basins", action="store_true", help="skip the (slow, pure Python) flood")
    args = parser.parse_args()
    z, cell, talus, preset = read_heights(args.r32)
    slope, gx, gy = slope_degrees(z, cell)
    land = slope[1:-1, 1:-1]
    print(f"{args.r32}: {z.shape[1]}x{z.shape[0]}, cells {cell:.3f} m, relief {np.ptp(z):.1f} m, talus {talus:g}")
    print(f"  near talus (+-2 deg): {100.0 * np.mean(np.abs(land - talus) <= 2.0):.1f} % of the land")
    print(f"  slopes: median {np.median(land):.1f}, p95 {np.percentile(land, 95):.1f}, "
          f"steepest {land.max():.1f} degrees")
    if not args.no_basins:
        depth = closed_basins(z)
        print(f"  closed basins: {100.0 * np.mean(depth > 0):.2f} % of the cells, deepest {depth.max():.2f} m")
    if args.input:
        base, _, _, _ = read_heights(args.input)
        if not args.no_basins:
            depth = closed_basins(base)
            print(f"  input's closed basins: {100.0 * np.mean(depth > 0):.2f} % of the cells, "
                  f"deepest {depth.max():.2f} m")
        print(f"  seams: the carved depth's spectral peak at the gully period {seam_ratio(base - z, preset):.1f}x "
              f"the ring's median")
    if args.deposit:
        d = np.asarray(Image.open(args.deposit), dtype=np.float64)
        total = d.sum()
        share = d[slope < 5.0].sum() / total if total > 0 else float("nan")
        print(f"  deposit under 5 deg: {100.0 * share:.1f} % of the deposited volume")
    if args.flow:
        flow = np.asarray(Image.open(args.flow), dtype=np.float64)
        print(f"  grid signature: {100.0 * grid_signature(gx, gy, slope, flow):.1f} % of the channel cells "
              f"within 5 deg of the 8 grid directions")
    if args.hillshade:
        hillshade(z, cell, args.hillshade)
        print(f"  hillshade: {args.hillshade}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
