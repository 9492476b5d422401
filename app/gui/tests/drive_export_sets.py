#!/usr/bin/python3
"""The export dialog's engine sets and per-format choices, driven with real X11 input.

Run under Xvfb (the CTest entry does this):
    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_export_sets.py NOISE_EXPLORER WORKDIR

The window opens a preset with its own texture layers (which it must carry whole) and its own
export size (view.export_size unity-65). Through the export dialog (Ctrl+E):
  1. the size starts at the preset's unity-65; "unity set", size unity-33 from the list (which the
     preset keeps from then on), a name typed, Export: every file of the set and the manifest are
     byte for byte what `export --profile unity` writes for the same preset (keeping unity-33), and
     the splat maps name the preset's own layers (not the default set's);
  2. Export again: the dialog asks before replacing the set, "Keep it" leaves every file as it was;
  3. "one image", format mask16, map "curvature": the file is `export --format mask16 --map
     curvature` byte for byte, and the path got the format's extension back;
  4. Save the preset from the window (Ctrl+S, a name typed, Return): the file still has the texture
     layers, and keeps the size picked in the dialog (view.export_size 33x33).
Exit status 0 when every check passes; otherwise the first failure is printed.
"""
import json
import os
import shutil
import subprocess
import sys
import time

from x11_drive import click_settled, fail, hold, start_app, until, wait_dialog, xdo

APP, WORK = sys.argv[1], sys.argv[2]
REPORT = os.path.join(WORK, "report.jsonl")
LAYERS = [{"name": "cliff", "slope_min": 30, "slope_falloff": 4},
          {"name": "moss", "height_max": 60, "height_falloff": 10},
          {"name": "scree"}]
SIZE = "unity-33"  # picked from the dialog's size list; small, so the sets are quick
KEPT = "unity-65"  # the preset's own export size, where the dialog starts


def folder_bytes(folder):
    return {name: open(os.path.join(folder, name), "rb").read() for name in sorted(os.listdir(folder))}


def cli_export(preset, args, name):
    """The same export from the command line, into a fresh folder of its own; returns the folder."""
    out = os.path.join(WORK, "cli-" + "-".join(args).replace("--", ""))
    os.makedirs(out)
    # The window's preset keeps the size picked in the dialog (view.export_size): the same preset.
    subprocess.run([APP, "export", "--preset", preset, "--set", f"view.export_size={SIZE}", "--size", SIZE, *args,
                    "-o", os.path.join(out, name)],
                   check=True, capture_output=True)
    return out


def set_path(report, text):
    """Replaces the dialog's path field with `text`, as a person would: click, select all, type."""
    click_settled(report, "export_path")
    hold("ctrl+a")
    xdo("type", "--delay", "20", text)
    hold("Return")
    time.sleep(0.3)


def choose_size(report, name):
    click_settled(report, "export_size")
    until(report, "the size list", lambda l: f"export_size={name}" in l["rects"])
    time.sleep(0.3)
    click_settled(report, f"export_size={name}")
    until(report, "the size list closed", lambda l: f"export_size={name}" not in l["rects"])
    time.sleep(0.3)



def export_and_wait(report, what):
    """Clicks Export and waits for the outcome; a click that a slow frame lost is tried again."""
    for _ in range(3):
        click_settled(report, "export_start")
        started = report.wait_or_none(lambda l: l["export"]["running"] or l["export"]["message"]
                                      or l["export"]["error"], timeout=10)
        if started is not None:
            break
    return until(report, what, lambda l: l["export"]["message"].startswith("Exported") or l["export"]["error"],
                 timeout=120)


def main():
    shutil.rmtree(WORK, ignore_errors=True)  # a run before this one left its sets
    os.makedirs(WORK)
    preset = os.path.join(WORK, "layered.json")
    with open(preset, "w") as f:
        json.dump({"format": "noise-explorer-preset", "version": 1, "octaves": 5, "texture_layers": LAYERS,
                   "view": {"export_size": KEPT}}, f)
    out = os.path.join(WORK, "out")
    os.makedirs(out)
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(WORK, "config"), XDG_DATA_HOME=os.path.join(WORK, "data"))
    app, report = start_app(APP, REPORT, "--preset", preset, "--no-session", cwd=WORK, env=env)
    try:
        run(report, preset, out)
    finally:
        app.terminate()
        app.wait(timeout=10)


def run(report, preset, out):
    # [1] The Unity set, at a size from the list.
    xdo("key", "ctrl+e")
    wait_dialog(report, "the export dialog", "export_set=unity")
    if not report.last()["export"]["size"].startswith(KEPT):
        fail(f"the dialog starts at {report.last()['export']['size']!r}, not the preset's {KEPT}")
    print(f"ok  the dialog starts at the preset's export size {KEPT}", flush=True)
    click_settled(report, "export_set=unity")
    until(report, "the set's files", lambda l: "export_set=unity" in l["rects"] and "export_tiles" not in l["rects"])
    choose_size(report, SIZE)
    set_path(report, os.path.join(out, "valley"))
    line = export_and_wait(report, "the set to be written")
    if line["export"]["error"]:
        fail(f"the set failed: {line['export']['error']}")
    expected = folder_bytes(cli_export(preset, ["--profile", "unity"], "valley"))
    written = folder_bytes(out)
    if sorted(written) != sorted(expected):
        fail(f"the window's unity set has {sorted(written)}, the command line's {sorted(expected)}")
    for name in expected:
        if written[name] != expected[name]:
            fail(f"{name} differs from `export --profile unity`")
    manifest = json.loads(written["valley.manifest.json"])
    named = json.dumps(manifest)
    if "cliff" not in named or "scree" not in named or "rock" in named:
        fail(f"the set does not use the preset's own texture layers: {named[:400]}")
    print(f"ok  unity set from the window: {len(written)} files, each the command line's byte for byte; "
          f"the preset's layers cliff/moss/scree", flush=True)

    # [2] Again: a confirmation, and "Keep it" keeps every file.
    stamps = {n: os.stat(os.path.join(out, n)).st_mtime_ns for n in written}
    click_settled(report, "export_start")
    report.wait("a confirmation before replacing the set", lambda l: "export_replace" in l["rects"])
    click_settled(report, "export_keep")
    until(report, "the confirmation gone", lambda l: "export_replace" not in l["rects"])
    if {n: os.stat(os.path.join(out, n)).st_mtime_ns for n in os.listdir(out)} != stamps:
        fail("Keep it changed the set's files")
    print("ok  exporting the set again asks first; Keep it leaves the files", flush=True)

    # [3] One image: mask16, the curvature map.
    click_settled(report, "export_set=none")
    line = until(report, "the format row", lambda l: "export_format=mask16" in l["rects"])
    time.sleep(0.3)
    click_settled(report, "export_format=mask16")
    until(report, "the mask's maps", lambda l: "export_map=curvature" in l["rects"])
    time.sleep(0.3)
    click_settled(report, "export_map=curvature")
    time.sleep(0.3)
    line = export_and_wait(report, "the mask to be written")
    target = os.path.join(out, "valley.png")
    if line["export"]["error"] or not os.path.exists(target):
        fail(f"the mask export: {line['export']['error'] or 'no valley.png'}")
    expected = cli_export(preset, ["--format", "mask16", "--map", "curvature"], "valley.png")
    if open(target, "rb").read() != open(os.path.join(expected, "valley.png"), "rb").read():
        fail("the window's mask16 curvature map differs from `export --format mask16 --map curvature`")
    print("ok  one image again: the path took .png back; mask16 curvature is the command line's byte for byte",
          flush=True)

    # [3b] A typed extension chooses its format; one of a format no export writes waits under Export.
    set_path(report, os.path.join(out, "valley.r32"))
    until(report, "r32 chosen by the typed name", lambda l: l["export"]["format"] == "r32")
    set_path(report, os.path.join(out, "valley.jpg"))
    line = until(report, "the name refused", lambda l: "export_name_problem" in l["rects"])
    if line["export"]["format"] != "r32":
        fail(f"a .jpg name changed the format to {line['export']['format']}")
    before = folder_bytes(out)
    click_settled(report, "export_start")  # disabled: nothing happens
    time.sleep(1.0)
    if folder_bytes(out) != before or report.last()["export"]["running"]:
        fail("Export ran with a .jpg name")
    set_path(report, os.path.join(out, "valley.png"))
    until(report, "png16 chosen back and the refusal gone",
          lambda l: l["export"]["format"] == "png16" and "export_name_problem" not in l["rects"])
    print("ok  a typed .r32 chooses r32, a .jpg is refused under Export and writes nothing, .png gives png16",
          flush=True)
    xdo("key", "Escape")
    until(report, "the dialog closed", lambda l: "export_start" not in l["rects"])

    # [4] Saved from the window, the preset keeps its texture layers.
    saved = os.path.join(WORK, "saved.json")
    xdo("key", "ctrl+s")
    wait_dialog(report, "the save dialog", "save_path")  # the field has the keyboard
    hold("ctrl+a")
    xdo("type", "--delay", "20", saved)
    hold("Return")
    until(report, "the preset saved", lambda l: os.path.exists(saved), timeout=30)
    layers = json.load(open(saved)).get("texture_layers")
    if [layer["name"] for layer in layers or []] != [layer["name"] for layer in LAYERS]:
        fail(f"the preset saved from the window lost its texture layers: {layers}")
    kept = json.load(open(saved)).get("view", {}).get("export_size")
    if kept != "33x33":
        fail(f"the preset saved from the window keeps the export size {kept!r}, not the dialog's 33x33")
    print("ok  the preset saved from the window keeps its texture layers and the dialog's size 33x33", flush=True)


if __name__ == "__main__":
    main()
