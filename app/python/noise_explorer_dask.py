"""noise_explorer_dask: any window of a preset's image as a lazy dask.array, written to Zarr or to
a Cloud-Optimised GeoTIFF (GDAL) with the world's metres as its transform.

    import noise_explorer as ne, noise_explorer_dask as ned
    preset = ne.Preset.load("alpine-ridges")
    world = ned.lazy_render(preset, 65536, 65536, chunks=4096)   # nothing is rendered yet
    ned.to_zarr(preset, world, "alpine.zarr")                   # each chunk where dask runs it
    ned.to_cog(preset, world, "alpine.tif")                     # GDAL's COG driver

Every chunk is noise_explorer.render(preset, width, height, region=(the chunk's window)), so the
array holds the same samples, bit for bit, as one render of the whole image, the program's
`export --format r32 --values raw` (dtype float32, the default) and any other chunking: a
pixel's value depends on its own coordinates only. Chunks run on any dask scheduler (threads,
processes, a distributed.Client's workers: the Preset pickles, heightmaps included), one thread
each by default (dask runs the chunks in parallel).

Limits, stated plainly:
  - erosion.method = simulate needs the whole image at once and is refused in one line: render
    it in one process (noise_explorer.render simulates up to 8192 x 8192);
  - width and height up to 2147483647 pixels; a window must lie inside the image;
  - one chunk is rendered in memory: chunks x chunks x 4 bytes (64 MiB at 4096 float32).

Metres: sample (i, j) of the image stands at X = i * s east and Y = -j * s (rows go south), s the
preset's view.terrain_spacing in metres (the program's terrain view and engine exports use the
same figure). Zarr gets it as attributes, the GeoTIFF as its geotransform (no CRS: local metres).
"""
import os
import shutil
import tempfile

import dask.array as da
import numpy as np
from dask.base import tokenize
from dask.highlevelgraph import HighLevelGraph

import noise_explorer as ne

__all__ = ["lazy_render", "geotransform", "to_zarr", "to_cog"]


def _render_chunk(preset, width, height, window, dtype, threads):
    return ne.render(preset, width, height, region=window, dtype=dtype, threads=threads)


def lazy_render(preset, width, height, *, region=None, chunks=2048, dtype=np.float32, threads=1):
    """The raw field of a width x height image (or its region=(x0, y0, x1, y1) window, end
    exclusive) as a dask.array of shape (rows, columns), chunked `chunks` (an int or dask's
    chunk spec), dtype float32 or float64. `threads` per chunk (1: dask's workers do the
    parallel part). The array's .attrs-like facts: see geotransform()."""
    if preset["erosion.method"] == "simulate":
        raise ValueError("erosion.method: 'simulate' is not allowed in lazy_render: the simulation needs the "
                         "whole image at once (render it with noise_explorer.render, up to 8192 x 8192)")
    for name, side in (("width", width), ("height", height)):
        if not isinstance(side, (int, np.integer)) or not 1 <= side <= 2**31 - 1:
            raise ValueError(f"{name}: '{side}' is not allowed: expected a whole number of pixels from 1 to "
                             "2147483647")
    x0, y0, x1, y1 = region if region is not None else (0, 0, width, height)
    if not (0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height):
        raise ValueError(f"region: '{x0},{y0},{x1},{y1}' is not allowed: expected 0 <= X0 < X1 <= {width} and "
                         f"0 <= Y0 < Y1 <= {height}")
    dtype = np.dtype(dtype)
    if dtype not in (np.dtype(np.float32), np.dtype(np.float64)):
        raise ValueError(f"dtype: '{dtype}' is not allowed: expected numpy.float32 or numpy.float64")
    ne.render(preset, width, height, region=(x0, y0, x0 + 1, y0 + 1))  # the preset's rules, now, in one line
    chunks = da.core.normalize_chunks(chunks, (y1 - y0, x1 - x0), dtype=dtype)
    name = "noise-explorer-render-" + tokenize(preset.to_json(), width, height, (x0, y0, x1, y1), chunks,
                                              dtype.str, threads)
    row_starts = np.cumsum((0,) + chunks[0])
    column_starts = np.cumsum((0,) + chunks[1])
    graph = {}
    for i in range(len(chunks[0])):
        for j in range(len(chunks[1])):
            window = (x0 + int(column_starts[j]), y0 + int(row_starts[i]), x0 + int(column_starts[j + 1]),
                      y0 + int(row_starts[i + 1]))
            graph[(name, i, j)] = (_render_chunk, preset, width, height, window, dtype, threads)
    return da.Array(HighLevelGraph.from_collections(name, graph, dependencies=()), name, chunks, dtype=dtype)


def geotransform(preset, x0=0, y0=0):
    """GDAL's geotransform of a window whose top-left pixel is (x0, y0) of the image: (X of its
    top-left corner, s, 0, Y of it, 0, -s), s = view.terrain_spacing metres per sample."""
    s = float(preset["view.terrain_spacing"])
    return (x0 * s, s, 0.0, -y0 * s, 0.0, -s)


def to_zarr(preset, array, path, *, origin=(0, 0), overwrite=False):
    """Writes `array` (lazy_render's, or any 2D dask.array) to a Zarr array at `path`, one Zarr
    chunk per dask chunk, and records the preset (JSON), the window's origin in the image and the
    geotransform as attributes. Runs on the current dask scheduler."""
    import zarr

    if os.path.exists(path) and not overwrite:
        raise ValueError(f"path: '{path}' exists: pass overwrite=True to replace it")
    da.to_zarr(array, path, overwrite=True)
    stored = zarr.open(path, mode="r+")
    stored.attrs.update({"noise_explorer_preset": preset.to_json(), "origin": list(origin),
                         "geotransform": list(geotransform(preset, *origin)), "units": "metres"})
    return stored


def to_cog(preset, array, path, *, origin=(0, 0), overwrite=False, block=512):
    """Writes `array` to a Cloud-Optimised GeoTIFF at `path` through GDAL: float32 or float64,
    `block` x `block` tiles, DEFLATE, overviews, the geotransform in metres. Rows of chunks are
    computed (on the current scheduler) and written in turn, so memory holds one row of chunks;
    the file appears whole or not at all (written beside it, then renamed)."""
    from osgeo import gdal

    gdal.UseExceptions()
    if os.path.exists(path) and not overwrite:
        raise ValueError(f"path: '{path}' exists: pass overwrite=True to replace it")
    rows, columns = array.shape
    kind = gdal.GDT_Float32 if array.dtype == np.float32 else gdal.GDT_Float64
    folder = os.path.dirname(os.path.abspath(path))
    scratch = tempfile.mkdtemp(prefix=".noise-explorer-cog-", dir=folder)
    try:
        plain = os.path.join(scratch, "plain.tif")
        dataset = gdal.GetDriverByName("GTiff").Create(
            plain, columns, rows, 1, kind, ["TILED=YES", f"BLOCKXSIZE={block}", f"BLOCKYSIZE={block}",
                                            "BIGTIFF=IF_SAFER"])
        dataset.SetGeoTransform(geotransform(preset, *origin))
        dataset.SetMetadataItem("NOISE_EXPLORER_PRESET", preset.to_json())
        band = dataset.GetRasterBand(1)
        top = 0
        for height in array.chunks[0]:
            band.WriteArray(np.asarray(array[top:top + height].compute()), 0, top)
            top += height
        dataset.FlushCache()
        dataset = band = None
        staged = os.path.join(scratch, "cog.tif")
        gdal.Translate(staged, plain, format="COG",
                       creationOptions=["COMPRESS=DEFLATE", f"BLOCKSIZE={block}", "BIGTIFF=IF_SAFER"])
        os.replace(staged, path)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return path
