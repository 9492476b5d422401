#!/usr/bin/python3
"""The Debian package: `cpack -G DEB` builds it, lintian finds no error in it, and the program
inside runs from the unpacked tree (finding its presets beside it).

Checks what a reviewer would: the control fields (dependencies from dpkg-shlibdeps, and Python
and NumPy for the module), the file list (the app, its desktop files and the Python module; the
library's headers and archives stay out), that `usr/bin/noise-explorer export` works with a
shipped preset, and that the unpacked Python module imports with Debian's Python, finds the
presets beside it, renders every shipped preset with the unpacked program's bits
(app/python/examples/compare_with_program.py) and builds the Blender example's mesh. Installing it with apt is left to
people (it changes the machine): docs/install.md#debian-package.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile


def run(*args, **kwargs):
    result = subprocess.run(args, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit(f"FAILED ({result.returncode}): {' '.join(args)}\n{result.stdout}\n{result.stderr}")
    return result.stdout


EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "app", "python", "examples")


def check_python_module(root, work):
    """Debian's Python with the unpacked dist-packages on its path, as after `apt install`: the
    module is the unpacked one and finds the unpacked presets; every shipped preset rendered into
    NumPy equals the unpacked program's r32 exports and `sample` (compare_with_program.py); the
    Blender example builds its mesh."""
    env = dict(os.environ, PYTHONPATH=os.path.join(root, "usr/lib/python3/dist-packages"))
    run("/usr/bin/python3", "-c", "import sys, noise_explorer as ne\n"
        "assert ne.__file__.startswith(sys.argv[1]), ne.__file__\n"
        "assert ne.shipped_presets() and all(p.startswith(sys.argv[1]) for p in ne.shipped_presets())\n",
        root, env=env)
    run("/usr/bin/python3", os.path.join(EXAMPLES, "compare_with_program.py"), "--program",
        os.path.join(root, "usr/bin/noise-explorer"), "--size", "64x48", env=env)
    mesh = run("/usr/bin/python3", os.path.join(EXAMPLES, "blender_heightfield.py"), "alpine-ridges", "32",
               os.path.join(work, "ridges.obj"), env=env)
    if "1024 vertices, 961 faces" not in mesh:
        sys.exit(f"FAILED: the Blender example built another mesh: {mesh}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--cpack", required=True)
    a = parser.parse_args()
    for tool in ("dpkg-deb", "dpkg-shlibdeps", "lintian"):
        if not shutil.which(tool):
            print(f"{tool} not found (packages dpkg-dev, lintian): skipped")
            sys.exit(77)

    work = tempfile.mkdtemp(prefix="noise-explorer-deb-")
    try:
        run(a.cpack, "-G", "DEB", "--config", os.path.join(a.build_dir, "CPackConfig.cmake"), "-B", work)
        debs = [f for f in os.listdir(work) if f.endswith(".deb")]
        if len(debs) != 1 or not debs[0].startswith("noise-explorer_"):
            sys.exit(f"FAILED: expected one noise-explorer_*.deb, got {debs}")
        deb = os.path.join(work, debs[0])

        depends = run("dpkg-deb", "-f", deb, "Depends")
        for library in ("libc6", "libglfw3", "libhwy1", "libpng16-16", "libopenexr", "python3 (>= 3.", "python3-numpy"):
            if library not in depends:
                sys.exit(f"FAILED: Depends lacks {library}: {depends}")
        files = run("dpkg-deb", "-c", deb)
        for wanted in ("./usr/bin/noise-explorer", "./usr/share/applications/org.noiseexplorer.NoiseExplorer.desktop",
                       "./usr/share/noise-explorer/presets/clouds.json",
                       "./usr/share/noise-explorer/presets/imported-hills.json",
                       "./usr/share/noise-explorer/heightmaps/mesa-256.png",
                       "./usr/share/noise-explorer/lessons/02-perlin-gradient-noise.json", "./usr/share/man/man1/noise-explorer.1.gz",
                       "./usr/share/doc/noise-explorer/copyright"):
            if wanted not in files:
                sys.exit(f"FAILED: the package lacks {wanted}")
        module = "./usr/lib/python3/dist-packages/noise_explorer.cpython-"
        if module not in files:
            sys.exit(f"FAILED: the package lacks the Python module {module}*.so")
        for unwanted in ("./usr/include/", "libnoise-explorer"):
            if unwanted in files:
                sys.exit(f"FAILED: the package holds {unwanted} (the library is not part of it)")

        lintian = subprocess.run(["lintian", "--fail-on", "error", deb], capture_output=True, text=True)
        errors = [line for line in lintian.stdout.splitlines() if line.startswith("E:")]
        if lintian.returncode != 0 or errors:
            sys.exit(f"FAILED: lintian:\n{lintian.stdout}{lintian.stderr}")

        root = os.path.join(work, "root")
        run("dpkg-deb", "-x", deb, root)
        out = os.path.join(work, "h.png")
        run(os.path.join(root, "usr/bin/noise-explorer"), "export", "--preset", "dunes", "--size", "32x32",
            "--format", "png16", "-o", out)
        check_python_module(root, work)
        warnings = [line for line in lintian.stdout.splitlines() if line.startswith("W:")]
        print(f"{debs[0]}: lintian without errors ({len(warnings)} warnings); Depends: {depends.strip()}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
