"""Every export format decoded by an independent reader (PIL, NumPy) and compared with the
noise sampled through `noise-explorer sample`: size, bit depth, byte order and values."""
import json
import os

import numpy as np

import sys

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from core_test_support import (check, finish, gray16, gray8, mapping_range, png_header, preset_of, raw_field,
                               read_png, run, temp_dir, unit)

W, H = 61, 37  # odd sizes catch row-stride and transposition mistakes
CASES = {
    "fixed": ["--set", "seed=7", "--set", "octaves=4", "--set", "frequency=3.5", "--set", "offset_x=-2.25"],
    "stretch": ["--preset", "clouds", "--set", "octaves=5"],
    "ridged": ["--preset", "alpine-ridges"],
}

for case, args in CASES.items():
    d = temp_dir()
    preset = preset_of(args)
    raw = raw_field(preset, W, H)
    lo, hi = mapping_range(preset, raw)
    u = unit(raw, lo, hi)

    # png8: 8-bit grayscale
    out = os.path.join(d, "g8.png")
    r = run("export", *args, "--size", f"{W}x{H}", "--format", "png8", "-o", out)
    check(r.returncode == 0 and r.stderr == "", f"{case} png8: {r.stderr}")
    check(png_header(out) == (W, H, 8, 0), f"{case} png8 header {png_header(out)}")
    im, a = read_png(out)
    check(im.mode == "L" and a.shape == (H, W), f"{case} png8 mode {im.mode} shape {a.shape}")
    check(np.array_equal(a, gray8(u)), f"{case} png8 values differ: max |diff| "
                                        f"{np.abs(a.astype(int) - gray8(u).astype(int)).max()}")
    check(json.loads(im.text["noise-explorer-preset"]) == preset, f"{case} png8 preset chunk")
    facts = json.loads(im.text["noise-explorer-export"])
    check(facts["value_range"]["raw_min"] == lo and facts["value_range"]["raw_max"] == hi,
          f"{case} png8 export facts range {facts['value_range']} vs {(lo, hi)}")

    # png16: 16-bit grayscale (PIL 9 opens it as mode I)
    out = os.path.join(d, "g16.png")
    r = run("export", *args, "--size", f"{W}x{H}", "--format", "png16", "-o", out)
    check(r.returncode == 0, f"{case} png16: {r.stderr}")
    check(png_header(out) == (W, H, 16, 0), f"{case} png16 header {png_header(out)}")
    im, a = read_png(out)
    check(im.mode in ("I", "I;16") and a.shape == (H, W), f"{case} png16 mode {im.mode}")
    check(np.array_equal(a.astype(np.int64), gray16(u).astype(np.int64)),
          f"{case} png16 values differ: max |diff| {np.abs(a.astype(np.int64) - gray16(u).astype(np.int64)).max()}")
    check(a.max() > 256, f"{case} png16 uses the full 16 bits")

    # r16: little-endian uint16 + sidecar
    out = os.path.join(d, "h.r16")
    r = run("export", *args, "--size", f"{W}x{H}", "--format", "r16", "-o", out)
    check(r.returncode == 0, f"{case} r16: {r.stderr}")
    check(os.path.getsize(out) == W * H * 2, f"{case} r16 size {os.path.getsize(out)}")
    a = np.fromfile(out, dtype="<u2").reshape(H, W)
    check(np.array_equal(a, gray16(u)), f"{case} r16 values differ")
    side = json.load(open(out + ".json"))
    check((side["width"], side["height"], side["format"], side["byte_order"]) == (W, H, "r16", "little-endian"),
          f"{case} r16 sidecar {side}")
    check(side["value_range"]["maps_to"] == [0, 65535] and side["value_range"]["raw_min"] == lo
          and side["value_range"]["raw_max"] == hi, f"{case} r16 sidecar range {side['value_range']}")
    check(side["preset"] == preset, f"{case} r16 sidecar preset")
    # The sidecar's formula recovers the raw heights to within one 16-bit step.
    back = lo + a / 65535.0 * (hi - lo)
    inside = (raw >= lo) & (raw <= hi)
    check(np.abs(back - raw)[inside].max() <= (hi - lo) / 65535.0, f"{case} r16 heights not recoverable")

    # rgb8: with the gray ramp and no hillshade every channel is the png8 value
    out = os.path.join(d, "c.png")
    r = run("export", *args, "--set", "ramp=gray", "--set", "hillshade=off", "--size", f"{W}x{H}", "--format", "rgb8",
            "-o", out)
    check(r.returncode == 0, f"{case} rgb8: {r.stderr}")
    check(png_header(out) == (W, H, 8, 2), f"{case} rgb8 header {png_header(out)}")
    im, a = read_png(out)
    check(im.mode == "RGB" and a.shape == (H, W, 3), f"{case} rgb8 mode {im.mode}")
    for c in range(3):
        check(np.array_equal(a[:, :, c], gray8(u)), f"{case} rgb8 channel {c} differs from the mapped value")

# rgb8 through a colour ramp with hillshade: colourful, and deterministic.
d = temp_dir()
for name in ("a.png", "b.png"):
    r = run("export", "--preset", "rolling-hills", "--size", "96x64", "--format", "rgb8", "-o", os.path.join(d, name))
    check(r.returncode == 0, r.stderr)
_, a = read_png(os.path.join(d, "a.png"))
check(a.shape == (64, 96, 3) and len(np.unique(a.reshape(-1, 3), axis=0)) > 500, "terrain rgb8 is not colourful")
check(open(os.path.join(d, "a.png"), "rb").read() == open(os.path.join(d, "b.png"), "rb").read(),
      "the same preset gave different bytes")

# Engine size names give exactly their size.
for name, side in (("unity-33", 33), ("unreal-127", 127), ("unity-257", 257)):
    out = os.path.join(d, name + ".png")
    r = run("export", "--size", name, "--format", "png16", "-o", out)
    check(r.returncode == 0 and png_header(out) == (side, side, 16, 0), f"{name}: {r.stderr} {png_header(out)}")

# --preset image.png restores the exact settings: re-exporting from it gives the same bytes.
src = os.path.join(d, "src.png")
again = os.path.join(d, "again.png")
args = ["--preset", "dunes", "--set", "seed=99", "--set", "persistence=0.3333333333333333", "--set", "z=-1.5e-7"]
check(run("export", *args, "--size", "40x30", "--format", "rgb8", "-o", src).returncode == 0, "export src")
r = run("export", "--preset", src, "--size", "40x30", "--format", "rgb8", "-o", again)
check(r.returncode == 0, f"export from png: {r.stderr}")
check(open(src, "rb").read() == open(again, "rb").read(), "a PNG's preset did not reproduce the PNG")

finish()
