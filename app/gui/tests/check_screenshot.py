#!/usr/bin/python3
"""--screenshot writes the window as PNG: the preview must show a field, the plot a curve.

Run under Xvfb:  check_screenshot.py NOISE_EXPLORER WORKDIR
Also writes the UI report of the same run, whose rectangles say where each panel is.
"""
import json
import os
import subprocess
import sys

from PIL import Image
import numpy

APP, WORK = sys.argv[1], sys.argv[2]
os.makedirs(WORK, exist_ok=True)
png = os.path.join(WORK, "screenshot.png")
report = os.path.join(WORK, "screenshot_report.jsonl")
for path in (png, report):
    if os.path.exists(path):
        os.remove(path)


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


run = subprocess.run([APP, "--screenshot", png, "--frames", "5", "--ui-report", report],
                     capture_output=True, text=True, timeout=120)
if run.returncode != 0:
    fail(f"exit status {run.returncode}: {run.stderr.strip()}")
if not os.path.exists(png):
    fail("no screenshot written")
image = numpy.asarray(Image.open(png).convert("RGB")).astype(float)
if image.shape[:2] != (800, 1280):
    fail(f"screenshot is {image.shape[1]}x{image.shape[0]}, expected the 1280x800 window")
last = [json.loads(line) for line in open(report)][-1]


def region(name):
    x0, y0, x1, y1 = last["rects"][name]
    return image[y0:y1, x0:x1]


preview = region("preview")
if preview.std() < 8.0:
    fail(f"the preview area is nearly uniform (std {preview.std():.1f})")
# Distinct gray levels: a field has many, a blank or flat-colour panel a handful.
levels = len(numpy.unique(preview[:, :, 0]))
if levels < 40:
    fail(f"the preview has only {levels} gray levels")
curve = region("curve")
bright = (curve.min(axis=2) > 220).sum()  # the sum is drawn near-white
if bright < 200:
    fail(f"the curve plot shows no curve ({bright} bright pixels)")
controls = image[30:600, 0:340]
if controls.std() < 10.0:
    fail("the controls panel looks empty")
print(f"ok  screenshot {png}: preview std {preview.std():.1f}, {levels} levels; curve {bright} bright pixels")
