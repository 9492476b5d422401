"""Every shipped preset loads, renders in every format, shows a picture (not a flat field), and
travels inside its PNG unchanged (a key the file leaves out travels as its default)."""
import glob
import json
import os
import sys

import numpy as np

import sys

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from core_test_support import check, finish, read_png, run, temp_dir

presets_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "assets", "presets")
files = sorted(glob.glob(os.path.join(presets_dir, "*.json")))
check(len(files) >= 16, f"only {len(files)} shipped presets")
d = temp_dir()


def png_preset(png):
    from PIL import Image
    return json.loads(Image.open(png).text["noise-explorer-preset"])


# The defaults, as a PNG carries them: a preset that sets nothing.
bare = os.path.join(d, "bare.json")
with open(bare, "w") as f:
    json.dump({"format": "noise-explorer-preset", "version": 1}, f)
r = run("export", "--preset", bare, "--size", "8x8", "--format", "png8", "-o", os.path.join(d, "bare.png"))
check(r.returncode == 0, f"bare preset: {r.stderr}")
defaults = png_preset(os.path.join(d, "bare.png"))
for path in files:
    name = os.path.basename(path)[:-5]
    shipped = json.load(open(path))
    for key in ("format", "version", "name", "description", "view"):
        check(key in shipped, f"{name}: no '{key}'")
    for fmt in ("png8", "rgb8", "png16", "r16"):
        out = os.path.join(d, f"{name}.{fmt}")
        r = run("export", "--preset", path, "--size", "96x64", "--format", fmt, "-o", out)
        # 96x64 is not a whole number of tiles down: a tiling preset is rightly warned about it.
        quiet = r.stderr == "" or (shipped.get("tile", 0) and r.stderr.startswith("export: warning: this image will not tile")
                                   and len(r.stderr.splitlines()) == 1)
        check(r.returncode == 0 and quiet, f"{name} {fmt}: {r.stderr}")
    _, a = read_png(os.path.join(d, f"{name}.png16"))
    check(a.std() > 500, f"{name}: the picture is nearly flat (std {a.std():.0f} of 65535)")
    chunk = png_preset(os.path.join(d, f"{name}.png8"))
    expected = {**defaults, **shipped, "view": {**defaults["view"], **shipped["view"]}}
    # A heightmap layer's file travels by its absolute name (read from the preset's folder), so the
    # PNG reopens from anywhere.
    if "stack" in shipped:
        expected["stack"] = [dict(layer, heightmap=os.path.normpath(os.path.join(presets_dir, layer["heightmap"])))
                             if "heightmap" in layer else layer for layer in shipped["stack"]]
    check(chunk == expected, f"{name}: the PNG's preset differs from the shipped file")
    # By name, as users type it.
    r = run("export", "--preset", name, "--size", "8x8", "--format", "png8", "-o", os.path.join(d, name + "-by-name"))
    check(r.returncode == 0, f"--preset {name}: {r.stderr}")
finish()
