"""Hostile inputs against `export` and `sample`, each a reproduction from issue 60: the cost of an
input is bounded before anything is allocated (memory measured: the child's own max RSS), every
refusal is one line naming the whole key or option and the file, a signal in any long phase ends
with status 130 and the usual line, and nothing is left behind."""
import os
import resource
import signal
import struct
import subprocess
import sys
import time
import zlib

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

import numpy as np

from core_test_support import EXE, check, finish, temp_dir

d = temp_dir()
one_line = lambda text: len(text.splitlines()) == 1  # noqa: E731


def sanitized():
    with open(EXE, "rb") as fp:
        return b"__asan_init" in fp.read()


def run_measured(*args, stdin=b"", pipe=False, limit_as=None, cwd=d):
    """(status, stderr, max RSS in KiB) of one run of the program in `d`, `stdin` (bytes) on its
    input, from a pipe when `pipe`. wait4 gives this child's own max RSS."""
    read_end, write_end = os.pipe() if pipe else (None, None)
    if pipe:
        os.write(write_end, stdin)  # small: fits the pipe's buffer
        os.close(write_end)
    else:
        with open(os.path.join(d, "stdin"), "wb") as f:
            f.write(stdin)
    with open(os.path.join(d, "stderr"), "w+b") as err:
        pid = os.fork()
        if pid == 0:  # the child: redirect and become the program
            try:
                os.chdir(cwd)
                os.dup2(read_end if pipe else os.open(os.path.join(d, "stdin"), os.O_RDONLY), 0)
                os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
                os.dup2(err.fileno(), 2)
                if limit_as:
                    resource.setrlimit(resource.RLIMIT_AS, (limit_as, limit_as))
                os.execv(EXE, [EXE, *args])
            finally:
                os._exit(127)
        if pipe:
            os.close(read_end)
        _, status, usage = os.wait4(pid, 0)
        err.seek(0)
        return os.waitstatus_to_exitcode(status), err.read().decode(errors="replace"), usage.ru_maxrss


def export(*args, **kwargs):
    return run_measured("export", *args, **kwargs)


def chunk(kind, data, declared=None):
    length = len(data) if declared is None else declared
    return struct.pack(">I", length) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(*chunks):
    return b"\x89PNG\r\n\x1a\n" + b"".join(chunks)


def write(name, data):
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)
    return os.path.join(d, name)


def entries():
    return sorted(os.listdir(d))


ihdr_8x8 = chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, 8, 0, 0, 0, 0))
out = os.path.join(d, "never.png")
small = ["--size", "8x8", "--format", "png8", "-o", out]

# 1. A 47-byte PNG whose tEXt chunk declares 0x7ffffff0 bytes: refused from the chunk's length,
# before libpng allocates it; the program stays small (it reached 2 GB).
bomb = write("bomb.png", png(ihdr_8x8, chunk(b"tEXt", b"k\0", declared=0x7FFFFFF0)))
check(os.path.getsize(bomb) == 47, f"the hostile PNG has {os.path.getsize(bomb)} bytes")
status, err, rss = export("--set", "layer.2.heightmap=bomb.png", *small)
check(status == 2 and one_line(err) and f"layer.2.heightmap: {bomb}: chunk 'tEXt' at byte 33 declares" in err
      and "2147483632 bytes" in err and not os.path.exists(out), f"a PNG declaring a 2 GiB tEXt: {status} {err!r}")
rss_limit = 200 * 1024 if not sanitized() else 1024 * 1024  # KiB; ASan's shadow memory counts too
check(rss < rss_limit, f"a PNG declaring a 2 GiB tEXt took {rss} KiB (max RSS) before its refusal")
for name, body, expected in (
        ("long-text.png", png(ihdr_8x8, chunk(b"tEXt", b"k\0v", declared=1000)), "but the file has only"),
        ("long-idat.png", png(ihdr_8x8, chunk(b"IDAT", b"", declared=0x7FFFFF00)), "but the file has only"),
        ("huge-idat.png", png(ihdr_8x8, chunk(b"IDAT", b"", declared=0x80000000)), "at most 2147483647")):
    write(name, body)
    status, err, rss = export("--set", "layer.2.heightmap=" + name, *small)
    check(status == 2 and one_line(err) and expected in err and not os.path.exists(out) and rss < rss_limit,
          f"{name}: status {status}, {rss} KiB, {err!r}")
# A pipe has no size to compare with: the limit on chunks other than the image data bounds it.
status, err, rss = export("--set", "layer.2.heightmap=/dev/stdin", *small, stdin=open(bomb, "rb").read(), pipe=True)
check(status == 2 and one_line(err) and "at most 1088 KiB here" in err and rss < rss_limit,
      f"the hostile PNG through a pipe: status {status}, {rss} KiB, {err!r}")
# The same file as a preset's heightmap and through `sample`: the same reader, the same refusal.
status, err, rss = run_measured("sample", "--set", "layer.2.heightmap=bomb.png", stdin=b"0 0\n")
check(status == 2 and one_line(err) and "chunk 'tEXt'" in err and rss < rss_limit,
      f"sample with the hostile PNG: status {status}, {rss} KiB, {err!r}")

# 2. Meshes: a tall, thin export's rows are capped like its columns, refused before anything is
# evaluated, with the real size of what it would have been.
for size, grid, expected in (("2x1024", "60", "--mesh-grid: 60 vertices along the 2-pixel width make 60358 rows"),
                             ("2x16384", None, "--mesh-grid (default 257): 257 vertices")):
    mesh = os.path.join(d, "mesh.glb")
    status, err, rss = export("--size", size, "--format", "glb", *(["--mesh-grid", grid] if grid else []), "-o", mesh)
    check(status == 2 and one_line(err) and err.startswith("export: " + expected) and "at most 2049 vertices on a side"
          in err and not os.path.exists(mesh) and rss < rss_limit, f"--size {size} glb: status {status}, {rss} KiB, {err!r}")
status, err, _ = export("--size", "2x1024", "--format", "glb", "--mesh-grid", "60", "-o", mesh)
check("3621480 vertices, a glb of about 201 MB" in err and "expected at most 3 for a 2x1024 export" in err,
      f"the tall mesh's estimate: {err!r}")
status, err, _ = export("--size", "2x1024", "--format", "obj", "--mesh-grid", "3", "-o", os.path.join(d, "thin.obj"))
check(status == 0, f"the largest mesh grid the message offers is refused: {err!r}")
os.remove(os.path.join(d, "thin.obj"))

# 3. Heights that would overflow the stack's floats: a legal r32 heightmap of +-3e38 is refused
# when read, naming the layer, the file and the sample.
big = np.full((16, 16), 3e38, dtype=np.float32)
big[::2] = -3e38
write("big.r32", big.tobytes())
for fmt, name in (("r32", "x.r32"), ("obj", "x.obj"), ("glb", "x.glb"), ("png16", "x.png")):
    target = os.path.join(d, name)
    status, err, _ = export("--set", "layer.2.heightmap=big.r32", "--set", "layer.2.blend=add", "--set",
                            "view.mapping=stretch" if fmt == "png16" else "octaves=3", "--size", "16x16",
                            "--format", fmt, "-o", target)
    check(status == 2 and one_line(err) and f"layer.2.heightmap: {d}/big.r32: the sample at x 0, y 0 is -3e+38: "
          "expected heights from -32768 to 32768" in err and not os.path.exists(target),
          f"{fmt} from a +-3e38 heightmap: status {status}, {err!r}")
status, err, _ = export("--set", "layer.2.heightmap=big.r32", "--set", "erosion.method=simulate",
                        "--size", "16x16", "--format", "r32", "-o", os.path.join(d, "sim.r32"))
check(status == 2 and one_line(err) and "layer.2.heightmap: " in err and "-o:" not in err,
      f"the simulation of a +-3e38 heightmap: {err!r}")
# At the limit, a full stack of them multiplied stays finite: written, every value finite.
edge = np.full((16, 16), 32768.0, dtype=np.float32)
write("edge.r32", edge.tobytes())
stack = []
for n in range(2, 9):
    stack += ["--set", f"layer.{n}.heightmap=edge.r32", "--set", f"layer.{n}.blend=multiply"]
status, err, _ = export(*stack, "--size", "16x16", "--format", "r32", "--values", "raw", "-o", os.path.join(d, "edge-out.r32"))
values = np.fromfile(os.path.join(d, "edge-out.r32"), dtype=np.float32) if status == 0 else None
check(status != 0 and one_line(err) and "the field is infinite" in err and not os.path.exists(os.path.join(d, "edge-out.r32"))
      or status == 0 and np.isfinite(values).all(),
      f"a full stack of multiplied heightmaps at the limit: status {status}, {err!r}")

# 4. A set's -o must name its files' stem: folders, "." and ".." name none. Run two folders down,
# so ".." is a folder of this test's own too.
top = os.path.join(d, "sets")
here = os.path.join(top, "here")
os.makedirs(here)


def listing():
    return sorted(os.listdir(top)), sorted(os.listdir(here))


before = listing()
for args in (["--profile", "unreal", "--size", "64x64"], ["--tiles", "2x2", "--size", "33x33", "--format", "png8"],
             ["--animate", "slice", "--sequence", "--frames", "2", "--set", "dimension=3", "--size", "8x8",
              "--format", "png8"]):
    for target in ("sets/", ".", "..", "../", "sets/.png" if "--profile" not in args else "sets/.hidden"):
        status, err, _ = export(*args, "-o", target, cwd=here)
        check(status == 2 and one_line(err) and err.startswith(f"export: -o: '{target}' ")
              and ("is a folder" in err or "starts with a dot" in err) and listing() == before,
              f"{args[0]} -o {target}: status {status}, {err!r}, {listing()}")
status, err, _ = export("--profile", "unreal", "--size", "64x64", "-o", "hills", cwd=here)
check(status == 0 and "hills.manifest.json" in os.listdir(here), f"a named set: {err!r}")

# 7. A raw heightmap's sidecar that cannot be read is an error as for the file, not "no sidecar".
write("l.r16", bytes(512))  # 256 samples: a square 16 x 16 without its sidecar
for kind in ("dangling", "loop"):
    sidecar = os.path.join(d, "l.r16.json")
    if os.path.lexists(sidecar):
        os.remove(sidecar)
    os.symlink("nowhere.json" if kind == "dangling" else "l.r16.json", sidecar)
    status, err, _ = export("--set", "layer.2.heightmap=l.r16", *small)
    check(status == 2 and one_line(err) and f"layer.2.heightmap: {sidecar}: " in err
          and not os.path.exists(out), f"a {kind} sidecar link: status {status}, {err!r}")
os.remove(os.path.join(d, "l.r16.json"))
status, err, _ = export("--set", "layer.2.heightmap=l.r16", *small)
check(status == 0, f"the raw file without a sidecar: {err!r}")
os.remove(out)

# 6. Messages that name the real limit and the real estimate.
status, err, _ = export("--set", "erosion.method=simulate", "--size", "16384x1", "--format", "r32", "-o", os.path.join(d, "s.r32"))
check(status == 2 and one_line(err) and err.startswith("export: --size: 16384x1 is too large for erosion.method = "
                                                       "simulate: expected at most 8192 pixels on either side"),
      f"a 16384x1 simulation: {err!r}")
status, err, _ = run_measured("sample", "--set", "erosion.method=simulate", "--size", "16384x1", stdin=b"0 0\n")
check(status == 2 and one_line(err) and "at most 8192 pixels on either side" in err, f"sample of a 16384x1 simulation: {err!r}")
if not sanitized():  # ASan reserves terabytes of address space: no `ulimit -v` there
    # 1024 x 1024: 64 MiB for the simulation's image and 26 MB for one thread (it said 26 MB).
    status, err, _ = export("--set", "erosion.method=simulate", "--size", "1024x1024", "--threads", "1", "--format",
                            "r32", "-o", os.path.join(d, "s.r32"), limit_as=55 << 20)
    check(status == 2 and one_line(err) and "the erosion simulation's whole image (it needs about 93 MB" in err
          and not os.path.exists(os.path.join(d, "s.r32")), f"a 1024x1024 simulation in 55 MB: {err!r}")
    status, err, _ = export("--size", "2049x2049", "--format", "glb", "--mesh-grid", "2049", "--threads", "1", "-o",
                            mesh, limit_as=90 << 20)
    check(status == 2 and one_line(err) and "the mesh's grid of 2049x2049 vertices held whole (it needs about 127 MB"
          in err and not os.path.exists(mesh), f"a 2049 mesh in 90 MB: {err!r}")


# 5. Signals during the reading of a heightmap and during `sample`'s simulation: status 130 and
# the usual line, at a measured point (the FIFO opened by the reader; CPU time spent in the
# simulation), not after a guessed wall-clock delay.
def signalled_while_reading(command, sig):
    fifo = os.path.join(d, "map.png")
    if os.path.exists(fifo):
        os.remove(fifo)
    os.mkfifo(fifo)
    target = os.path.join(d, "signalled.png")
    args = [EXE, command, "--set", "layer.2.heightmap=map.png"] + (["--size", "8x8", "--format", "png8", "-o", target]
                                                                    if command == "export" else [])
    proc = subprocess.Popen(args, cwd=d, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(sig, signal.SIG_DFL))
    with open(fifo, "wb") as writer:  # returns once the program has opened the FIFO: it is reading
        proc.send_signal(sig)
        writer.write(png(ihdr_8x8)[:20])  # part of a header, then the end
    _, err = proc.communicate(b"0 0\n", timeout=60)
    err = err.decode()
    check(proc.returncode == 130 and err == f"{command}: interrupted; no {'file was written' if command == 'export' else 'value was printed'}\n"
          and not os.path.exists(target), f"{command}, {signal.Signals(sig).name} while a heightmap is read: "
          f"status {proc.returncode}, {err!r}")


for sig in (signal.SIGINT, signal.SIGTERM):
    signalled_while_reading("export", sig)
signalled_while_reading("sample", signal.SIGINT)


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


proc = subprocess.Popen([EXE, "sample", "--set", "erosion.method=simulate", "--size", "2048x2048"], stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
while proc.poll() is None and cpu_seconds(proc.pid) < 0.5:  # the preset loads in milliseconds: past it
    time.sleep(0.01)
proc.send_signal(signal.SIGINT)
out_text, err = proc.communicate(b"0 0\n", timeout=120)
check(proc.returncode == 130 and err == b"sample: interrupted; no value was printed\n" and out_text == b"",
      f"sample, SIGINT during the simulation: status {proc.returncode}, {err!r}")
finish()
