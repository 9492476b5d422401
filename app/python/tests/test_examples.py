"""docs/python.md's examples (app/python/examples/) run as a user would run them, and what they
leave behind is checked: the NumPy example's array, the Blender example's mesh (built without
Blender, as the OBJ it writes then) and the batch example's files against the program's export."""
import os
import subprocess
import sys

import numpy as np

import noise_explorer as ne
from conftest import HERE, PROGRAM, run_program

EXAMPLES = os.path.join(HERE, "..", "examples")


def run_example(name, *args):
    result = subprocess.run([sys.executable, os.path.join(EXAMPLES, name), *map(str, args)], capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_numpy_example(tmp_path):
    out = run_example("numpy_example.py", tmp_path)
    assert "values equal render(): True" in out
    preset = ne.Preset.load("rolling-hills")
    preset.octaves = 7
    assert np.array_equal(np.load(tmp_path / "rolling-hills.npy"), ne.render(preset, 512, 512))


def test_blender_example_builds_the_height_field(tmp_path):
    size = 48
    obj = tmp_path / "terrain.obj"
    run_example("blender_heightfield.py", "alpine-ridges", size, obj)
    vertices, faces = [], []
    for line in obj.read_text().splitlines():
        kind, *fields = line.split()
        (vertices if kind == "v" else faces).append([float(f) if kind == "v" else int(f) - 1 for f in fields])
    vertices, faces = np.array(vertices), np.array(faces)
    assert vertices.shape == (size * size, 3) and faces.shape == ((size - 1) ** 2, 4)
    # Heights: the program's r16 export holds the same unit heights (to 16 bits).
    r16 = tmp_path / "h.r16"
    result = run_program("export", "--preset", "alpine-ridges", "--size", f"{size}x{size}", "--format", "r16", "-o",
                         str(r16))
    assert result.returncode == 0, result.stderr
    unit16 = np.fromfile(r16, dtype="<u2").reshape(size, size) / 65535.0
    assert np.abs(vertices[:, 2].reshape(size, size) / 200.0 - unit16).max() < 1e-5 + 0.5 / 65535
    # North up: row 0 of the image is the largest y; every quad faces up (counter-clockwise).
    assert vertices[0, 1] == size - 1 and vertices[-1, 1] == 0
    a, b, c = (vertices[faces[:, i], :2] for i in range(3))
    cross = (b - a)[:, 0] * (c - a)[:, 1] - (b - a)[:, 1] * (c - a)[:, 0]
    assert (cross > 0).all()
    assert faces.min() == 0 and faces.max() == size * size - 1


def test_batch_example(tmp_path):
    out = run_example("batch_example.py", tmp_path, 32)
    count = len(ne.shipped_presets()) * 4
    assert out.startswith(f"{count} heightmaps")
    assert len([f for f in os.listdir(tmp_path) if f.endswith(".png")]) == count
    fields = np.load(tmp_path / "fields.npz")
    assert len(fields.files) == count
    theirs = tmp_path / "theirs.png"
    result = run_program("export", "--preset", "dunes", "--set", "seed=2", "--size", "32x32", "--format", "png16",
                         "-o", str(theirs))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "dunes-seed2.png").read_bytes() == theirs.read_bytes()
    preset = ne.Preset.load("dunes")
    preset.seed = 2
    assert np.array_equal(fields["dunes-seed2"], ne.render(preset, 32, 32))


def test_compare_with_program_agrees_and_can_disagree(tmp_path):
    out = run_example("compare_with_program.py", "--program", PROGRAM, "--size", "40x30")
    count = len(ne.shipped_presets())
    assert out.startswith(f"{count} of {count} shipped presets agree"), out
    # A program that renders something else is caught: one whose every export sets another seed.
    liar = tmp_path / "liar"
    liar.write_text(f'#!/bin/sh\nexec "{os.path.abspath(PROGRAM)}" "$@" --set seed=77\n')
    liar.chmod(0o755)
    result = subprocess.run([sys.executable, os.path.join(EXAMPLES, "compare_with_program.py"), "--program",
                             str(liar), "--size", "40x30"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 1 and "DIFFERS:" in result.stdout, result.stdout + result.stderr
