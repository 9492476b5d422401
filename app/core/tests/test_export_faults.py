"""Faults while `export` writes its files, driven through the real program.

A full disk (a small tmpfs filled to many levels, in a private mount namespace), a file size
limit (RLIMIT_FSIZE), every terminating signal mid-export, and targets of every odd kind and
mode (0600, 0444, 0000, FIFO, socket, symbolic link to a file, dangling link, folder, device node
as root), with and without --force, as png16 and r16 (whose OUT.json must change with it); names
of 245-255 bytes; the window's --screenshot into /dev/full and onto a full disk (under Xvfb);
and `sample > file` past a file size limit or into /dev/full.

After every run the folder must hold exactly the old entries (same bytes, same mode, same kind)
or the complete new files (byte-identical to the same export into a fresh folder, so an r16's
OUT.json describes the r16 beside it; a replaced file keeps its mode), never a mix and never a
leftover ".NAME.tmp-*" file; the exit status is 0 (new files, silent), 2 (old files, one line
naming -o, the path and the cause) or 130 (old files, one line saying it was interrupted).

Parts that this machine does not allow (mounting a tmpfs, making a device node) print why and
are skipped; the rest still runs.
"""
import hashlib
import os
import resource
import shutil
import signal
import socket
import stat
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from core_test_support import EXE, check, failures, finish, long_enough, temp_dir, rerun_in_private_tmpfs

IN_NAMESPACE = "NOISE_EXPLORER_FAULTS_TMPFS"
ROOT = os.geteuid() == 0
UMASK = os.umask(0)
os.umask(UMASK)
NEW_MODE = 0o666 & ~UMASK

SMALL = ["--size", "128x128", "--set", "octaves=3"]
# The signalled job: 3D cellular noise of 12 octaves (still slow where 2D Perlin noise has become
# fast), its size chosen by measuring this build on this machine (long_enough), not written down:
# 4096x4096 takes 1.2 s in the release build on two quiet cores, but the ASan build on a loaded
# machine ran that size for minutes (the ignored-signal job runs to its end). The signals come at
# a measured point: once the temp file appears.
LARGE_SIDES = (256, 512, 1024, 2048, 4096)


def large(side):
    return ["--size", f"{side}x{side}", "--set", "octaves=12", "--set", "algorithm=worley", "--set", "dimension=3"]


def outputs(name, fmt):
    return [name, name + ".json"] if fmt == "r16" else [name]


def entry(path):
    """What a folder entry is, compared before and after: kind, mode and content."""
    info = os.lstat(path)
    mode = stat.S_IMODE(info.st_mode)
    if stat.S_ISLNK(info.st_mode):
        return ("link", os.readlink(path))
    if stat.S_ISDIR(info.st_mode):
        return ("folder", mode, tuple(sorted(os.listdir(path))))
    if stat.S_ISREG(info.st_mode):
        os.chmod(path, mode | 0o400)  # a 0000 file is still compared by its bytes
        with open(path, "rb") as fp:
            digest = hashlib.sha256(fp.read()).hexdigest()
        os.chmod(path, mode)
        return ("file", mode, digest, info.st_uid, info.st_gid)
    kind = "fifo" if stat.S_ISFIFO(info.st_mode) else "socket" if stat.S_ISSOCK(info.st_mode) else "device"
    return (kind, mode, info.st_rdev)


def state(folder):
    return {name: entry(os.path.join(folder, name)) for name in os.listdir(folder)}


_references = {}


def reference(fmt, args):
    """The files of the same export written into a fresh folder: name -> sha256."""
    key = (fmt, tuple(args))
    if key not in _references:
        d = temp_dir()
        r = subprocess.run([EXE, "export", *args, "--format", fmt, "-o", os.path.join(d, "ref")],
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        _references[key] = {suffix: entry(os.path.join(d, "ref" + suffix))[2]
                            for suffix in ([""] if fmt != "r16" else ["", ".json"])}
    return _references[key]


def expected_new(before, name, fmt, args):
    """The folder after a successful export: the outputs replaced, each keeping an old file's mode."""
    after = dict(before)
    for suffix, digest in reference(fmt, args).items():
        old = before.get(name + suffix)
        mode, uid, gid = (old[1], old[3], old[4]) if old and old[0] == "file" else (NEW_MODE, os.geteuid(), os.getegid())
        after[name + suffix] = ("file", mode, digest, uid, gid)
    return after


def verify(label, folder, before, name, fmt, args, rc, stderr):
    """The invariants every run must keep; returns 'old' or 'new' for the caller's own checks."""
    after = state(folder)
    temps = [n for n in after if n.startswith(".") and ".tmp-" in n]
    check(not temps, f"{label}: temp files left: {temps}")
    lines = stderr.splitlines()
    if rc == 0:
        check(stderr == "", f"{label}: exit 0 but stderr {stderr!r}")
        check(after == expected_new(before, name, fmt, args),
              f"{label}: exit 0 but the folder does not hold the complete new files: {diff(before, after)}")
        return "new"
    check(rc in (2, 130), f"{label}: exit status {rc} (stderr {stderr!r})")
    check(len(lines) == 1 and stderr.endswith("\n"), f"{label}: expected one line on stderr, got {stderr!r}")
    if rc == 2:
        check("-o" in stderr and os.path.basename(folder) in stderr,
              f"{label}: the message does not name -o and the path: {stderr!r}")
    else:
        check("interrupted" in stderr, f"{label}: exit 130 without saying so: {stderr!r}")
    check(after == before, f"{label}: exit {rc} but the folder changed: {diff(before, after)}")
    return "old"


def diff(before, after):
    return {n: (before.get(n), after.get(n)) for n in set(before) | set(after) if before.get(n) != after.get(n)}


def export(folder, name, fmt, args, force, **kwargs):
    command = [EXE, "export", *args, "--format", fmt, "-o", os.path.join(folder, name)] + (["--force"] if force else [])
    return subprocess.run(command, capture_output=True, text=True, **kwargs)


def write_old(folder, name, fmt, mode=0o644):
    for n in outputs(name, fmt):
        path = os.path.join(folder, n)
        with open(path, "wb") as fp:
            fp.write(b"old bytes of " + n.encode())
        os.chmod(path, mode)


def clear(folder):
    for n in os.listdir(folder):
        path = os.path.join(folder, n)
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        else:
            os.unlink(path)


# [1] A full disk ---------------------------------------------------------------------------------

def tmpfs_part():
    """Runs inside a private mount namespace: a 1 MiB tmpfs, filled so that 0 to 160 KiB stay free."""
    mnt = temp_dir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mnt], check=True)
    try:
        outcomes = {}
        for fmt in ("r16", "png16"):
            for old in (False, True):
                # 4 KiB steps (tmpfs counts pages) around the size of the outputs: a 128x128 r16
                # is 8 pages and its OUT.json one, so some levels take the r16 but not its sidecar.
                for free_kib in [0, 4, 8, 16, 24, 28, 32, 36, 40, 44, 48, 64, 96, 160]:
                    clear(mnt)
                    if old:
                        write_old(mnt, "h", fmt, 0o600)
                    free = os.statvfs(mnt).f_bavail * os.statvfs(mnt).f_frsize
                    with open(os.path.join(mnt, "filler"), "wb") as fp:
                        fp.write(b"\0" * max(0, free - free_kib * 1024))
                    before = state(mnt)
                    r = export(mnt, "h", fmt, SMALL, force=old)
                    label = f"tmpfs {fmt} old={old} free={free_kib}KiB"
                    got = verify(label, mnt, before, "h", fmt, SMALL, r.returncode, r.stderr)
                    if r.returncode == 2:
                        check("disk is full" in r.stderr, f"{label}: cause not named: {r.stderr!r}")
                    outcomes.setdefault((fmt, old), set()).add(got)
        for key, seen in outcomes.items():
            check(seen == {"old", "new"}, f"tmpfs {key}: expected both full-disk failures and successes, saw {seen}")
        tmpfs_screenshot_part(mnt)
    finally:
        subprocess.run(["umount", mnt])


def sanitized():
    """True for a sanitizer build, whose window the project does not test (Mesa's llvmpipe is not
    ours to sanitize, see CMakePresets.json)."""
    with open(EXE, "rb") as fp:
        return b"__asan_init" in fp.read()


def screenshot(path):
    """--screenshot through the window under Xvfb; None when there is no Xvfb or the build is sanitized."""
    if shutil.which("xvfb-run") is None or sanitized():
        return None
    return subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", EXE, "--screenshot", path,
                           "--frames", "1"], capture_output=True, text=True, timeout=120)


def tmpfs_screenshot_part(mnt):
    """A screenshot that does not fit: non-zero exit, one line, nothing left on the disk."""
    clear(mnt)
    free = os.statvfs(mnt).f_bavail * os.statvfs(mnt).f_frsize
    with open(os.path.join(mnt, "filler"), "wb") as fp:
        fp.write(b"\0" * max(0, free - 8192))
    before = state(mnt)
    r = screenshot(os.path.join(mnt, "shot.png"))
    if r is None:
        print("SKIP screenshot on a full disk: no xvfb-run, or a sanitizer build")
        return
    lines = [line for line in r.stderr.splitlines() if "--screenshot" in line]
    check(r.returncode != 0, f"screenshot on a full disk: exit 0 (stderr {r.stderr!r})")
    check(len(lines) == 1 and "disk is full" in lines[0], f"screenshot on a full disk: {r.stderr!r}")
    check(state(mnt) == before, f"screenshot on a full disk changed the folder: {diff(before, state(mnt))}")


def run_tmpfs_part():
    rerun_in_private_tmpfs(__file__, IN_NAMESPACE)


# [2] A file size limit ---------------------------------------------------------------------------

def limit_part():
    d = temp_dir()
    for fmt, args in (("r16", ["--size", "8x8"]), ("r16", SMALL), ("png16", SMALL)):
        for old in (False, True):
            for limit in (512, 1024, 4096, 16384, 40000, 1 << 20):
                clear(d)
                if old:
                    write_old(d, "h", fmt, 0o640)
                before = state(d)
                r = export(d, "h", fmt, args, force=old,
                           preexec_fn=lambda n=limit: resource.setrlimit(resource.RLIMIT_FSIZE, (n, n)))
                label = f"ulimit -f {limit}B {fmt} {args[1]} old={old}"
                verify(label, d, before, "h", fmt, args, r.returncode, r.stderr)
                if r.returncode == 2:
                    check("file size limit" in r.stderr, f"{label}: cause not named: {r.stderr!r}")


# [3] Signals mid-export --------------------------------------------------------------------------

def writing_into(folder, pid):
    """Whether the process has a file open for writing in `folder`: a named temp file, or an
    unnamed O_TMPFILE one, which /proc shows as "FOLDER/#INODE (deleted)"."""
    if any(n.startswith(".") and ".tmp-" in n for n in os.listdir(folder)):
        return True
    fds = f"/proc/{pid}/fd"
    try:
        links = [os.readlink(os.path.join(fds, fd)) for fd in os.listdir(fds)]
    except OSError:
        return False
    return any(link.startswith(os.path.join(folder, "#")) for link in links)


def wait_for_temp(folder, proc):
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if writing_into(folder, proc.pid):
                return True
        except OSError:
            pass  # a link that went while it was read
        time.sleep(0.002)
    return False


def signal_part():
    d = temp_dir()
    # At least a second: every signal below comes within 0.2 s of the temp file's appearance.
    side, seconds = long_enough(LARGE_SIDES, lambda side: [EXE, "export", *large(side), "--format", "r16", "-o",
                                                            os.path.join(d, "measure.r16"), "--force"], at_least=1.0)
    print(f"signalled job: {side}x{side}, {seconds:.2f} s", flush=True)
    for name in ("measure.r16", "measure.r16.json"):
        os.remove(os.path.join(d, name))
    LARGE = large(side)
    signals = [signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2,
               signal.SIGALRM, signal.SIGPIPE]
    for i, sig in enumerate(signals):
        fmt = "r16" if i % 2 == 0 else "png16"
        clear(d)
        write_old(d, "big", fmt, 0o600)
        before = state(d)
        # The default action, even if whoever runs the tests ignores the signal (nohup).
        proc = subprocess.Popen([EXE, "export", *LARGE, "--format", fmt, "-o", os.path.join(d, "big"), "--force"],
                                stderr=subprocess.PIPE, text=True,
                                preexec_fn=lambda s=sig: signal.signal(s, signal.SIG_DFL))
        started = wait_for_temp(d, proc)
        check(started, f"{sig.name}: no temp file appeared")
        time.sleep(0.1 * (i % 3))  # at the start, or with rows already written
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=120)
        label = f"{sig.name} during a {fmt} export"
        check(proc.returncode == 130, f"{label}: exit status {proc.returncode}, expected 130 (stderr {err!r})")
        if proc.returncode in (0, 2, 130):
            verify(label, d, before, "big", fmt, LARGE, proc.returncode, err)
        else:
            check(not [n for n in os.listdir(d) if ".tmp-" in n], f"{label}: left {os.listdir(d)}")

    # Ignored before the program started (nohup): it stays ignored and the export completes.
    clear(d)
    before = state(d)
    proc = subprocess.Popen([EXE, "export", *LARGE, "--format", "r16", "-o", os.path.join(d, "big")],
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
    wait_for_temp(d, proc)
    proc.send_signal(signal.SIGHUP)
    _, err = proc.communicate(timeout=120)
    check(proc.returncode == 0, f"ignored SIGHUP: exit status {proc.returncode} (stderr {err!r})")
    verify("ignored SIGHUP", d, before, "big", "r16", LARGE, proc.returncode, err)


# [4] Screenshots -----------------------------------------------------------------------------------

def screenshot_part():
    """--screenshot /dev/full used to exit 0 having written nothing: now refused, non-zero, one line."""
    r = screenshot("/dev/full")
    if r is None:
        print("SKIP --screenshot /dev/full: no xvfb-run, or a sanitizer build")
        return
    lines = [line for line in r.stderr.splitlines() if "--screenshot" in line]
    check(r.returncode != 0, f"--screenshot /dev/full: exit 0 (stderr {r.stderr!r})")
    check(len(lines) == 1 and "'/dev/full'" in lines[0] and "not a regular file" in lines[0],
          f"--screenshot /dev/full: {r.stderr!r}")
    check(stat.S_ISCHR(os.lstat("/dev/full").st_mode), "/dev/full is no longer a device")


# [5] sample's stdout ------------------------------------------------------------------------------

def sample_part():
    """`sample > file` past `ulimit -f`, or into /dev/full: status 2 and one line, not SIGXFSZ."""
    d = temp_dir()
    points = "".join(f"{i * 0.37} {i * 0.11}\n" for i in range(20000)).encode()
    cases = [("ulimit -f 4096", os.path.join(d, "values.txt"), 4096, "file size limit"),
             ("/dev/full", "/dev/full", None, "disk is full")]
    for label, path, limit, cause in cases:
        with open(path, "wb") as out:
            r = subprocess.run([EXE, "sample"], input=points, stdout=out, stderr=subprocess.PIPE,
                               preexec_fn=None if limit is None else
                               lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit)))
        err = r.stderr.decode(errors="replace")
        check(r.returncode == 2, f"sample into {label}: exit status {r.returncode} (stderr {err!r})")
        check(len(err.splitlines()) == 1 and "stdout" in err and cause in err, f"sample into {label}: {err!r}")


# [6] Odd targets ---------------------------------------------------------------------------------

def make_kind(folder, name, kind):
    """Puts an entry of `kind` at folder/name; returns False when this machine cannot."""
    path = os.path.join(folder, name)
    if kind.startswith("mode"):
        with open(path, "wb") as fp:
            fp.write(b"old bytes of " + name.encode())
        os.chmod(path, int(kind[4:], 8))
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "socket":
        s = socket.socket(socket.AF_UNIX)
        s.bind(path)
        s.close()
    elif kind == "symlink":
        with open(os.path.join(folder, "pointed-at"), "wb") as fp:
            fp.write(b"the link's file")
        os.symlink("pointed-at", path)
    elif kind == "dangling":
        os.symlink("nowhere", path)
    elif kind == "folder":
        os.mkdir(path)
        with open(os.path.join(path, "inside"), "wb") as fp:
            fp.write(b"x")
    elif kind == "device":
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # /dev/null's twin
    return True


def targets_part():
    d = temp_dir()
    kinds = ["mode600", "mode444", "mode000", "fifo", "socket", "symlink", "dangling", "folder"]
    if ROOT:
        kinds.append("device")
    else:
        print("SKIP device node target: only root may mknod (FIFO, socket and folder targets cover the rest)")
    for fmt in ("png16", "r16"):
        # r16: the odd entry at OUT itself, or at OUT.json beside a regular old OUT.
        for at in ([""] if fmt == "png16" else ["", ".json"]):
            for kind in kinds:
                for force in (False, True):
                    clear(d)
                    if fmt == "r16":
                        write_old(d, "h", fmt, 0o644)
                        os.unlink(os.path.join(d, "h" + at))
                    make_kind(d, "h" + at, kind)
                    before = state(d)
                    r = export(d, "h", fmt, SMALL, force)
                    label = f"{fmt} {kind} at h{at} force={force}"
                    got = verify(label, d, before, "h", fmt, SMALL, r.returncode, r.stderr)
                    regular = kind.startswith("mode")
                    if regular and force:
                        check(got == "new", f"{label}: a regular file was not replaced: {r.stderr!r}")
                    else:
                        check(r.returncode == 2, f"{label}: exit {r.returncode}, expected 2: {r.stderr!r}")
                        # Without --force the regular old OUT of an r16 is refused first.
                        reason = ("already exists" if regular or (at and not force) else
                                  "symbolic link" if kind in ("symlink", "dangling") else
                                  "is a folder" if kind == "folder" else "not a regular file")
                        check(reason in r.stderr, f"{label}: {reason!r} not in {r.stderr!r}")

    # Names of 245-255 bytes: the temp name still fits; r16's OUT.json may not, and says so.
    for length in (245, 250, 251, 255):
        for fmt in ("png16", "r16"):
            clear(d)
            name = "n" * length
            before = state(d)
            r = export(d, name, fmt, ["--size", "8x8"], False)
            label = f"{fmt} name of {length} bytes"
            verify(label, d, before, name, fmt, ["--size", "8x8"], r.returncode, r.stderr)
            fits = length + (5 if fmt == "r16" else 0) <= 255
            check((r.returncode == 0) == fits, f"{label}: exit {r.returncode}: {r.stderr!r}")
            if not fits:
                check("bytes long: expected at most 255" in r.stderr, f"{label}: {r.stderr!r}")


def main():
    if os.environ.get(IN_NAMESPACE):
        tmpfs_part()
        sys.exit(1 if failures else 0)

    start = time.monotonic()
    for part in (run_tmpfs_part, limit_part, targets_part, signal_part, screenshot_part, sample_part):
        t = time.monotonic()
        part()
        print(f"{part.__name__}: {time.monotonic() - t:.1f} s")
    print(f"total {time.monotonic() - start:.1f} s")
    finish()


if __name__ == "__main__":  # test_export_kills.py imports the helpers above
    main()
