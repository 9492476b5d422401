"""--region: a 3 x 3 grid of windows, assembled side by side, equals the full export byte for
byte, in every format (stretch mapping and hillshade included). Past one file (16384 x 16384):
regions of a 65536 x 65536 image and of one 2^31 - 1 pixels wide hold the library's samples at
those pixels' points (through `sample`, the point path), a --tiles tile of such an image is the
--region of its window byte for byte, memory stays that of the window, and what cannot be one
file is refused in one line."""
import os
import subprocess

import numpy as np

import sys

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from core_test_support import EXE, check, finish, preset_of, read_png, run, sample_points, temp_dir

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


# Past one file. Each region is compared with `sample` at its pixels' points, computed here as
# noise::pixel_point does (offset + (px + 0.5) * (frequency / width), in double).
def max_rss_kib(*args):
    """(status, stderr, max RSS in KiB) of one run of the program."""
    proc = subprocess.Popen([EXE, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = proc.stderr.read().decode(errors="replace")
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, err, usage.ru_maxrss


def one_line(text):
    return text.count("\n") == 1 and text.endswith("\n")


d = temp_dir()
for args, (width, height), (x0, y0, x1, y1) in (
        (["--preset", "alpine-ridges"], (65536, 65536), (40000, 50001, 40048, 50017)),
        (["--preset", "rolling-hills", "--set", "frequency=100000"], (2147483647, 65536),
         (2147483600, 65520, 2147483647, 65536)),
        (["--preset", "default", "--set", "algorithm=simplex"], (1 << 20, 1 << 20), (524288, 7, 524320, 23))):
    out = os.path.join(d, "far.r32")
    status, err, rss = max_rss_kib("export", *args, "--size", f"{width}x{height}", "--format", "r32", "--values",
                                   "raw", "--threads", "2", "--region", f"{x0},{y0},{x1},{y1}", "-o", out, "--force")
    check(status == 0, f"{args} {width}x{height} region: {err}")
    got = np.fromfile(out, dtype="<f4").reshape(y1 - y0, x1 - x0)
    preset = preset_of(args)
    cell = preset["frequency"] / width
    points = [(preset["offset_x"] + (px + 0.5) * cell, preset["offset_y"] + (py + 0.5) * cell)
              for py in range(y0, y1) for px in range(x0, x1)]
    expected = sample_points(preset, points).astype(np.float32).reshape(got.shape)
    check(np.array_equal(got.view(np.uint32), expected.view(np.uint32)),
          f"{args} {width}x{height} region {x0},{y0},{x1},{y1}: {int(np.count_nonzero(got != expected))} of "
          f"{got.size} samples differ from the library's points")
    # A window of a 2^31 - 1 wide image in bands of its own width: nowhere near a row of the image
    # (8 GiB of floats).
    check(rss < 200 * 1024, f"{width}x{height} region: {rss} KiB resident")

# A tile of a 131072 x 65536 image cut 64 x 64 is the --region of its window, byte for byte.
tile, region = os.path.join(d, "t.r32"), os.path.join(d, "r.r32")
r = run("export", "--preset", "alpine-ridges", "--size", "131072x65536", "--format", "r32", "--tiles", "64x64",
        "--tile-edges", "split", "--tile", "40,30", "-o", tile)
check(r.returncode == 0, f"--tile 40,30 of 131072x65536: {r.stderr}")
r = run("export", "--preset", "alpine-ridges", "--size", "131072x65536", "--format", "r32", "--region",
        f"{40 * 2048},{30 * 1024},{41 * 2048},{31 * 1024}", "-o", region)
check(r.returncode == 0, f"--region of tile 40,30: {r.stderr}")
t_path = os.path.join(d, "t_x40_y30.r32")
check(os.path.exists(t_path) and open(t_path, "rb").read() == open(region, "rb").read(),
      "the tile differs from the --region of its window")

# What cannot be one file: one line naming the size, the region, the tiles or the mapping.
for args, words in (
        (["--size", "65536x65536", "--format", "r32"], ["--size: '65536x65536'", "16384x16384", "--region or --tiles"]),
        (["--size", "65536x65536", "--format", "glb"], ["--size: '65536x65536'", "16384x16384"]),
        (["--size", "65536x65536", "--format", "r32", "--region", "0,0,20000,8"],
         ["region 0,0,20000,8 is 20000x8 pixels", "at most 16384x16384"]),
        (["--size", "65536x65536", "--format", "r32", "--tiles", "2x2", "--tile-edges", "split"],
         ["--tiles: 2x2 cuts the 65536x65536 image into tiles of 32768x32768", "at most 16384x16384"]),
        (["--preset", "clouds", "--size", "65536x65536", "--format", "png8", "--region", "0,0,8,8"],
         ["view.mapping: 'stretch' measures the whole 65536x65536 image", "view.mapping=fixed"]),
        (["--size", "2147483648x8", "--format", "r32", "--region", "0,0,8,8"],
         ["--size: '2147483648x8' is out of range"])):
    r = run("export", *args, "-o", os.path.join(d, "refused.out"))
    check(r.returncode == 2 and one_line(r.stderr) and all(w in r.stderr for w in words)
          and not os.path.exists(os.path.join(d, "refused.out")), f"{args}: {r.returncode} {r.stderr!r}")

finish()
