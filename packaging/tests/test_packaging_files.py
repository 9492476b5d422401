#!/usr/bin/python3
"""The files that make the program a desktop application, checked with the tools distributions use.

- the .desktop entry passes desktop-file-validate;
- the AppStream metainfo passes `appstreamcli validate --no-net`;
- the shared-mime-info XML parses and declares the preset type the desktop entry opens;
- the manual page renders without a warning and names every option of `export --help`
  and every export format, so it cannot fall behind the program;
- each icon PNG is square and as large as its name says.
"""
import argparse
import gzip
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

from PIL import Image

APP_ID = "org.noiseexplorer.NoiseExplorer"


def run(*args, **kwargs):
    result = subprocess.run(args, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit(f"FAILED ({result.returncode}): {' '.join(args)}\n{result.stdout}\n{result.stderr}")
    return result.stdout + result.stderr


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", required=True)  # packaging/
    parser.add_argument("--binary", required=True)  # build/.../packaging
    parser.add_argument("--program", required=True)
    a = parser.parse_args()

    desktop = os.path.join(a.source, f"{APP_ID}.desktop")
    out = run("desktop-file-validate", desktop)
    if out.strip():
        sys.exit(f"FAILED: desktop-file-validate says:\n{out}")

    metainfo = os.path.join(a.binary, f"{APP_ID}.metainfo.xml")
    run("appstreamcli", "validate", "--no-net", "--explain", metainfo)

    mime_types = ET.parse(os.path.join(a.source, "noise-explorer-mime.xml")).getroot()
    declared = {m.get("type") for m in mime_types}
    with open(desktop, encoding="utf-8") as f:
        wanted = next(line for line in f if line.startswith("MimeType=")).strip().split("=", 1)[1]
    ours = [t for t in wanted.split(";") if t and "noise-explorer" in t]
    if not ours or not set(ours) <= declared:
        sys.exit(f"FAILED: the desktop entry opens {ours}, the MIME XML declares {declared}")

    page = os.path.join(a.binary, "noise-explorer.1.gz")
    env = dict(os.environ, LC_ALL="C.UTF-8", MANWIDTH="100")
    result = subprocess.run(["man", "--warnings", "-E", "UTF-8", "-l", page], capture_output=True, text=True,
                            env=env)
    if result.returncode != 0 or result.stderr.strip():
        sys.exit(f"FAILED: man --warnings {page}:\n{result.stderr}")
    with gzip.open(page, "rt", encoding="utf-8") as f:
        roff = f.read().replace("\\-", "-")
    help_text = run(a.program, "export", "--help")
    options = set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*|-o)\b", help_text)) - {"--help"}
    formats = re.search(r"--format.*?\b(png8 \|.*?)\(required\)", help_text).group(1)
    names = [f.strip() for f in formats.split("|")]
    missing = [o for o in sorted(options) + names if o not in roff]
    if missing:
        sys.exit(f"FAILED: the manual page does not mention {missing} (from `export --help`)")

    for size in (16, 24, 32, 48, 64, 128, 256):
        icon = os.path.join(a.source, "icons", f"{APP_ID}-{size}.png")
        with Image.open(icon) as image:
            if image.size != (size, size) or image.mode != "RGBA":
                sys.exit(f"FAILED: {icon} is {image.size} {image.mode}, expected {size}x{size} RGBA")
    ET.parse(os.path.join(a.source, "icons", f"{APP_ID}.svg"))

    print(f"packaging files: desktop entry, metainfo, MIME type, manual page ({len(options)} options, "
          f"{len(names)} formats) and 7 icons check out")


if __name__ == "__main__":
    main()
