"""Every shipped preset placed in its frame keeps its r32 bytes: a 48 x 32 `r32` export (unit and raw values)
and the preset its sidecar carries have the SHA-256 digests recorded in data/frame_r32.json,
which the program made before presets could be placed in the world (noise/placement.hpp). A new
key must default to the old behaviour; this is where a change that moves a frame preset's bits
shows. Regenerate only for a change that is meant to move them:
    /usr/bin/python3 app/core/tests/test_frame_r32.py PROGRAM --write"""
import glob
import hashlib
import json
import os
import sys

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from core_test_support import check, finish, run, temp_dir

here = os.path.dirname(os.path.abspath(__file__))
presets_dir = os.path.join(here, "..", "..", "..", "assets", "presets")
digests_file = os.path.join(here, "data", "frame_r32.json")
files = sorted(glob.glob(os.path.join(presets_dir, "*.json")))
check(len(files) >= 30, f"only {len(files)} shipped presets")
d = temp_dir()


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


got = {}
for path in files:
    name = os.path.basename(path)[:-5]
    for values in ("unit", "raw"):
        out = os.path.join(d, f"{name}-{values}.r32")
        r = run("export", "--preset", path, "--size", "48x32", "--format", "r32", "--values", values, "-o", out)
        check(r.returncode == 0, f"{name}: {r.stderr}")
        if r.returncode == 0:
            got[f"{name} {values}"] = digest(out)
            # The sidecar names the file it describes; the preset and facts in it must not move.
            # A heightmap layer keeps the absolute name it was read from: only its file name counts.
            with open(out + ".json") as f:
                preset = json.load(f).get("preset", {})
            for layer in preset.get("stack", []):
                if "heightmap" in layer:
                    layer["heightmap"] = os.path.basename(layer["heightmap"])
            got[f"{name} {values} sidecar"] = hashlib.sha256(
                json.dumps(preset, sort_keys=True).encode()).hexdigest()

if "--write" in sys.argv:
    with open(digests_file, "w") as f:
        json.dump(got, f, indent=1, sort_keys=True)
        f.write("\n")
else:
    with open(digests_file) as f:
        expected = json.load(f)
    check(set(got) == set(expected), f"presets differ from the recorded ones: {sorted(set(got) ^ set(expected))}")
    for key in sorted(set(got) & set(expected)):
        check(got[key] == expected[key], f"{key}: the bytes moved")
finish()
