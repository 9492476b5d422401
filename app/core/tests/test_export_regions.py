"""--region: a 3 x 3 grid of windows, assembled side by side, equals the full export byte for
byte, in every format (stretch mapping and hillshade included)."""
import os

import numpy as np

import sys

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from core_test_support import check, finish, read_png, run, temp_dir

W, H = 53, 41
XS, YS = (0, 17, 36, 53), (0, 1, 20, 41)  # uneven cuts, a one-row strip among them
CASES = [
    ("png16", ["--preset", "alpine-ridges"]),
    ("png8", ["--preset", "clouds"]),  # stretch: the range comes from the whole image
    ("rgb8", ["--preset", "rolling-hills"]),  # terrain ramp + hillshade reads neighbours
    ("rgb8", ["--preset", "marble", "--set", "hillshade=on", "--set", "ramp=viridis"]),
    ("r16", ["--preset", "seed003-tileable-fog"]),
]


def load(path, fmt, w, h):
    if fmt == "r16":
        return np.fromfile(path, dtype="<u2").reshape(h, w)
    return read_png(path)[1]


for fmt, args in CASES:
    d = temp_dir()
    full_path = os.path.join(d, "full")
    r = run("export", *args, "--size", f"{W}x{H}", "--format", fmt, "-o", full_path)
    check(r.returncode == 0, f"{fmt} {args} full: {r.stderr}")
    full = load(full_path, fmt, W, H)
    assembled = np.zeros_like(full)
    for j in range(3):
        for i in range(3):
            x0, x1, y0, y1 = XS[i], XS[i + 1], YS[j], YS[j + 1]
            part = os.path.join(d, f"part{i}{j}")
            r = run("export", *args, "--size", f"{W}x{H}", "--format", fmt, "-o", part,
                    "--region", f"{x0},{y0},{x1},{y1}")
            check(r.returncode == 0, f"{fmt} {args} region {x0},{y0},{x1},{y1}: {r.stderr}")
            window = load(part, fmt, x1 - x0, y1 - y0)
            check(window.shape[:2] == (y1 - y0, x1 - x0), f"{fmt} window shape {window.shape}")
            assembled[y0:y1, x0:x1] = window
    check(assembled.dtype == full.dtype and np.array_equal(assembled, full),
          f"{fmt} {args}: assembled windows differ from the full image in "
          f"{int(np.count_nonzero(assembled != full))} samples")

# The full-image region is the full image, byte for byte (same file, same chunks).
d = temp_dir()
a, b = os.path.join(d, "a.png"), os.path.join(d, "b.png")
run("export", "--size", "20x10", "--format", "png16", "-o", a)
run("export", "--size", "20x10", "--format", "png16", "-o", b, "--region", "0,0,20,10")
check(open(a, "rb").read() == open(b, "rb").read(), "--region 0,0,W,H differs from no region")

finish()
