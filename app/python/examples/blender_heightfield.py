#!/usr/bin/python3
"""docs/python.md's Blender example: a preset as a height field on a grid mesh.

In Blender (Debian's blender runs Debian's Python 3.11, which sees the installed module):
    blender --background --python blender_heightfield.py -- alpine-ridges 256
Without Blender, the same vertices and faces are built and written as a Wavefront OBJ:
    /usr/bin/python3 blender_heightfield.py alpine-ridges 256 OUT.obj
"""
import sys

import numpy as np

import noise_explorer as ne


def height_field_mesh(preset, size, height_m=200.0, spacing_m=1.0):
    """(vertices (size*size, 3), quads (faces, 4)): vertex r * size + c at x = c * spacing,
    y = (size - 1 - r) * spacing (row 0 of the image is north, at the top), z = the unit height
    (the program's fixed mapping) times height_m. Quads wind counter-clockwise seen from above."""
    raw = ne.render(preset, size, size)
    lo, hi = ne.nominal_range(preset)
    unit = np.clip((raw - lo) / (hi - lo), 0.0, 1.0)
    rows, columns = np.meshgrid(np.arange(size), np.arange(size), indexing="ij")
    vertices = np.stack([columns * spacing_m, (size - 1 - rows) * spacing_m, unit * height_m], axis=-1)
    corner = (rows[:-1, :-1] * size + columns[:-1, :-1]).ravel()
    quads = np.stack([corner + size, corner + size + 1, corner + 1, corner], axis=-1)
    return vertices.reshape(-1, 3), quads


def main(argv):
    name = argv[0] if argv else "alpine-ridges"
    size = int(argv[1]) if len(argv) > 1 else 256
    vertices, quads = height_field_mesh(ne.Preset.load(name), size)
    try:
        import bpy
    except ImportError:
        bpy = None
    if bpy is not None:
        mesh = bpy.data.meshes.new(name)
        mesh.from_pydata(vertices.tolist(), [], quads.tolist())
        mesh.update()
        terrain = bpy.data.objects.new(name, mesh)
        bpy.context.collection.objects.link(terrain)
        print(f"{name}: {len(mesh.vertices)} vertices, {len(mesh.polygons)} faces in Blender")
        return
    out = argv[2] if len(argv) > 2 else name + ".obj"
    with open(out, "w") as f:
        f.write("".join(f"v {x:.6f} {y:.6f} {z:.6f}\n" for x, y, z in vertices))
        f.write("".join(f"f {a + 1} {b + 1} {c + 1} {d + 1}\n" for a, b, c, d in quads))
    print(f"{name}: {len(vertices)} vertices, {len(quads)} faces written to {out}")


if __name__ == "__main__":
    # Blender passes the script's own arguments after "--".
    main(sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else sys.argv[1:])
