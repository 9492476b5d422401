"""Ctrl+C: a render, a sample and an export in progress stop promptly with KeyboardInterrupt,
and an interrupted export leaves no file. Each runs in a child Python, which the test sends
SIGINT once the child says the long call has started."""
import os
import signal
import subprocess
import sys
import time

import pytest

CHILD = r"""
import os, sys, time
import numpy as np
import noise_explorer as ne
# 2.7 to 12 us a pixel on one thread, as machines go (cellular 3D, 16 octaves, a warp): 11 s or more.
preset = ne.Preset(algorithm="worley", dimension=3, octaves=16, warp_amplitude=0.5)
what = sys.argv[1]
points = np.random.default_rng(0).uniform(-9, 9, (1_000_000, 2)) if what == "sample" else None
print("started", flush=True)
start = time.monotonic()
try:
    if what == "render":
        ne.render(preset, 2048, 2048, threads=1)
    elif what == "sample":
        ne.sample(preset, points, threads=1)
    elif what == "export":
        ne.export(preset, sys.argv[2], size=(2048, 2048), format="png16", threads=1)
    print(f"finished {time.monotonic() - start:.2f}", flush=True)
except KeyboardInterrupt:
    print(f"interrupted {time.monotonic() - start:.2f}", flush=True)
"""


@pytest.mark.parametrize("what", ["render", "sample", "export"])
def test_ctrl_c_stops_a_long_call(what, tmp_path):
    target = os.path.join(tmp_path, "big.png")
    child = subprocess.Popen([sys.executable, "-c", CHILD, what, target], stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ))
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(0.5)  # well inside the call: the whole would take 10 s to a minute on one thread
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=30)
        waited = time.monotonic() - sent
    finally:
        child.kill()
    assert child.returncode == 0
    assert out.startswith("interrupted"), out
    assert waited < 2.0, f"took {waited:.2f} s to stop after SIGINT"
    assert os.listdir(tmp_path) == [], "the interrupted export left files behind"
