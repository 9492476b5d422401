"""glb and obj: the terrain mesh read back by our own parser and by assimp (Debian's assimp-utils).

Expected values never go through our code: heights are recomputed from `noise-explorer sample`
at each vertex's noise point (terrain_scale.hpp: h = terrain_height * clamp((raw - lo) / (hi -
lo), 0, 1)), normals from central differences of `sample`, and the glb's layout is checked
against the glTF 2.0 specification's rules (12-byte header, JSON then BIN chunk, 4-byte
alignment, buffer views inside the buffer, POSITION's min/max equal to the data's).
Checks:
  1. glb: header, chunks, alignment, accessors and buffer views; counts for an N x rows grid of a
     non-square export; POSITION min/max; X/Z on the sample grid in metres; heights against
     `sample`; unit normals against finite differences; UVs 0..1 from the top-left; every
     triangle faces up (counter-clockwise seen from +Y); indices in range.
  2. obj: the same vertices (as floats), normals and faces (1-based, v/vt/vn), vt = (u, 1 - v).
  3. assimp info reads both with the expected vertex and face counts (skips with 77 at the end if
     assimp is not installed).
  4. bad --mesh-grid, --region or --tiles with a mesh: one line, exit 2, nothing written.
"""
import json
import os
import re
import shutil
import struct
import subprocess
import sys

import numpy as np

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree

from core_test_support import check, failures, finish, preset_of, run, temp_dir, sample_points

W, H, N = 97, 65, 25  # a 97 x 65 export: 25 vertices along a row, 17 down
ROWS = 17
ARGS = ["--set", "seed=3", "--set", "octaves=4", "--set", "frequency=2.5", "--set", "offset_y=0.4",
        "--set", "terrain_height=120", "--set", "terrain_spacing=4"]
STEP = 1e-6


def export(fmt, *extra):
    out = os.path.join(temp_dir(), "terrain." + fmt)
    r = run("export", *ARGS, "--size", f"{W}x{H}", "--format", fmt, "--mesh-grid", str(N), *extra, "-o", out)
    check(r.returncode == 0 and r.stderr == "", f"{fmt}: {r.returncode} {r.stderr}")
    return out



def read_glb(path):
    data = open(path, "rb").read()
    magic, version, length = struct.unpack_from("<III", data, 0)
    check((magic, version, length) == (0x46546C67, 2, len(data)), f"glb header {magic:#x} {version} {length} / {len(data)}")
    json_len, json_type = struct.unpack_from("<II", data, 12)
    check(json_type == 0x4E4F534A and json_len % 4 == 0, f"JSON chunk type {json_type:#x} length {json_len}")
    gltf = json.loads(data[20:20 + json_len])
    at = 20 + json_len
    bin_len, bin_type = struct.unpack_from("<II", data, at)
    check(bin_type == 0x004E4942 and bin_len % 4 == 0 and at + 8 + bin_len == len(data),
          f"BIN chunk type {bin_type:#x} length {bin_len}")
    return gltf, data[at + 8:at + 8 + bin_len]


preset = preset_of(ARGS)
view = preset["view"]
lo, hi = (-1.0, 1.0) if preset["fractal"] == "fbm" else (0.0, 1.0)

# 1. glb.
glb_path = export("glb")
gltf, binary = read_glb(glb_path)
check(gltf["asset"]["version"] == "2.0", f"asset {gltf['asset']}")
check(gltf["buffers"][0]["byteLength"] == len(binary), "buffer byteLength differs from the BIN chunk")
for view_ in gltf["bufferViews"]:
    check(view_["byteOffset"] % 4 == 0 and view_["byteOffset"] + view_["byteLength"] <= len(binary),
          f"buffer view {view_} outside the buffer or unaligned")
prim = gltf["meshes"][0]["primitives"][0]
check(prim.get("mode", 4) == 4, "triangles")
acc = gltf["accessors"]


def accessor(index, dtype, width):
    a = acc[index]
    v = gltf["bufferViews"][a["bufferView"]]
    check(v["byteLength"] == a["count"] * width * np.dtype(dtype).itemsize, f"accessor {index}: view size")
    return np.frombuffer(binary, dtype=dtype, count=a["count"] * width, offset=v["byteOffset"]).reshape(-1, width)


pos = accessor(prim["attributes"]["POSITION"], "<f4", 3).astype(np.float64)
nrm = accessor(prim["attributes"]["NORMAL"], "<f4", 3).astype(np.float64)
uv = accessor(prim["attributes"]["TEXCOORD_0"], "<f4", 2).astype(np.float64)
idx = accessor(prim["indices"], "<u4", 1).ravel()
check(acc[prim["indices"]]["componentType"] == 5125, "indices are not uint32")
check(len(pos) == N * ROWS and len(idx) == (N - 1) * (ROWS - 1) * 6, f"counts {len(pos)} {len(idx)}")
pa = acc[prim["attributes"]["POSITION"]]
check(np.allclose(pa["min"], pos.min(axis=0), rtol=0, atol=0) and np.allclose(pa["max"], pos.max(axis=0), rtol=0, atol=0),
      f"POSITION min/max {pa['min']} {pa['max']} against {pos.min(axis=0)} {pos.max(axis=0)}")
grid = pos.reshape(ROWS, N, 3)
i, j = np.meshgrid(np.arange(N), np.arange(ROWS))
px, py = i * (W - 1) / (N - 1), j * (H - 1) / (ROWS - 1)
spacing = view["terrain_spacing"]
check(np.abs(grid[..., 0] - px * spacing).max() < 1e-3 and np.abs(grid[..., 2] - py * spacing).max() < 1e-3,
      "X/Z are not the sample grid in metres")
f, ox, oy = preset["frequency"], preset["offset_x"], preset["offset_y"]
nx, ny = ox + (px + 0.5) * f / W, oy + (py + 0.5) * f / W
pts = []
for x, y in zip(nx.ravel(), ny.ravel()):
    pts += [(x, y), (x + STEP, y), (x - STEP, y), (x, y + STEP), (x, y - STEP)]
v = sample_points(preset, pts).reshape(-1, 5)
want_h = view["terrain_height"] * np.clip((v[:, 0] - lo) / (hi - lo), 0, 1)
error = np.abs(pos[:, 1] - want_h).max()
check(error < 1e-4 * view["terrain_height"], f"heights differ from `sample` by up to {error} m")
check(want_h.max() - want_h.min() > 0.3 * view["terrain_height"], "the test terrain is too flat")
k = view["terrain_height"] / (hi - lo) * f / (W * spacing)
inside = (v[:, 0] > lo) & (v[:, 0] < hi)
sx = np.where(inside, k * (v[:, 1] - v[:, 2]) / (2 * STEP), 0)
sz = np.where(inside, k * (v[:, 3] - v[:, 4]) / (2 * STEP), 0)
want_n = np.stack([-sx, np.ones_like(sx), -sz], axis=-1)
want_n /= np.linalg.norm(want_n, axis=-1, keepdims=True)
check(np.abs(nrm - want_n).max() < 1e-4, f"normals differ from finite differences by {np.abs(nrm - want_n).max()}")
check(np.abs(np.linalg.norm(nrm, axis=-1) - 1).max() < 1e-6, "normals are not unit length")
uvg = uv.reshape(ROWS, N, 2)
check(np.allclose(uvg[..., 0], i / (N - 1)) and np.allclose(uvg[..., 1], j / (ROWS - 1)), "UVs")
check(idx.max() < len(pos), "an index past the last vertex")
tri = pos[idx.reshape(-1, 3)]
face = np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
check(np.all(face[:, 1] > 0), "a triangle faces down (not counter-clockwise seen from +Y)")
check(gltf["extras"]["format"] == "glb" and gltf["extras"]["mesh"]["columns"] == N
      and gltf["extras"]["mesh"]["rows"] == ROWS and "preset" in gltf["extras"], "glb extras")

# 2. obj.
obj = export("obj")
vs, vns, vts, fs = [], [], [], []
for line in open(obj):
    parts = line.split()
    if not parts or parts[0].startswith("#"):
        continue
    if parts[0] == "v":
        vs.append([float(p) for p in parts[1:]])
    elif parts[0] == "vn":
        vns.append([float(p) for p in parts[1:]])
    elif parts[0] == "vt":
        vts.append([float(p) for p in parts[1:]])
    elif parts[0] == "f":
        fs.append([[int(n) for n in p.split("/")] for p in parts[1:]])
vs, vns, vts, fs = np.array(vs), np.array(vns), np.array(vts), np.array(fs)
check(np.array_equal(vs.astype(np.float32), pos.astype(np.float32)), "obj vertices differ from the glb's")
check(np.array_equal(vns.astype(np.float32), nrm.astype(np.float32)), "obj normals differ from the glb's")
check(np.allclose(vts[:, 0], uv[:, 0]) and np.allclose(vts[:, 1], 1 - uv[:, 1]), "obj vt is not (u, 1 - v)")
check(fs.shape == ((N - 1) * (ROWS - 1) * 2, 3, 3) and np.all(fs[..., 0] == fs[..., 1])
      and np.all(fs[..., 0] == fs[..., 2]) and np.array_equal(fs[..., 0].ravel() - 1, idx), "obj faces")

# 2b. Both carry the preset, and --preset reads it back from either.
for mesh in (glb_path, obj):
    check(preset_of(["--preset", mesh]) == preset, f"--preset {os.path.basename(mesh)} is not the preset it was exported with")
with open(os.path.join(temp_dir(), "old.obj"), "w") as fp:  # an obj of another program
    fp.write("# made elsewhere\nv 0 0 0\n")
    other = fp.name
r = run("sample", "--preset", other)
check(r.returncode == 2 and r.stderr.count("\n") == 1 and "old.obj" in r.stderr, f"--preset old.obj: {r.returncode} {r.stderr!r}")

# 4. Refusals.
d = temp_dir()
for extra, words in ((["--format", "glb", "--mesh-grid", "1"], "--mesh-grid: '1'"),
                     (["--format", "glb", "--mesh-grid", "4000"], "--mesh-grid: '4000'"),
                     (["--format", "obj", "--mesh-grid", "x"], "--mesh-grid: 'x'"),
                     (["--format", "png16", "--mesh-grid", "9"], "--mesh-grid: only"),
                     (["--format", "glb", "--region", "0,0,4,4"], "--region: a mesh"),
                     (["--format", "obj", "--tiles", "2x2"], "--tiles: a mesh")):
    r = run("export", "--size", "8x8", *extra, "-o", os.path.join(d, "x"))
    check(r.returncode == 2 and words in r.stderr and r.stderr.count("\n") == 1, f"{extra}: {r.returncode} {r.stderr!r}")
check(os.listdir(d) == [], f"a refused export wrote {os.listdir(d)}")

# 3. assimp, last: without it the rest still ran.
if shutil.which("assimp") is None:
    print("assimp not installed (Debian: assimp-utils): skipping its checks")
    if failures:
        finish()
    sys.exit(77)
for path, faces in ((export("glb"), (N - 1) * (ROWS - 1) * 2), (obj, (N - 1) * (ROWS - 1) * 2)):
    r = subprocess.run(["assimp", "info", path], capture_output=True, text=True)
    info = {key: m.group(1) for key in ("Meshes", "Vertices", "Faces")
            if (m := re.search(rf"^{key}:\s+(\d+)\s*$", r.stdout, re.M))}
    check(r.returncode == 0 and int(info.get("Meshes", "0")) == 1 and int(info.get("Faces", "0")) == faces,
          f"assimp info {path}: {r.returncode} meshes {info.get('Meshes')} faces {info.get('Faces')}")
    # assimp's OBJ reader splits vertices per face corner and joins equal ones again, so only the
    # glb's count is the file's own.
    if path.endswith(".glb"):
        check(int(info.get("Vertices", "0")) == N * ROWS, f"assimp: glb vertices {info.get('Vertices')}")
    check("Primitive Types:    triangles" in r.stdout, f"assimp: primitive types of {path}")

finish()
