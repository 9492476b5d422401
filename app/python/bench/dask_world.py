"""A world of SIDE x SIDE samples of alpine-ridges rendered by noise_explorer_dask on a
LocalCluster of two worker processes (one thread each) on loopback, for docs/performance.md's
"A world on Dask": `compute` renders every 4096 x 4096 chunk on the workers and brings back only
each chunk's maximum; `zarr` writes the world to /tmp/world-bench/alpine.zarr (the module's
to_zarr, Zarr's default Blosc lz4). Prints the wall time and Mpixel/s; run it under
/usr/bin/time for the CPU of the whole process tree.
    PYTHONPATH=build/release/app/python/module /usr/bin/python3 app/python/bench/dask_world.py compute 65536"""
import os
import sys
import time

import numpy as np
from distributed import Client, LocalCluster

import noise_explorer as ne
import noise_explorer_dask as ned

mode = sys.argv[1]  # "compute" or "zarr"
side = int(sys.argv[2])
preset = ne.Preset.load("alpine-ridges")
if __name__ == "__main__":
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None,
                           processes=True)
    client = Client(cluster)
    world = ned.lazy_render(preset, side, side, chunks=4096)
    start = time.perf_counter()
    if mode == "compute":
        # Every chunk rendered on the workers; only a per-chunk maximum comes back.
        highest = world.map_blocks(lambda b: np.array([[b.max()]], dtype=b.dtype), chunks=(1, 1)).compute()
        result = float(highest.max())
    else:
        ned.to_zarr(preset, world, os.path.join("/tmp/world-bench", "alpine.zarr"), overwrite=True)
        result = "zarr"
    wall = time.perf_counter() - start
    print(f"{mode} {side}x{side}: {wall:.1f} s, {side * side / wall / 1e6:.1f} Mpixel/s, result {result}", flush=True)
    client.close()
    cluster.close()
