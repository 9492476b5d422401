#!/usr/bin/python3
"""docs/python.md's batch example: every shipped preset at four seeds, exported as 16-bit PNGs
through the program's own (atomic) writer, and the raw fields kept in one .npz.

    /usr/bin/python3 batch_example.py OUT_DIR [SIZE]
"""
import os
import sys

import numpy as np

import noise_explorer as ne

out_dir = sys.argv[1] if len(sys.argv) > 1 else "."
size = int(sys.argv[2]) if len(sys.argv) > 2 else 256
fields = {}
for path in ne.shipped_presets():
    name = os.path.basename(path)[:-len(".json")]
    preset = ne.Preset.load(path)
    for seed in range(4):
        preset.seed = seed
        ne.export(preset, os.path.join(out_dir, f"{name}-seed{seed}.png"), size=(size, size), format="png16",
                  overwrite=True)
        fields[f"{name}-seed{seed}"] = ne.render(preset, size, size)
np.savez_compressed(os.path.join(out_dir, "fields.npz"), **fields)
print(f"{len(fields)} heightmaps of {size} x {size} in {out_dir}")
