"""Real X11 input for the explorer window and the --ui-report lines it writes back.

Shared by the Xvfb tests (drive_explorer.py) and the window benchmarks (app/gui/bench/): xdotool
sends the input at rectangles the report names, and Report follows the JSON lines the app
appends after every changed frame (ui_report.hpp).
"""
import json
import os
import subprocess
import sys
import time


def fail(message):
    print("FAIL:", message, flush=True)
    sys.exit(1)


def slowdown():
    """How many times slower than a quiet machine this one runs now: the runnable processes per
    core over the last minute, at least 1 and at most 10. A wait for the window counts its
    seconds divided by it, so a hang detector that needs 10 s on a quiet machine gives a machine
    at load 17 on 2 cores 85 s before it fails (a busy machine is not a hang)."""
    return min(10.0, max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1)))


def xdo(*args):
    subprocess.run(["xdotool", *[str(a) for a in args]], check=True)


def brief(line):
    """What most waits look at in a report line, for a failure message: the first 600 characters
    of the whole line were its alphabetically first keys (undo, the curve, the export dialog)."""
    if line is None:
        return "none yet"
    picked = {key: line[key] for key in ("frame", "view_tab", "rendering", "requested_generation", "preview",
                                         "terrain", "error", "notice", "note") if key in line}
    if isinstance(picked.get("terrain"), dict):
        picked["terrain"] = {key: picked["terrain"].get(key) for key in ("uploads", "building", "coarse", "error")}
    return json.dumps(picked)[:1000]


class Report:
    """Follows the report file; `lines` grows as the app writes."""

    def __init__(self, path):
        self.path = path
        self.lines = []
        self.offset = 0

    def poll(self):
        try:
            with open(self.path) as f:
                f.seek(self.offset)
                data = f.read()
        except FileNotFoundError:
            return
        # Only whole lines: the app writes each line in one call and flushes it.
        end = data.rfind("\n")
        if end < 0:
            return
        for line in data[: end + 1].splitlines():
            self.lines.append(json.loads(line))
        self.offset += len(data[: end + 1].encode())

    def last(self):
        self.poll()
        return self.lines[-1] if self.lines else None

    def wait(self, what, predicate, timeout=30.0):
        line = self.wait_or_none(predicate, timeout)
        if line is None:
            fail(f"timed out after {timeout}s (of a quiet machine; load now {os.getloadavg()[0]:.1f}) waiting for: "
                 f"{what}; last line: {brief(self.last())} "
                 f"(every line: {self.path})")
        return line

    def wait_or_none(self, predicate, timeout):
        """The first line after the call that satisfies `predicate`, or None after `timeout`
        seconds of a quiet machine (each second of the clock counts 1 / slowdown())."""
        waited, clock = 0.0, time.monotonic()
        seen = len(self.lines)
        while waited < timeout:
            self.poll()
            for line in self.lines[seen:]:
                if predicate(line):
                    return line
            seen = len(self.lines)
            time.sleep(0.02)
            now = time.monotonic()
            waited += (now - clock) / slowdown()
            clock = now
        return None


def until(report, what, predicate, timeout=30.0):
    """Like Report.wait, but a state already shown by the newest line counts too (wait looks only
    at lines that come after the call, which misses a change that came before it)."""
    last = report.last()
    if last is not None and predicate(last):
        return last
    return report.wait(what, predicate, timeout=timeout)


def wait_dialog(report, what, field, timeout=10.0):
    """Waits for a dialog's field, then for its place: an auto-sized ImGui window is measured in
    its first frame and placed in the next, so the first rectangle reported can be stale."""
    report.wait(what, lambda l: field in l["rects"], timeout=timeout)
    time.sleep(0.3)
    return report.last()


def centre(rect):
    return (rect[0] + rect[2]) // 2, (rect[1] + rect[3]) // 2


def settled(line):
    return (not line["rendering"] and line["preview"]["generation"] == line["requested_generation"]
            and not line["preview"]["coarse"])


def hold(keys, seconds=None):
    """Presses and releases `keys` (e.g. "ctrl+a", "BackSpace"). By default a person's quick tap:
    press and release a few milliseconds apart, which the window keeps even when both arrive
    during one slow frame (ImGui 1.86 reads keys as a state; gui/shell/key_taps.hpp shows such a
    tap to it for one frame), so every check that taps a key tests that too. With `seconds`, the
    keys are held that long across frames, below X's 660 ms before a key repeats."""
    if seconds is None:
        xdo("key", "--delay", "0", keys)
    else:
        xdo("keydown", keys)
        time.sleep(seconds)
        xdo("keyup", keys)
    time.sleep(0.05)


def press_confirmed(report, keys, what, predicate, tries=4, wait=3.0):
    """Taps `keys` and waits until the report shows `predicate`, tapping again if it never does
    (the window keeps every tap, so a second try is for a check whose wait ran out on a busy
    machine). Only for presses that do nothing more when repeated after they worked (a shortcut
    that opens a dialog: while it is open the shortcuts are off). Returns the line that showed it."""
    for _ in range(tries):
        hold(keys)
        line = until_or_none(report, predicate, wait)
        if line is not None:
            return line
    fail(f"{what}: {keys} pressed {tries} times, never seen; last line: {brief(report.last())}")


def until_or_none(report, predicate, timeout):
    last = report.last()
    if last is not None and predicate(last):
        return last
    return report.wait_or_none(predicate, timeout)


def type_into_slider(rect, text):
    """Types `text` into the slider at `rect` as a person does: Ctrl+click turns the slider into
    a text field, Ctrl+A selects what is there, and a held Return commits the value."""
    x0, y0, x1, y1 = rect
    xdo("mousemove", (x0 + x1) // 2, (y0 + y1) // 2)
    time.sleep(0.1)
    xdo("keydown", "ctrl")
    xdo("click", 1)
    xdo("keyup", "ctrl")
    time.sleep(0.2)
    hold("ctrl+a")
    xdo("type", "--delay", "50", text)
    hold("Return")


def click_at(x, y, times=1):
    """Moves there, lets a frame see the hover, and clicks; a double click has its clicks a frame
    or more apart but within ImGui's double-click time (0.3 s)."""
    xdo("mousemove", x, y)
    time.sleep(0.1)
    for i in range(times):
        if i:
            time.sleep(0.12)
        xdo("click", 1)


def click(rect, times=1):
    click_at(*centre(rect), times=times)


def click_settled(report, key, timeout=30):
    """Clicks the item once its rectangle has stayed put for a moment: a window re-flows as its
    text changes (a dialog's file names follow a typed name, the status line under the picture as
    the cursor leaves it), a frame or two later on a busy machine."""
    rect, deadline = None, time.monotonic() + timeout * slowdown()
    while time.monotonic() < deadline:
        now = report.last()["rects"].get(key)
        if now is not None and now == rect:
            click(rect)
            return
        rect = now
        time.sleep(0.2)
    fail(f"{key} did not settle in the window; last place {rect}")


def start_app(app, report_path, *args, cwd, env=None):
    """Starts the app with --ui-report and waits for its first complete picture."""
    if os.path.exists(report_path):
        os.remove(report_path)
    process = subprocess.Popen([app, "--ui-report", report_path, *args], cwd=cwd, env=env, stderr=subprocess.PIPE)
    report = Report(report_path)
    report.wait("the first picture", settled, timeout=60)
    return process, report


def wait_quit(process, what, timeout=20):
    """Waits for the app to end with status 0."""
    try:
        status = process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        fail(f"{what}: the app did not quit")
    if status != 0:
        fail(f"{what}: exit status {status}: {process.stderr.read().decode(errors='replace')[-1000:]}")


def drag(x0, y, x1, steps=12, pause=0.05):
    # ImGui's GLFW backend reads the cursor once per frame: pause longer than a frame per step,
    # and frames are slower on a busy machine (a drag over in one frame is a click where it ends).
    pause *= slowdown()
    xdo("mousemove", x0, y)
    time.sleep(max(0.1, pause))
    xdo("mousedown", 1)
    time.sleep(max(0.1, pause))
    for i in range(1, steps + 1):
        xdo("mousemove", x0 + (x1 - x0) * i // steps, y)
        time.sleep(pause)
    time.sleep(max(0.1, pause))
    xdo("mouseup", 1)


def screenshot(folder, name):
    """The whole screen into folder/name, for a person to look at afterwards (best effort)."""
    subprocess.run(["import", "-window", "root", os.path.join(folder, name)], check=False)


def menu_item(report, menu, item):
    """Opens a menu of the bar and clicks one of its items; returns the line that showed the item."""
    click(report.last()["rects"][menu])
    line = until(report, f"menu item {item}", lambda l: item in l["rects"], timeout=10)
    time.sleep(0.3)
    click(report.last()["rects"][item])
    time.sleep(0.4)
    return line


def sample(app, preset, x, y):
    """What `noise-explorer sample` prints for the point (x, y) of the preset: the probe's oracle."""
    out = subprocess.run([app, "sample", "--preset", preset], input=f"{x!r} {y!r}\n", capture_output=True,
                         text=True, check=True)
    return out.stdout.strip()


def into_view(report, key, margin=10):
    """Scrolls the controls (wheel over them) until the control `key` lies inside their visible
    part, `margin` pixels above the status area; returns the newest line. (The last control,
    scrolled to the end, stops a few pixels above it.)"""
    line = report.last()
    for _ in range(40):
        r, status = line["rects"][key], line["rects"]["status"]
        if r[1] > 60 and r[3] < status[1] - margin:
            return line
        xdo("mousemove", (status[0] + status[2]) // 2, status[1] - 120)
        time.sleep(0.05)
        xdo("click", 5 if r[3] >= status[1] - margin else 4)
        time.sleep(0.15)
        line = report.last()
    fail(f"could not scroll {key} into view: {line['rects'][key]}")


def readout_at(report, px, py, wanted=lambda readout: True):
    """Puts the cursor on the centre of image pixel (px, py) of the preview (twice: a frame must
    see it move) and returns the readout the window then reports, once `wanted(readout)` holds."""
    line = report.last()
    rect = line["rects"]["preview_image"]
    width, height = line["preview"]["width"], line["preview"]["height"]
    sx = rect[0] + (px + 0.5) * (rect[2] - rect[0]) / width
    sy = rect[1] + (py + 0.5) * (rect[3] - rect[1]) / height
    xdo("mousemove", int(sx), int(sy))
    time.sleep(0.15)
    xdo("mousemove", int(sx), int(sy))
    return until(report, f"the readout at pixel ({px}, {py})",
                 lambda l: l.get("readout") and l["rects"]["preview_image"] == rect and wanted(l["readout"]),
                 timeout=10)["readout"]
