#!/usr/bin/python3
"""Installs the build into a fresh prefix and uses it from outside, as a user would.

1. `cmake --install` into WORK/prefix: the program, its presets, the desktop files, the
   library, its headers, its CMake package and its pkg-config file are all where they belong;
   the shared library's file name starts with its SONAME and it exports only names of the
   public API (namespace noise, but noise::detail, noise::io and the kernels' noise::N_TARGET).
2. The installed program finds its presets relative to itself: a preset that exists only in
   the installed tree is found by name.
3. examples/render_png is configured, built and run against the prefix, once with the shared
   library and once with the static one (NoiseExplorer_STATIC=ON, which must bring Highway in
   through the config file); both write the same PNG. The shared build needs libnoise-explorer.so.N
   (the SONAME) at run time, the static one does not.
   examples/load_preset (shared and static) reads shipped presets with the installed library
   and renders the installed program's r32 export of each bit for bit, imported-hills among
   them (its PNG heightmap read by the library's own reader); a preset naming a heightmap that
   is not there is refused in one line naming the layer and the file.
   examples/stream_chunks (shared) streams shipped presets in chunks with the stable
   noise::Sampler (<noise/sampler.hpp>): shared edges and points agree, and the frame put
   together is the installed program's r32 export bit for bit; placed in the world
   (<noise/placement.hpp>), chunks of two sizes give the same samples.
4. pkg-config: the .pc file gives a working compile line and names Highway for static links.
5. The Python module (when built): Debian's Python imports it from
   PREFIX/lib/python3/dist-packages, it finds the installed presets beside itself (the preset of
   step 2 by name) and renders the installed program's r32 export bit for bit.
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys


def run(*args, **kwargs):
    result = subprocess.run(args, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit(f"FAILED ({result.returncode}): {' '.join(args)}\n{result.stdout}\n{result.stderr}")
    return result.stdout


def needed_libraries(executable):
    dynamic = run("readelf", "-d", executable)
    return [line.split("[")[1].split("]")[0] for line in dynamic.splitlines() if "(NEEDED)" in line]


def main():
    parser = argparse.ArgumentParser()
    for option in ("build-dir", "config", "libdir", "example", "load-example", "stream-example", "work", "cmake"):
        parser.add_argument("--" + option, required=True)
    parser.add_argument("--python-module", choices=("ON", "OFF"), default="OFF")
    a = parser.parse_args()

    shutil.rmtree(a.work, ignore_errors=True)
    prefix = os.path.join(a.work, "prefix")
    run(a.cmake, "--install", a.build_dir, "--config", a.config, "--prefix", prefix)

    expected = [
        "bin/noise-explorer",
        "share/noise-explorer/presets/clouds.json",
        "share/noise-explorer/presets/imported-hills.json",
        "share/noise-explorer/heightmaps/mesa-256.png",
        "share/noise-explorer/lessons/01-white-to-value-noise.json",
        "share/applications/org.noiseexplorer.NoiseExplorer.desktop",
        "share/metainfo/org.noiseexplorer.NoiseExplorer.metainfo.xml",
        "share/mime/packages/noise-explorer.xml",
        "share/icons/hicolor/scalable/apps/org.noiseexplorer.NoiseExplorer.svg",
        "share/icons/hicolor/48x48/apps/org.noiseexplorer.NoiseExplorer.png",
        "share/man/man1/noise-explorer.1.gz",
        "include/noise/render.hpp",
        "include/noise/preset.hpp",
        "include/noise/heightmap_file.hpp",
        f"{a.libdir}/libnoise-explorer.a",
        f"{a.libdir}/libnoise-explorer.so",
        f"{a.libdir}/cmake/NoiseExplorer/NoiseExplorerConfig.cmake",
        f"{a.libdir}/pkgconfig/noise-explorer.pc",
    ]
    missing = [f for f in expected if not os.path.exists(os.path.join(prefix, f))]
    if missing:
        sys.exit("FAILED: not installed: " + ", ".join(missing))
    headers = os.listdir(os.path.join(prefix, "include/noise"))
    if any(not h.endswith(".hpp") for h in headers):
        sys.exit(f"FAILED: include/noise holds more than headers: {headers}")

    # 1b. The shared library: its file name starts with its SONAME, and it exports the public API
    # only (noise/cmake/public-symbols.map).
    libdir = os.path.join(prefix, a.libdir)
    real = os.path.realpath(os.path.join(libdir, "libnoise-explorer.so"))
    soname = [line.split("[")[1].split("]")[0] for line in run("readelf", "-d", real).splitlines()
              if "(SONAME)" in line]
    if len(soname) != 1 or not os.path.basename(real).startswith(soname[0] + "."):
        sys.exit(f"FAILED: {os.path.basename(real)} does not start with its SONAME {soname}")
    exported = []
    for line in run("nm", "-D", "--defined-only", "-C", real).splitlines():
        name = line.split(" ", 2)[2]
        for prefix_text in ("typeinfo name for ", "typeinfo for ", "vtable for "):
            name = name.removeprefix(prefix_text)
        exported.append(name)
    # noise::N_AVX2::, noise::N_SSE4::, ...: Highway's per-target namespaces of the SIMD kernels.
    private = [n for n in exported if not n.startswith("noise::")
               or n.startswith(("noise::detail::", "noise::io::", "noise::N_"))]
    if private or not any(n.startswith("noise::load_preset(") for n in exported):
        sys.exit(f"FAILED: the shared library exports {len(private)} private symbols, e.g. {private[:5]}")

    # 2. Presets relative to the executable (the build's fallback to the source tree cannot
    # know this one).
    presets = os.path.join(prefix, "share/noise-explorer/presets")
    shutil.copy(os.path.join(presets, "clouds.json"), os.path.join(presets, "only-installed.json"))
    installed_png = os.path.join(a.work, "installed.png")
    run(os.path.join(prefix, "bin/noise-explorer"), "export", "--preset", "only-installed", "--size", "16x16",
        "--format", "png8", "-o", installed_png)

    # 3. The example, shared and static.
    outputs = {}
    env = dict(os.environ)
    env.pop("CMAKE_PREFIX_PATH", None)
    for kind in ("shared", "static"):
        build = os.path.join(a.work, f"example-{kind}")
        run(a.cmake, "-S", a.example, "-B", build, f"-DCMAKE_PREFIX_PATH={prefix}", "-DCMAKE_BUILD_TYPE=Release",
            f"-DNoiseExplorer_STATIC={'ON' if kind == 'static' else 'OFF'}", env=env)
        run(a.cmake, "--build", build, env=env)
        program = os.path.join(build, "render_png")
        png = os.path.join(a.work, f"{kind}.png")
        run(program, png)
        with open(png, "rb") as f:
            outputs[kind] = f.read()
        if not outputs[kind].startswith(b"\x89PNG\r\n\x1a\n"):
            sys.exit(f"FAILED: {png} is not a PNG")
        needed = needed_libraries(program)
        ours = [n for n in needed if n.startswith("libnoise-explorer")]
        if kind == "shared" and (len(ours) != 1 or not ours[0].startswith("libnoise-explorer.so.")):
            sys.exit(f"FAILED: the shared example should need libnoise-explorer.so.N, needs {needed}")
        if kind == "static" and ours:
            sys.exit(f"FAILED: the static example should not need {ours}")
    if outputs["shared"] != outputs["static"]:
        sys.exit("FAILED: the shared and static examples wrote different PNGs")

    # 3b. A preset read by the installed library renders what the installed program exports.
    program_exe = os.path.join(prefix, "bin/noise-explorer")
    for kind in ("shared", "static"):
        build = os.path.join(a.work, f"load-{kind}")
        run(a.cmake, "-S", a.load_example, "-B", build, f"-DCMAKE_PREFIX_PATH={prefix}",
            "-DCMAKE_BUILD_TYPE=Release", f"-DNoiseExplorer_STATIC={'ON' if kind == 'static' else 'OFF'}", env=env)
        run(a.cmake, "--build", build, env=env)
        loader = os.path.join(build, "load_preset")
        for name in ("clouds", "eroded-island", "ridges-in-valleys", "river-valleys", "imported-hills"):
            preset = os.path.join(presets, name + ".json")
            ours, theirs = (os.path.join(a.work, f"{name}-{kind}.{who}.r32") for who in ("library", "program"))
            run(loader, preset, "48", ours)
            run(program_exe, "export", "--preset", preset, "--size", "48x48", "--format", "r32", "--values", "raw",
                "-o", theirs)
            with open(ours, "rb") as f, open(theirs, "rb") as g:
                if f.read() != g.read():
                    sys.exit(f"FAILED: {name}: the installed library's render differs from the program's r32 export")
        lost = os.path.join(a.work, "lost-heightmap.json")
        with open(os.path.join(presets, "imported-hills.json")) as f, open(lost, "w") as g:
            g.write(f.read().replace("../heightmaps/mesa-256.png", "no-such-map.png"))
        refused = subprocess.run([loader, lost, "8", os.devnull], capture_output=True, text=True)
        if (refused.returncode != 1 or refused.stderr.count("\n") != 1
                or "layer.2.heightmap" not in refused.stderr or "no-such-map.png: heightmap file not found" not in refused.stderr):
            sys.exit(f"FAILED: a lost heightmap: expected one line naming the layer and the file, got "
                     f"{refused.returncode}: {refused.stderr!r}")

    # 3c. Chunks streamed by the stable Sampler put together give the program's export.
    build = os.path.join(a.work, "stream-shared")
    run(a.cmake, "-S", a.stream_example, "-B", build, f"-DCMAKE_PREFIX_PATH={prefix}", "-DCMAKE_BUILD_TYPE=Release",
        env=env)
    run(a.cmake, "--build", build, env=env)
    for name in ("clouds", "eroded-island", "river-valleys", "simplex-lava-flow", "cracked-earth"):
        preset = os.path.join(presets, name + ".json")
        ours, theirs = (os.path.join(a.work, f"{name}-stream.{who}.r32") for who in ("library", "program"))
        run(os.path.join(build, "stream_chunks"), preset, "48", "16", ours)
        run(program_exe, "export", "--preset", preset, "--size", "48x48", "--format", "r32", "--values", "raw",
            "-o", theirs)
        with open(ours, "rb") as f, open(theirs, "rb") as g:
            if f.read() != g.read():
                sys.exit(f"FAILED: {name}: the chunks streamed by noise::Sampler differ from the program's r32 export")
        # Placed in the world: chunks of 16 and of 12 (exit 1 on a crack) are windows of one world.
        if name in ("eroded-island", "river-valleys"):
            cuts = [os.path.join(a.work, f"{name}-world-{chunk}.r32") for chunk in ("16", "12")]
            for chunk, out in zip(("16", "12"), cuts):
                run(os.path.join(build, "stream_chunks"), preset, "48", chunk, out, "world")
            with open(cuts[0], "rb") as f, open(cuts[1], "rb") as g:
                if f.read() != g.read():
                    sys.exit(f"FAILED: {name}: a world streamed in chunks of 16 and of 12 differs")

    # 4. pkg-config.
    env["PKG_CONFIG_PATH"] = os.path.join(prefix, a.libdir, "pkgconfig")
    static_libs = run("pkg-config", "--static", "--libs", "noise-explorer", env=env)
    if "-lhwy" not in static_libs.split():
        sys.exit(f"FAILED: pkg-config --static --libs noise-explorer lacks -lhwy: {static_libs}")
    flags = run("pkg-config", "--cflags", "--libs", "noise-explorer", "stb", env=env).split()
    program = os.path.join(a.work, "render_png_pkgconfig")
    run("c++", os.path.join(a.example, "main.cpp"), "-o", program, *flags)
    png = os.path.join(a.work, "pkgconfig.png")
    run(program, png, env=dict(env, LD_LIBRARY_PATH=os.path.join(prefix, a.libdir)))
    with open(png, "rb") as f:
        if f.read() != outputs["shared"]:
            sys.exit("FAILED: the pkg-config build wrote a different PNG")

    # 5. The Python module, installed where Debian keeps modules for every Python 3.
    modules = glob.glob(os.path.join(prefix, "lib/python3/dist-packages/noise_explorer.cpython-*.so"))
    if a.python_module == "ON":
        if len(modules) != 1:
            sys.exit(f"FAILED: expected one lib/python3/dist-packages/noise_explorer.*.so, found {modules}")
        r32 = os.path.join(a.work, "installed.r32")
        run(os.path.join(prefix, "bin/noise-explorer"), "export", "--preset", "only-installed", "--size", "24x16",
            "--format", "r32", "--values", "raw", "-o", r32)
        check = ("import sys, numpy as np, noise_explorer as ne\n"
                 "assert ne.__file__.startswith(sys.argv[1]), ne.__file__\n"
                 "v = ne.render(ne.Preset.load('only-installed'), 24, 16).astype(np.float32)\n"
                 "assert np.array_equal(v.ravel().view(np.uint32), np.fromfile(sys.argv[2], dtype='<u4'))\n")
        run("/usr/bin/python3", "-c", check, prefix, r32,
            env=dict(os.environ, PYTHONPATH=os.path.join(prefix, "lib/python3/dist-packages")))
    elif modules:
        sys.exit(f"FAILED: the Python module is off, yet {modules} was installed")

    shutil.rmtree(a.work, ignore_errors=True)
    print("install tree: program, presets, desktop files, library, CMake package, pkg-config and the Python module all work")


if __name__ == "__main__":
    main()
