"""Every way an export can go wrong: exit status 2, exactly one line on stderr that names the
argument or key and its value, and nothing created or changed on disk."""
import json
import os
import resource
import shutil
import signal
import subprocess
import time

from PIL import Image

import sys

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from core_test_support import EXE, check, finish, run, snapshot, temp_dir

GOOD = ["--size", "16x16", "--format", "png8"]


def expect_error(label, args, must_contain, folder, **kwargs):
    """Runs export with args; checks status 2, one stderr line containing every string, and
    that `folder` is byte-identical afterwards (no temp file, nothing replaced)."""
    before = snapshot(folder)
    r = run("export", *args, **kwargs)
    lines = r.stderr.splitlines()
    check(r.returncode == 2, f"{label}: exit status {r.returncode}, expected 2 (stderr {r.stderr!r})")
    check(len(lines) == 1 and r.stderr.endswith("\n"), f"{label}: expected one line on stderr, got {r.stderr!r}")
    for text in must_contain:
        check(text in r.stderr, f"{label}: {text!r} not in {r.stderr!r}")
    check(r.stdout == "", f"{label}: unexpected stdout {r.stdout!r}")
    check(snapshot(folder) == before, f"{label}: the folder changed: {sorted(set(snapshot(folder)) ^ set(before))}")
    return r.stderr


d = temp_dir()
out = os.path.join(d, "out.png")


def preset_file(name, text):
    path = os.path.join(d, name)
    with open(path, "w") as fp:
        fp.write(text)
    return path


HEAD = '"format": "noise-explorer-preset", "version": 1'

# [Presets]
expect_error("unknown key", ["--preset", preset_file("k.json", "{" + HEAD + ', "octave": 3}'), *GOOD, "-o", out],
             ["--preset", "k.json", "unknown key 'octave'", "did you mean 'octaves'"], d)
expect_error("wrong type", ["--preset", preset_file("t.json", "{" + HEAD + ', "octaves": "six"}'), *GOOD, "-o", out],
             ["t.json", "key 'octaves'", "expected an integer from 1 to 16", '"six"'], d)
expect_error("wrong view type", ["--preset", preset_file("v.json", "{" + HEAD + ', "view": {"hillshade": "yes"}}'),
                                 *GOOD, "-o", out], ["key 'view.hillshade'", "expected true or false"], d)
expect_error("out of range", ["--preset", preset_file("r.json", "{" + HEAD + ', "persistence": 1.5}'), *GOOD, "-o", out],
             ["r.json", "key 'persistence'", "'1.5' is out of range", "from 0 to 1"], d)
expect_error("newer version", ["--preset", preset_file("n.json", '{"format": "noise-explorer-preset", "version": 4}'),
                               *GOOD, "-o", out], ["n.json", "key 'version'", "4 is newer", "expected 3"], d)
expect_error("wrong format", ["--preset", preset_file("f.json", '{"format": "gimp-palette", "version": 1}'),
                              *GOOD, "-o", out], ["f.json", "key 'format'", "noise-explorer-preset", "gimp-palette"], d)
expect_error("malformed JSON", ["--preset", preset_file("m.json", "{\n  " + HEAD + ",\n  \"octaves\": 4,\n}\n"),
                                *GOOD, "-o", out], ["m.json:4:1: malformed JSON"], d)
expect_error("missing preset", ["--preset", os.path.join(d, "none.json"), *GOOD, "-o", out],
             ["none.json", "not found"], d)
plain = os.path.join(d, "plain.png")
Image.new("L", (4, 4)).save(plain)
expect_error("PNG without chunk", ["--preset", plain, *GOOD, "-o", out],
             ["plain.png", "no 'noise-explorer-preset' text chunk"], d)
expect_error("--set unknown", ["--set", "octavez=3", *GOOD, "-o", out], ["--set", "unknown key 'octavez'"], d)
expect_error("--set range", ["--set", "octaves=17", *GOOD, "-o", out], ["--set", "octaves", "'17'", "1 to 16"], d)
expect_error("--set view", ["--set", "ramp=pink", *GOOD, "-o", out], ["ramp", "'pink'", "viridis"], d)
expect_error("--set joint rule", ["--set", "tile=4", "--set", "lacunarity=2.5", *GOOD, "-o", out],
             ["lacunarity", "'2.5'", "tiling"], d)

# [Arguments]
for bad in ("0x16", "16385x16", "16", "big", "unreal-1000", "16x16x16"):
    expect_error(f"--size {bad}", ["--size", bad, "--format", "png8", "-o", out],
                 ["--size", f"'{bad}'", "16384x16384", "unreal-1009"], d)
expect_error("--format", ["--size", "8x8", "--format", "jpeg", "-o", out], ["--format", "'jpeg'", "png16", "r16"], d)
expect_error("--region outside", [*GOOD, "-o", out, "--region", "0,0,17,16"], ["--region", "'0,0,17,16'", "outside"], d)
expect_error("--region negative", [*GOOD, "-o", out, "--region=-1,0,8,8"], ["--region", "'-1,0,8,8'", "outside"], d)
expect_error("--region empty", [*GOOD, "-o", out, "--region", "4,4,4,8"], ["--region", "'4,4,4,8'", "empty"], d)
expect_error("--region malformed", [*GOOD, "-o", out, "--region", "1,2,3"], ["--region", "'1,2,3'", "X0,Y0,X1,Y1"], d)
expect_error("--region words", [*GOOD, "-o", out, "--region", "a,b,c,d"], ["--region", "'a,b,c,d'"], d)
expect_error("missing -o", GOOD, ["-o is required"], d)
expect_error("missing --size", ["--format", "png8", "-o", out], ["--size is required"], d)
expect_error("unknown option", [*GOOD, "-o", out, "--colour", "red"], ["--colour", "expected --preset"], d)

# [Files]
keep = os.path.join(d, "keep.png")
with open(keep, "wb") as fp:
    fp.write(b"precious bytes, not a PNG")
expect_error("existing output", [*GOOD, "-o", keep], ["keep.png", "already exists", "--force"], d)
keep_raw = os.path.join(d, "keep.r16")
with open(keep_raw + ".json", "w") as fp:
    fp.write("{}")
expect_error("existing r16 sidecar", ["--size", "8x8", "--format", "r16", "-o", keep_raw],
             ["keep.r16.json", "already exists"], d)
expect_error("missing folder", [*GOOD, "-o", os.path.join(d, "no", "such", "x.png")],
             ["no/such", "does not exist"], d)
expect_error("output is a folder", [*GOOD, "-o", d, "--force"], ["is a folder"], d)
# A name's extension says what the file holds: none says one thing and holds another.
expect_error("raw floats named .png", ["--size", "8x8", "--format", "r32", "-o", out],
             ["-o: 'out.png'", ".png is the extension of png8", "not of r32", "name it .r32 (or .raw)"], d)
expect_error("a PNG named .jpg", [*GOOD, "-o", os.path.join(d, "out.JPG")],
             ["-o: 'out.JPG'", "a format no export writes", "name it .png"], d)
expect_error("an animation named .r16", [*GOOD, "--animate", "slice", "--set", "dimension=3",
                                         "-o", os.path.join(d, "out.r16")], ["-o: 'out.r16'", "not of png8"], d)
r = run("export", "--size", "8x8", "--format", "r16", "-o", os.path.join(d, "unity.raw"))
check(r.returncode == 0 and os.path.getsize(os.path.join(d, "unity.raw")) == 128, "r16 may be named .raw")
# --force replaces regular files only: as root a rename would turn /dev/null into a file.
expect_error("output is a device", [*GOOD, "-o", "/dev/null", "--force"],
             ["-o", "'/dev/null'", "is a character device, not a regular file"], d)
check(os.path.exists("/dev/null") and not os.path.isfile("/dev/null"), "/dev/null is still a device")
r = run("export", *GOOD, "-o", keep, "--force")
check(r.returncode == 0 and open(keep, "rb").read().startswith(b"\x89PNG"), "--force replaces the file")

# A file size limit (ulimit -f): the write fails with EFBIG, the partial temp file goes away.
big = os.path.join(d, "big.png")
expect_error("file size limit", ["--size", "512x512", "--format", "png16", "-o", big], ["file size limit"], d,
             preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (65536, 65536)))


def in_private_mount(mount_options, script_args, label):
    """Runs export in a private mount namespace over a fresh tmpfs; returns (rc, stderr, files
    left in the tmpfs) or None when this machine does not allow it."""
    if shutil.which("unshare") is None:
        return None
    mnt = temp_dir()
    # export prints nothing on stdout, so the listing of the tmpfs after it can go there.
    script = ('mount -t tmpfs -o "$1" tmpfs "$2" || exit 99; if [ "$3" = precious ]; then echo precious > "$2/keep"; '
              'mount -o remount,ro "$2" || exit 99; fi; shift 3; "$@"; rc=$?; ls -A "$MNT"; exit $rc')
    pre = "precious" if "ro" in mount_options.split(",") else "-"
    opts = ",".join(o for o in mount_options.split(",") if o != "ro") or "size=1m"
    proc = subprocess.run(["unshare", "-m", "--propagation", "private", "sh", "-c", script, "sh", opts, mnt, pre,
                           EXE, "export", *script_args(mnt)],
                          capture_output=True, text=True, env={**os.environ, "MNT": mnt})
    left = proc.stdout.split()
    if proc.returncode == 99 or "unshare failed" in proc.stderr or "Operation not permitted" in proc.stderr:
        return None
    return proc.returncode, proc.stderr, left


def check_mounted(label, result, must_contain, expected_left):
    if result is None:
        print(f"SKIP {label}: this machine does not allow a private tmpfs mount (unshare -m)")
        return
    rc, stderr, left = result
    check(rc == 2, f"{label}: exit status {rc}, stderr {stderr!r}")
    check(len(stderr.splitlines()) == 1, f"{label}: expected one line, got {stderr!r}")
    for text in must_contain:
        check(text in stderr, f"{label}: {text!r} not in {stderr!r}")
    check(left == expected_left, f"{label}: files left {left}, expected {expected_left}")


# A full disk: a 64 KiB tmpfs cannot hold a 512x512 16-bit export.
check_mounted("disk full",
              in_private_mount("size=64k", lambda m: ["--size", "512x512", "--format", "png16", "-o", m + "/x.png"],
                               "disk full"),
              ["x.png", "disk is full"], [])
# A read-only folder. Root ignores permission bits, so a read-only mount is the honest test;
# as another user a chmod'ed folder is checked too.
check_mounted("read-only folder",
              in_private_mount("ro,size=1m", lambda m: [*GOOD, "-o", m + "/x.png"], "read-only"),
              ["x.png", "read-only"], ["keep"])
if os.geteuid() != 0:
    ro = temp_dir()
    os.chmod(ro, 0o555)
    expect_error("read-only folder (permissions)", [*GOOD, "-o", os.path.join(ro, "x.png")], ["permission"], ro)
else:
    print("SKIP read-only folder by permission bits: running as root, which ignores them (the read-only mount "
          "case above covers it)")

# An interrupted export (Ctrl-C) leaves no file and reports it.
slow = temp_dir()
proc = subprocess.Popen([EXE, "export", "--size", "8192x8192", "--set", "octaves=16", "--format", "png16",
                         "-o", os.path.join(slow, "big.png")], stderr=subprocess.PIPE, text=True)
time.sleep(0.5)
proc.send_signal(signal.SIGINT)
_, err = proc.communicate(timeout=120)
check(proc.returncode == 130, f"interrupted export: exit status {proc.returncode}, stderr {err!r}")
check(len(err.splitlines()) == 1 and "interrupted" in err, f"interrupted export: stderr {err!r}")
check(os.listdir(slow) == [], f"interrupted export left {os.listdir(slow)}")

# --help is not an error.
r = run("export", "--help")
check(r.returncode == 0 and "--region" in r.stdout and "unreal-8129" in r.stdout and r.stderr == "", "export --help")

finish()
