"""PngStreamWriter read back by PIL, a decoder that shares no code with ours: exact pixels for
gray8, rgb8 and gray16 at tiny, odd and many-chunk sizes; the same bytes for 1, 2 and 7
compression threads; text chunks in order before the image data; chunks in flight bounded.
Drives png_stream_probe (argv[1]), which writes stdin's pixels with the real writer, and the
whole export (argv[2], noise-explorer): a many-chunk png16 against the r16 of the same noise."""
import json
import os
import struct
import subprocess
import sys
import zlib

import numpy as np
from PIL import Image

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from core_test_support import check, finish, temp_dir

PROBE = sys.argv[1]
EXE = sys.argv[2]
CHANNELS = {"gray8": 1, "rgb8": 3, "gray16": 1}


def image(kind, width, height, seed):
    """Smooth ramps (long matches, also across chunk cuts) with noisy blocks (literals)."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height, 0:width]
    top = 65535 if kind == "gray16" else 255
    smooth = ((x * 37 + y * 11) % (top + 1)).astype(np.int64)
    noisy = rng.integers(0, top + 1, size=(height, width))
    values = np.where((x // 7 + y // 5) % 4 == 0, noisy, smooth)
    if kind == "rgb8":
        values = np.stack([values, (values * 3) % 256, 255 - values], axis=-1)
    return values


def raw_bytes(kind, values):
    if kind == "gray16":
        return values.astype(">u2").tobytes()
    return values.astype(np.uint8).tobytes()


def write(path, kind, values, threads, chunk_bytes, texts=()):
    height, width = values.shape[:2]
    r = subprocess.run([PROBE, path, str(width), str(height), kind, str(threads), str(chunk_bytes), *texts],
                       input=raw_bytes(kind, values), capture_output=True)
    check(r.returncode == 0, f"probe {kind} {width}x{height}: {r.stderr!r}")
    return json.loads(r.stdout) if r.returncode == 0 else {}


def chunk_types(path):
    """Chunk types in file order; checks each CRC on the way."""
    data = open(path, "rb").read()
    check(data[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: PNG signature")
    at, types = 8, []
    while at + 12 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        crc, = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        check(crc == zlib.crc32(data[at + 4:at + 8 + length]), f"{path}: CRC of chunk {len(types)} ({kind})")
        types.append(kind.decode("latin-1"))
        at += 12 + length
    check(at == len(data), f"{path}: {len(data) - at} stray bytes at the end")
    return types


d = temp_dir()

# [Pixels] tiny, odd widths, chunks smaller than a row, about a row, many rows.
CASES = [(1, 1, 1 << 18), (3, 2, 1 << 18), (3, 2, 1), (257, 131, 997), (1001, 67, 4096), (4099, 9, 60000)]
for kind in ("gray8", "rgb8", "gray16"):
    for width, height, chunk in CASES:
        label = f"{kind} {width}x{height} chunk {chunk}"
        values = image(kind, width, height, width * 31 + height)
        out = os.path.join(d, "p.png")
        stats = write(out, kind, values, 3, chunk)
        im = Image.open(out)
        check(im.size == (width, height), f"{label}: size {im.size}")
        check(im.mode == {"gray8": "L", "rgb8": "RGB", "gray16": "I"}[kind] or (kind == "gray16" and im.mode == "I;16"),
              f"{label}: mode {im.mode}")
        back = np.array(im).astype(np.int64)
        check(back.shape == values.shape and np.array_equal(back, values),
              f"{label}: pixels differ ({np.count_nonzero(back != values) if back.shape == values.shape else 'shape'})")
        filtered = width * height * CHANNELS[kind] * (2 if kind == "gray16" else 1) + height
        check(stats.get("chunks") == -(-filtered // chunk), f"{label}: {stats} chunks, expected {-(-filtered // chunk)}")
        check(stats.get("peak_in_flight", 99) <= stats.get("max_in_flight", 0), f"{label}: in flight {stats}")

# [Determinism] the same bytes for 1, 2 and 7 threads; another chunk size shows the check can fail.
values = image("gray16", 1500, 173, 5)
files = {}
for threads in (1, 2, 7):
    out = os.path.join(d, f"t{threads}.png")
    write(out, "gray16", values, threads, 20000, ["noise-explorer-preset={}"])
    files[threads] = open(out, "rb").read()
check(files[1] == files[2] == files[7], "1, 2 and 7 threads give different bytes")
out = os.path.join(d, "other.png")
write(out, "gray16", values, 1, 20001, ["noise-explorer-preset={}"])
check(open(out, "rb").read() != files[1], "another chunk size gave the same bytes: the comparison proves nothing")

# [Text chunks] kept, in order, before the first IDAT.
out = os.path.join(d, "text.png")
texts = ["noise-explorer-preset={\"octaves\": 5}", "noise-explorer-export={\"width\": 640}", "Comment=third"]
write(out, "gray8", image("gray8", 640, 400, 9), 2, 10000, texts)
im = Image.open(out)
check(list(im.text.items()) == [tuple(t.split("=", 1)) for t in texts], f"text chunks {im.text}")
types = chunk_types(out)
check(types[:5] == ["IHDR", "tEXt", "tEXt", "tEXt", "IDAT"], f"chunk order {types[:6]}")
check(types[-1] == "IEND" and set(types[4:-1]) == {"IDAT"} and len(types) > 10, f"chunk order {types}")

# [Export] png16 of several chunks (1500x400: 1.2 MB of rows, 256 KiB chunks) holds exactly the
# r16 export's samples, and --threads does not change a byte.
args = ["export", "--set", "octaves=3", "--size", "1500x400"]
r16 = os.path.join(d, "e.r16")
r = subprocess.run([EXE, *args, "--format", "r16", "-o", r16], capture_output=True, text=True)
check(r.returncode == 0, f"r16 export: {r.stderr}")
exported = {}
for threads in ("1", "3"):
    out = os.path.join(d, f"e{threads}.png")
    r = subprocess.run([EXE, *args, "--format", "png16", "--threads", threads, "-o", out], capture_output=True, text=True)
    check(r.returncode == 0, f"png16 export --threads {threads}: {r.stderr}")
    exported[threads] = open(out, "rb").read()
check(exported["1"] == exported["3"], "png16 export: --threads 1 and 3 give different bytes")
check(chunk_types(os.path.join(d, "e1.png")).count("IDAT") >= 4, "png16 export: expected several IDAT chunks")
heights = np.fromfile(r16, dtype="<u2").reshape(400, 1500).astype(np.int64)
back = np.array(Image.open(os.path.join(d, "e1.png"))).astype(np.int64)
check(back.shape == heights.shape and np.array_equal(back, heights), "png16 export: pixels differ from the r16 export")

finish()
