"""Preset: loading, JSON, every key by attribute and item, and refusals in the program's words.

Each refused value is also given to `noise-explorer sample --set KEY=VALUE`, and the module's
message must be the program's, without the "sample: --set: " the command line puts in front."""
import json
import os

import pytest

import noise_explorer as ne
from conftest import PRESETS_DIR, run_program


def program_error(*sets):
    args = ["sample"]
    for s in sets:
        args += ["--set", s]
    result = run_program(*args, stdin="")
    assert result.returncode == 2, result.stdout
    line = result.stderr.strip()
    assert line.startswith("sample: --set: ") and "\n" not in line, line
    return line[len("sample: --set: "):]


@pytest.mark.parametrize("key, value, text", [
    ("octaves", 20, "20"),
    ("octaves", 2.5, "2.5"),
    ("algorithm", "pink", "pink"),
    ("persistence", "abc", "abc"),
    ("persistence", float("inf"), "inf"),
    ("frequency", -1.0, "-1.0"),
    ("smooth", "maybe", "maybe"),
    ("ramp", "pink", "pink"),
    ("view.ramp", "pink", "pink"),
    ("terrain_height", 0.0, "0.0"),
    ("mask.octaves", 99, "99"),
    ("curve", "wobbly", "wobbly"),
])
def test_refused_values_read_as_the_program_says(key, value, text):
    preset = ne.Preset.load("clouds")
    before = preset.to_json()
    with pytest.raises(ValueError) as item_error:
        preset[key] = value
    assert str(item_error.value) == program_error(f"{key}={text}")
    assert "\n" not in str(item_error.value) and key.split(".")[-1] in str(item_error.value)
    assert preset.to_json() == before  # unchanged
    if "." not in key:
        with pytest.raises(ValueError) as attribute_error:
            setattr(preset, key, value)
        assert str(attribute_error.value) == str(item_error.value)


def test_unknown_keys_suggest_and_are_every_kind_of_error():
    preset = ne.Preset()
    with pytest.raises(ne.UnknownKeyError) as error:
        preset.octavs = 3
    assert str(error.value) == program_error("octavs=3")
    assert "did you mean 'octaves'" in str(error.value)
    for kind in (ValueError, AttributeError, KeyError):
        with pytest.raises(kind):
            preset["octavs"]
    with pytest.raises(ne.UnknownKeyError) as mask_error:
        preset["mask.octavs"] = 3
    assert str(mask_error.value) == program_error("mask.octavs=3") and "'mask.octavs'" in str(mask_error.value)
    assert not hasattr(preset, "octavs") and hasattr(preset, "octaves")
    assert getattr(preset, "nope", 7) == 7
    with pytest.raises(ValueError):
        ne.Preset(octavs=3)


def test_keys_read_as_python_values():
    preset = ne.Preset.load(os.path.join(PRESETS_DIR, "clouds.json"))
    stored = json.loads(preset.to_json())
    for key in preset.keys():
        if key in ("name", "description", "curve") or key.startswith(("mask.", "layer.")):
            continue  # the layer keys: test_layer_keys_read_set_and_refuse_in_the_program_words
        value = preset[key]
        if key.startswith("erosion."):
            # Item access only (a dotted name is no attribute); the file holds the "erosion"
            # object only where a key differs from its default.
            expected = stored.get("erosion", {}).get(key[len("erosion."):], ne.Preset()[key])
            assert value == expected and type(value) is type(expected), key
            continue
        assert value == getattr(preset, key)
        if key == "placement":  # written only when "world" (noise/placement.hpp)
            assert value == stored.get("placement", "frame") and type(value) is str
            continue
        expected = stored["view"][key] if key in stored["view"] else stored[key]
        assert value == expected and type(value) is type(expected), key
    assert preset.name == stored["name"]
    assert isinstance(preset.octaves, int) and isinstance(preset.frequency, float)
    assert isinstance(preset.algorithm, str) and isinstance(preset.smooth, bool)


def test_set_keys_and_json_round_trip(tmp_path):
    preset = ne.Preset(octaves=7, algorithm="simplex", ramp="terrain")
    preset.persistence = 0.45
    preset["view.hillshade"] = True
    preset.seed = 12
    preset.curve = [(0, 0), (0.5, 0.8), (1, 1)]
    preset["mask.octaves"] = 2  # creates the mask field as --set mask.octaves=2 does
    preset.mask = "multiply"
    preset.name = "Mine"
    assert (preset.octaves, preset.algorithm, preset.ramp, preset["view.ramp"]) == (7, "simplex", "terrain", "terrain")
    assert preset.curve == [(0.0, 0.0), (0.5, 0.8), (1.0, 1.0)] and preset["mask.octaves"] == 2
    assert "mask.octaves" in preset.keys()
    copy = ne.Preset.from_json(preset.to_json())
    assert copy == preset and copy is not preset
    path = tmp_path / "mine.json"
    preset.save(path)
    assert ne.Preset.load(path) == preset
    with pytest.raises(ValueError):
        preset.save(path)  # exists
    preset.save(path, overwrite=True)
    # The program reads the file the module wrote as the same picture.
    assert run_program("sample", "--preset", str(path), stdin="0.25 0.5\n").returncode == 0
    preset.curve = []
    assert preset.curve == []


def test_load_errors_are_one_line():
    with pytest.raises(ValueError) as missing:
        ne.Preset.load("no-such-preset")
    with pytest.raises(ValueError) as malformed:
        ne.Preset.from_json('{"format": "noise-explorer-preset", "version": 1, "octaves": 99}', "mine.json")
    assert str(malformed.value) == "mine.json: key 'octaves': '99' is out of range: expected an integer from 1 to 16"
    for error in (missing, malformed):
        assert "\n" not in str(error.value)


def test_render_checks_the_rules_that_join_keys():
    preset = ne.Preset(tile=4, lacunarity=2.5)
    with pytest.raises(ValueError) as error:
        ne.render(preset, 8, 8)
    assert str(error.value) == program_error("tile=4", "lacunarity=2.5")


def test_shipped_presets_are_found():
    names = [os.path.basename(p) for p in ne.shipped_presets()]
    assert names == sorted(os.listdir(PRESETS_DIR)) or names == sorted(n for n in os.listdir(PRESETS_DIR) if n.endswith(".json"))
    assert ne.Preset.load("clouds") == ne.Preset.load(os.path.join(PRESETS_DIR, "clouds.json"))


def test_membership_and_dir():
    preset = ne.Preset()
    assert "octaves" in preset and "ramp" in preset and "view.ramp" in preset and "name" in preset
    assert "view.octaves" not in preset and "octavs" not in preset and "mask.octaves" not in preset
    preset["mask.octaves"] = 3
    assert "mask.octaves" in preset
    assert {"octaves", "ramp", "to_json", "load"} <= set(dir(preset))


def test_load_reads_the_preset_an_exported_png_carries(tmp_path):
    preset = ne.Preset.load("cracked-earth")
    preset.octaves = 3
    png = tmp_path / "h.png"
    ne.export(preset, png, size=(16, 16), format="png8")
    assert ne.Preset.load(png) == preset


def test_name_and_description_keep_the_reader_s_limits():
    preset = ne.Preset()
    preset.name = "n" * 1024
    with pytest.raises(ValueError) as error:
        preset.name = "n" * 1025
    assert str(error.value) == "name: the text is 1025 bytes long: expected at most 1024 bytes"
    with pytest.raises(ValueError):
        preset.description = "d" * (16 * 1024 + 1)
    with pytest.raises(ValueError):
        preset.name = 3
    assert ne.Preset.from_json(preset.to_json()).name == "n" * 1024


def test_layer_keys_read_set_and_refuse_in_the_program_words(tmp_path):
    preset = ne.Preset()
    preset["layer.3.fractal"] = "ridged"  # creates layers 2 and 3, as --set does
    preset["layer.3.blend"] = "max"
    preset["layer.2.source"] = "shape"
    preset["layer.2.shape_radius"] = 0.3
    preset["layer.3.mask.octaves"] = 2
    preset["layer.3.mask"] = "field"
    preset["layer.1.name"] = "hills"
    assert (preset["layer.3.fractal"], preset["layer.3.blend"], preset["layer.2.source"]) == ("ridged", "max", "shape")
    assert preset["layer.2.shape_radius"] == 0.3 and preset["layer.3.mask.octaves"] == 2
    assert preset["layer.1.name"] == "hills" and preset["layer.1.octaves"] == preset.octaves
    assert "layer.3.blend" in preset.keys() and "layer.4.blend" not in preset.keys()
    assert ne.Preset.from_json(preset.to_json()) == preset
    # The stack renders as the program renders it.
    path = tmp_path / "stack.json"
    preset.save(path)
    out = tmp_path / "stack.r32"
    result = run_program("export", "--preset", str(path), "--size", "32x24", "--format", "r32", "--values", "raw",
                         "-o", str(out))
    assert result.returncode == 0, result.stderr
    import numpy as np
    assert np.array_equal(ne.render(preset, 32, 24).astype(np.float32).ravel(), np.fromfile(out, dtype="<f4"))
    with pytest.raises(ValueError) as bad:
        preset["layer.2.opacity"] = 2
    assert str(bad.value) == program_error("layer.2.opacity=2")
    with pytest.raises(KeyError):
        preset["layer.2.opacty"] = 1
    with pytest.raises(ValueError) as missing:
        preset["layer.5.blend"]
    assert "layer.5.blend" in str(missing.value) and "\n" not in str(missing.value)
