"""kill -9 at random moments during exports: the folder holds exactly the old files, nothing else.

SIGKILL cannot be caught, so only how the file is written protects the folder: the data goes to
an unnamed O_TMPFILE file that has no name to leave behind (atomic_file.hpp). For each of png16,
r16 (a pair: OUT and OUT.json) and normal8, 20 exports over old files (--force) and into an empty
folder are killed at moments drawn uniformly over a whole export's duration; the folder must then
hold exactly what it held before (same names, bytes and modes), or, for a kill that came after
the commit, exactly the complete new files. One window remains, microseconds long: replacing a
file takes a temp name for the finished file and a rename over the old one, and a kill between
the two leaves that name (".out.tmp-PID-N": the complete new file, or for a pair the old file's
backup), which the next export into the folder removes; the test then runs it and checks that
exactly its files remain.

Then the fallback for file systems without O_TMPFILE (forced with NOISE_EXPLORER_NAMED_TEMP_FILES=1):
a killed export leaves its ".NAME.tmp-PID-N" file, and the next export into that folder removes
it, while a temp-like file of a live process, one of another name pattern and a folder stay.

    /usr/bin/python3 test_export_kills.py NOISE_EXPLORER [SEED]
"""
import os
import random
import re
import signal
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from core_test_support import EXE, check, finish, long_enough, temp_dir
from test_export_faults import clear, expected_new, outputs, state, write_old

KILLS = 20
# The sizes killed, cheapest first: the first whose export takes long enough to kill mid-way
# (about half a second: the release build's middle size on two busy cores, the sanitizer build's
# smallest). 20 kills of three formats, with the timing runs, stay within about 30 s.
SIDES = {"png16": (384, 768, 1536, 3072), "r16": (512, 1024, 2048, 4096), "normal8": (96, 192, 384, 768, 1536)}
SEED = int(sys.argv[2]) if len(sys.argv) > 2 else random.randrange(1 << 30)


def args(side):
    return ["--size", f"{side}x{side}", "--set", "octaves=8"]


def command(folder, fmt, side, force=True):
    return [EXE, "export", *args(side), "--format", fmt, "-o", os.path.join(folder, "out")] + (
        ["--force"] if force else [])


def renames_window(pid, before, after, new):
    """Whether a kill came in the microseconds between giving a finished file a temp name and
    renaming it over the old one (atomic_file.cpp: an unnamed file cannot replace a name in one
    step; a set's backups are named the same way): then the folder holds the old or the new
    files, plus names ".NAME.tmp-PID-N" of the killed process, each one of those files."""
    left = {n: e for n, e in after.items() if re.fullmatch(rf"\.out(\.json)?\.tmp-{pid}-\d+", n)}
    rest = {n: e for n, e in after.items() if n not in left}
    if not left or rest not in (before, new):
        return False
    versions = {e[2] for e in list(before.values()) + list(new.values()) if e[0] == "file"}
    return all(e[0] == "file" and e[2] in versions for e in left.values())


def kill_round(rng, fmt, side, seconds):
    """KILLS exports of `fmt` killed at moments drawn over `seconds`; every folder is checked.
    Returns how many left the old files, how many came after the commit and how many came
    between a temp name and its rename."""
    d = temp_dir()
    outcomes = {"old": 0, "new": 0, "window": 0}
    for i in range(KILLS):
        clear(d)
        over_old = i % 4 != 3  # mostly over old files, sometimes into an empty folder
        if over_old:
            write_old(d, "out", fmt, mode=0o640)
        before = state(d)
        moment = rng.uniform(0.0, seconds)
        proc = subprocess.Popen(command(d, fmt, side, force=over_old), stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        time.sleep(moment)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        after = state(d)
        new = expected_new(before, "out", fmt, args(side))
        label = f"{fmt} killed after {moment:.3f} s of {seconds:.3f} s ({'over old files' if over_old else 'new'})"
        if renames_window(proc.pid, before, after, new):
            # The names the kill left go with the next export into the folder.
            r = subprocess.run(command(d, fmt, side), capture_output=True, text=True)
            cleaned = state(d)
            check(r.returncode == 0 and cleaned == new,
                  f"{label}: the next export did not leave exactly its files: {sorted(cleaned)} {r.stderr}")
            outcomes["window"] += 1
        elif after == before:
            outcomes["old"] += 1
        elif proc.returncode == 0 or after == new:
            check(after == new, f"{label}: a mix of old and new: {sorted(after)}")
            outcomes["new"] += 1
        else:
            extra = sorted(set(after) - set(before))
            check(False, f"{label}: the folder changed: extra {extra}, "
                         f"changed {[n for n in before if after.get(n) != before[n]]}")
    return outcomes


def kill_part(rng):
    scratch = temp_dir()
    for fmt in ("png16", "r16", "normal8"):
        side, seconds = long_enough(SIDES[fmt], lambda side: command(scratch, fmt, side))
        # The duration is measured once, on a machine that other tests load and unload: when
        # the exports then run faster, most kills come after the commit and test nothing. Every
        # folder is checked all the same; the round is run again over half the time, until at
        # least half of its kills hit a running export.
        for attempt in range(3):
            outcomes = kill_round(rng, fmt, side, seconds)
            print(f"ok  {fmt}: {KILLS} kills over {seconds:.2f} s exports of {side}x{side}: {outcomes['old']} left the old "
                  f"files, {outcomes['new']} came after the commit, {outcomes['window']} between a temp name and "
                  f"its rename (gone with the next export)", flush=True)
            if outcomes["old"] >= KILLS // 2:
                break
            seconds /= 2
        check(outcomes["old"] >= KILLS // 2, f"{fmt}: only {outcomes['old']} kills hit a running export")


def fallback_part():
    env = dict(os.environ, NOISE_EXPLORER_NAMED_TEMP_FILES="1")
    d = temp_dir()
    write_old(d, "out", "png16")
    proc = subprocess.Popen(command(d, "png16", 1536), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not [n for n in os.listdir(d) if ".tmp-" in n]:
        time.sleep(0.002)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    left = [n for n in os.listdir(d) if ".tmp-" in n]
    check(left == [f".out.tmp-{proc.pid}-0"], f"named fallback: a kill left {left}, expected its own temp file")
    # Not removable: a live process's (this test's), another pattern, a folder with the pattern.
    kept = [f".out.tmp-{os.getpid()}-0", f"out.tmp-{proc.pid}-0", f".out.tmp-{proc.pid}-0.bak"]
    for name in kept:
        with open(os.path.join(d, name), "w") as f:
            f.write("someone's")
    os.mkdir(os.path.join(d, f".dir.tmp-{proc.pid}-1"))
    # The next export into the folder, with or without O_TMPFILE, removes the dead one's file.
    for i, next_env in enumerate((env, None)):
        if i == 1:
            with open(os.path.join(d, f".out.tmp-{proc.pid}-0"), "w") as f:
                f.write("left again")
        r = subprocess.run(command(d, "png8", 64), env=next_env, capture_output=True, text=True)
        check(r.returncode == 0, f"the next export failed: {r.stderr}")
        names = set(os.listdir(d))
        check(f".out.tmp-{proc.pid}-0" not in names,
              f"the next export ({'named' if i == 0 else 'unnamed'}) kept the dead process's temp file: {sorted(names)}")
        check(names == {"out", *kept, f".dir.tmp-{proc.pid}-1"}, f"the next export touched others: {sorted(names)}")
    print("ok  named fallback: the kill's temp file went with the next export; others' files stayed", flush=True)


def main():
    if not os.path.isdir("/proc/self/fd"):
        print("skipped: no /proc")
        sys.exit(77)
    print(f"seed {SEED} (rerun: test_export_kills.py EXE {SEED})", flush=True)
    rng = random.Random(SEED)
    start = time.monotonic()
    kill_part(rng)
    fallback_part()
    print(f"{time.monotonic() - start:.1f} s", flush=True)
    finish()


if __name__ == "__main__":
    main()
