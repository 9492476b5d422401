"""weights8 by the bands on the erosion simulation's maps, on the curvature and on the sea.

The rules (texture_layers.hpp): a layer's strength is the product of its bands' ramps (linear over
`falloff` centred on each bound); it takes that share of what the earlier layers left. Here the
values each band reads are taken independently from the mask16 exports of the same image (flow,
deposit, curvature: sample / 65535 or (sample - 32768) / 32768) and from the png16 heights, and
the weights recomputed from them; the samples are rounded to 1/65535, so a weight may differ by
one unit of 255 where a ramp is steep.
Checks:
  1. mountain-front (erosion.method simulate) at 64x64: "gravel" on flow >= 0.55, "fan" on
     deposit >= 0.25 (each soft), "ground": every weight within one unit of the recomputed
     ones, the sums 255, every layer present.
  2. the same rules on a preset that does not simulate: exit 2 and one line naming
     texture_layers[0].flow_min and erosion.method; nothing written; an engine set likewise.
  3. a beach tied to the sea (height_from "sea", -15 m to +15 m): at two sea levels it is the
     band of heights around each sea's surface, so moving the sea moved it; a curvature band
     (k >= 0.02: hollows) equals the curvature mask's hollows.
"""
import json
import os
import sys

import numpy as np

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from core_test_support import check, finish, read_png, run, temp_dir

HERE = os.path.dirname(os.path.abspath(__file__))
SHIPPED = os.path.join(HERE, "..", "..", "..", "assets", "presets")
W = H = 64
d = temp_dir()


def export(preset_path, name, *extra):
    out = os.path.join(d, name)
    r = run("export", "--preset", preset_path, "--size", f"{W}x{H}", *extra, "-o", out)
    check(r.returncode == 0 and r.stderr == "", f"{name}: {r.returncode} {r.stderr}")
    return read_png(out)[1].astype(np.float64)


def ramp(inside_by, falloff):
    return np.clip(inside_by / falloff + 0.5, 0, 1) if falloff > 0 else (inside_by >= 0).astype(np.float64)


def write(preset, name):
    path = os.path.join(d, name)
    with open(path, "w") as fp:
        json.dump(preset, fp)
    return path


# 1. Bands on the simulation's maps.
with open(os.path.join(SHIPPED, "mountain-front.json")) as fp:
    front = json.load(fp)
RULES = [{"name": "gravel", "flow_min": 0.55, "flow_falloff": 0.1},
         {"name": "fan", "deposit_min": 0.25, "deposit_falloff": 0.1},
         {"name": "ground"}]
front["texture_layers"] = RULES
path = write(front, "front.json")
flow = export(path, "flow.png", "--format", "mask16", "--map", "flow") / 65535
deposit = export(path, "deposit.png", "--format", "mask16", "--map", "deposit") / 65535
gravel = ramp(flow - 0.55, 0.1)
fan = ramp(deposit - 0.25, 0.1) * (1 - gravel)
want = {"gravel": 255 * gravel, "fan": 255 * fan, "ground": 255 * (1 - gravel - fan)}
got = {n: export(path, f"w-{n}.png", "--format", "weights8", "--layer", n) for n in want}
for n in want:
    off = np.abs(got[n] - want[n]).max()
    check(off <= 1.5, f"simulated bands: {n} off by up to {off:.2f} of 255")
    check(got[n].max() == 255, f"simulated bands: layer {n} never covers a pixel (the test needs each)")
check(np.all(sum(got.values()) == 255), "simulated bands: weights do not sum to 255")

# 2. The same rules without the simulation: refused in one line.
plain = dict(front)
plain["erosion"] = {"method": "none"}
path = write(plain, "plain.json")
out = os.path.join(d, "refused.png")
r = run("export", "--preset", path, "--size", f"{W}x{H}", "--format", "weights8", "--layer", "ground", "-o", out)
check(r.returncode == 2 and r.stderr.count("\n") == 1 and "texture_layers[0].flow_min: 0.55" in r.stderr
      and "erosion.method = simulate" in r.stderr, f"a flow band without the simulation: {r.returncode} {r.stderr!r}")
check(not os.path.exists(out), "a refused export wrote its file")
sets = os.path.join(d, "set")
os.makedirs(sets)
r = run("export", "--preset", path, "--profile", "unity", "--size", "unity-33", "-o", os.path.join(sets, "valley"))
check(r.returncode == 2 and r.stderr.count("\n") == 1 and "texture_layers[0].flow_min: 0.55" in r.stderr,
      f"an engine set with a flow band without the simulation: {r.returncode} {r.stderr!r}")
check(os.listdir(sets) == [], f"a refused engine set wrote {os.listdir(sets)}")

# 3. A beach tied to the sea, at two sea levels; a curvature band.
hills = {"format": "noise-explorer-preset", "version": 1, "seed": 5, "octaves": 5, "frequency": 3,
         "view": {"terrain_height": 400, "terrain_spacing": 20, "mapping": "fixed"},
         "texture_layers": [{"name": "beach", "height_from": "sea", "height_min": -15, "height_max": 15},
                            {"name": "hollow", "curvature_min": 0.02}, {"name": "ground"}]}
beaches = []
for sea in (0.45, 0.55):
    hills["view"]["sea_level"] = sea
    path = write(hills, f"hills-{sea}.json")
    metres = export(path, f"h-{sea}.png", "--format", "png16") / 65535 * 400
    beach = export(path, f"beach-{sea}.png", "--format", "weights8", "--layer", "beach")
    above = metres - sea * 400
    clear = np.abs(np.abs(above) - 15) > 0.05
    expected = np.where(np.abs(above) <= 15, 255, 0)
    check(np.array_equal(beach[clear], expected[clear]),
          f"sea {sea}: the beach is not the heights within 15 m of the sea's surface")
    check(beach.max() == 255 and beach.min() == 0, f"sea {sea}: the beach is missing or covers everything")
    beaches.append(beach)
    k = (export(path, f"k-{sea}.png", "--format", "mask16", "--map", "curvature") - 32768) / 32768
    hollow = export(path, f"hollow-{sea}.png", "--format", "weights8", "--layer", "hollow")
    clear = np.abs(k - 0.02) > 1e-4
    expected = np.where((k >= 0.02) & (beach == 0), 255, 0)
    check(np.array_equal(hollow[clear], expected[clear]), f"sea {sea}: the hollows are not the curvature's")
    check(((k >= 0.02) & (beach == 0)).any(), f"sea {sea}: no hollow to check")
check(not np.array_equal(beaches[0], beaches[1]), "moving the sea did not move the beach")

finish()
