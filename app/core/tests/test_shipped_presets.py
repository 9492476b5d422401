"""Every shipped preset loads, renders in every format, shows a picture (not a flat field), and
travels inside its PNG unchanged."""
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
# A preset may leave out noise keys: they take their defaults (the ones an export without a preset
# records), so a PNG's chunk may hold keys the shipped file does not.
r = run("export", "--size", "8x8", "--format", "png8", "-o", os.path.join(d, "defaults.png8"))
check(r.returncode == 0, f"export without a preset: {r.stderr}")
from PIL import Image
defaults = json.loads(Image.open(os.path.join(d, "defaults.png8")).text["noise-explorer-preset"])
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
    chunk = json.loads(Image.open(os.path.join(d, f"{name}.png8")).text["noise-explorer-preset"])
    check({k: v for k, v in chunk.items() if k in shipped} == shipped,
          f"{name}: the PNG's preset differs from the shipped file")
    missing = {k: v for k, v in chunk.items() if k not in shipped}
    check(all(defaults.get(k) == v for k, v in missing.items()),
          f"{name}: a key the shipped file leaves out is not its default: {missing}")
    # By name, as users type it.
    r = run("export", "--preset", name, "--size", "8x8", "--format", "png8", "-o", os.path.join(d, name + "-by-name"))
    check(r.returncode == 0, f"--preset {name}: {r.stderr}")
finish()
