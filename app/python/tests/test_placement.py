"""Placement (noise/placement.hpp) from Python: the key, the conversion, and a world preset's values
at noise-space points through two frames (the same bits; a frame preset's move), compared with the
program's `sample` for the same preset."""
import numpy as np
import pytest

import noise_explorer as ne
from conftest import run_program


def points():
    rng = np.random.default_rng(56)
    return rng.uniform(-3.0, 9.0, size=(257, 2))


def reframed(preset):
    other = preset.copy()
    other.offset_x = preset.offset_x - 7.25
    other.offset_y = preset.offset_y + 2.5
    other.frequency = preset.frequency * 3
    return other


def test_the_key_reads_and_writes_only_when_world():
    assert ne.Preset().placement == "frame"
    assert "placement" not in ne.Preset().to_json()
    world = ne.Preset(placement="world")
    assert world.placement == "world"
    assert '"placement": "world"' in world.to_json()
    assert ne.Preset.from_json(world.to_json()) == world
    with pytest.raises(ValueError, match=r"^placement: 'globe' is not allowed: expected one of frame, world$"):
        world.placement = "globe"


def test_a_world_preset_gives_the_same_values_through_every_frame():
    frame = ne.Preset.load("eroded-island")
    world = frame.copy()
    world.place_in_world()
    assert world.placement == "world"
    assert world["layer.2.shape_x"] == frame.offset_x + frame["layer.2.shape_x"] * frame.frequency
    pts = points()
    a = ne.sample(world, pts)
    b = ne.sample(reframed(world), pts)
    assert np.array_equal(a, b)
    assert not np.array_equal(ne.sample(frame, pts), ne.sample(reframed(frame), pts))
    with pytest.raises(ValueError, match=r"^placement: 'world' is already the preset's placement"):
        world.place_in_world()


def test_the_program_reads_the_world_preset_as_the_module_does(tmp_path):
    world = ne.Preset.load("eroded-island")
    world.place_in_world()
    path = tmp_path / "world.json"
    world.save(path)
    pts = points()[:16]
    result = run_program("sample", "--preset", str(path), "--set", "offset_x=123",
                         stdin="".join(f"{x!r} {y!r}\n" for x, y in pts))
    assert result.returncode == 0, result.stderr
    program = np.array([float(line) for line in result.stdout.split()])
    assert np.array_equal(program, ne.sample(world, pts))
