"""What pipelines need: a Preset pickles (heightmaps and all, no file needed to unpickle);
render(dtype=float32) is the r32 export's samples and out= fills a given array; quantize16 gives
the png16 and r16 exports' samples bit for bit."""
import os
import pickle
import shutil

import numpy as np
import pytest
from PIL import Image

import noise_explorer as ne
from conftest import PRESETS_DIR, run_program, same_bits

WIDTH, HEIGHT = 40, 24


def export(tmp_path, preset_file, fmt, *extra):
    out = os.path.join(tmp_path, "out." + ("png" if fmt == "png16" else fmt))
    result = run_program("export", "--preset", preset_file, "--size", f"{WIDTH}x{HEIGHT}", "--format", fmt, "-o", out,
                         *extra)
    assert result.returncode == 0, result.stderr
    return out


def test_every_preset_pickles_to_itself(shipped_preset):
    preset = ne.Preset.load(shipped_preset)
    again = pickle.loads(pickle.dumps(preset))
    assert again == preset and again.to_json() == preset.to_json()


def test_a_pickled_heightmap_needs_no_file(tmp_path):
    shutil.copytree(os.path.join(PRESETS_DIR, "..", "heightmaps"), tmp_path / "heightmaps")
    os.mkdir(tmp_path / "presets")
    shutil.copy(os.path.join(PRESETS_DIR, "imported-hills.json"), tmp_path / "presets")
    preset = ne.Preset.load(str(tmp_path / "presets" / "imported-hills.json"))
    state = pickle.dumps(preset)
    shutil.rmtree(tmp_path / "heightmaps")
    again = pickle.loads(state)
    assert again == preset
    assert same_bits(ne.render(again, WIDTH, HEIGHT), ne.render(preset, WIDTH, HEIGHT))


def test_float32_is_the_r32_export_and_out_is_filled(shipped_preset, tmp_path):
    preset = ne.Preset.load(shipped_preset)
    single = ne.render(preset, WIDTH, HEIGHT, dtype=np.float32)
    assert single.dtype == np.float32 and single.shape == (HEIGHT, WIDTH)
    r32 = np.fromfile(export(tmp_path, shipped_preset, "r32", "--values", "raw"), dtype="<f4").reshape(HEIGHT, WIDTH)
    assert same_bits(single, r32)
    assert same_bits(single, ne.render(preset, WIDTH, HEIGHT).astype(np.float32))
    window = np.full((10, 20), np.nan)
    assert ne.render(preset, WIDTH, HEIGHT, region=(3, 4, 23, 14), out=window) is window
    assert same_bits(window, ne.render(preset, WIDTH, HEIGHT)[4:14, 3:23])


@pytest.mark.parametrize("out, wanted", [
    (np.zeros((4, 4), np.float32), "expected (8, 8)"),
    (np.zeros((8, 8), np.int32), "expected float32 or float64"),
    (np.zeros((8, 16), np.float64)[:, ::2], "C-contiguous"),
    ([[0.0]], "expected a numpy array"),
])
def test_out_is_checked_in_one_line(out, wanted):
    with pytest.raises(ValueError) as error:
        ne.render(ne.Preset(), 8, 8, out=out)
    assert wanted in str(error.value) and "\n" not in str(error.value)


def test_dtype_is_checked_in_one_line():
    for dtype, out in ((np.int16, None), (np.float32, np.zeros((8, 8)))):
        with pytest.raises(ValueError) as error:
            ne.render(ne.Preset(), 8, 8, dtype=dtype, out=out)
        assert "\n" not in str(error.value) and "dtype" in str(error.value)


@pytest.mark.parametrize("mapping", ["fixed", "stretch"])
def test_quantize16_is_the_png16_and_r16_exports(shipped_preset, mapping, tmp_path):
    preset = ne.Preset.load(shipped_preset)
    preset["view.mapping"] = mapping
    preset_file = str(tmp_path / "p.json")
    preset.save(preset_file)
    r16 = np.fromfile(export(tmp_path, preset_file, "r16"), dtype="<u2").reshape(HEIGHT, WIDTH)
    png = np.array(Image.open(export(tmp_path, preset_file, "png16"))).astype(np.uint16)
    for values in (ne.render(preset, WIDTH, HEIGHT), ne.render(preset, WIDTH, HEIGHT, dtype=np.float32)):
        q = ne.quantize16(preset, values)
        assert q.dtype == np.uint16 and q.shape == (HEIGHT, WIDTH)
        assert same_bits(q, r16)
        assert same_bits(q, png)
