"""export --format glsl|hlsl: every shipped preset exported or refused in one line; every generated
file compiled by glslang (GLSL 330 and 450; HLSL to SPIR-V, then spirv-val), warnings included;
the count of exportable presets the same as docs/shaders.md states.

Values are checked on a GL implementation by shader_gpu_check (ctest core.shader_gpu).
"""
import glob
import os
import re
import shutil
import subprocess
import sys

from core_test_support import check, finish, run, temp_dir

DOCS = sys.argv[2] if len(sys.argv) > 2 else None
PRESETS = sorted(glob.glob(os.path.join(os.path.dirname(__file__), "../../../assets/presets/*.json")))
GLSLANG = shutil.which("glslangValidator")
SPIRV_VAL = shutil.which("spirv-val")
if not GLSLANG or not SPIRV_VAL:
    print("SKIP: glslangValidator or spirv-val missing (apt-get install glslang-tools spirv-tools)")
    sys.exit(77)

work = temp_dir()


def entries(text):
    """(name, dimension) of every plain entry function of a generated file."""
    return [(name, dimension) for name, dimension, _ in entries_with_textures(text)]


def entries_with_textures(text):
    """(name, dimension, texture names) of every plain entry function: a heightmap layer's texture
    is a parameter after the point (docs/shaders.md)."""
    found = re.findall(r"^float (ne_\w+)\((float|vec[234]|float[234]) world((?:, (?:sampler2D|Texture2D<float>) \w+)*)\)",
                       text, re.M)
    return [(name, 1 if kind == "float" else int(kind[-1]), re.findall(r" (\w+)(?=,|$)", textures))
            for name, kind, textures in found]


def compile_ok(args, what):
    result = subprocess.run([GLSLANG, *args], capture_output=True, text=True)
    output = result.stdout + result.stderr
    check(result.returncode == 0, f"{what}: glslang failed:\n{output[-2000:]}")
    check("WARNING" not in output, f"{what}: glslang warned:\n{output[-2000:]}")
    return result.returncode == 0


def validate_glsl(path, text, version):
    calls, samplers = [], []
    for name, dimension, textures in entries_with_textures(text):
        arg = "p.x" if dimension == 1 else ("p" if dimension == 2 else f"vec{dimension}(p, " + ", ".join(["0.0"] * (dimension - 2)) + ")")
        calls.append(f"{name}({', '.join([arg, *textures])})")
        samplers += [t for t in textures if t not in samplers]
    # The textures a heightmap layer reads, bound by the caller (SPIR-V wants their bindings).
    text += "".join(f"uniform sampler2D {t};\n" if version == 330 else f"layout(binding = {k}) uniform sampler2D {t};\n"
                    for k, t in enumerate(samplers))
    # GLSL 450 to SPIR-V wants every input's location, which 330 does not allow on an input.
    inputs = "in vec2 p;\n" if version == 330 else "layout(location = 0) in vec2 p;\n"
    main = (f"#version {version} core\n" + text + "layout(location = 0) out float value;\n" + inputs +
            "void main() {\n    value = " + " + ".join(calls) + ";\n}\n")
    shader = f"{path}.{version}.frag"
    with open(shader, "w") as f:
        f.write(main)
    args = ["-S", "frag", shader] if version == 330 else ["-G", "-S", "frag", "-o", shader + ".spv", shader]
    return compile_ok(args, f"{os.path.basename(path)} as GLSL {version}")


def validate_hlsl(path, text):
    calls, textures_seen = [], []
    for name, dimension, textures in entries_with_textures(text):
        arg = "p.x" if dimension == 1 else ("p" if dimension == 2 else f"float{dimension}(p, " + ", ".join(["0.0"] * (dimension - 2)) + ")")
        calls.append(f"{name}({', '.join([arg, *textures])})")
        textures_seen += [t for t in textures if t not in textures_seen]
    text += "".join(f"Texture2D<float> {t} : register(t{k});\n" for k, t in enumerate(textures_seen))
    main = text + "float main(float2 p : TEXCOORD0) : SV_Target {\n    return " + " + ".join(calls) + ";\n}\n"
    shader = f"{path}.hlsl"
    with open(shader, "w") as f:
        f.write(main)
    spv = shader + ".spv"
    if compile_ok(["-D", "-V", "-S", "frag", "-e", "main", "-o", spv, shader], f"{os.path.basename(path)} as HLSL"):
        result = subprocess.run([SPIRV_VAL, spv], capture_output=True, text=True)
        check(result.returncode == 0, f"{shader}: spirv-val: {result.stdout}{result.stderr}")


exportable = []
for preset in PRESETS:
    stem = os.path.splitext(os.path.basename(preset))[0]
    for language in ("glsl", "hlsl"):
        out = os.path.join(work, f"{stem}.{language}")
        result = run("export", "--format", language, "--preset", preset, "-o", out)
        if result.returncode == 0:
            check(result.stderr == "", f"{stem} {language}: stderr {result.stderr!r}")
            text = open(out).read()
            check(len(entries(text)) == 1, f"{stem} {language}: expected one entry function, found {entries(text)}")
            if language == "glsl":
                exportable.append(stem)
                validate_glsl(out, text, 330)
                validate_glsl(out, text, 450)
            else:
                validate_hlsl(out, text)
        else:
            lines = result.stderr.splitlines()
            check(result.returncode == 2 and len(lines) == 1 and lines[0].startswith("export: --preset "),
                  f"{stem} {language}: refusal not one line with status 2: {result.returncode} {result.stderr!r}")
            check(not os.path.exists(out), f"{stem} {language}: a refused export left {out}")

# Settings no shipped preset has (shader_gpu_check's held-out variants check their values): every
# dimension of simplex and cellular noise, each metric, compiled in both languages.
VARIANTS = [
    ("simplex-lava-flow", ["dimension=1"]),
    ("simplex-lava-flow", ["dimension=2", "layers=rotated", "warp_amplitude=0.5"]),
    ("simplex-lava-flow", ["dimension=4"]),
    ("cracked-earth", ["dimension=1", "cellular_distance=chebyshev"]),
    ("cracked-earth", ["dimension=3", "cellular_distance=manhattan", "cellular_return=f1"]),
    ("cracked-earth", ["dimension=4", "cellular_return=f2", "tile=3"]),
    ("river-valleys", ["mask=select"]),
    ("ridges-in-valleys", ["layer.2.source=shape", "layer.2.shape=ramp", "layer.3.source=constant"]),
    ("imported-hills", ["layer.2.map_edges=repeat"]),
]
for number, (preset, assignments) in enumerate(VARIANTS):
    sets = [arg for assignment in assignments for arg in ("--set", assignment)]
    for language in ("glsl", "hlsl"):
        out = os.path.join(work, f"variant{number}.{language}")
        result = run("export", "--format", language, "--preset", preset, *sets, "-o", out)
        check(result.returncode == 0, f"{preset} {' '.join(assignments)} {language}: {result.stderr!r}")
        if result.returncode != 0:
            continue
        if language == "glsl":
            validate_glsl(out, open(out).read(), 330)
            validate_glsl(out, open(out).read(), 450)
        else:
            validate_hlsl(out, open(out).read())

# The simulation is refused with the way to bake it.
simulated = run("export", "--format", "glsl", "--preset", "eroded-terrain", "--set", "erosion.method=simulate",
                "-o", os.path.join(work, "simulated.glsl"))
check(simulated.returncode == 2 and "r32" in simulated.stderr and "heightmap" in simulated.stderr,
      f"the simulation's refusal says how to bake it: {simulated.stderr!r}")

# Several presets in one file, each its own entry; the file compiles as a whole.
several = os.path.join(work, "several.glsl")
result = run("export", "--format", "glsl", "--preset", "alpine-ridges", "--preset", "clouds",
             "--preset", "seed004-different-primes", "-o", several)
check(result.returncode == 0, f"three presets in one file: {result.stderr!r}")
if result.returncode == 0:
    names = [name for name, _ in entries(open(several).read())]
    check(names == ["ne_alpine_ridges", "ne_clouds", "ne_seed_004_different_primes_for_each_octave"],
          f"the entries of three presets: {names}")
    validate_glsl(several, open(several).read(), 330)
    # An existing file is kept without --force.
    again = run("export", "--format", "glsl", "--preset", "clouds", "-o", several)
    check(again.returncode == 2 and "--force" in again.stderr, f"an existing target without --force: {again.stderr!r}")

# --set applies to one preset only.
result = run("export", "--format", "hlsl", "--preset", "clouds", "--preset", "default", "--set", "octaves=3",
             "-o", os.path.join(work, "set.hlsl"))
check(result.returncode == 2 and result.stderr.count("\n") == 1 and "--set" in result.stderr,
      f"--set with two presets: {result.stderr!r}")

print(f"{len(exportable)} of {len(PRESETS)} shipped presets exportable: {' '.join(exportable)}")
check(len(exportable) > 0, "no shipped preset could be exported")
if DOCS:
    # docs/shaders.md and the README state the count.
    for page in (DOCS, os.path.join(os.path.dirname(DOCS), "..", "README.md")):
        stated = re.search(r"(\d+) of the (\d+) shipped presets", open(page).read())
        check(stated is not None, f"{page} states no count of exportable presets")
        if stated:
            check((int(stated.group(1)), int(stated.group(2))) == (len(exportable), len(PRESETS)),
                  f"{page} says {stated.group(0)}; the export takes {len(exportable)} of {len(PRESETS)}")
finish()
