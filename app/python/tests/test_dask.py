"""noise_explorer_dask on a real cluster: a distributed.LocalCluster of two worker processes on
loopback renders a world into Zarr, chunk by chunk; windows cut anywhere (across chunk edges)
equal single-process renders bit for bit, and the COG GDAL writes holds the same samples with the
world's metres as its transform (read back by gdalinfo and GDAL's own reader)."""
import json
import subprocess

import numpy as np
import pytest
import zarr
from distributed import Client, LocalCluster
from osgeo import gdal

import noise_explorer as ne
import noise_explorer_dask as ned
from conftest import same_bits

# 8192 x 8192 float32 (256 MiB) in 64 chunks of 1024: a few seconds of rendering on two cores;
# docs/python.md has the throughput of larger worlds.
SIDE, CHUNK = 8192, 1024
WINDOWS = [(0, 0, 37, 29), (1000, 1000, 1100, 1090), (1023, 2047, 1025, 2049), (8100, 8150, 8192, 8192),
           (3071, 0, 3073, 8192)]


@pytest.fixture(scope="module")
def client():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster) as connected:
        yield connected


def test_a_world_rendered_by_two_workers_into_zarr_is_bit_for_bit(client, tmp_path):
    preset = ne.Preset.load("alpine-ridges")
    world = ned.lazy_render(preset, SIDE, SIDE, chunks=CHUNK)
    assert world.shape == (SIDE, SIDE) and world.dtype == np.float32 and world.numblocks == (8, 8)
    stored = ned.to_zarr(preset, world, str(tmp_path / "world.zarr"))
    workers = {who for who in client.run(lambda: __import__("os").getpid()).values()}
    assert len(workers) == 2
    again = zarr.open(str(tmp_path / "world.zarr"), mode="r")
    assert again.chunks == (CHUNK, CHUNK) and again.attrs["geotransform"] == list(ned.geotransform(preset))
    assert ne.Preset.from_json(again.attrs["noise_explorer_preset"]) == preset
    for x0, y0, x1, y1 in WINDOWS:
        alone = ne.render(preset, SIDE, SIDE, region=(x0, y0, x1, y1), dtype=np.float32)
        assert same_bits(again[y0:y1, x0:x1], alone), (x0, y0, x1, y1)
    assert stored.shape == (SIDE, SIDE)


def test_a_window_of_the_world_as_a_cog(client, tmp_path):
    preset = ne.Preset.load("rolling-hills")
    x0, y0 = 3000, 5000
    window = ned.lazy_render(preset, SIDE, SIDE, region=(x0, y0, x0 + 1500, y0 + 700), chunks=512)
    path = ned.to_cog(preset, window, str(tmp_path / "window.tif"), origin=(x0, y0))
    info = json.loads(subprocess.run(["gdalinfo", "-json", path], capture_output=True, text=True,
                                     check=True).stdout)
    assert info["size"] == [1500, 700]
    assert info["metadata"]["IMAGE_STRUCTURE"]["LAYOUT"] == "COG"
    spacing = float(preset["view.terrain_spacing"])
    assert info["geoTransform"] == [x0 * spacing, spacing, 0.0, -y0 * spacing, 0.0, -spacing]
    dataset = gdal.Open(path)  # kept while its band is read: GDAL's bands do not keep their dataset alive
    read = dataset.GetRasterBand(1).ReadAsArray()
    assert same_bits(read, ne.render(preset, SIDE, SIDE, region=(x0, y0, x0 + 1500, y0 + 700), dtype=np.float32))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["window.tif"]


def test_refusals_are_one_line():
    preset = ne.Preset.load("river-canyons")
    for call, wanted in ((lambda: ned.lazy_render(preset, 64, 64), "erosion.method"),
                         (lambda: ned.lazy_render(ne.Preset(), 2**31, 4), "width"),
                         (lambda: ned.lazy_render(ne.Preset(), 64, 64, region=(0, 0, 65, 1)), "region"),
                         (lambda: ned.lazy_render(ne.Preset(), 64, 64, dtype=np.int8), "dtype")):
        with pytest.raises(ValueError) as error:
            call()
        assert wanted in str(error.value) and "\n" not in str(error.value)
