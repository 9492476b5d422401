"""The module's values are the program's, bit for bit, on every shipped preset: render() against
`noise-explorer sample` at each pixel's point and against `export --format r32 --values raw`
(float32(render) == the file's samples), with and without a region; sample() against `sample`;
value_gradient's values and render_bands' bands against render(); export() against the
program's export."""
import os

import numpy as np

import noise_explorer as ne
from conftest import pixel_points, run_program, same_bits, sample_with_program

WIDTH, HEIGHT = 64, 48
REGION = (5, 7, 40, 30)  # x0, y0, x1, y1


def export_r32(tmp_path, preset_file, name, *extra):
    out = os.path.join(tmp_path, name)
    result = run_program("export", "--preset", preset_file, "--size", f"{WIDTH}x{HEIGHT}", "--format", "r32",
                         "--values", "raw", "-o", out, *extra)
    assert result.returncode == 0, result.stderr
    return np.fromfile(out, dtype="<f4")


def test_render_equals_sample_and_r32(shipped_preset, tmp_path):
    preset = ne.Preset.load(shipped_preset)
    values = ne.render(preset, WIDTH, HEIGHT)
    assert values.shape == (HEIGHT, WIDTH) and values.dtype == np.float64 and values.flags.c_contiguous
    expected = sample_with_program(shipped_preset, pixel_points(preset, WIDTH, (0, 0, WIDTH, HEIGHT)),
                                   size=(WIDTH, HEIGHT))
    assert same_bits(values.ravel(), expected)
    r32 = export_r32(tmp_path, shipped_preset, "full.r32")
    assert same_bits(values.astype(np.float32).ravel(), r32)


def test_region_equals_sample_and_r32(shipped_preset, tmp_path):
    preset = ne.Preset.load(shipped_preset)
    x0, y0, x1, y1 = REGION
    window = ne.render(preset, WIDTH, HEIGHT, region=REGION)
    assert window.shape == (y1 - y0, x1 - x0)
    assert same_bits(window.ravel(),
                     sample_with_program(shipped_preset, pixel_points(preset, WIDTH, REGION), size=(WIDTH, HEIGHT)))
    r32 = export_r32(tmp_path, shipped_preset, "window.r32", "--region", ",".join(map(str, REGION)))
    assert same_bits(window.astype(np.float32).ravel(), r32)
    assert same_bits(window, ne.render(preset, WIDTH, HEIGHT)[y0:y1, x0:x1])


def test_sample_equals_program(shipped_preset):
    preset = ne.Preset.load(shipped_preset)
    rng = np.random.default_rng(43)
    # Negative coordinates, lattice lines (integers) and ordinary points, in 1 to 4 coordinates.
    points = np.concatenate([rng.uniform(-40, 40, (200, 4)), np.floor(rng.uniform(-5, 5, (20, 4)))])
    # A simulating preset's points read a WIDTH x HEIGHT simulation (both sides are given the
    # size): the 1024 x 1024 default costs seconds of CPU a call and reads the same code.
    expected = sample_with_program(shipped_preset, points, size=(WIDTH, HEIGHT))
    assert same_bits(ne.sample(preset, points, size=(WIDTH, HEIGHT)), expected)
    for d in (1, 2, 3):
        padded = np.zeros_like(points)
        padded[:, :d] = points[:, :d]
        assert same_bits(ne.sample(preset, points[:, :d], size=(WIDTH, HEIGHT)),
                         ne.sample(preset, padded, size=(WIDTH, HEIGHT)))


def test_value_gradient_values_and_bands_equal_render(shipped_preset):
    preset = ne.Preset.load(shipped_preset)
    values = ne.render(preset, WIDTH, HEIGHT)
    vg_values, gradient = ne.value_gradient(preset, WIDTH, HEIGHT)
    assert same_bits(vg_values, values)
    assert gradient.shape == (HEIGHT, WIDTH, preset.dimension)
    bands = list(ne.render_bands(preset, WIDTH, HEIGHT, rows=10))
    assert [y0 for y0, _ in bands] == list(range(0, HEIGHT, 10))
    assert same_bits(np.concatenate([band for _, band in bands]), values)
    points = np.array(pixel_points(preset, WIDTH, (0, 0, WIDTH, HEIGHT)))
    # (A simulating preset's points read the simulation of the image given as `size`.)
    point_values, point_gradient = ne.sample_gradient(preset, points, step=preset.frequency / WIDTH,
                                                      size=(WIDTH, HEIGHT))
    assert same_bits(point_values, values.ravel())
    assert same_bits(point_gradient, gradient.reshape(-1, preset.dimension))


def test_export_equals_program(shipped_preset, tmp_path):
    preset = ne.Preset.load(shipped_preset)
    mine = os.path.join(tmp_path, "mine.png")
    facts = ne.export(preset, mine, size=(WIDTH, HEIGHT), format="png16")
    assert facts["files"] == [mine]
    theirs = os.path.join(tmp_path, "theirs.png")
    result = run_program("export", "--preset", shipped_preset, "--size", f"{WIDTH}x{HEIGHT}", "--format", "png16",
                         "-o", theirs)
    assert result.returncode == 0, result.stderr
    with open(mine, "rb") as a, open(theirs, "rb") as b:
        assert a.read() == b.read()
