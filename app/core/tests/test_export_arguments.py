"""Hostile values for every argument of `export`: each is an error, never a default or a guess.

Every case must give exit status 2 and exactly one line on stderr that starts with "export: ",
names the argument and says what is allowed, holds no control byte (a value's escape sequence
must not reach the terminal) and stays short whatever the value's length; nothing may be created
in the output folder. Legal spellings at the edges of the ranges must still work.
"""
import os
import resource
import sys

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from core_test_support import EXE, check, finish, run, snapshot, temp_dir

d = temp_dir()
out = os.path.join(d, "out.png")
GOOD = ["--size", "16x16", "--format", "png8", "-o", out]


def control_bytes(text):
    return [c for c in text if ord(c) < 0x20 and c != "\n" or ord(c) == 0x7F]


def expect_refused(label, args, must_contain, folder=d, says_allowed=True, **kwargs):
    before = snapshot(folder)
    r = run("export", *args, **kwargs)
    lines = r.stderr.splitlines()
    check(r.returncode == 2, f"{label}: exit status {r.returncode}, expected 2 (stderr {r.stderr!r})")
    check(len(lines) == 1 and r.stderr.endswith("\n"), f"{label}: expected one line on stderr, got {r.stderr!r}")
    check(r.stderr.startswith("export: "), f"{label}: no 'export: ' prefix in {r.stderr!r}")
    check(not control_bytes(r.stderr), f"{label}: control bytes in {r.stderr!r}")
    check(len(r.stderr) < 400, f"{label}: {len(r.stderr)} characters on stderr")
    if says_allowed:
        check("expected" in r.stderr, f"{label}: the message does not say what is allowed: {r.stderr!r}")
    for text in must_contain:
        check(text in r.stderr, f"{label}: {text!r} not in {r.stderr!r}")
    check(r.stdout == "", f"{label}: unexpected stdout {r.stdout!r}")
    check(snapshot(folder) == before, f"{label}: the folder changed: {sorted(set(snapshot(folder)) ^ set(before))}")


def without(option, args=GOOD):
    """GOOD without `option` and its value."""
    i = args.index(option)
    return args[:i] + args[i + 2:]


# [Empty values] Given empty, an option is an error naming it, not its default.
for option in ("--size", "--format", "-o"):
    expect_refused(f"{option} ''", [*without(option), option, ""], [option, "empty"])
for option in ("--preset", "--region", "--threads", "--set"):
    expect_refused(f"{option} ''", [*GOOD, option, ""], [option, "empty"])
    expect_refused(f"{option}=", [*GOOD, f"{option}="], [option, "empty"])
# A value missing at the end of the line.
for option in ("--preset", "--set", "--region", "--threads"):
    expect_refused(f"{option} without a value", [*GOOD, option], [option, "missing"])

# [Given twice] One value each; which one would win is not for us to guess.
expect_refused("--preset twice", [*GOOD, "--preset", "clouds", "--preset", "marble"], ["--preset", "'clouds'", "'marble'"])
expect_refused("--size twice", [*GOOD, "--size", "32x32"], ["--size", "'16x16'", "'32x32'"])
expect_refused("-o twice", [*GOOD, "-o", os.path.join(d, "other.png")], ["-o", "other.png"])
expect_refused("--threads twice", [*GOOD, "--threads", "1", "--threads", "2"], ["--threads", "2 times"])

# [--threads] Plain decimal digits from 0 to 1024.
for bad in ("abc", "-1", "+2", "+-1", " 2", "2 ", "0x10", "1e2", "2.0", "1025", "99999999999999999999", "\x1b[31m"):
    expect_refused(f"--threads {bad!r}", [*GOOD, "--threads", bad],
                   ["--threads", "expected an integer from 0 to 1024"])
expect_refused("--threads words", [*GOOD, "--threads", "abc"],
               ["--threads: 'abc' is not a thread count: expected an integer from 0 to 1024 (0: one per core)"])

# [--set] Numbers in one plain decimal form (noise/field_table.hpp); "+-1" was once read as -1.
for value, what in (("octaves=+-1", "not an integer"), ("octaves=+5", "not an integer"), ("octaves= 5", "not an integer"),
                    ("octaves=5 ", "not an integer"), ("octaves=0x10", "not an integer"), ("octaves=", "empty"),
                    ("octaves=5e0", "not an integer"), ("persistence=+-0.5", "not a number"),
                    ("persistence=inf", "not a finite number"), ("persistence=nan", "not a finite number"),
                    ("persistence=1e400", "too large or too small"), ("persistence=1e-400", "too large or too small"),
                    ("persistence=0.5abc", "not a number"), ("offset_x=1e13", "out of range"),
                    ("frequency=0x1p3", "not a number"), ("smooth=", "empty"), ("fractal=", "empty")):
    key = value.split("=")[0]
    expect_refused(f"--set {value!r}", [*GOOD, "--set", value], ["--set", key, what, "expected"])
expect_refused("--set control bytes", [*GOOD, "--set", "octaves=\x1b]0;pwned\x07"], ["octaves", "\\x1b]0;pwned\\x07"])
expect_refused("--set huge value", [*GOOD, "--set", "seed=" + "7" * 100000], ["seed", "(100000 bytes)"])

# [--size, --region, --format]
for bad in ("+16x16", "16x+16", "+-16x16", " 16x16", "16x16 ", "1e1x16", "16X16", "\x1b[2Jx16", "x" * 100000):
    expect_refused(f"--size {bad[:20]!r}", [*without("--size"), "--size", bad], ["--size", "16384x16384"])
for bad in ("+0,0,8,8", "0,0,+8,8", " 0,0,8,8", "0,0,8,8 ", "0x0,0,8,8", "0,0,8e0,8", "0,0,8,8,", "\x07,0,8,8"):
    expect_refused(f"--region {bad!r}", [*GOOD, "--region", bad], ["--region", "X0,Y0,X1,Y1"])
for bad in ("PNG8", "png8 ", " png8", "\x07"):
    expect_refused(f"--format {bad!r}", [*without("--format"), "--format", bad], ["--format", "png16", "r16"])

# [Switches and strays]
expect_refused("--force=yes", [*GOOD, "--force=yes"], ["--force", "'yes'", "without a value"])
expect_refused("--force=false", [*GOOD, "--force=false"], ["--force", "without a value"])
expect_refused("stray value", [*GOOD, "extra"], ["'extra'", "expected --preset"])
expect_refused("stray after --", [*GOOD, "--", "-o"], ["'--'", "expected --preset"])
expect_refused("unknown option with escapes", [*GOOD, "--\x1b[31mred"], ["\\x1b[31mred", "expected --preset"])
# (The preset's own messages come from preset.cpp; here only their one escaped line is checked.)
expect_refused("missing --preset", [*GOOD, "--preset", os.path.join(d, "none\x1b.json")], ["--preset", "none"],
               says_allowed=False)

# [Memory] Under `ulimit -v` the export fails with one line and leaves nothing; a lack of memory
# is said as such (not blamed on -o) where the program itself meets it. AddressSanitizer reserves
# terabytes of address space, so a sanitized build cannot run under any limit: skipped there.
with open(EXE, "rb") as fp:
    sanitized = b"__asan_init" in fp.read()
if sanitized:
    print("SKIP memory limits: this build uses AddressSanitizer, which needs unlimited address space")
else:
    # The limits start a little above what the program needs just to start (which grows with
    # the program): there it runs, and a 4096 x 4096 render is what runs out.
    def starts_under(megabytes):
        limit = megabytes << 20
        return run("--version", preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit))).returncode == 0
    least = next((m for m in range(16, 256, 2) if starts_under(m)), None)
    check(least is not None, "the program does not even start under 256 MB of address space")
    said_memory = False
    for megabytes in (least + 2, least + 6, least + 10) if least else ():
        limit = megabytes << 20
        before = snapshot(d)
        r = run("export", "--size", "4096x4096", "--format", "png16", "--threads", "2", "-o", out,
                preexec_fn=lambda limit=limit: resource.setrlimit(resource.RLIMIT_AS, (limit, limit)))
        check(r.returncode in (0, 2), f"ulimit -v {megabytes} MB: exit status {r.returncode}, stderr {r.stderr!r}")
        if r.returncode == 2:
            check(len(r.stderr.splitlines()) == 1 and r.stderr.startswith("export: "),
                  f"ulimit -v {megabytes} MB: expected one line, got {r.stderr!r}")
            check(snapshot(d) == before, f"ulimit -v {megabytes} MB: the folder changed")
            said_memory |= "not enough memory to render 4096x4096 with 2 threads" in r.stderr
        elif os.path.exists(out):
            os.remove(out)
    check(said_memory, f"no limit from {least + 2} to {least + 10} MB gave 'not enough memory to render 4096x4096'")

# [Allowed] The edges of each range still work.
ok = os.path.join(d, "ok.png")
for args in (["--threads", "0"], ["--threads", "1024"], ["--threads=2"], ["--set", "persistence=.5"],
             ["--set", "offset_x=-1e12"], ["--set", "z=1e-320"], ["--region", "0,0,16,1"], ["--force"],
             # Every setting at the end of its range that reaches the lattice: octave 15 of
             # lacunarity 4 at offset 1e12 is 1e21 cells, past int64 before the clamp.
             ["--set", "octaves=16", "--set", "lacunarity=4", "--set", "offset_x=1e12", "--set", "offset_y=-1e12",
              "--set", "frequency=100000", "--set", "dimension=4", "--set", "z=1e12", "--set", "w=-1e12"],
             ["--set", "octaves=16", "--set", "lacunarity=4", "--set", "tile=65536", "--set", "offset_x=-1e12"]):
    r = run("export", "--size", "16x16", "--format", "png8", "-o", ok, "--force", *args)
    # 4 cells across a tile of 65536 is no whole tile: the one warning that may come.
    seam = "tile=65536" in args and r.stderr.startswith("export: warning: this image will not tile") \
        and len(r.stderr.splitlines()) == 1
    check(r.returncode == 0 and (r.stderr == "" or seam), f"{args}: exit status {r.returncode}, stderr {r.stderr!r}")

# [Kept size] Without --size, the size the preset keeps (view.export_size); --size wins over it;
# with neither, --size is required and the message says the preset keeps none.
kept_preset = os.path.join(d, "kept.json")
with open(kept_preset, "w") as f:
    f.write('{"format": "noise-explorer-preset", "version": 1, "view": {"export_size": "unity-33"}}\n')
for label, args, side in (("the preset's size", ["--preset", kept_preset], (33, 33)),
                          ("--set view.export_size", ["--set", "view.export_size=24x16"], (24, 16)),
                          ("--size over the preset's", ["--preset", kept_preset, "--size", "8x4"], (8, 4))):
    raw = os.path.join(d, "kept.r32")
    r = run("export", *args, "--format", "r32", "-o", raw, "--force")
    check(r.returncode == 0, f"{label}: exit status {r.returncode}, stderr {r.stderr!r}")
    if r.returncode == 0:
        check(os.path.getsize(raw) == side[0] * side[1] * 4,
              f"{label}: {os.path.getsize(raw)} bytes, expected {side[0]} x {side[1]} floats")
expect_refused("no --size and none kept", ["--format", "png8", "-o", out],
               ["--size is required", "view.export_size"])

finish()
