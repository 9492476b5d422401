"""Imported heightmaps end to end: `--set layer.2.heightmap=FILE` reads the file (relative to the
current directory), the exports carry its absolute name and reopen with --preset from another
folder giving the same bytes; a heightmap layer that fills the frame at the image's own size
gives back the image's samples; a missing or broken file is one line naming the whole key; the
shipped preset that starts from assets/heightmaps/mesa-256.png loads, also from a copy of the
presets folder beside a copy of the heightmaps folder (the installed layout)."""
import json
import os
import shutil
import sys

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

import numpy as np
from PIL import Image

from core_test_support import check, finish, read_png, run, temp_dir

d = temp_dir()
maps = os.path.join(d, "maps")
os.makedirs(maps)
elsewhere = os.path.join(d, "elsewhere")
os.makedirs(elsewhere)

# A 16-bit heightmap of our own: a smooth bump, every value distinct enough to see a shift.
n = 48
y, x = np.mgrid[0:n, 0:n]
bump = np.round(65535 * (0.2 + 0.6 * np.exp(-((x - 20) ** 2 + (y - 28) ** 2) / 150.0))).astype(np.uint16)
Image.fromarray(bump).save(os.path.join(maps, "bump.png"))


def export(*args, cwd=None):
    return run("export", *args, cwd=cwd)


# Layer 2 draws the heightmap over the whole frame: at the image's own size each pixel centre is
# a texel centre, where the bicubic passes through the sample.
common = ["--set", "layer.2.heightmap=maps/bump.png", "--set", "layer.1.octaves=3"]
outputs = {}
for fmt, name in (("png16", "h.png"), ("r16", "h.r16"), ("exr32", "h.exr"), ("r32", "h.r32")):
    out = os.path.join(d, name)
    r = export(*common, "--size", f"{n}x{n}", "--format", fmt, "-o", out, cwd=d)
    check(r.returncode == 0 and r.stderr == "", f"{fmt} with a heightmap layer: {r.stderr}")
    outputs[fmt] = out

_, png16 = read_png(outputs["png16"])
check(np.array_equal(png16.astype(np.int64), bump.astype(np.int64)),
      f"png16 of a frame-filling heightmap differs from the heightmap: largest difference "
      f"{np.abs(png16.astype(np.int64) - bump.astype(np.int64)).max()}")

# The preset inside names the file absolutely, so it reopens from any folder.
preset = json.loads(Image.open(outputs["png16"]).text["noise-explorer-preset"])
check(preset["version"] == 2 and preset["stack"][0]["heightmap"] == os.path.join(maps, "bump.png"),
      f"the export's preset names the heightmap {preset.get('stack', [{}])[0].get('heightmap')!r}")

# Each export reopened with --preset from another folder: the same bytes.
for fmt, out in outputs.items():
    again = os.path.join(d, "again-" + os.path.basename(out))
    r = export("--preset", out, "--size", f"{n}x{n}", "--format", fmt, "-o", again, cwd=elsewhere)
    check(r.returncode == 0, f"--preset {os.path.basename(out)} from another folder: {r.stderr}")
    if r.returncode == 0:
        check(open(out, "rb").read() == open(again, "rb").read(), f"{fmt}: the reopened export differs")

# A preset file naming the heightmap relatively: read from the preset's folder, wherever we are.
rel = dict(preset)
rel["stack"] = [dict(preset["stack"][0], heightmap="../maps/bump.png")]
presets = os.path.join(d, "presets")
os.makedirs(presets)
with open(os.path.join(presets, "rel.json"), "w") as f:
    json.dump(rel, f)
r = export("--preset", os.path.join(presets, "rel.json"), "--size", f"{n}x{n}", "--format", "png16", "-o",
           os.path.join(d, "rel.png"), cwd=elsewhere)
check(r.returncode == 0, f"a preset with a relative heightmap: {r.stderr}")
if r.returncode == 0:
    check(read_png(os.path.join(d, "rel.png"))[1].tolist() == png16.tolist(), "the relative preset's picture differs")

# Errors: one line naming the whole key, status 2, no file.
for value, expected in (("maps/none.png", f"layer.2.heightmap: {os.path.join(maps, 'none.png')}: heightmap file not found"),
                        ("", "layer.2.heightmap: empty file name")):
    out = os.path.join(d, "never.png")
    r = export("--set", "layer.2.heightmap=" + value, "--size", "8x8", "--format", "png8", "-o", out, cwd=d)
    check(r.returncode == 2 and len(r.stderr.splitlines()) == 1 and expected in r.stderr and not os.path.exists(out),
          f"--set layer.2.heightmap={value!r}: status {r.returncode}, {r.stderr!r}")
with open(os.path.join(maps, "cut.png"), "wb") as f:
    f.write(open(os.path.join(maps, "bump.png"), "rb").read()[:200])
r = export("--set", "layer.2.heightmap=maps/cut.png", "--size", "8x8", "--format", "png8", "-o",
           os.path.join(d, "never.png"), cwd=d)
check(r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "layer.2.heightmap: " in r.stderr
      and "truncated PNG" in r.stderr, f"a truncated heightmap: {r.stderr!r}")
r = run("sample", "--set", "layer.2.heightmap=maps/bump.png", cwd=d, stdin="0.5 0.5\n")
check(r.returncode == 0 and len(r.stdout.split()) == 1, f"sample with a heightmap layer: {r.stderr}")

# The shipped preset, in place and from a copy laid out as installed (share/noise-explorer/...).
assets = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "assets")
shipped = os.path.join(assets, "presets", "imported-hills.json")
check(json.load(open(shipped))["stack"][0]["heightmap"] == "../heightmaps/mesa-256.png",
      "imported-hills.json should name its heightmap relative to the presets folder")
share = os.path.join(d, "share", "noise-explorer")
shutil.copytree(os.path.join(assets, "presets"), os.path.join(share, "presets"))
shutil.copytree(os.path.join(assets, "heightmaps"), os.path.join(share, "heightmaps"))
pictures = []
for path in (shipped, os.path.join(share, "presets", "imported-hills.json")):
    out = os.path.join(d, f"hills{len(pictures)}.png")
    r = export("--preset", path, "--size", "64x64", "--format", "png16", "-o", out, cwd=elsewhere)
    check(r.returncode == 0 and r.stderr == "", f"{path}: {r.stderr}")
    if r.returncode == 0:
        pictures.append(read_png(out)[1])
check(len(pictures) == 2 and np.array_equal(pictures[0], pictures[1]), "the installed layout gives another picture")
finish()
