#!/usr/bin/python3
"""Per-sample time of the module against the program's C++ paths and Debian's `noise` package
(python3-noise 1.2.3, Casey Duncan's C extension: pnoise2 and snoise2, one point per call).

    PYTHONPATH=build/release/app/python/module /usr/bin/python3 app/python/bench/bench_python.py \\
        --program build/release/app/noise-explorer [--rounds 7]

The grid is noise_bench's `lowfreq` (docs/performance.md): 2D Perlin noise, improved gradients,
quintic, fbm with persistence 0.5 and lacunarity 2, 1024 x 1024 samples at a step of 0.01
(frequency 10.24), 1 and 8 octaves. python3-noise evaluates the same points in a Python loop and
through numpy.vectorize, on a 256 x 256 corner of the grid (it is too slow for the whole; the
time per sample does not depend on the count). Prints ns per sample, the median of the rounds,
and the ratios of those medians. Rounds alternate the contenders so that the machine's drift
(other builds on a shared machine) falls on all of them alike.
"""
import argparse
import os
import statistics
import subprocess
import tempfile
import time

import numpy as np

import noise_explorer as ne

SIDE = 1024
PEER_SIDE = 256
STEP = 0.01


def cpu_name():
    fields = {}
    with open("/proc/cpuinfo") as f:
        for line in f:
            if ":" in line:
                key, value = (part.strip() for part in line.split(":", 1))
                fields.setdefault(key, value)
    return f"{fields.get('model name')} (family {fields.get('cpu family')}, model {fields.get('model')})"


def timed(call, samples):
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) / samples * 1e9


def contenders(octaves, program, scratch):
    preset = ne.Preset(algorithm="perlin", dimension=2, octaves=octaves, persistence=0.5, lacunarity=2.0,
                       frequency=SIDE * STEP, offset_x=0.0, offset_y=0.0)
    preset_file = os.path.join(scratch, f"bench-{octaves}.json")
    preset.save(preset_file, overwrite=True)
    r32 = os.path.join(scratch, "bench.r32")
    xs = (np.arange(PEER_SIDE) + 0.5) * STEP
    points = np.stack(np.meshgrid(xs, xs, indexing="xy"), axis=-1).reshape(-1, 2)
    grid_points = np.stack(np.meshgrid((np.arange(SIDE) + 0.5) * STEP, (np.arange(SIDE) + 0.5) * STEP,
                                       indexing="xy"), axis=-1).reshape(-1, 2)
    import noise as peer  # python3-noise

    def pnoise_loop():
        for x, y in points:
            peer.pnoise2(x, y, octaves=octaves, persistence=0.5, lacunarity=2.0)

    def snoise_loop():
        for x, y in points:
            peer.snoise2(x, y, octaves=octaves, persistence=0.5, lacunarity=2.0)

    vectorized = np.vectorize(lambda x, y: peer.pnoise2(x, y, octaves=octaves, persistence=0.5, lacunarity=2.0))
    samples = SIDE * SIDE
    return {
        "render(), 1 thread": lambda: timed(lambda: ne.render(preset, SIDE, SIDE, threads=1), samples),
        "render(), 2 threads": lambda: timed(lambda: ne.render(preset, SIDE, SIDE, threads=2), samples),
        "sample(), 1 thread": lambda: timed(lambda: ne.sample(preset, grid_points * 1.0, threads=1), samples),
        "C++ export r32 raw, 1 thread (whole process)": lambda: timed(lambda: subprocess.run(
            [program, "export", "--preset", preset_file, "--size", f"{SIDE}x{SIDE}", "--format", "r32", "--values",
             "raw", "--threads", "1", "--force", "-o", r32], check=True, capture_output=True), samples),
        "python3-noise pnoise2, Python loop": lambda: timed(pnoise_loop, len(points)),
        "python3-noise pnoise2, numpy.vectorize": lambda: timed(lambda: vectorized(points[:, 0], points[:, 1]),
                                                                 len(points)),
        "python3-noise snoise2, Python loop": lambda: timed(snoise_loop, len(points)),
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--program", required=True)
    parser.add_argument("--rounds", type=int, default=7)
    a = parser.parse_args()
    print(f"CPU: {cpu_name()}; {os.cpu_count()} hardware threads; load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as scratch:
        for octaves in (1, 8):
            runs = contenders(octaves, a.program, scratch)
            times = {name: [] for name in runs}
            for round_index in range(a.rounds):
                order = list(runs) if round_index % 2 == 0 else list(reversed(runs))
                for name in order:
                    times[name].append(runs[name]())
            medians = {name: statistics.median(values) for name, values in times.items()}
            base = medians["render(), 1 thread"]
            print(f"\n{octaves} octave{'s' if octaves > 1 else ''}: ns per sample, median of {a.rounds} rounds")
            for name, value in medians.items():
                print(f"  {name:48s} {value:10.2f}   {value / base:8.1f}x render(), 1 thread")
    print(f"\nload average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
