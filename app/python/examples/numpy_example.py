#!/usr/bin/python3
"""docs/python.md's NumPy example: a shipped preset into arrays, the same picture in tiles, slopes
from the exact gradient, and the result saved for later.

    /usr/bin/python3 numpy_example.py OUT_DIR
"""
import os
import sys

import numpy as np

import noise_explorer as ne

out_dir = sys.argv[1] if len(sys.argv) > 1 else "."
preset = ne.Preset.load("rolling-hills")  # a shipped preset by name, a .json, or an exported PNG
preset.octaves = 7                          # checked as --set checks it

heights = ne.render(preset, 512, 512)     # float64, shape (rows, columns): heights[py, px]
lo, hi = ne.nominal_range(preset)           # the range the program maps to black and white
unit = np.clip((heights - lo) / (hi - lo), 0.0, 1.0)
print(f"raw {heights.min():.4f} .. {heights.max():.4f}, mean {heights.mean():.4f}; unit mean {unit.mean():.4f}")

# Four tiles of 256 x 256 are the same numbers as the whole, to the last bit.
tiles = [[ne.render(preset, 512, 512, region=(x, y, x + 256, y + 256)) for x in (0, 256)] for y in (0, 256)]
assert np.array_equal(np.block(tiles), heights)

# The gradient in noise space, times the pixel's size in noise space: the change per pixel.
values, gradient = ne.value_gradient(preset, 512, 512)
per_pixel = gradient * (preset.frequency / 512)
slope = np.hypot(per_pixel[..., 0], per_pixel[..., 1])
print(f"steepest change per pixel {slope.max():.5f}; values equal render(): {np.array_equal(values, heights)}")

np.save(os.path.join(out_dir, "rolling-hills.npy"), heights)
