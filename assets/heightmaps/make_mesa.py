"""Makes mesa-256.png, the heightmap assets/presets/imported-hills.json starts from: 256 x 256
16-bit grey, three flat-topped mesas with wavy steep edges on a plain that rises gently to the
north-east, a river valley winding between them. Closed-form, no random numbers: the same bytes
on every run (Debian 12's NumPy and PIL).

    /usr/bin/python3 assets/heightmaps/make_mesa.py assets/heightmaps/mesa-256.png
"""
import sys

import numpy as np
from PIL import Image

N = 256
y, x = np.mgrid[0:N, 0:N]
u = (x + 0.5) / N  # texel centres in the unit square, y down
v = (y + 0.5) / N


def smoothstep(t):
    t = np.clip(t, 0.0, 1.0)
    return t * t * (3.0 - 2.0 * t)


height = 0.46 + 0.08 * u + 0.06 * (1.0 - v)  # the plain
# (centre x, centre y, radius, top, wobble phase): flat tops, edges 0.06 wide, wavy outlines.
for cx, cy, r, top, phase in ((0.30, 0.32, 0.20, 0.78, 0.0), (0.72, 0.62, 0.16, 0.95, 1.7),
                              (0.28, 0.78, 0.11, 0.68, 3.1)):
    d = np.hypot(u - cx, v - cy)
    angle = np.arctan2(v - cy, u - cx)
    edge = r * (1.0 + 0.04 * np.sin(3.0 * angle + phase) + 0.02 * np.sin(7.0 * angle + 2.0 * phase))
    height = np.maximum(height, height + (top - 0.46) * smoothstep((edge - d) / 0.06))
# A shallow valley along a sine path from the west edge to the east.
path = 0.55 + 0.12 * np.sin(2.0 * np.pi * u * 1.3 + 0.4)
height -= 0.12 * np.exp(-((v - path) / 0.04) ** 2) * (height < 0.62)

samples = np.round(np.clip(height, 0.0, 1.0) * 65535.0).astype(np.uint16)
Image.fromarray(samples).save(sys.argv[1] if len(sys.argv) > 1 else "mesa-256.png")
