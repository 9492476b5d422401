#!/usr/bin/python3
"""Every shipped preset rendered into NumPy and compared with the command line's files, as a user
checks an installation: `export --format r32 --values raw` (float32 of the module's values, bit
for bit, the whole image and a window of it) and `sample` at a few pixels (the doubles themselves).

    /usr/bin/python3 compare_with_program.py [--program noise-explorer] [--size 128x96]

Uses the module Python finds and the program on PATH (or --program). Exit status 0 when every
preset agrees; otherwise each disagreement is named.
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

import noise_explorer as ne


def export_r32(program, preset_file, width, height, out, *extra):
    subprocess.run([program, "export", "--preset", preset_file, "--size", f"{width}x{height}", "--format", "r32",
                    "--values", "raw", "--force", "-o", out, *extra], check=True, capture_output=True)
    return np.fromfile(out, dtype="<f4").reshape(-1)


def sampled(program, preset_file, points, size):
    lines = "".join(" ".join(repr(float(c)) for c in p) + "\n" for p in points)
    # A preset with the erosion simulation: `sample` reads the simulation of an image this size.
    simulated = ne.Preset.load(preset_file)["erosion.method"] == "simulate"
    result = subprocess.run([program, "sample", "--preset", preset_file] + (["--size", size] if simulated else []),
                            input=lines, check=True, capture_output=True, text=True)
    return np.array([float(v) for v in result.stdout.split()])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--program", default="noise-explorer")
    parser.add_argument("--size", default="128x96")
    a = parser.parse_args()
    width, height = (int(v) for v in a.size.split("x"))
    window = (width // 4, height // 3, width - 3, height - 1)
    problems = []
    presets = ne.shipped_presets()
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "out.r32")
        for path in presets:
            name = os.path.basename(path)
            preset = ne.Preset.load(path)
            values = ne.render(preset, width, height)
            if not np.array_equal(values.astype(np.float32).ravel().view(np.uint32),
                                  export_r32(a.program, path, width, height, out).view(np.uint32)):
                problems.append(f"{name}: render() differs from export --format r32 --values raw")
            part = ne.render(preset, width, height, region=window)
            if not np.array_equal(part.astype(np.float32).ravel().view(np.uint32),
                                  export_r32(a.program, path, width, height, out, "--region",
                                             ",".join(map(str, window))).view(np.uint32)):
                problems.append(f"{name}: render(region=...) differs from export --region")
            cell = preset.frequency / width
            pixels = [(0, 0), (width - 1, height - 1), (width // 2, height // 3)]
            points = [(preset.offset_x + (px + 0.5) * cell, preset.offset_y + (py + 0.5) * cell, preset.z, preset.w)
                      for px, py in pixels]
            expected = sampled(a.program, path, points, a.size)
            got = np.array([values[py, px] for px, py in pixels])
            if not np.array_equal(got.view(np.uint64), expected.view(np.uint64)):
                problems.append(f"{name}: render() differs from sample at {pixels}")
    for problem in problems:
        print("DIFFERS:", problem)
    print(f"{len(presets) - len({p.split(':')[0] for p in problems})} of {len(presets)} shipped presets agree "
          f"with {a.program} bit for bit ({width}x{height}, window {window}, module {ne.__file__})")
    sys.exit(1 if problems or not presets else 0)


if __name__ == "__main__":
    main()
