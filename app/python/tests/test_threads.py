"""Threads: every thread count gives the same bits, renders from several Python threads at once
give the same bits, and the GIL is released while the library works (another Python thread keeps
running meanwhile). Arguments the module refuses."""
import threading
import time

import numpy as np
import pytest

import noise_explorer as ne
from conftest import same_bits


def test_thread_counts_give_the_same_bits():
    preset = ne.Preset.load("alpine-ridges")
    first = ne.render(preset, 300, 200, threads=1)
    for threads in (2, 3, 7):
        assert same_bits(ne.render(preset, 300, 200, threads=threads), first)
    points = np.random.default_rng(1).uniform(-9, 9, (20000, 2))
    one = ne.sample(preset, points, threads=1)
    assert same_bits(ne.sample(preset, points, threads=3), one)


def test_python_threads_render_at_once():
    preset = ne.Preset.load("simplex-lava-flow")
    expected = ne.render(preset, 256, 256)
    results = [None] * 4

    def work(i):
        results[i] = ne.render(preset, 256, 256, threads=1)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(same_bits(r, expected) for r in results)


def test_the_gil_is_released_while_rendering():
    # One render of about a second on one thread (cellular 3D, 16 octaves, a warp); meanwhile this
    # thread counts. Holding the GIL, the render would leave the counter still from the render's
    # start to its end; released, the counter moves all along, if only as often as a busy machine
    # lets it. The machine decides the speed (SIMD target, load), so a small render measures it
    # first and the rows of the real one follow.
    preset = ne.Preset(algorithm="worley", dimension=3, octaves=16, warp_amplitude=0.5)
    began = time.monotonic()
    ne.render(preset, 256, 16, threads=1)
    seconds_a_row = max((time.monotonic() - began) / 16, 1e-5)
    rows = int(min(max(1.0 / seconds_a_row, 16), 65536))
    done = threading.Event()
    span = []
    stamps = []

    def work():
        span.append(time.monotonic())
        ne.render(preset, 256, rows, threads=1)
        span.append(time.monotonic())
        done.set()

    t = threading.Thread(target=work)
    t.start()
    while not done.is_set():
        stamps.append(time.monotonic())
        time.sleep(0.001)
    t.join()
    start, end = span
    took = end - start
    assert took > 0.1, f"the render of 256x{rows} took {took:.3f} s: too short to tell"
    middle = [s for s in stamps if start + took / 4 < s < end - took / 4]
    assert len(middle) >= 5, (f"the counting thread moved {len(middle)} times in the middle half of a "
                              f"{took:.3f} s render")


@pytest.mark.parametrize("call, message", [
    (lambda p: ne.render(p, 0, 10), "size: '0x10' is not allowed: expected a positive width and height"),
    (lambda p: ne.render(p, 10, 10, region=(0, 0, 11, 5)),
     "region: '0,0,11,5' is not allowed: expected 0 <= X0 < X1 <= 10 and 0 <= Y0 < Y1 <= 10"),
    (lambda p: ne.render(p, 10, 10, threads=-1),
     "threads: '-1' is not allowed: expected 0 (one per hardware thread) or a positive count"),
    (lambda p: ne.render_bands(p, 10, 10, rows=0),
     "rows: '0' is not allowed: expected a positive number of rows per band"),
    (lambda p: ne.sample(p, np.zeros((3, 5))),
     "points: an array of shape (3, 5) is not allowed: expected shape (N, D), one point x [y [z [w]]] per row, "
     "D from 1 to 4"),
    (lambda p: ne.sample(p, np.array([[0.0, np.nan]])),
     "points: row 0 holds a coordinate that is not finite: expected finite numbers"),
    (lambda p: ne.sample_gradient(p, np.zeros((1, 2)), step=0.0),
     "step: '0.0' is not allowed: expected a positive finite spacing"),
])
def test_refused_arguments(call, message):
    with pytest.raises(ValueError) as error:
        call(ne.Preset())
    assert str(error.value) == message


def test_gradient_matches_finite_differences():
    preset = ne.Preset.load("rolling-hills")
    points = np.random.default_rng(5).uniform(-3, 3, (50, 2))
    values, gradient = ne.sample_gradient(preset, points)
    h = 1e-6
    for axis in range(2):
        step = np.zeros(2)
        step[axis] = h
        central = (ne.sample(preset, points + step) - ne.sample(preset, points - step)) / (2 * h)
        assert np.allclose(gradient[:, axis], central, rtol=1e-4, atol=1e-5)


def _forked_render(seed):
    preset = ne.Preset.load("clouds")
    preset.seed = seed
    return ne.render(preset, 128, 96)


def test_forked_worker_processes_render_the_same_bits():
    # Batch scripts fan out with multiprocessing, which forks on Linux after the parent has
    # rendered (its library threads then exist in the parent only).
    import multiprocessing
    ne.render(ne.Preset(), 64, 64)
    with multiprocessing.get_context("fork").Pool(2) as pool:
        results = pool.map(_forked_render, range(4))
    for seed, result in enumerate(results):
        assert same_bits(result, _forked_render(seed))
