"""weights8, weights16, splat8: texture layer weights, summing exactly at every pixel, by the rules.

The rules (texture_layers.hpp, docs/cli.md): first match with blend, in order; a layer's strength
is the product of its bounds' ramps (linear over `falloff` centred on the bound, a step without
one); it takes that share of what the earlier layers left; the last layer takes the rest. The
expected weights are recomputed here from heights and slopes found independently (`sample` and
central differences, chain-ruled to metres as terrain_scale.hpp documents).
Checks:
  1. the default rule set (rock, snow, sand, grass): the four weights8 maps sum to 255 at every
     pixel, the weights16 maps to 65535, the splat8 RGBA channels to 255; each layer appears; a
     region with another thread count is the whole image's window.
  2. a preset's own hard rules applied as written (away from the thresholds, where the finite
     differences could fall on either side); a soft falloff within one step of 255 * ramp.
  3. the preset's texture_layers travel in the PNG and read back (--preset OUT.png: same bytes).
  4. bad sections and arguments: one line naming the key or option, exit 2, nothing written.
"""
import json
import os
import sys

import numpy as np

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from core_test_support import check, finish, png_header, preset_of, read_png, run, temp_dir, sample_points

W, H = 37, 33
STEP = 1e-6
ARGS = ["--set", "seed=21", "--set", "octaves=4", "--set", "frequency=3", "--set", "terrain_height=300",
        "--set", "terrain_spacing=30", "--set", "mapping=stretch"]



def terrain(preset):
    """Heights (m) and slopes (degrees) of every pixel."""
    f, ox, oy = preset["frequency"], preset["offset_x"], preset["offset_y"]
    cell = f / W
    pts = []
    for py in range(H):
        for px in range(W):
            x, y = ox + (px + 0.5) * cell, oy + (py + 0.5) * cell
            pts += [(x, y), (x + STEP, y), (x - STEP, y), (x, y + STEP), (x, y - STEP)]
    v = sample_points(preset, pts).reshape(H, W, 5)
    lo, hi = (-1.0, 1.0) if preset["fractal"] == "fbm" else (0.0, 1.0)
    view = preset["view"]
    height = view["terrain_height"] * np.clip((v[..., 0] - lo) / (hi - lo), 0, 1)
    k = view["terrain_height"] / (hi - lo) * f / (W * view["terrain_spacing"])
    inside = (v[..., 0] > lo) & (v[..., 0] < hi)
    sx = np.where(inside, k * (v[..., 1] - v[..., 2]) / (2 * STEP), 0)
    sz = np.where(inside, k * (v[..., 3] - v[..., 4]) / (2 * STEP), 0)
    return height, np.degrees(np.arctan(np.hypot(sx, sz)))


def export(args, name, fmt, *extra, header=None):
    out = os.path.join(temp_dir(), name)
    r = run("export", *args, "--size", f"{W}x{H}", "--format", fmt, *extra, "-o", out)
    check(r.returncode == 0 and r.stderr == "", f"{name}: {r.stderr}")
    if header:
        check(png_header(out) == (W, H, *header), f"{name}: header {png_header(out)}, expected {header}")
    return out


# 1. The default rule set.
DEFAULT = ["rock", "snow", "sand", "grass"]
maps8 = {n: read_png(export(ARGS, f"{n}.png", "weights8", "--layer", n, header=(8, 0)))[1].astype(np.int64)
         for n in DEFAULT}
total = sum(maps8.values())
check(np.all(total == 255), f"weights8: sums {np.unique(total)[:8]} (expected 255 everywhere)")
for n, a in maps8.items():
    check(a.max() > 0, f"default layer {n} never shows: the test field does not exercise it")
maps16 = [read_png(export(ARGS, f"{i}.png", "weights16", "--layer", str(i), header=(16, 0)))[1].astype(np.int64)
          for i in range(4)]
check(np.all(sum(maps16) == 65535), f"weights16: sums {np.unique(sum(maps16))[:8]} (expected 65535)")
im, splat = read_png(export(ARGS, "splat.png", "splat8", header=(8, 6)))
check(np.all(splat.astype(np.int64).sum(axis=-1) == 255), "splat8: channels do not sum to 255")
check(all(np.array_equal(splat[..., c], maps8[n]) for c, n in enumerate(DEFAULT)), "splat8: not the weights8 maps in RGBA")
facts = json.loads(im.text["noise-explorer-export"])
check(facts["layers"]["layer"] == DEFAULT and facts["layers"]["default_rules"] is True, f"splat8 facts {facts['layers']}")

part = read_png(export(ARGS, "part.png", "splat8", "--region", "3,5,30,21", "--threads", "3"))[1]
check(np.array_equal(part, splat[5:21, 3:30]), "splat8: a region differs from the whole image")

# 2. A preset's own rules, as written.
preset = preset_of(ARGS)
preset["view"]["mapping"] = "fixed"  # terrain() maps through the nominal range
preset["view"]["terrain_spacing"] = 3  # steep enough for a slope rule
height, slope = terrain(preset)
mid = float(np.median(height))
preset["texture_layers"] = [{"name": "steep", "slope_min": 40}, {"name": "high", "height_min": mid},
                            {"name": "ground"}]
d = temp_dir()
rules = os.path.join(d, "rules.json")
with open(rules, "w") as fp:
    json.dump(preset, fp)
got = {n: read_png(export(["--preset", rules], f"r-{n}.png", "weights8", "--layer", n))[1].astype(np.int64)
       for n in ("steep", "high", "ground")}
steep = slope >= 40
high = ~steep & (height >= mid)
clear = (np.abs(slope - 40) > 0.05) & (np.abs(height - mid) > 1e-3)
check(steep[clear].any() and high[clear].any() and (~steep & ~high)[clear].any(), "the rules test needs every case")
for n, want in (("steep", steep), ("high", high), ("ground", ~steep & ~high)):
    check(np.array_equal(got[n][clear], np.where(want, 255, 0)[clear]), f"rule {n} not applied as written")
check(np.all(sum(got.values()) == 255), "own rules: sums differ from 255")

preset["texture_layers"] = [{"name": "cliff", "slope_min": 40, "slope_falloff": 30}, {"name": "rest"}]
with open(rules, "w") as fp:
    json.dump(preset, fp)
out = export(["--preset", rules], "soft.png", "weights8", "--layer", "cliff")
_, soft = read_png(out)
want = 255 * np.clip((slope - 40) / 30 + 0.5, 0, 1)
check(np.abs(soft - want).max() <= 1.01, f"soft falloff: off by up to {np.abs(soft - want).max():.2f}")
check(((want > 5) & (want < 250)).sum() > 20, "the soft test has too few pixels inside the falloff")

# 3. The rules travel with the PNG.
im, _ = read_png(out)
carried = json.loads(im.text["noise-explorer-preset"])
check(carried.get("texture_layers") == preset["texture_layers"], f"preset chunk: {carried.get('texture_layers')}")
again = export(["--preset", out], "again.png", "weights8", "--layer", "cliff")
check(np.array_equal(read_png(again)[1], soft), "--preset OUT.png does not give the same weights")
check("texture_layers" not in json.loads(read_png(export(ARGS, "plain.png", "png8"))[0].text["noise-explorer-preset"]),
      "a preset without its own layers gains a texture_layers section")

# 4. Refusals.
bad_sections = (([{"name": "a", "slope_minn": 3}], "texture_layers[0]: unknown key 'slope_minn'"),
                ([{"name": "a", "slope_min": 120}], "texture_layers[0].slope_min: 120"),
                ([{"slope_min": 1}], "texture_layers[0]: the key \"name\" is missing"),
                ([{"name": "a"}, {"name": "a"}], "texture_layers[1].name: 'a' names two layers"),
                ([{"name": f"l{i}"} for i in range(9)], "texture_layers: expected an array of 1 to 8"))
for section, words in bad_sections:
    preset["texture_layers"] = section
    with open(rules, "w") as fp:
        json.dump(preset, fp)
    r = run("export", "--preset", rules, "--size", "8x8", "--format", "weights8", "--layer", "0", "-o",
            os.path.join(d, "x.png"))
    check(r.returncode == 2 and words in r.stderr and r.stderr.count("\n") == 1, f"{section}: {r.returncode} {r.stderr!r}")
for extra, words in ((["--format", "weights8"], "--layer is required"),
                     (["--format", "weights16", "--layer", "lava"], "--layer: 'lava' is not a layer"),
                     (["--format", "weights8", "--layer", "4"], "--layer: '4' is not a layer"),
                     (["--format", "png16", "--layer", "rock"], "--layer: only"),
                     (["--format", "splat8", "--splat", "1"], "--splat: '1' is not allowed"),
                     (["--format", "weights8", "--layer", "rock", "--splat", "0"], "--splat: only")):
    r = run("export", "--size", "8x8", *extra, "-o", os.path.join(d, "x.png"))
    check(r.returncode == 2 and words in r.stderr and r.stderr.count("\n") == 1, f"{extra}: {r.returncode} {r.stderr!r}")
check(sorted(os.listdir(d)) == ["rules.json"], f"a refused export wrote {os.listdir(d)}")

finish()
