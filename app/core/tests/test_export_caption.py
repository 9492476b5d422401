#!/usr/bin/python3
"""`export --animate ... --caption`: each frame says what it shows (issue 42, item 5).

    /usr/bin/python3 test_export_caption.py NOISE_EXPLORER

  1. Without --caption nothing changed: two small animations are byte for byte the files the
     program wrote before captions existed (their SHA-256, recorded at commit d722815 with the
     same commands), and their text chunks name no caption.
  2. With --caption, every frame (APNG and sequence; rgb8, png8 and png16) equals the uncaptioned
     frame outside one box in the bottom-left corner, of the size caption.hpp gives: (6 n + 3) x 12
     font pixels for n characters, a font pixel scale x scale image pixels, scale =
     max(1, min(width, height) / 180). Inside the box every sample is full black or full white,
     and both are there (text on a backing).
  3. The text differs where the captions differ: "octaves 0-1 of 4" and "octaves 0-2 of 4" differ
     only in the eleventh character's cell; "z = 0.250" and "z = 0.350" only in the seventh's.
  4. The frames say it in their export facts ("caption"), the APNG in its animation facts.
  5. The same bytes with 1 and 3 threads.
  6. Errors are one line, exit 2: --caption without --animate, --caption=yes.
"""
import hashlib
import json
import os

import numpy as np
from PIL import Image

from core_test_support import check, finish, run, temp_dir

work = temp_dir()


def export(out, *args):
    result = run("export", "-o", out, "--force", *args)
    check(result.returncode == 0, f"export {' '.join(args)}: {result.stderr}")
    return out


def frames_of(path):
    """Every frame as an array of samples (height x width x channels), in the file's own depth."""
    image = Image.open(path)
    out = []
    for i in range(getattr(image, "n_frames", 1)):
        image.seek(i)
        frame = np.asarray(image)
        out.append(frame.reshape(frame.shape[0], frame.shape[1], -1).astype(np.int64))
    return out


def box_of(text, width, height):
    """(x1, y0): the caption box is [0, x1) x [y0, height), as caption.hpp says."""
    columns = 6 * len(text) + 3
    scale = max(1, min(width, height) // 180)
    while scale > 1 and columns * scale > width:
        scale -= 1
    return min(width, columns * scale), max(0, height - 12 * scale), scale


def check_captioned(name, plain, captioned, texts, top):
    check(len(plain) == len(captioned) == len(texts), f"{name}: {len(plain)}, {len(captioned)} frames")
    for i, (p, c, text) in enumerate(zip(plain, captioned, texts)):
        height, width = p.shape[:2]
        x1, y0, _ = box_of(text, width, height)
        inside = np.zeros((height, width), dtype=bool)
        inside[y0:, :x1] = True
        differs = (p != c).any(axis=2)
        check(not differs[~inside].any(),
              f"{name} frame {i}: {int(differs[~inside].sum())} pixels outside the box differ")
        check(differs[inside].any(), f"{name} frame {i}: no caption in the box")
        box = c[y0:, :x1]
        check(np.isin(box, [0, top]).all(), f"{name} frame {i}: the box holds samples other than 0 and {top}")
        check((box == top).all(axis=2).any() and (box == 0).all(axis=2).any(),
              f"{name} frame {i}: the box is not white text on black")


# 1. Uncaptioned: the bytes of before.
pinned = {
    "3a4b77ba7616fd1237f4d30391ec5e02fada5e22c56605900ccf1d2c3cd6ea74":
        ["--set", "dimension=3", "--set", "octaves=3", "--size", "96x64", "--format", "rgb8",
         "--animate", "slice", "--frames", "6", "--step", "0.1"],
    "3f74f93fcb164c50d7baef83f39ee9434d04500ef0ef55354f5360585a0f08f4":
        ["--set", "dimension=4", "--set", "octaves=2", "--size", "128x96", "--format", "rgb8",
         "--animate", "slice", "--frames", "12", "--step", "0.08", "--loop"]}
for digest, args in pinned.items():
    out = export(os.path.join(work, "pinned.png"), *args)
    with open(out, "rb") as f:
        got = hashlib.sha256(f.read()).hexdigest()
    check(got == digest, f"export {' '.join(args)} is not the file it was before captions: {got}")
    text = Image.open(out).text
    check("caption" not in json.loads(text["noise-explorer-export"]) and
          "caption" not in json.loads(text["noise-explorer-animation"]),
          f"an uncaptioned animation names a caption: {text['noise-explorer-animation']}")

# 2, 3, 4. The octave build-up at scale 2, as an APNG in rgb8 and a sequence in png16.
build = ["--set", "octaves=4", "--set", "ramp=terrain", "--size", "400x360", "--animate", "octaves"]
octave_texts = ["octave 0 of 4", "octaves 0-1 of 4", "octaves 0-2 of 4", "octaves 0-3 of 4"]
plain = frames_of(export(os.path.join(work, "plain.png"), *build, "--format", "rgb8"))
captioned_file = export(os.path.join(work, "captioned.png"), *build, "--format", "rgb8", "--caption")
captioned = frames_of(captioned_file)
check_captioned("rgb8 build-up", plain, captioned, octave_texts, 255)
x1, y0, scale = box_of(octave_texts[1], 400, 360)
check(scale == 2, f"a 400 x 360 frame's caption has scale {scale}, not 2")
differs = (captioned[1] != captioned[2])[y0:, :x1].any(axis=2)  # the box: the field changes around it
columns = np.nonzero(differs.any(axis=0))[0]
cell = (2 + 10 * 6) * scale  # the margin, then ten characters of six font pixels
check(len(columns) > 0 and columns.min() >= cell and columns.max() < cell + 5 * scale,
      f"'octaves 0-1' and 'octaves 0-2' differ in columns {columns.min() if len(columns) else None}.."
      f"{columns.max() if len(columns) else None}, not only in the eleventh character [{cell}, {cell + 10})")
facts = json.loads(Image.open(captioned_file).text["noise-explorer-animation"])
check(facts.get("caption") is True, f"the APNG's animation facts do not say it is captioned: {facts}")

sequence = os.path.join(work, "deep.png")
export(sequence, *build, "--format", "png16", "--caption", "--sequence")
export(os.path.join(work, "deep-plain.png"), *build, "--format", "png16", "--sequence")
deep = [frames_of(os.path.join(work, f"deep-{i:04d}.png"))[0] for i in range(4)]
deep_plain = [frames_of(os.path.join(work, f"deep-plain-{i:04d}.png"))[0] for i in range(4)]
check_captioned("png16 sequence", deep_plain, deep, octave_texts, 65535)
for i, text in enumerate(octave_texts):
    facts = json.loads(Image.open(os.path.join(work, f"deep-{i:04d}.png")).text["noise-explorer-export"])
    check(facts.get("caption") == text, f"sequence frame {i} says {facts.get('caption')!r}, not {text!r}")

# The slice along z in png8, at scale 1 (256 x 256).
slice_args = ["--set", "dimension=3", "--set", "z=0.25", "--size", "256x256", "--format", "png8",
              "--animate", "slice", "--frames", "3", "--step", "0.1"]
slice_texts = ["z = 0.250", "z = 0.350", "z = 0.450"]
gray = frames_of(export(os.path.join(work, "slice.png"), *slice_args, "--caption"))
check_captioned("png8 slice", frames_of(export(os.path.join(work, "slice-plain.png"), *slice_args)), gray,
                slice_texts, 255)
x1, y0, _ = box_of(slice_texts[0], 256, 256)
columns = np.nonzero((gray[0] != gray[1])[y0:, :x1].any(axis=2).any(axis=0))[0]
check(len(columns) > 0 and columns.min() >= 2 + 6 * 6 and columns.max() < 2 + 6 * 6 + 5,
      f"'z = 0.250' and 'z = 0.350' differ in columns {list(columns)}, not only in the seventh character")

# 5. The thread count does not change a byte.
one, three = os.path.join(work, "t1.png"), os.path.join(work, "t3.png")
export(one, *build, "--format", "rgb8", "--caption", "--threads", "1")
export(three, *build, "--format", "rgb8", "--caption", "--threads", "3")
with open(one, "rb") as a, open(three, "rb") as b:
    check(a.read() == b.read(), "the captioned animation differs between 1 and 3 threads")

# 6. Errors.
for args, wanted in [
        (["--caption"], "--caption: only an animation takes it"),
        (["--animate", "octaves", "--caption=yes"], "--caption: 'yes' is not allowed")]:
    out = os.path.join(work, "refused.png")
    result = run("export", "--size", "32x32", "--format", "png8", "-o", out, *args)
    lines = result.stderr.strip().splitlines()
    check(result.returncode == 2 and len(lines) == 1 and wanted in lines[0] and not os.path.exists(out),
          f"{args}: expected one line with {wanted!r}, got {result.returncode}: {result.stderr!r}")

finish()
