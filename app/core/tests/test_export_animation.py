#!/usr/bin/python3
"""`export --animate`: animated PNGs and numbered PNG sequences (issue 24, item 3).

    /usr/bin/python3 test_export_animation.py NOISE_EXPLORER

  1. --animate slice in 3D: an APNG of --frames frames (Pillow plays it: n_frames, loop forever,
     1/fps s a frame) whose frame i is, pixel for pixel, a single `export` with z = z0 + i * step;
     --sequence writes the same frames as OUT-0000.png ... and each is that single export, byte
     for byte in its pixels, with the frame's preset in it.
  2. --animate octaves: one frame per octave, frame i equal to the export with octaves = i + 1,
     half a second each unless --fps says otherwise (the slice's default is 12 a second).
  3. --loop in 4D: frame 0 is the preset's own slice, every frame differs from the one before, and
     the last frame is as close to the first as neighbours are to each other (the loop closes).
  4. The APNG carries its first frame's preset: `export --preset anim.png` renders frame 0.
  5. An OUT ending in .gif is an animated GIF (what slide programs play): Pillow plays it, the
     frames of a grey (png8) animation equal the APNG's exactly, a coloured (rgb8) one's stay
     close (at most 256 colours a frame), loop forever, 1/fps s a frame in hundredths; a GIF
     with --sequence is refused in one line and writes nothing.
  6. Errors are one line, exit 2, and leave nothing: a 2D slice, a 3D loop, r16, --frames without
     --animate, an existing target without --force (checked before anything renders: the
     existing file is unchanged, no frame of a sequence appears).
"""
import os

import numpy as np
from PIL import Image

from core_test_support import check, finish, run, temp_dir

work = temp_dir()


def frames_of(path):
    image = Image.open(path)
    out = []
    for i in range(getattr(image, "n_frames", 1)):
        image.seek(i)
        out.append(np.asarray(image.convert("RGB")).astype(np.int16))
    return image, out


def single(name, *sets):
    out = os.path.join(work, name)
    args = ["export", "--size", "96x64", "--format", "rgb8", "-o", out, "--force"]
    for s in sets:
        args += ["--set", s]
    result = run(*args)
    check(result.returncode == 0, f"single export {sets}: {result.stderr}")
    return np.asarray(Image.open(out).convert("RGB")).astype(np.int16)


def animate(out, *args):
    result = run("export", "--size", "96x64", "--format", "rgb8", "-o", out, *args)
    check(result.returncode == 0, f"export {' '.join(args)}: {result.stderr}")
    return result


# 1. The slice along z: APNG and sequence against single exports.
base = ["--set", "dimension=3", "--set", "octaves=3", "--set", "z=0.25"]
apng = os.path.join(work, "slice.png")
animate(apng, *base, "--animate", "slice", "--frames", "6", "--step", "0.1", "--fps", "10")
image, frames = frames_of(apng)
check(len(frames) == 6, f"the APNG has {len(frames)} frames, not 6")
check(image.info.get("loop") == 0, f"the APNG does not loop forever: {image.info.get('loop')}")
check(abs(image.info.get("duration", 0) - 100) < 1e-6, f"a frame lasts {image.info.get('duration')} ms, not 100")
sequence = os.path.join(work, "seq.png")
animate(sequence, *base, "--animate", "slice", "--frames", "6", "--step", "0.1", "--sequence")
for i in range(6):
    z = 0.25 + i * 0.1  # the same double operations as the program: z0 + i * step
    expected = single(f"z{i}.png", "dimension=3", "octaves=3", f"z={z!r}")
    check(np.array_equal(frames[i], expected), f"APNG frame {i} differs from the export at z = {z!r}")
    frame_file = os.path.join(work, f"seq-{i:04d}.png")
    check(os.path.exists(frame_file), f"{frame_file} is missing")
    if os.path.exists(frame_file):
        check(np.array_equal(np.asarray(Image.open(frame_file).convert("RGB")).astype(np.int16), expected),
              f"sequence frame {i} differs from the export at z = {z!r}")
        text = Image.open(frame_file).text.get("noise-explorer-preset", "")
        check(f'"z": {z!r}' in text or f'"z": {z}' in text, f"sequence frame {i} does not carry its z: {text[:80]}")
check(not os.path.exists(os.path.join(work, "seq-0006.png")), "the sequence has a seventh frame")

# 2. The octave build-up.
octaves = os.path.join(work, "octaves.png")
animate(octaves, "--set", "octaves=4", "--animate", "octaves")
built_image, built = frames_of(octaves)
check(len(built) == 4, f"the build-up has {len(built)} frames, not 4 (one per octave)")
check(abs(built_image.info.get("duration", 0) - 500) < 1e-6,
      f"an octave of the build-up lasts {built_image.info.get('duration')} ms, not 500")
for i, frame in enumerate(built):
    check(np.array_equal(frame, single(f"oct{i}.png", f"octaves={i + 1}")),
          f"build-up frame {i} differs from the export with octaves = {i + 1}")

# 3. A loop in 4D closes.
loop = os.path.join(work, "loop.png")
animate(loop, "--set", "dimension=4", "--set", "octaves=2", "--set", "z=0.5", "--set", "w=-0.25",
        "--animate", "slice", "--frames", "12", "--step", "0.08", "--loop")
ring_image, ring = frames_of(loop)
check(abs(ring_image.info.get("duration", 0) - 1000 / 12) < 1e-6,
      f"a slice's frame lasts {ring_image.info.get('duration')} ms, not 1/12 s")
check(len(ring) == 12, f"the loop has {len(ring)} frames")
check(np.array_equal(ring[0], single("loop0.png", "dimension=4", "octaves=2", "z=0.5", "w=-0.25")),
      "the loop's first frame is not the preset's own slice")
steps = [float(np.abs(ring[i + 1] - ring[i]).mean()) for i in range(11)]
closing = float(np.abs(ring[0] - ring[11]).mean())
check(min(steps) > 0.0, "two neighbouring frames of the loop are equal")
check(closing < 1.5 * max(steps) and closing > 0.5 * min(steps),
      f"the last frame does not meet the first: {closing:.2f} against steps {min(steps):.2f}..{max(steps):.2f}")

# 4. The APNG's preset renders its first frame.
reopened = os.path.join(work, "reopened.png")
result = run("export", "--preset", apng, "--size", "96x64", "--format", "rgb8", "-o", reopened)
check(result.returncode == 0 and np.array_equal(
    np.asarray(Image.open(reopened).convert("RGB")).astype(np.int16), frames[0]),
    f"--preset of the APNG does not give its first frame: {result.stderr}")

# 5. Animated GIFs beside the APNG.
def gif_of(name, fmt, *args):
    out = os.path.join(work, name)
    result = run("export", "--size", "96x64", "--format", fmt, "-o", out, *args)
    check(result.returncode == 0, f"export {name} {' '.join(args)}: {result.stderr}")
    return out


slice_args = [*base, "--animate", "slice", "--frames", "6", "--step", "0.1", "--fps", "10"]
grey_gif = gif_of("slice.gif", "png8", *slice_args)
with open(grey_gif, "rb") as f:
    check(f.read(6) == b"GIF89a", "slice.gif is not a GIF89a")
grey_image, grey_frames = frames_of(grey_gif)
check(grey_image.format == "GIF", f"slice.gif opens as {grey_image.format}")
check(len(grey_frames) == 6, f"the GIF has {len(grey_frames)} frames, not 6")
check(grey_image.info.get("loop") == 0, f"the GIF does not loop forever: {grey_image.info.get('loop')}")
check(grey_image.info.get("duration") == 100, f"a GIF frame lasts {grey_image.info.get('duration')} ms, not 100")
_, grey_apng = frames_of(gif_of("slice-grey.png", "png8", *slice_args))
for i in range(6):
    check(np.array_equal(grey_frames[i], grey_apng[i]), f"grey GIF frame {i} differs from the APNG's")
check(not np.array_equal(grey_frames[0], grey_frames[5]), "the GIF's frames do not move")
colour_image, colour_frames = frames_of(gif_of("slice-colour.gif", "rgb8", *slice_args))
for i in range(6):
    error = float(np.abs(colour_frames[i] - frames[i]).mean())
    check(error < 2.0, f"coloured GIF frame {i} is {error:.2f} levels from the APNG's on average")
_, built_gif = frames_of(gif_of("octaves.gif", "rgb8", "--set", "octaves=4", "--animate", "octaves"))
check(len(built_gif) == 4, f"the GIF build-up has {len(built_gif)} frames, not 4")
result = run("export", "--size", "32x32", "--format", "png8", "-o", os.path.join(work, "seq.gif"),
             "--set", "dimension=3", "--animate", "slice", "--sequence")
check(result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
      and "--sequence writes numbered PNGs" in result.stderr, f"a GIF sequence: {result.stderr!r}")
check(not any(n.startswith("seq.gif") or n.startswith("seq-0") and n.endswith(".gif") for n in os.listdir(work)),
      "a refused GIF sequence left a file")

# 6. Errors.
existing = os.path.join(work, "existing.png")
with open(existing, "wb") as f:
    f.write(b"mine")
for args, wanted in [
        (["--set", "dimension=2", "--animate", "slice"], "--animate slice: dimension 2 has no slice to move"),
        (["--set", "dimension=3", "--animate", "slice", "--loop"], "--loop: a loop moves the slice"),
        (["--frames", "4"], "--frames: only an animation takes it"),
        (["--set", "dimension=3", "--animate", "slice", "--frames", "1"], "--frames: '1' is not allowed"),
        (["--animate", "spin"], "--animate: 'spin' is not allowed"),
        (["--set", "dimension=3", "--animate", "slice"], "-o: '" + existing + "' exists: add --force")]:
    result = run("export", "--size", "32x32", "--format", "png8", "-o", existing, *args)
    lines = result.stderr.strip().splitlines()
    check(result.returncode == 2 and len(lines) == 1 and wanted in lines[0],
          f"{args}: expected one line with {wanted!r}, got {result.returncode}: {result.stderr!r}")
result = run("export", "--size", "32x32", "--format", "r16", "-o", os.path.join(work, "r.r16"), "--animate", "octaves")
check(result.returncode == 2 and "expected png8, rgb8 or png16" in result.stderr, f"r16: {result.stderr!r}")
with open(existing, "rb") as f:
    check(f.read() == b"mine", "a refused animation changed the existing file")
first = os.path.join(work, "blocked-0000.png")
with open(os.path.join(work, "blocked-0003.png"), "wb") as f:
    f.write(b"mine")
result = run("export", "--size", "32x32", "--format", "png8", "-o", os.path.join(work, "blocked.png"),
             "--set", "dimension=3", "--animate", "slice", "--frames", "5", "--sequence")
check(result.returncode == 2 and "blocked-0003.png" in result.stderr, f"a sequence over a file: {result.stderr!r}")
check(not os.path.exists(first), "a refused sequence wrote its first frame")

finish()
