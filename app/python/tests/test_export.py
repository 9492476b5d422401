"""export(): the program's export from Python. Its bytes are checked against the command line's in
test_bits.py and test_examples.py; here: r32 with raw values and a region against render(), and
every refusal (one line, the program's words where the program has them) with nothing written."""
import os

import numpy as np
import pytest

import noise_explorer as ne
from conftest import SHIPPED, run_program, same_bits


def test_r32_raw_with_a_region_is_render_in_float32(tmp_path):
    preset = ne.Preset.load("wood")
    out = tmp_path / "w.r32"
    facts = ne.export(preset, out, size="64x48", format="r32", values="raw", region=(3, 4, 40, 30))
    assert facts["files"] == [str(out), str(out) + ".json"]
    assert facts["range"][0] < facts["range"][1]  # wood stretches: the full image's min and max
    window = ne.render(preset, 64, 48, region=(3, 4, 40, 30))
    assert same_bits(np.fromfile(out, dtype="<f4"), window.astype(np.float32).ravel())


def test_a_region_of_an_image_past_one_file_is_render_in_float32(tmp_path):
    preset = ne.Preset.load("alpine-ridges")
    out = tmp_path / "far.r32"
    region = (40000, 50001, 40040, 50017)
    ne.export(preset, out, size=(65536, 65536), format="r32", values="raw", region=region)
    window = ne.render(preset, 65536, 65536, region=region, dtype=np.float32)
    assert same_bits(np.fromfile(out, dtype="<f4"), window.ravel())
    with pytest.raises(ValueError) as error:
        ne.export(preset, tmp_path / "whole.r32", size=(65536, 65536), format="r32")
    result = run_program("export", "--size", "65536x65536", "--format", "r32", "-o", str(tmp_path / "cli.r32"))
    assert result.returncode == 2 and result.stderr.strip() == "export: " + str(error.value)
    with pytest.raises(ValueError, match="one file may have at most 16384x16384"):
        ne.export(preset, tmp_path / "wide.r32", size=(65536, 65536), format="r32", region=(0, 0, 16385, 1))
    assert sorted(os.listdir(tmp_path)) == ["far.r32", "far.r32.json"]


@pytest.mark.parametrize("arguments, kind, message", [
    (dict(size="64x", format="png16"), ValueError, None),
    (dict(size=(64, 48), format="tiff"), ValueError,
     "format: 'tiff' is not a format: expected one of png8, rgb8, png16, r16, normal8, r32, exr32, mask16, glb, obj, weights8, weights16, splat8"),
    (dict(size=(64, 48), format="png16", values="raw"), ValueError,
     "values: only the float formats r32 and exr32 take it, not format png16"),
    (dict(size=(64, 48), format="r32", values="cooked"), ValueError,
     "values: 'cooked' is not allowed: expected one of unit, raw"),
    (dict(size=(64, 48), format="png16", region=(0, 0, 65, 10)), ValueError, None),
    (dict(size=(64, 48), format="png16", threads=-2), ValueError,
     "threads: '-2' is not allowed: expected 0 (one per hardware thread) or a positive count"),
])
def test_refused_arguments_write_nothing(tmp_path, arguments, kind, message):
    with pytest.raises(kind) as error:
        ne.export(ne.Preset(), tmp_path / "out.png", **arguments)
    assert "\n" not in str(error.value)
    if message is not None:
        assert str(error.value) == message
    assert os.listdir(tmp_path) == []


def test_size_and_region_errors_are_the_program_s(tmp_path):
    for size, region, program_args in (("64x", None, ["--size", "64x"]),
                                       ((64, 48), (0, 0, 65, 10), ["--size", "64x48", "--region", "0,0,65,10"])):
        with pytest.raises(ValueError) as error:
            ne.export(ne.Preset(), tmp_path / "out.png", size=size, format="png16", region=region)
        result = run_program("export", *program_args, "--format", "png16", "-o", str(tmp_path / "cli.png"))
        assert result.returncode == 2
        assert result.stderr.strip() == "export: " + str(error.value)


def test_an_existing_file_is_kept_unless_overwrite(tmp_path):
    out = tmp_path / "keep.png"
    out.write_bytes(b"mine")
    with pytest.raises(FileExistsError) as error:
        ne.export(ne.Preset(), out, size=(8, 8), format="png8")
    assert str(out) in str(error.value) and out.read_bytes() == b"mine"
    ne.export(ne.Preset(), out, size=(8, 8), format="png8", overwrite=True)
    assert out.read_bytes().startswith(b"\x89PNG")


def test_other_failures_are_export_errors(tmp_path):
    with pytest.raises(ne.ExportError) as error:
        ne.export(ne.Preset(), tmp_path / "no-such-folder" / "x.png", size=(8, 8), format="png8")
    assert "no-such-folder" in str(error.value) and "\n" not in str(error.value)
    assert isinstance(error.value, RuntimeError)


def test_without_a_size_the_preset_s_kept_size_as_the_program(tmp_path):
    wood = next(path for path in SHIPPED if os.path.basename(path) == "wood.json")
    preset = ne.Preset.load(wood)
    preset["export_size"] = "40x24"
    ne.export(preset, tmp_path / "mine.png", format="png16")
    result = run_program("export", "--preset", wood, "--set", "view.export_size=40x24", "--format", "png16",
                         "-o", str(tmp_path / "theirs.png"))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "mine.png").read_bytes() == (tmp_path / "theirs.png").read_bytes()
    preset["export_size"] = None  # keeps none: a size must be given, as --size must
    with pytest.raises(ValueError) as error:
        ne.export(preset, tmp_path / "none.png", format="png16")
    assert str(error.value).startswith("size is required (the preset keeps no view.export_size)")
    assert sorted(os.listdir(tmp_path)) == ["mine.png", "theirs.png"]
