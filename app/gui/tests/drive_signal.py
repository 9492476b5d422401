#!/usr/bin/python3
"""A signal during an export from the window: the window quits, the export is cancelled and its
temporary file removed, nothing is left half-written.

    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_signal.py NOISE_EXPLORER WORKDIR

For SIGHUP, SIGTERM and SIGUSR1 in turn: open a slow preset (16 octaves of 4D cubic noise), start
an export with real input, wait until its temporary file exists (named, or unnamed and open),
send the signal. The app must
exit within 10 s with status 128 + the signal, and the folder must hold neither the temporary file
nor a partial heightmap.png.
"""
import os
import shutil
import signal
import subprocess
import sys
import time

from x11_drive import Report, centre, fail, settled, wait_dialog, xdo

APP, WORK = sys.argv[1], os.path.abspath(sys.argv[2])


def writing_into(folder, pid):
    """A named temp file in `folder`, or an unnamed (O_TMPFILE) one the process holds open, which
    /proc shows as "FOLDER/#INODE (deleted)"."""
    if any(".tmp" in n for n in os.listdir(folder)):
        return True
    fds = f"/proc/{pid}/fd"
    try:
        names = os.listdir(fds)
    except OSError:
        return False
    for fd in names:
        try:
            if os.readlink(os.path.join(fds, fd)).startswith(os.path.join(folder, "#")):
                return True
        except OSError:
            pass  # closed while we looked
    return False


def one(sig):
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    slow = os.path.join(WORK, "slow.json")
    with open(slow, "w") as f:
        f.write('{"format": "noise-explorer-preset", "version": 1, "dimension": 4, "octaves": 16, "interpolation": "cubic"}')
    report_path = os.path.join(WORK, "signal_report.jsonl")
    app = subprocess.Popen([APP, "--ui-report", report_path, "--preset", slow], cwd=WORK, stderr=subprocess.PIPE)
    try:
        report = Report(report_path)
        report.wait("the first picture", settled, timeout=120)
        xdo("key", "ctrl+e")
        line = wait_dialog(report, "the Export dialog", "export_start")
        xdo("mousemove", *centre(line["rects"]["export_start"]))
        time.sleep(0.1)
        xdo("click", 1)
        start = time.time()
        while not writing_into(WORK, app.pid):
            if time.time() - start > 20:
                fail(f"{sig.name}: the export's temporary file never appeared: {os.listdir(WORK)}")
            time.sleep(0.01)
        app.send_signal(sig)
        try:
            status = app.wait(timeout=10)
        except subprocess.TimeoutExpired:
            fail(f"{sig.name}: the window did not quit")
        if status != 128 + sig:
            fail(f"{sig.name}: exit status {status}, expected {128 + sig}")
        left = sorted(n for n in os.listdir(WORK) if n not in ("slow.json", "signal_report.jsonl"))
        if left:
            fail(f"{sig.name}: left behind {left}")
        print(f"ok  {sig.name} mid-export: status {status}, nothing left behind", flush=True)
    finally:
        if app.poll() is None:
            app.kill()


if __name__ == "__main__":
    for s in (signal.SIGHUP, signal.SIGTERM, signal.SIGUSR1):
        one(s)
