#!/usr/bin/python3
"""The file browser in the Open and Export dialogs, with real X11 input under Xvfb.

    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_browser.py NOISE_EXPLORER WORKDIR

  1. Ctrl+O lists the working folder; clicking "sub/" goes into it, which shows a.json and b.png
     but not c.txt (the filter), and all three with "All files"; double-clicking a.json opens it.
  2. Ctrl+E: the path is a full path; clicking "sub/" in the export browser puts that folder in the
     path field; a typed file name completes it; Export writes WORKDIR/sub/map.png and the
     message names the full path; "Open folder" is offered.
  3. File > Import heightmap: a text file is refused in one line with the dialog still open; a
     16-bit PNG becomes a new top layer (the picture changes; screenshot imported.png), the dialog
     closes, and Ctrl+Z takes the layer back.
"""
import json
import os
import shutil
import subprocess
import sys
import time

from x11_drive import Report, click, fail, hold, menu_item, screenshot, settled, until, wait_dialog, xdo

APP, WORK = sys.argv[1], os.path.abspath(sys.argv[2])
REPORT = os.path.join(WORK, "browser_report.jsonl")


def main():
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(os.path.join(WORK, "sub"))
    with open(os.path.join(WORK, "sub", "a.json"), "w") as f:
        json.dump({"format": "noise-explorer-preset", "version": 1, "seed": 31337}, f)
    for name in ("b.png", "c.txt"):
        open(os.path.join(WORK, "sub", name), "w").close()
    # A heightmap for step 3: a bright disc on a dark plain, 16 bits.
    import numpy as np
    from PIL import Image
    y, x = np.mgrid[0:64, 0:64]
    disc = np.where((x - 40) ** 2 + (y - 24) ** 2 < 300, 52000, 9000).astype(np.uint16)
    Image.fromarray(disc).save(os.path.join(WORK, "disc.png"))
    app = subprocess.Popen([APP, "--ui-report", REPORT], cwd=WORK, stderr=subprocess.PIPE)
    try:
        run(Report(REPORT))
    finally:
        app.terminate()
        app.wait(timeout=10)


def run(report):
    report.wait("the first picture", settled, timeout=60)

    # 1. Open.
    xdo("key", "ctrl+o")
    line = wait_dialog(report, "the Open dialog", "open_browse=sub/")
    click(line["rects"]["open_browse=sub/"])
    line = report.wait("inside sub/", lambda l: "open_browse=a.json" in l["rects"], timeout=10)
    time.sleep(0.2)
    line = report.last()
    listed = sorted(k for k in line["rects"] if k.startswith("open_browse="))
    if listed != ["open_browse=a.json", "open_browse=b.png"]:
        fail(f"the filtered listing is {listed}")
    click(line["rects"]["open_browse_all_files"])
    line = report.wait("all files", lambda l: "open_browse=c.txt" in l["rects"], timeout=10)
    click(line["rects"]["open_browse_all_files"])
    time.sleep(0.3)
    target = os.path.join(WORK, "sub", "a.json")
    # A double click is two clicks within ImGui's 0.3 s, seen in different frames: on a loaded
    # machine a slow frame can make them two single clicks, which only select the file. Then the
    # double click is tried again (the test once failed so under load, and passed alone; three
    # tries once failed with the machine's load at 7-10, so six, which a double click that never
    # opens still fails).
    attempts = 6
    for attempt in range(attempts):
        click(report.last()["rects"]["open_browse=a.json"], times=2)
        line = report.wait_or_none(lambda l: l["current_preset"] == target and l["params"]["seed"] == "31337", 10)
        if line is not None:
            break
        print(f"    the double click on a.json was not seen as one (attempt {attempt + 1}); again", flush=True)
    else:
        fail(f"a double click on a.json did not open it ({attempts} attempts); last line: {json.dumps(report.last())[:600]}")
    print(f"ok  Open: browsed into sub/, filter {listed}, c.txt with All files, double-click opened {target}",
          flush=True)
    time.sleep(0.3)
    if "open_path" in report.last()["rects"]:
        fail("the Open dialog stayed open after opening")

    # 2. Export.
    xdo("key", "ctrl+e")
    line = wait_dialog(report, "the Export dialog", "export_browse=sub/")
    click(line["rects"]["export_browse=sub/"])
    report.wait("the export browser in sub/", lambda l: "export_browse=b.png" in l["rects"], timeout=10)
    time.sleep(0.2)
    click(report.last()["rects"]["export_path"])
    time.sleep(0.1)
    xdo("keydown", "End")
    time.sleep(0.06)
    xdo("keyup", "End")
    xdo("type", "--delay", "5", "map.png")
    time.sleep(0.2)
    click(report.last()["rects"]["export_start"])
    written = os.path.join(WORK, "sub", "map.png")
    line = report.wait("exported", lambda l: not l["export"]["running"] and l["export"]["message"], timeout=60)
    if not os.path.isfile(written) or written not in line["export"]["message"]:
        fail(f"export: message {line['export']['message']!r}, file there: {os.path.isfile(written)}")
    time.sleep(0.3)
    if "export_open_folder" not in report.last()["rects"]:
        fail("no 'Open folder' after the export")
    print(f"ok  Export: browsed to sub/, typed map.png: {line['export']['message']!r}; Open folder offered", flush=True)
    hold("Escape")
    time.sleep(0.3)

    # 3. Import heightmap.
    until(report, "the picture before the import", settled, timeout=60)
    before = report.last()["preview"]["checksum"]
    menu_item(report, "file_menu", "import_heightmap")
    wait_dialog(report, "the Import dialog", "import_path")
    for name, ok in (("sub/c.txt", False), ("disc.png", True)):
        click(report.last()["rects"]["import_path"])
        hold("ctrl+a")
        xdo("type", "--delay", "5", os.path.join(WORK, name))
        time.sleep(0.2)
        click(report.last()["rects"]["import_start"])
        if not ok:
            line = report.wait("the refusal", lambda l: "c.txt" in l["preset_error"], timeout=10)
            if "\n" in line["preset_error"] or line["stack_layers"] != 0 or "import_path" not in line["rects"]:
                fail(f"import of a text file: {line['preset_error']!r}, {line['stack_layers']} layers")
            print(f"ok  Import refused a text file: {line['preset_error']!r}", flush=True)
    line = report.wait("the imported layer's picture",
                       lambda l: l["stack_layers"] == 1 and settled(l) and l["preview"]["checksum"] != before,
                       timeout=60)
    time.sleep(0.5)
    screenshot(WORK, "imported.png")
    if "import_path" in report.last()["rects"] or report.last()["preset_error"]:
        fail(f"after the import: dialog open {'import_path' in report.last()['rects']}, "
             f"error {report.last()['preset_error']!r}")
    hold("ctrl+z")
    line = report.wait("the undone import", lambda l: l["stack_layers"] == 0 and settled(l), timeout=60)
    if line["preview"]["checksum"] != before:
        fail("Ctrl+Z after the import did not bring the picture back")
    print(f"ok  Import: disc.png as layer 2 (screenshot {os.path.join(WORK, 'imported.png')}), Ctrl+Z took it back",
          flush=True)


if __name__ == "__main__":
    main()
