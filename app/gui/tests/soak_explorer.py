#!/usr/bin/python3
"""Soak test: thousands of random real X11 inputs on the explorer window, with hostile files.

Run under Xvfb (the CTest entries do this):
    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 soak_explorer.py NOISE_EXPLORER WORKDIR \
        [--actions N] [--max-frame-ms MS] [--seed S]

A seeded random sequence of actions, each sent with xdotool at a rectangle the app's --ui-report
names (no hard-coded pixels):
  - clicks and drags on every control (sliders, combos, checkboxes, buttons), wheel and drags on
    the preview, Ctrl+Z / Ctrl+Y bursts;
  - File > Open (Ctrl+O) of good and hostile files: a FIFO nobody writes, /dev/zero, a folder, a
    100,000-deep nested preset, a NUL byte, duplicate keys, 2 MB of spaces, a missing file, a
    valid preset and a PNG the program exported. A bad file must leave the settings and the undo
    history exactly as they were and show an error; a good one must bring its settings;
  - Save (Ctrl+S) into the work folder, replacing with confirmation;
  - Export (Ctrl+E) started and cancelled at once, or left to finish.
Checked throughout and at the end:
  - the process never dies, and every file read ends (the window never waits on a file);
  - the frame that did the most work on the window's thread, in that thread's CPU time (the app
    measures it: "slowest_frame_cpu_ms"), stays under --max-frame-ms (skipped when 0, e.g. under
    the sanitizers, which slow every frame): work the window should have handed to a worker. CPU
    time, because a loaded machine delays a frame (a 284 ms frame was seen on a busy 2-core CI)
    without making the thread do more;
  - the slowest frame on the clock ("slowest_frame_ms") stays under --hang-ms: a window that waits
    (on a file, a lock, a worker) for that long has hung, whatever else the machine is doing;
  - no temporary file is left in the work folder, and every exported or saved file is whole;
  - after the storm the window still works: a known change renders, Ctrl+Q quits with status 0
    (so the sanitizers' leak check runs at exit).
"""
import argparse
import json
import os
import random
import re
import shutil
import signal
import struct
import subprocess
import time

from x11_drive import Report, centre, drag, fail, hold, settled, slowdown, until, until_or_none, xdo

DIALOG_FIELDS = ("open_path", "save_path", "export_path", "lesson_open_path", "figure_path")

# Under the sanitizers (CMake sets LSAN_OPTIONS=exitcode=LEAK_EXIT_CODE for this test) a leak
# report does not fail the run by itself: Mesa's driver, X11 and glibc keep a few blocks until
# exit, and their stacks cannot be suppressed by name (LeakSanitizer's fast unwinder stops at the
# first frame built without frame pointers, and the driver is unloaded before the report, so its
# frames show as "<unknown module>"). A report fails the soak when a leak has a frame of ours: in
# the program's binary or in our sources, which are always loaded and symbolised.
LEAK_EXIT_CODE = 23
OUR_FRAMES = ("/app/", "/noise/", " app::", " noise::")
# An unsymbolised frame: "#1 0x7f.. (/path/to/MODULE+0xOFFSET)".
MODULE_FRAME = re.compile(r"\(([^()]+)\+0x([0-9a-f]+)\)\s*$")


def loaded_extent(program):
    """How far the program's loaded segments reach from its load address (the ELF program
    headers' largest p_vaddr + p_memsz): no code of the program lies beyond."""
    with open(program, "rb") as f:
        header = f.read(64)
        phoff, = struct.unpack_from("<Q", header, 32)
        phentsize, phnum = struct.unpack_from("<HH", header, 54)
        f.seek(phoff)
        table = f.read(phentsize * phnum)
    extent = 0
    for i in range(phnum):
        kind, = struct.unpack_from("<I", table, i * phentsize)
        vaddr, = struct.unpack_from("<Q", table, i * phentsize + 16)
        memsz, = struct.unpack_from("<Q", table, i * phentsize + 40)
        if kind == 1:  # PT_LOAD
            extent = max(extent, vaddr + memsz)
    return extent


def frame_of_ours(frame, program, extent):
    """A frame in our sources, or in the program's binary (its statically linked ImGui too). An
    address the report puts past the binary's last segment is none of its code: LeakSanitizer
    names the nearest module for code mapped after it, such as the driver's compiled shaders."""
    module = MODULE_FRAME.search(frame)
    if module and os.path.basename(module.group(1)) == os.path.basename(program):
        return int(module.group(2), 16) < extent
    return any(mark in frame for mark in OUR_FRAMES)


def leaks_of_ours(stderr, program):
    """The leak records of a LeakSanitizer report with at least one frame of our code."""
    extent = loaded_extent(program)
    ours = []
    for record in stderr.split("\n\n"):
        if "leak of" not in record:
            continue
        frames = [line for line in record.splitlines() if line.strip().startswith("#")]
        if any(frame_of_ours(frame, program, extent) for frame in frames):
            ours.append(record.strip())
    return ours


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("app")
    parser.add_argument("work")
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--max-frame-ms", type=float, default=250.0)
    parser.add_argument("--hang-ms", type=float, default=2000.0)
    parser.add_argument("--seed", type=int, default=20261123)
    return parser.parse_args()


def make_files(app, work):
    """The files the Open dialog is given: name -> (path, good?)."""
    files = {}

    def write(name, data, good=False):
        path = os.path.join(work, name)
        with open(path, "wb") as f:
            f.write(data)
        files[name] = (path, good)

    good = {"format": "noise-explorer-preset", "version": 1, "algorithm": "value", "octaves": 3, "seed": 4242}
    write("good.json", json.dumps(good).encode(), good=True)
    write("deep.json", b"[" * 100_000 + b"]" * 100_000)
    write("deep-value.json", b'{"format": "noise-explorer-preset", "version": 1, "name": ' + b"[" * 100_000 + b"}")
    write("nul.json", json.dumps(good).encode() + b"\0garbage")
    write("duplicate.json", b'{"format": "noise-explorer-preset", "version": 1, "octaves": 3, "octaves": 4}')
    write("spaces.json", b" " * (2 << 20))
    write("escape.json", b'{"format": "noise-explorer-preset", "version": 1, "\x1b]0;pwned\x07\n": 1}')
    fifo = os.path.join(work, "fifo.json")
    if os.path.exists(fifo):
        os.remove(fifo)
    os.mkfifo(fifo)
    files["fifo.json"] = (fifo, False)
    os.makedirs(os.path.join(work, "folder.json"), exist_ok=True)
    files["folder.json"] = (os.path.join(work, "folder.json"), False)
    files["/dev/zero"] = ("/dev/zero", False)
    files["missing.json"] = (os.path.join(work, "missing.json"), False)
    png = os.path.join(work, "exported.png")
    subprocess.run([app, "export", "--set", "seed=77", "--set", "octaves=2", "--size", "16x16", "--format", "png8",
                    "-o", png, "--force"], check=True)
    files["exported.png"] = (png, True)
    return files


class Soak:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.work = os.path.abspath(args.work)
        self.report = Report(os.path.join(self.work, "soak_report.jsonl"))
        self.counts = {}
        self.app = None

    # ---- plumbing ---------------------------------------------------------------------------

    def alive(self):
        if self.app.poll() is not None:
            err = self.app.stderr.read().decode(errors="replace")[-2000:]
            fail(f"the app died with status {self.app.returncode} after {sum(self.counts.values())} actions "
                 f"{self.counts}; stderr: {err}")

    def line(self):
        self.report.poll()
        return self.report.last()

    def rects(self):
        return self.line()["rects"]

    def input_taken(self):
        """The line after the window has taken every key sent so far: a burst of shortcuts (five
        Ctrl+Z) is shown to ImGui a tap a frame (key_taps.hpp), so a check that compares with
        this line must not start while some are still waiting."""
        return until(self.report, "the keys sent so far taken", lambda l: not l.get("keys_waiting"), timeout=30)

    def dialog_open(self):
        return any(k in self.rects() for k in DIALOG_FIELDS)

    def wait_frames(self, seconds=0.06):
        time.sleep(seconds)
        self.alive()

    def close_dialogs(self):
        for _ in range(4):
            if not self.dialog_open():
                return
            xdo("key", "Escape")
            # Shown in the window's next frame, which a busy machine draws late: wait for it
            # (seconds of a quiet machine) before pressing Escape again.
            until_or_none(self.report, lambda l: not any(k in l["rects"] for k in DIALOG_FIELDS), 1.0)
            self.alive()
        if self.dialog_open():
            fail(f"a dialog does not close with Escape: {sorted(self.rects())}")

    def close_popups(self):
        """An open combo lists its items as "key=choice" rectangles, the open Compare menu its
        "snapshot" item, the Teach menu its "teach_*" items, the File menu "export_figure", the
        Lessons menu "lesson_open_file", the View menu "presenter_mode", the Edit menu "reset_all";
        clicking the combo's box or the menu's title closes them. A list still open after two such
        clicks (a combo whose list opened over its own box) is closed by a click on the status
        line, outside every popup, as a person would."""
        for attempt in range(3):
            rects = self.rects()
            combos = {k.split("=")[0] for k in rects if "=" in k}
            if "snapshot" in rects:
                combos.add("compare_menu")
            if any(k.startswith("teach_") and k != "teach_menu" for k in rects):  # the Teach menu's items
                combos.add("teach_menu")
            if "export_figure" in rects:  # the File menu's items
                combos.add("file_menu")
            if "lesson_open_file" in rects:  # the Lessons menu's items
                combos.add("lessons_menu")
            if "presenter_mode" in rects:  # the View menu's item
                combos.add("view_menu")
            if "reset_all" in rects:  # the Edit menu's item
                combos.add("edit_menu")
            if not combos:
                return
            if attempt == 2 and "status" in rects:
                xdo("mousemove", *centre(rects["status"]))
                self.wait_frames(0.04)
                xdo("click", 1)
                self.wait_frames(0.1)
                continue
            for combo in combos:
                if combo in rects:
                    xdo("mousemove", *centre(rects[combo]))
                    self.wait_frames(0.04)
                    xdo("click", 1)
                    self.wait_frames(0.1)

    def release_keyboard(self):
        """Escape leaves a text field (Ctrl+click on a slider edits it as text), whose keyboard
        the shortcuts rightly do not take; combos are closed too."""
        self.close_popups()
        xdo("key", "Escape")
        self.wait_frames(0.08)

    def open_dialog(self, keys, field, what):
        """The shortcut, again if need be: a shortcut pressed while a text field or a popup still
        has the keyboard (a slow frame under the sanitizers may not have seen Escape yet) is
        rightly ignored, and a person would simply press it again. The dialog counts as open when
        its field is still there after a pause: on a loaded machine a try's shortcut can arrive
        after the next try's Escape, which then closes the dialog it opened. Every wait is seconds
        of a quiet machine: a frame of the sanitizer build beside other tests can take seconds of
        the clock (five tries of 3 s each failed once in CI that way, or for a reason the report
        did not say then: now it says who held the keyboard)."""
        for _ in range(5):
            self.release_keyboard()
            xdo("key", keys)
            if until_or_none(self.report, lambda l: field in l["rects"], 3.0):
                self.wait_frames(0.3 * slowdown())  # the dialog's first rectangles can be stale (see wait_dialog)
                if field in self.rects():
                    return self.report.last()
        held_by = (self.report.last() or {}).get("keyboard_held_by") or "nobody"
        fail(f"{what} did not open after 5 tries (the keyboard held by {held_by}); rects {sorted(self.rects())}")

    def random_point(self, rect):
        x0, y0, x1, y1 = rect
        return self.rng.randint(x0 + 1, max(x0 + 1, x1 - 2)), self.rng.randint(y0 + 1, max(y0 + 1, y1 - 2))

    def type_path(self, field, path):
        x, y = centre(self.rects()[field])
        xdo("mousemove", x, y)
        self.wait_frames(0.05)
        xdo("click", 1)
        self.wait_frames(0.08)
        # Taps, however slow the frames beside other tests: the window keeps them (key_taps.hpp),
        # and a Ctrl+A lost would leave the old text before the typed path.
        hold("ctrl+a")
        hold("BackSpace")
        xdo("type", "--delay", "2", path)
        self.wait_frames(0.08)

    # ---- actions ----------------------------------------------------------------------------

    def click_control(self):
        # The storm stays in the 2D preview (its gestures need the "preview" rectangle): the 3D
        # terrain tab has its own test, drive_terrain.py, with a frame bound of its own (its first
        # frame compiles shaders inside llvmpipe).
        rects = {k: r for k, r in self.rects().items() if k not in ("preview", "curve", "histogram", "tab_terrain")}
        key = self.rng.choice(sorted(rects))
        x, y = self.random_point(rects[key])
        xdo("mousemove", x, y)
        self.wait_frames(0.04)
        xdo("click", 1)
        self.wait_frames()

    def drag_control(self):
        sliders = [k for k in ("octaves", "persistence", "lacunarity", "frequency", "dimension", "z", "w", "offset_x",
                               "offset_y", "seed", "tile", "scanline_handle") if k in self.rects()]
        key = self.rng.choice(sliders)
        x0, y0, x1, y1 = self.rects()[key]
        y = (y0 + y1) // 2
        drag(self.rng.randint(x0 + 2, x1 - 2), y, self.rng.randint(x0 - 40, x1 + 40), steps=4, pause=0.03)
        self.wait_frames()

    def undo_redo(self):
        self.release_keyboard()
        for _ in range(self.rng.randint(1, 6)):
            xdo("key", self.rng.choice(["ctrl+z", "ctrl+z", "ctrl+y", "ctrl+shift+z"]))
        self.wait_frames()

    def preview_gesture(self):
        x, y = self.random_point(self.rects()["preview"])
        xdo("mousemove", x, y)
        self.wait_frames(0.04)
        if self.rng.random() < 0.5:
            for _ in range(self.rng.randint(1, 4)):
                xdo("click", self.rng.choice([4, 5]))
        else:
            drag(x, y, x + self.rng.randint(-80, 80), steps=3, pause=0.03)
        self.wait_frames()

    def open_file(self):
        self.release_keyboard()
        name = self.rng.choice(sorted(self.files))
        path, good = self.files[name]
        before = self.input_taken()
        self.open_dialog("ctrl+o", "open_path", "the Open dialog")
        self.type_path("open_path", path)
        xdo("key", "Return")
        # The read runs in the background: it starts (the report names the file being read, with
        # any earlier error cleared) and it must end, whatever the file is.
        start = time.time()
        self.report.wait(f"opening {name} started", lambda l: l["opening"] == path, timeout=10)
        outcome = until(
            self.report, f"opening {name} ended",
            lambda l: not l["opening"] and (l["preset_error"] or l["current_preset"] == path), timeout=20)
        took = time.time() - start
        if good:
            if outcome["preset_error"] or outcome["current_preset"] != path:
                fail(f"opening the good file {name} failed: {outcome['preset_error']!r}")
        else:
            if not outcome["preset_error"]:
                fail(f"opening {name} showed no error")
            if "\n" in outcome["preset_error"] or "\x1b" in outcome["preset_error"]:
                fail(f"the error for {name} has raw control bytes: {outcome['preset_error']!r}")
            for key in ("params", "view", "can_undo", "can_redo"):
                if outcome[key] != before[key]:
                    fail(f"a failed open of {name} changed {key}: {before[key]} -> {outcome[key]}")
        self.opened.append((name, round(took, 2)))
        self.close_dialogs()

    def save_file(self):
        self.release_keyboard()
        self.open_dialog("ctrl+s", "save_path", "the Save dialog")
        target = os.path.join(self.work, f"saved-{self.rng.randint(0, 2)}.json")
        self.type_path("save_path", target)
        xdo("key", "Return")
        self.wait_frames(0.3)
        replace = self.rects().get("save_replace")
        if replace:
            xdo("mousemove", *centre(replace))
            self.wait_frames(0.05)
            xdo("click", 1)
            self.wait_frames(0.2)
        self.close_dialogs()

    def export_file(self):
        self.release_keyboard()
        self.open_dialog("ctrl+e", "export_path", "the Export dialog")
        self.type_path("export_path", os.path.join(self.work, "soak-export.png"))
        for key in ("export_start", "export_replace"):
            button = self.rects().get(key)
            if button:
                xdo("mousemove", *centre(button))
                self.wait_frames(0.05)
                xdo("click", 1)
                self.wait_frames(0.1)
        cancel = self.rects().get("export_cancel")
        if cancel and self.rng.random() < 0.7:
            xdo("mousemove", *centre(cancel))
            self.wait_frames(0.03)
            xdo("click", 1)
        until(self.report, "the export ended", lambda l: not l["export"]["running"], timeout=60)
        self.close_dialogs()

    # ---- the run ----------------------------------------------------------------------------

    def run(self):
        os.makedirs(self.work, exist_ok=True)
        for leftover in os.listdir(self.work):
            path = os.path.join(self.work, leftover)
            if os.path.isdir(path) and not os.path.islink(path):
                shutil.rmtree(path)
            else:
                os.remove(path)
        self.files = make_files(self.args.app, self.work)
        self.opened = []
        env = dict(os.environ)
        self.app = subprocess.Popen([self.args.app, "--ui-report", self.report.path], cwd=self.work, env=env,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            self.report.wait("the first picture", settled, timeout=60)
            actions = [(self.click_control, 40), (self.drag_control, 16), (self.undo_redo, 10),
                       (self.preview_gesture, 10), (self.open_file, 8), (self.save_file, 3), (self.export_file, 3)]
            weights = [w for _, w in actions]
            start = time.time()
            trail = []  # said when an action fails: what led to it
            for i in range(self.args.actions):
                if self.dialog_open() and self.rng.random() < 0.8:
                    self.close_dialogs()
                action = self.rng.choices([a for a, _ in actions], weights)[0]
                trail.append(f"{i}: {action.__name__}")
                try:
                    action()
                except SystemExit:
                    print("    the last actions: " + ", ".join(trail[-8:]), flush=True)
                    raise
                self.counts[action.__name__] = self.counts.get(action.__name__, 0) + 1
                if (i + 1) % 200 == 0:
                    line = self.line()
                    print(f"    {i + 1} actions, {time.time() - start:.0f} s, slowest frame "
                          f"{line['slowest_frame_ms']:.0f} ms ({line['slowest_frame_cpu_ms']:.0f} ms of CPU)",
                          flush=True)
            self.finish()
        finally:
            if self.app.poll() is None:
                self.app.kill()
                self.app.wait()

    def finish(self):
        self.close_dialogs()
        self.release_keyboard()
        # Still working: a known change renders.
        before = self.input_taken()
        self.open_dialog("ctrl+o", "open_path", "the Open dialog")
        self.type_path("open_path", self.files["good.json"][0])
        xdo("key", "Return")
        line = self.report.wait("the good preset shows after the storm",
                                lambda l: l["params"]["seed"] == "4242" and l["params"]["algorithm"] == "value"
                                and settled(l), timeout=60)
        if line["params"] != before["params"] and line["preview"]["generation"] <= before["preview"]["generation"]:
            fail("the preview did not re-render after the storm")
        self.close_dialogs()
        slowest, busiest = line["slowest_frame_ms"], line["slowest_frame_cpu_ms"]
        print(f"ok  {sum(self.counts.values())} actions {self.counts}; slowest frame {slowest:.0f} ms, "
              f"busiest {busiest:.0f} ms of CPU", flush=True)
        print(f"ok  files opened (name, seconds until the window had the outcome): {self.opened}", flush=True)
        if self.args.max_frame_ms and busiest > self.args.max_frame_ms:
            fail(f"a frame took {busiest:.0f} ms of the window thread's CPU time (limit {self.args.max_frame_ms:.0f} ms)")
        if self.args.hang_ms and slowest > self.args.hang_ms:
            fail(f"a frame took {slowest:.0f} ms on the window's thread: it hung (limit {self.args.hang_ms:.0f} ms)")
        # Nothing half-written is left behind; what was written is whole.
        leftovers = [n for n in os.listdir(self.work) if ".tmp" in n or n.startswith(".")]
        if leftovers:
            fail(f"temporary files left in the work folder: {leftovers}")
        for name in os.listdir(self.work):
            path = os.path.join(self.work, name)
            if name.startswith("saved-"):
                with open(path) as f:
                    json.load(f)
            if name == "soak-export.png":
                with open(path, "rb") as f:
                    data = f.read()
                # The storm may have picked a raw format in the dialog before the name was typed:
                # then the sidecar says which, and the samples must all be there.
                sidecar = path + ".json"
                raw = json.load(open(sidecar)) if os.path.exists(sidecar) else {}
                if raw.get("format") in ("r16", "r32"):
                    size = raw["width"] * raw["height"] * (2 if raw["format"] == "r16" else 4)
                    if len(data) != size:
                        fail(f"the exported {raw['format']} holds {len(data)} bytes, not {size}")
                elif data.startswith(b"\x89PNG"):
                    if not data.endswith(b"IEND\xaeB`\x82"):
                        fail("the exported PNG is not whole")
                elif not data.startswith((b"v/1\x01", b"glTF", b"# ")):  # exr32, glb, obj
                    fail(f"the export holds no format the dialog offers: {data[:8]!r}")
        # Quit the normal way, so the sanitizers' exit checks (leaks) run.
        xdo("key", "ctrl+q")
        # If settings changed since the last save, the window asks first: answer "Quit without
        # saving". A quitting app writes no more report lines, so watch the process too.
        deadline = time.time() + 20
        while self.app.poll() is None and time.time() < deadline:
            line = self.report.last()
            if "quit_discard" in line["rects"]:
                time.sleep(0.3)  # the question's first rectangle can be stale (see wait_dialog)
                xdo("mousemove", *centre(self.report.last()["rects"]["quit_discard"]))
                time.sleep(0.1)
                xdo("click", 1)
                break
            time.sleep(0.05)
        try:
            status = self.app.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.app.send_signal(signal.SIGABRT)
            fail("Ctrl+Q did not end the app within 60 s")
        err = self.app.stderr.read().decode(errors="replace")
        if status == LEAK_EXIT_CODE:
            ours = leaks_of_ours(err, self.args.app)
            if ours:
                fail(f"LeakSanitizer: {len(ours)} leak(s) with frames of our own:\n" + "\n\n".join(ours)[:6000])
            print("ok  LeakSanitizer: no leak of ours (the graphics stack's own blocks remain at exit)", flush=True)
        elif status != 0:
            fail(f"the app exited with status {status}: {err[-3000:]}")
        print(f"ok  Ctrl+Q quit (status {status})", flush=True)


if __name__ == "__main__":
    Soak(parse_args()).run()
