"""render_bands: a 16384 x 16384 image (2 GiB of float64 at once) in bands of 128 rows never holds
more than about one band: the child's peak resident memory (VmHWM) grows by less than four bands
over the whole image. One octave keeps it to a few seconds."""
import subprocess
import sys

CHILD = r"""
import numpy as np
import noise_explorer as ne

def peak_kib():
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))

preset = ne.Preset(octaves=1)
first = ne.render(preset, 16384, 16384, region=(0, 0, 16384, 128))  # warm up the threads and the module
del first
before = peak_kib()
rows = 0
total = 0.0
bands = ne.render_bands(preset, 16384, 16384, rows=128)
count = len(bands)
for y0, band in bands:
    assert y0 == rows and band.shape == (128, 16384)
    rows += band.shape[0]
    total += float(band.sum())
print(count, rows, peak_kib() - before, np.isfinite(total))
"""

BAND_KIB = 128 * 16384 * 8 // 1024  # 16 MiB


def test_bands_hold_one_band_at_a_time():
    result = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    count, rows, growth_kib, finite = result.stdout.split()
    assert (int(count), int(rows), finite) == (128, 16384, "True")
    assert int(growth_kib) < 4 * BAND_KIB, f"peak grew by {int(growth_kib) // 1024} MiB"
