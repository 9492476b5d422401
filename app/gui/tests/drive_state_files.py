#!/usr/bin/python3
"""Hostile state files never stop the window: it opens, says what it set aside, and starts fresh.

    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_state_files.py NOISE_EXPLORER WORKDIR

For each hostile session.json (300,000 levels deep, larger than the limit, binary, a FIFO, a
folder, unreadable, a dangling symbolic link), each hostile recent.json, and a start marker left
by a start that died before its first frame (the session and recent list are then set aside
unread): the window started with --session under Xvfb must
draw its frames, show the message in its status area (the report's "notice") and print the same
line on stderr; the file must be renamed to NAME.broken; a SIGTERM then ends the window as usual
(exit 143), and it writes a fresh, valid session, which the next start restores without a word.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time

from x11_drive import Report, fail

APP, WORK = sys.argv[1], os.path.abspath(sys.argv[2])
ROOT = os.geteuid() == 0
LIMIT = 1 << 20


def plant(path, kind):
    if kind == "deep":
        with open(path, "w") as f:
            f.write('{"settings": ' + "[" * 300_000)
    elif kind == "huge":
        with open(path, "wb") as f:
            f.write(b" " * (LIMIT + 1))
    elif kind == "binary":
        with open(path, "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + bytes(range(256)))
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        os.makedirs(os.path.join(path, "inside"))
    elif kind == "unreadable":
        # Root reads a mode-0 file anyway: its bytes are hostile too, so it is refused either way.
        with open(path, "wb") as f:
            f.write(b"\x01\x02 not JSON")
        os.chmod(path, 0)
    elif kind == "dangling":
        os.symlink(os.path.join(os.path.dirname(path), "gone.json"), path)
    else:
        raise ValueError(kind)


def start(config, what):
    """Starts the window; returns the process, its first report line and its stderr so far."""
    report_path = os.path.join(WORK, "report.jsonl")
    if os.path.exists(report_path):
        os.remove(report_path)
    env = dict(os.environ, XDG_CONFIG_HOME=config, XDG_DATA_HOME=os.path.join(WORK, "data"))
    process = subprocess.Popen([APP, "--ui-report", report_path, "--session"], cwd=WORK, env=env,
                               stderr=subprocess.PIPE, text=True)
    report = Report(report_path)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and report.last() is None:
        if process.poll() is not None:
            fail(f"{what}: the window ended with status {process.returncode} before its first frame: "
                 f"{process.stderr.read()[-600:]!r}")
        time.sleep(0.02)
    if report.last() is None:
        process.kill()
        fail(f"{what}: no frame within 30 s")
    time.sleep(0.3)  # a few more frames: it keeps running
    if process.poll() is not None:
        fail(f"{what}: the window ended with status {process.returncode} after its first frame")
    return process, report.last()


def stop(process, what):
    process.send_signal(signal.SIGTERM)
    try:
        _, err = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        fail(f"{what}: the window did not end on SIGTERM")
    if process.returncode != 128 + signal.SIGTERM:
        fail(f"{what}: exit status {process.returncode} after SIGTERM: {err[-600:]!r}")
    return err


def check_case(config, name, kind, expected_start, set_aside=None):
    what = f"{name} {kind}"
    state = os.path.join(config, "noise-explorer", name)
    process, line = start(config, what)
    notice = line["notice"]
    err = stop(process, what)
    broken = state + ".broken"
    if set_aside is None:
        set_aside = f"(set aside as '{broken}'; starting fresh)"
    if not notice.startswith(expected_start) or set_aside not in notice:
        fail(f"{what}: the window's notice is {notice!r}")
    if "\n" in notice or "json.exception" in notice or len(notice) > 600:
        fail(f"{what}: not one short line in our words: {notice!r}")
    if f"noise-explorer: {notice}\n" not in err:
        fail(f"{what}: stderr does not say it: {err!r}")
    if not os.path.lexists(broken):
        fail(f"{what}: {broken} is missing")
    # The window remembered a fresh session at its end: the next start restores it silently.
    if name == "session.json":
        with open(state) as f:
            json.load(f)["settings"]
    process, line = start(config, what + ", the start after")
    stop(process, what + ", the start after")
    if line["notice"]:
        fail(f"{what}: the start after still says {line['notice']!r}")
    print(f"ok  {what}: the window opened and said {notice[:150]!r}...", flush=True)


def main():
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    started = time.monotonic()
    kinds = ["deep", "huge", "binary", "fifo", "folder", "unreadable", "dangling"]
    for name, expected in (("session.json", "the last session was not restored: "),
                           ("recent.json", "the recent files were not restored: ")):
        for kind in kinds if name == "session.json" else ["deep", "binary", "fifo"]:
            config = os.path.join(WORK, f"config-{name}-{kind}")
            os.makedirs(os.path.join(config, "noise-explorer"))
            plant(os.path.join(config, "noise-explorer", name), kind)
            check_case(config, name, kind, expected + os.path.join(config, "noise-explorer", name))

    # A start that died before its first frame (its marker, with a PID no process has): the next
    # start skips the session, sets it aside and says why.
    config = os.path.join(WORK, "config-crashed")
    folder = os.path.join(config, "noise-explorer")
    os.makedirs(folder)
    process, _ = start(config, "a first start")
    stop(process, "a first start")
    child = subprocess.Popen(["true"])
    child.wait()
    with open(os.path.join(folder, f"starting.{child.pid}"), "w"):
        pass
    check_case(config, "session.json", "after a crash", "the last start ended before its first frame was drawn",
               set_aside=f"(set aside as '{os.path.join(folder, 'session.json.broken')}'); starting fresh")
    leftover = [n for n in os.listdir(folder) if n.startswith("starting.")]
    if leftover:
        fail(f"start markers left after ordinary ends: {leftover}")
    print(f"ok  all cases in {time.monotonic() - started:.1f} s", flush=True)


if __name__ == "__main__":
    main()
