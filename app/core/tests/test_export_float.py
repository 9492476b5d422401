"""r32 and exr32 read back by independent readers and compared with `noise-explorer sample`.

- r32: NumPy reads the little-endian float32 samples; the sidecar is plain JSON.
- exr32: a reader written here from the OpenEXR file layout (header attributes, line offset
  table, ZIP chunks: zlib, then the byte predictor and the two-half interleave), not OpenEXR's
  library; and `exrheader` (Debian's openexr tools) must accept the file and show the channel,
  the compression and our attributes.
Raw values equal float32(sample) bit for bit; unit values equal float32 of the documented
mapping, so round(unit * 65535) is the png16 sample. Both formats carry the preset, and
`--preset FILE` restores it from an .exr, an .r32 (its sidecar) and the sidecar itself.
"""
import json
import os
import shutil
import struct
import subprocess
import sys
import zlib

import numpy as np

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from core_test_support import check, finish, mapping_range, preset_of, raw_field, read_png, run, temp_dir, unit

W, H = 45, 37  # 37 rows: two full 16-row ZIP chunks and a short one


def read_exr(path):
    """(attributes {name: (type, bytes)}, float32 image) of a single-part scan-line EXR."""
    with open(path, "rb") as fp:
        data = fp.read()
    assert data[:4] == b"\x76\x2f\x31\x01", "not an OpenEXR file"
    version = struct.unpack_from("<I", data, 4)[0]
    assert version & 0xFF == 2 and not version & 0x1E00, f"unsupported version field {version:#x}"
    pos, attributes = 8, {}
    while True:
        end = data.index(b"\0", pos)
        name = data[pos:end].decode()
        pos = end + 1
        if not name:
            break
        end = data.index(b"\0", pos)
        kind = data[pos:end].decode()
        size = struct.unpack_from("<i", data, end + 1)[0]
        attributes[name] = (kind, data[end + 5:end + 5 + size])
        pos = end + 5 + size
    x0, y0, x1, y1 = struct.unpack("<4i", attributes["dataWindow"][1])
    width, height = x1 - x0 + 1, y1 - y0 + 1
    channels = attributes["channels"][1]
    names = channels.split(b"\0")[0].decode()
    pixel_type = struct.unpack_from("<i", channels, len(names) + 1)[0]
    assert channels[len(names) + 1 + 16:] == b"\0", "more than one channel"
    compression = attributes["compression"][1][0]
    lines = {0: 1, 2: 1, 3: 16}[compression]  # NO, ZIPS, ZIP
    chunks = (height + lines - 1) // lines
    offsets = struct.unpack_from(f"<{chunks}Q", data, pos)
    image = np.full((height, width), np.nan, dtype=np.float32)
    for offset in offsets:
        y, size = struct.unpack_from("<ii", data, offset)
        rows = min(lines, y1 + 1 - y)
        block = data[offset + 8:offset + 8 + size]
        if size < rows * width * 4:
            t = np.frombuffer(zlib.decompress(block), dtype=np.uint8).astype(np.int64)
            t[1:] -= 128
            t = np.cumsum(t) & 0xFF  # the predictor: each byte is a difference to the one before
            half = (t.size + 1) // 2  # the first half holds the even bytes, the second the odd
            out = np.empty(t.size, dtype=np.uint8)
            out[0::2], out[1::2] = t[:half], t[half:]
            block = out.tobytes()
        image[y - y0:y - y0 + rows] = np.frombuffer(block, dtype="<f4").reshape(rows, width)
    return attributes, names, pixel_type, compression, image


def read_r32(path, width, height):
    a = np.fromfile(path, dtype="<f4")
    check(a.size == width * height, f"{path}: {a.size} samples, expected {width * height}")
    return a.reshape(height, width)


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
    expected = {"raw": raw, "unit": unit(raw, lo, hi).astype(np.float32)}
    for values in ("unit", "raw"):
        r32 = os.path.join(d, f"{values}.r32")
        r = run("export", *args, "--size", f"{W}x{H}", "--format", "r32", "--values", values, "-o", r32)
        check(r.returncode == 0 and r.stderr == "", f"{case} r32 {values}: {r.stderr}")
        a = read_r32(r32, W, H)
        check(np.array_equal(a, expected[values]),
              f"{case} r32 {values}: max |diff| {np.abs(a - expected[values]).max()}")
        with open(r32 + ".json") as fp:
            facts = json.load(fp)
        check(facts["format"] == "r32" and facts["sample"] == "float32" and facts["byte_order"] == "little-endian"
              and (facts["width"], facts["height"]) == (W, H), f"{case} r32 sidecar {facts}")
        check(facts["value_range"]["values"] == values and facts["preset"] == preset, f"{case} r32 sidecar values")

        exr = os.path.join(d, f"{values}.exr")
        r = run("export", *args, "--size", f"{W}x{H}", "--format", "exr32", "--values", values, "-o", exr)
        check(r.returncode == 0 and r.stderr == "", f"{case} exr32 {values}: {r.stderr}")
        attributes, channel, pixel_type, compression, image = read_exr(exr)
        check((channel, pixel_type, compression) == ("Y", 2, 3),
              f"{case} exr32: channel {channel} type {pixel_type} compression {compression}")
        check(image.shape == (H, W) and np.array_equal(image, expected[values]),
              f"{case} exr32 {values}: max |diff| {np.nanmax(np.abs(image - expected[values]))}")
        check(json.loads(attributes["noiseExplorerPreset"][1]) == preset, f"{case} exr32 preset attribute")
        facts = json.loads(attributes["noiseExplorerExport"][1])
        check(facts["format"] == "exr32" and facts["value_range"]["values"] == values, f"{case} exr32 facts {facts}")

    # The unit samples are the png16 samples before rounding.
    png = os.path.join(d, "h.png")
    run("export", *args, "--size", f"{W}x{H}", "--format", "png16", "-o", png)
    _, a16 = read_png(png)
    check(np.array_equal(np.floor(unit(raw, lo, hi) * 65535.0 + 0.5), a16), f"{case} png16 vs unit")

# exrheader, from OpenEXR's own tools, reads what we wrote.
d = temp_dir()
exr = os.path.join(d, "h.exr")
run("export", "--preset", "clouds", "--size", "64x48", "--format", "exr32", "-o", exr)
if shutil.which("exrheader"):
    r = subprocess.run(["exrheader", exr], capture_output=True, text=True)
    check(r.returncode == 0, f"exrheader failed: {r.stderr}")
    for text in ("Y, 32-bit floating-point", "zip, multi-scanline blocks", "(0 0) - (63 47)",
                 "noiseExplorerPreset (type string)", "noiseExplorerExport (type string)"):
        check(text in r.stdout, f"exrheader does not show {text!r}:\n{r.stdout}")
else:
    print("exrheader not found (package openexr): skipped that reader")

# The preset comes back from every float file.
png_from = {}
for name, fmt in (("h.exr", "exr32"), ("h.r32", "r32")):
    out = os.path.join(d, name)
    run("export", "--preset", "clouds", "--set", "seed=9", "--size", "64x48", "--format", fmt, "-o", out, "--force")
for source in ("h.exr", "h.r32", "h.r32.json"):
    out = os.path.join(d, source + ".png")
    r = run("export", "--preset", os.path.join(d, source), "--size", "32x24", "--format", "png8", "-o", out)
    check(r.returncode == 0, f"--preset {source}: {r.stderr}")
    if r.returncode == 0:
        png_from[source] = open(out, "rb").read()
reference = os.path.join(d, "reference.png")
run("export", "--preset", "clouds", "--set", "seed=9", "--size", "32x24", "--format", "png8", "-o", reference)
for source, data in png_from.items():
    check(data == open(reference, "rb").read(), f"--preset {source} did not restore the preset")

# Regions of a float export fit together byte for byte.
full = os.path.join(d, "full.r32")
run("export", "--preset", "dunes", "--size", "40x30", "--format", "r32", "-o", full)
parts = [read_r32(os.path.join(d, f"p{i}.r32"), *size) for i, size in enumerate([(25, 30), (15, 30)])
         if run("export", "--preset", "dunes", "--size", "40x30", "--format", "r32", "--region",
                ["0,0,25,30", "25,0,40,30"][i], "-o", os.path.join(d, f"p{i}.r32")).returncode == 0]
check(len(parts) == 2 and np.array_equal(np.hstack(parts), read_r32(full, 40, 30)), "r32 regions do not fit together")

# Errors: one line, status 2, no file.
for extra, fragment in ((["--format", "png16", "--values", "raw"], "--values: only the float formats"),
                        (["--format", "r32", "--values", "metres"], "--values: 'metres' is not allowed")):
    out = os.path.join(d, "bad.out")
    r = run("export", "--size", "8x8", "-o", out, *extra)
    check(r.returncode == 2 and r.stderr.count("\n") == 1 and fragment in r.stderr and not os.path.exists(out),
          f"{extra}: {r.returncode} {r.stderr!r}")

finish()
