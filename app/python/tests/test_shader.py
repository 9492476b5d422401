"""shader() and shader_origins(): the same text as `export --format glsl|hlsl`, the same refusals,
and origins that split a far point into its cell and fraction (docs/shaders.md)."""
import math

import numpy as np
import pytest

import noise_explorer as ne
from conftest import run_program


@pytest.mark.parametrize("language", ["glsl", "hlsl"])
def test_shader_is_the_exports_text(tmp_path, language):
    out = tmp_path / f"alpine.{language}"
    result = run_program("export", "--format", language, "--preset", "alpine-ridges", "--preset", "clouds",
                         "-o", str(out))
    assert result.returncode == 0, result.stderr
    text = ne.shader([ne.Preset.load("alpine-ridges"), ne.Preset.load("clouds")], language)
    assert text == out.read_text()
    assert "float ne_alpine_ridges(" in text and "float ne_clouds_rebased(" in text


def test_refusals_say_the_key():
    simulated = ne.Preset.load("eroded-terrain")
    simulated["erosion.method"] = "simulate"
    with pytest.raises(ValueError, match="erosion.method: 'simulate'.*r32"):
        ne.shader([simulated])
    with pytest.raises(ValueError, match="language: 'wgsl' is not allowed"):
        ne.shader([ne.Preset.load("clouds")], "wgsl")


def test_origins_split_a_far_point_per_octave():
    preset = ne.Preset.load("alpine-ridges")  # six octaves, lacunarity 2, shifted octaves
    origins = ne.shader_origins(preset, (1e6 + 0.25, -3e5, 0.0, 0.0))
    assert origins["cell_lo"].shape == (6, 4) and origins["cell_lo"].dtype == np.uint32
    assert origins["frac"].dtype == np.float32
    # Octave 0 is unshifted: the cell is floor(x), the fraction what is left, y's cell negative.
    assert origins["cell_lo"][0, 0] == 1000000 and origins["frac"][0, 0] == 0.25
    assert origins["cell_lo"][0, 1] == (2**32 - 300000) and origins["cell_hi"][0, 1] == 2**32 - 1
    # Every octave's cell and fraction put back together is the octave's coordinate of x.
    for i in range(6):
        whole = int(origins["cell_lo"][i, 0]) + (int(origins["cell_hi"][i, 0]) << 32)
        assert math.isclose(whole + float(origins["frac"][i, 0]), (1e6 + 0.25) * 2**i, rel_tol=0, abs_tol=1.0)


def test_simplex_origins_are_in_its_skewed_lattice():
    preset = ne.Preset.load("simplex-lava-flow")  # octave 0 unshifted
    preset["dimension"] = 2
    x, y = 1e4 + 0.3, 2e3 + 0.1
    origins = ne.shader_origins(preset, (x, y, 0.0, 0.0))
    s = (x + y) * (math.sqrt(3.0) - 1.0) / 2.0  # the 2D skew (noise/simplex.hpp)
    for axis, v in enumerate((x + s, y + s)):
        assert int(origins["cell_lo"][0, axis]) == math.floor(v)
        assert math.isclose(float(origins["frac"][0, axis]), v - math.floor(v), abs_tol=1e-6)


def test_simplex_worley_and_a_mask_field_export():
    presets = [ne.Preset.load(name) for name in ("simplex-lava-flow", "cracked-earth", "river-valleys")]
    text = ne.shader(presets, "hlsl")
    for name in ("ne_simplex_lava_flow", "ne_cracked_earth", "ne_river_valleys"):
        assert f"float {name}(" in text
    assert "float ne_river_valleys_mask_at(" in text
    # The mask field's blocks follow the field's: 5 octaves, then the mask's 2.
    assert ne.shader_origins(presets[2], (0.5, 0.5, 0.0, 0.0))["frac"].shape == (7, 4)


def test_a_shape_layer_reads_the_frame_point_of_the_origin():
    preset = ne.Preset.load("ridges-in-valleys")  # frequency 2.5, offsets (0.3, 0.2)
    preset["layer.2.source"] = "shape"
    origins = ne.shader_origins(preset, (0.3 + 1.25, 0.2 + 0.5, 0.0, 0.0))
    # Layer 1's four octaves, then the frame point (x - offset) / frequency in the last entry.
    assert origins["frac"].shape == (5, 4)
    assert math.isclose(float(origins["frac"][4, 0]), 0.5, abs_tol=1e-7)
    assert math.isclose(float(origins["frac"][4, 1]), 0.2, abs_tol=1e-7)
    assert "float ne_ridges_in_the_valleys_stacked(" in ne.shader([preset], "glsl")


def test_a_heightmap_layer_is_a_texture_the_caller_binds():
    preset = ne.Preset.load("imported-hills")
    assert "float ne_imported_hills(vec2 world, sampler2D layer2_map)" in ne.shader([preset], "glsl")
    assert "Texture2D<float> layer2_map)" in ne.shader([preset], "hlsl")
    # Layer 1's octaves, then O's texel and fraction in the heightmap (256 texels a frame).
    origins = ne.shader_origins(preset, (preset["offset_x"] + 3.5, preset["offset_y"] + 3.5, 0.0, 0.0))
    last = origins["frac"].shape[0] - 1
    assert preset["frequency"] == 7.0  # O is then the frame's middle: texel 127.5 of the 256 (minus 1/2)
    px = 0.5 * 256 - 0.5
    assert int(origins["cell_lo"][last, 0]) == math.floor(px)
    assert math.isclose(float(origins["frac"][last, 0]), px - math.floor(px), abs_tol=1e-6)


def test_the_erosion_filter_reads_its_gully_cells_after_the_field():
    preset = ne.Preset.load("eroded-hills")  # three octaves, four erosion octaves, scale 0.15
    x, y = 1e4 + 0.3, -2e3 + 0.1
    origins = ne.shader_origins(preset, (x, y, 0.0, 0.0))
    assert origins["frac"].shape == (7, 4)
    for k in range(4):  # gully cells 0.15 / 2^k apart: O f_k split into its cell and fraction
        for axis, v in enumerate((x, y)):
            q = v * 2**k / 0.15
            whole = int(origins["cell_lo"][3 + k, axis]) + (int(origins["cell_hi"][3 + k, axis]) << 32)
            if whole >= 2**63:
                whole -= 2**64
            assert whole == math.floor(q)
            assert math.isclose(float(origins["frac"][3 + k, axis]), q - math.floor(q), abs_tol=1e-6)
    assert "float ne_eroded_hills_eroded(" in ne.shader([preset], "glsl")
    # Under a stack of shapes and constants: the warped coast's two warp components (four octaves
    # each), the frame point's entry, then the gullies'.
    island = ne.Preset.load("eroded-island")  # three octaves, five erosion octaves
    assert ne.shader_origins(island, (x, y, 0.0, 0.0))["frac"].shape == (3 + 2 * 4 + 1 + 5, 4)
    assert "vec3 ne_eroded_island_stacked_grad(" in ne.shader([island], "glsl")
    island["layer.2.source"] = "noise"
    with pytest.raises(ValueError, match="layer.2.source: 'noise'.*shape or constant with erosion.method=filter"):
        ne.shader([island])


def test_pixel_step_splits_so_that_whole_pixels_are_exact():
    step = 1.6 / 96  # marble's frame over 96 pixels: no float holds it
    hi, rest = ne.shader_pixel_step(step)
    assert rest != 0.0
    # hi has at most 12 significant bits; hi + rest is the step to a float's rounding of the rest.
    mantissa, _ = math.frexp(hi)
    assert mantissa * 4096 == int(mantissa * 4096)
    assert abs((hi + rest) - step) <= 1e-7 * abs(rest) + 1e-30
    # k * hi is exact in float32 for every half-integer k below 2048.
    k = np.arange(-4095, 4096, dtype=np.float32) * np.float32(0.5)
    assert np.array_equal((k * np.float32(hi)).astype(np.float64), k.astype(np.float64) * hi)
