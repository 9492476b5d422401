"""A tile set is written whole or not at all: --tiles over an old set, driven through the real program.

An old 2x2 r16 set (four tiles, their OUT.json sidecars and the grid's OUT.tiles.json) lies in the
folder; the same names are exported again with --force (and, into an empty folder, without):
- on a full disk (a small tmpfs in a private mount namespace, filled to many levels): every
  failure leaves the folder exactly as it was, the old tiles included; every success leaves the
  complete new set;
- with SIGINT at random moments: exit 130 and the folder as it was, or (a signal after the
  commit) exit 0 and the complete new set;
- with SIGKILL at random moments: the folder as it was, or the complete new set. A kill in the
  microseconds while the set is renamed into place can leave some targets new and the rest old,
  with the old ones' backups beside them (a limit atomic_file.hpp states, like a power cut's):
  such a run is counted and reported, every target must still be a whole old or new file, and
  at most one of the kills may land there.

    /usr/bin/python3 test_export_tile_sets.py NOISE_EXPLORER [SEED]
"""
import os
import random
import signal
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from core_test_support import EXE, check, failures, finish, long_enough, temp_dir, rerun_in_private_tmpfs
from test_export_faults import clear, diff, entry, state

IN_NAMESPACE = "NOISE_EXPLORER_TILE_SETS_TMPFS"
SEED = int(sys.argv[2]) if len(sys.argv) > 2 else random.randrange(1 << 30)
SMALL = ["--size", "201x201", "--set", "octaves=3", "--tiles", "2x2"]
# The sets signalled: the first of these that takes long enough to signal mid-set (4097 takes
# about half a second to a second in the release build on two busy cores; far less suffices
# under the sanitizers).
LARGE_SIDES = (257, 513, 1025, 2049, 4097)


def large(side):
    return ["--size", f"{side}x{side}", "--set", "octaves=12", "--tiles", "2x2"]


KILLS = 12


def names(base):
    tiles = [f"{base}_x{x}_y{y}.r16" for y in range(2) for x in range(2)]
    return tiles + [t + ".json" for t in tiles] + [f"{base}.tiles.json"]


def write_old_set(folder, base):
    for name in names(base):
        with open(os.path.join(folder, name), "wb") as fp:
            fp.write(b"old bytes of " + name.encode())
        os.chmod(os.path.join(folder, name), 0o640)


def command(folder, args, force):
    return [EXE, "export", *args, "--format", "r16", "-o", os.path.join(folder, "land.r16")] + (
        ["--force"] if force else [])


_new = {}


def new_set(args):
    """name -> sha256 of the set written into a fresh folder."""
    key = tuple(args)
    if key not in _new:
        d = temp_dir()
        r = subprocess.run(command(d, args, False), capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        _new[key] = {n: entry(os.path.join(d, n))[2] for n in os.listdir(d)}
    return _new[key]


def is_new(before, after, args):
    """The folder holds the complete new set (old entries of other names unchanged)."""
    fresh = new_set(args)
    for name, digest in fresh.items():
        if name not in after or after[name][0] != "file" or after[name][2] != digest:
            return False
    others = {n: e for n, e in after.items() if n not in fresh}
    return others == {n: e for n, e in before.items() if n not in fresh}


def temps(after):
    return sorted(n for n in after if n.startswith(".") and ".tmp-" in n)


# [1] A full disk ---------------------------------------------------------------------------------

def tmpfs_part():
    mnt = temp_dir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mnt], check=True)
    try:
        seen = {}
        for force in (True, False):
            # A 101x101 r16 tile is 5 pages, its sidecar one or two: the levels cut the new set
            # at every file, from the first tile to the manifest.
            for free_kib in [0, 4, 8, 12, 20, 28, 36, 44, 52, 60, 68, 76, 84, 100, 128, 192]:
                clear(mnt)
                if force:
                    write_old_set(mnt, "land")
                free = os.statvfs(mnt).f_bavail * os.statvfs(mnt).f_frsize
                with open(os.path.join(mnt, "filler"), "wb") as fp:
                    fp.write(b"\0" * max(0, free - free_kib * 1024))
                before = state(mnt)
                r = subprocess.run(command(mnt, SMALL, force), capture_output=True, text=True)
                after = state(mnt)
                label = f"full disk, old set={force}, {free_kib} KiB free"
                check(not temps(after), f"{label}: temp files left: {temps(after)}")
                if r.returncode == 0:
                    check(is_new(before, after, SMALL), f"{label}: exit 0 without the whole new set: "
                                                        f"{diff(before, after)}")
                    seen.setdefault(force, set()).add("new")
                else:
                    check(r.returncode == 2 and "disk is full" in r.stderr and r.stderr.count("\n") == 1,
                          f"{label}: exit {r.returncode}, stderr {r.stderr!r}")
                    check(after == before, f"{label}: the failure changed the folder: {diff(before, after)}")
                    seen.setdefault(force, set()).add("old")
        for force, outcomes in seen.items():
            check(outcomes == {"old", "new"}, f"full disk, old set={force}: expected failures and successes, "
                                              f"saw {outcomes}")
        print(f"ok  full disk: {seen}", flush=True)
    finally:
        subprocess.run(["umount", mnt])


def run_tmpfs_part():
    rerun_in_private_tmpfs(__file__, IN_NAMESPACE)


# [2] Signals at random moments -------------------------------------------------------------------

def signal_round(rng, sig, seconds, sets):
    """KILLS sets signalled at moments drawn over `seconds`; every folder is checked."""
    d = temp_dir()
    outcomes = {"old": 0, "new": 0, "commit": 0}
    for i in range(KILLS):
        clear(d)
        force = i % 4 != 3  # mostly over an old set, sometimes into an empty folder
        if force:
            write_old_set(d, "land")
        before = state(d)
        moment = rng.uniform(0.0, seconds)
        proc = subprocess.Popen(command(d, sets, force), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                text=True)
        time.sleep(moment)
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=120)
        after = state(d)
        label = f"{sig.name} after {moment:.3f} s of {seconds:.3f} s ({'over an old set' if force else 'new'})"
        if after == before:
            outcomes["old"] += 1
            if sig == signal.SIGINT:
                # -SIGINT: the signal came before the program set its handler up.
                check(proc.returncode in (130, -signal.SIGINT) and (proc.returncode != 130 or "interrupted" in err),
                      f"{label}: exit {proc.returncode}, stderr {err!r}")
            continue
        if is_new(before, after, sets):
            outcomes["new"] += 1
            check(proc.returncode in (0, -signal.SIGKILL), f"{label}: the new set but exit {proc.returncode}")
            continue
        # Only a kill inside the commit's renames may leave a mix: every target whole, old or new,
        # and nothing else but the old files' backups.
        fresh = new_set(sets)
        whole = all(after.get(n) == before.get(n) or (n in after and after[n][2] == fresh[n]) for n in fresh)
        extra = [n for n in after if n not in before and n not in fresh]
        check(sig == signal.SIGKILL and whole and all(".tmp-" in n for n in extra),
              f"{label}: the folder changed: {diff(before, after)}")
        # Every target new, only backups beside them: the kill came after the renames, while the
        # backups were being removed (the next write into the folder removes them).
        all_new = all(n in after and after[n][0] == "file" and after[n][2] == fresh[n] for n in fresh)
        outcomes["new" if all_new else "commit"] += 1
    return outcomes


def signal_part(rng, sig, seconds, sets):
    # Measured once on a machine that other tests load and unload: when the sets then run
    # faster, most signals come after the commit and test nothing. Every folder is checked all
    # the same; the round is run again over half the time until a third of its signals hit.
    for attempt in range(3):
        outcomes = signal_round(rng, sig, seconds, sets)
        print(f"ok  {sig.name}: {KILLS} signals over {seconds:.2f} s sets: {outcomes['old']} left the old set, "
              f"{outcomes['new']} came after the commit, {outcomes['commit']} came during the renames", flush=True)
        # The renames take well under a millisecond of a set's time: a kill lands there rarely,
        # while tiles put in place one by one (as before the set was staged) left a mix after
        # most kills.
        check(outcomes["commit"] <= 1, f"{sig.name}: {outcomes['commit']} of {KILLS} signals left a mix of old "
                                       "and new tiles")
        if outcomes["old"] >= KILLS // 3:
            break
        seconds /= 2
    check(outcomes["old"] >= KILLS // 3, f"{sig.name}: only {outcomes['old']} signals hit a running export")


def main():
    if os.environ.get(IN_NAMESPACE):
        tmpfs_part()
        sys.exit(1 if failures else 0)
    print(f"seed {SEED}", flush=True)
    rng = random.Random(SEED)
    start = time.monotonic()
    run_tmpfs_part()
    scratch = temp_dir()
    side, seconds = long_enough(LARGE_SIDES, lambda side: command(scratch, large(side), True))
    print(f"ok  signalled sets: {side}x{side} in 2x2 tiles, {seconds:.2f} s each", flush=True)
    for sig in (signal.SIGINT, signal.SIGKILL):
        signal_part(rng, sig, seconds, large(side))
    print(f"total {time.monotonic() - start:.1f} s")
    finish()


if __name__ == "__main__":
    main()
