"""Old exports still open as the same picture: every file in data/version1 (made before the preset
format gained the layer stack, version 2) is opened with --preset and exported again in its own
format and size; the new file must be the old one, byte for byte (the pixels, the preset it carries
and the export facts)."""
import filecmp
import glob
import os
import sys

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from core_test_support import check, finish, run, temp_dir

data = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "version1")
d = temp_dir()
formats = {".exr": "exr32", ".r16": "r16"}
files = sorted(f for f in glob.glob(os.path.join(data, "*")) if not f.endswith((".md", ".json")))
check(len(files) >= 10, f"only {len(files)} old exports in {data}")
for old in files:
    name = os.path.basename(old)
    fmt = formats.get(os.path.splitext(name)[1], "rgb8" if name.endswith("-rgb.png") else "png16")
    new = os.path.join(d, name)
    r = run("export", "--preset", old, "--size", "48x32", "--format", fmt, "-o", new)
    check(r.returncode == 0, f"{name}: {r.stderr}")
    check(r.returncode == 0 and filecmp.cmp(old, new, shallow=False), f"{name}: the new export differs from the old")
    if fmt == "r16":
        check(filecmp.cmp(old + ".json", new + ".json", shallow=False), f"{name}: the sidecar differs")
finish()
