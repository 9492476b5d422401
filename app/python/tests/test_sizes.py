"""Sizes, windows, counts past C's int: one-line ValueErrors naming the argument, never pybind11's
TypeError listing the signatures."""
import pytest

import noise_explorer as ne

BIG = 2**31


def one_line_value_error(call, *wanted):
    with pytest.raises(ValueError) as error:
        call()
    text = str(error.value)
    assert "\n" not in text and all(part in text for part in wanted), text


@pytest.mark.parametrize("width, height, name", [(BIG, 4, "width"), (4, BIG, "height"), (-BIG * BIG, 4, "width")])
def test_render_sizes(width, height, name):
    preset = ne.Preset()
    for call in (lambda: ne.render(preset, width, height), lambda: ne.value_gradient(preset, width, height),
                 lambda: ne.render_bands(preset, width, height)):
        one_line_value_error(call, f"{name}: '", "is not allowed: expected")


def test_windows_rows_threads_and_export_sizes(tmp_path):
    preset = ne.Preset()
    one_line_value_error(lambda: ne.render(preset, 8, 8, region=(0, 0, BIG, 1)), "region x1: '2147483648'")
    one_line_value_error(lambda: ne.render_bands(preset, 8, 8, rows=BIG), "rows: '2147483648'")
    one_line_value_error(lambda: ne.render(preset, 8, 8, threads=BIG), "threads: '2147483648'")
    one_line_value_error(lambda: ne.sample(preset, [[0.5, 0.5]], size=(BIG, 8)), "size width: '2147483648'")
    one_line_value_error(lambda: ne.export(preset, tmp_path / "x.png", size=(BIG, 8), format="png8"), "2147483648")
    assert not list(tmp_path.iterdir())
