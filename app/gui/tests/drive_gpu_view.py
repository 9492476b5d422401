#!/usr/bin/python3
"""The shader export in the window, driven with real X11 input under Xvfb (docs/shaders.md).

    xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 drive_gpu_view.py NOISE_EXPLORER WORKDIR

  1. File > Copy as GLSL, then File > Copy as HLSL, on alpine-ridges: the clipboard (read with
     xclip, as another program would paste it) holds, byte for byte, what
     `export --format glsl|hlsl --preset alpine-ridges` writes, and glslang compiles it (GLSL 330;
     HLSL to SPIR-V, validated by spirv-val) without a warning.
  2. View > GPU view: the field drawn by that GLSL on Mesa beside the CPU's picture; their largest
     difference is above 0 (two different paths) and within the export's bound; on the screen the
     two pictures are the same colours (read from a screenshot) and not a flat colour; the
     window's thread stayed under 250 ms of CPU a frame while the shader drew.
  3. Octaves typed into their slider: the GPU view draws the new field, again within the bound.
  4. eroded-hills from the preset list: the erosion filter carved by the shader too, within the
     bound, the same colours on the screen.
  5. voronoi noise chosen in the Algorithm combo: the view shows the export's one-line refusal
     (the line `export --format glsl` prints for the same settings) and no new picture.
Screenshots of each step are kept in WORKDIR for a person to look at.
"""
import os
import shutil
import subprocess
import sys
import time

import numpy
from PIL import Image

import x11_drive
from x11_drive import click, fail, menu_item, start_app, type_into_slider, until, wait_dialog

APP, WORK = sys.argv[1], sys.argv[2]
os.makedirs(WORK, exist_ok=True)
GLSLANG, SPIRV_VAL, XCLIP = shutil.which("glslangValidator"), shutil.which("spirv-val"), shutil.which("xclip")
# The first draw compiles the shader and runs on two cores shared with the rest of the suite.
DRAW_TIMEOUT = 240


def clipboard():
    """The clipboard's text as another program pastes it (the window serves it while it runs)."""
    out = subprocess.run([XCLIP, "-o", "-selection", "clipboard"], capture_output=True, timeout=20)
    if out.returncode != 0:
        fail(f"xclip could not read the clipboard: {out.stderr.decode(errors='replace')}")
    return out.stdout.decode()


def cli_export(language, preset, *settings):
    path = os.path.join(WORK, f"{preset}.{language}")
    out = subprocess.run([APP, "export", "--format", language, "--preset", preset, *settings, "-o", path, "--force"],
                         capture_output=True, text=True)
    if out.returncode != 0:
        return None, out.stderr.strip()
    with open(path) as f:
        return f.read(), ""


def compiles(text, language):
    """glslang over the text with a main that calls ne_alpine_ridges, no warning allowed."""
    if language == "glsl":
        shader = os.path.join(WORK, "clipboard.frag")
        source = ("#version 330 core\n" + text + "layout(location = 0) out float value;\nin vec2 p;\n"
                  "void main() {\n    value = ne_alpine_ridges(p);\n}\n")
        args = ["-S", "frag", shader]
    else:
        shader = os.path.join(WORK, "clipboard.hlsl")
        source = text + "float main(float2 p : TEXCOORD0) : SV_Target {\n    return ne_alpine_ridges(p);\n}\n"
        args = ["-D", "-V", "-S", "frag", "-e", "main", "-o", shader + ".spv", shader]
    with open(shader, "w") as f:
        f.write(source)
    out = subprocess.run([GLSLANG, *args], capture_output=True, text=True)
    if out.returncode != 0 or "WARNING" in out.stdout + out.stderr:
        fail(f"glslang on the clipboard's {language}: {(out.stdout + out.stderr)[-1500:]}")
    if language == "hlsl":
        out = subprocess.run([SPIRV_VAL, shader + ".spv"], capture_output=True, text=True)
        if out.returncode != 0:
            fail(f"spirv-val on the clipboard's HLSL: {out.stdout}{out.stderr}")


def drawn(line, generation):
    """A picture newer than `generation`, of the field now shown."""
    view = line["gpu_view"]
    return view["generation"] > generation and view.get("current") and not view["drawing"]


def check_picture(line, what):
    view = line["gpu_view"]
    if not 0.0 < view["largest"] or view["over"] != 0 or (view["largest"] > view["bound"] and view["allowance"] == 0):
        fail(f"{what}: largest |GPU - CPU| {view['largest']} against the bound {view['bound']}")
    if "llvmpipe" not in view["renderer"] and "softpipe" not in view["renderer"]:
        print(f"note: the GPU view ran on {view['renderer']}", flush=True)
    print(f"ok  {what}: {view['width']} x {view['height']}, largest |GPU - CPU| {view['largest']:.2e} "
          f"(bound {view['bound']:.1e}); GPU {view['gpu_ms']:.0f} ms, CPU {view['cpu_ms']:.0f} ms on "
          f"{view['renderer']}", flush=True)


def same_on_screen(line, name):
    """The two pictures as the screen shows them: the same colours, and not one flat colour."""
    path = os.path.join(WORK, name)
    x11_drive.xdo("mousemove", 640, 795)  # no tooltip over the pictures
    time.sleep(1.0)  # the report's line is written before its frame is swapped onto the screen
    x11_drive.screenshot(WORK, name)
    shot = numpy.asarray(Image.open(path).convert("RGB")).astype(numpy.int16)
    crops = []
    for key in ("gpu_view_cpu", "gpu_view_gpu"):
        x0, y0, x1, y1 = (int(v) for v in line["rects"][key])
        crops.append(shot[y0 + 1:y1 - 1, x0 + 1:x1 - 1])
    cpu, gpu = crops
    if cpu.shape != gpu.shape or cpu.size == 0:
        fail(f"the pictures on screen have sizes {cpu.shape} and {gpu.shape}")
    if cpu.std() < 10:
        fail(f"the CPU picture on screen is flat (std {cpu.std():.1f})")
    apart = numpy.abs(cpu - gpu).max(axis=2) > 2
    if apart.mean() > 0.001:
        fail(f"{apart.mean():.2%} of the pixels on screen differ between the CPU and GPU pictures ({name})")


def main():
    app, report = start_app(APP, os.path.join(WORK, "gpu_report.jsonl"), "--preset", "alpine-ridges",
                            "--no-session", cwd=WORK)
    try:
        run(report)
    finally:
        app.terminate()
        app.wait(timeout=30)


def run(report):
    # 1. The clipboard.
    for language, item in (("glsl", "copy_glsl"), ("hlsl", "copy_hlsl")):
        menu_item(report, "file_menu", item)
        what = f"Copy as {language.upper()}"
        until(report, f"{what} done", lambda l: l["status_message"].startswith(what + ":"), timeout=10)
        text = clipboard()
        expected, error = cli_export(language, "alpine-ridges")
        if expected is None:
            fail(f"export --format {language} failed: {error}")
        if text != expected:
            fail(f"the clipboard's {language} ({len(text)} bytes) differs from the export's ({len(expected)} bytes)")
        compiles(text, language)
        print(f"ok  Copy as {language.upper()}: the export's {len(text)} bytes, compiled by glslang", flush=True)

    # 2. The GPU view.
    menu_item(report, "view_menu", "gpu_view_item")
    line = until(report, "the GPU view's first picture", lambda l: drawn(l, 0), timeout=DRAW_TIMEOUT)
    check_picture(line, "alpine-ridges")
    line = until(report, "the pictures on screen", lambda l: "gpu_view_gpu" in l["rects"], timeout=10)
    same_on_screen(line, "1-gpu-view.png")
    if line["slowest_frame_cpu_ms"] > 250:
        fail(f"a frame took {line['slowest_frame_cpu_ms']} ms of the window thread's CPU while the shader drew")

    # 3. An edit with real input: the view follows.
    generation = line["gpu_view"]["generation"]
    type_into_slider(report.last()["rects"]["octaves"], "4")
    until(report, "octaves 4", lambda l: l["params"]["octaves"] == "4", timeout=20)
    line = until(report, "the picture of 4 octaves", lambda l: drawn(l, generation), timeout=DRAW_TIMEOUT)
    check_picture(line, "alpine-ridges, octaves 4")
    same_on_screen(until(report, "the new pictures", lambda l: "gpu_view_gpu" in l["rects"]), "2-four-octaves.png")

    # 4. A preset with the erosion filter, from the preset list: carved on the GPU too.
    generation = report.last()["gpu_view"]["generation"]
    click(report.last()["rects"]["preset"])
    opened = wait_dialog(report, "the preset list", "preset=eroded-hills")
    click(opened["rects"]["preset=eroded-hills"])
    line = until(report, "eroded-hills drawn", lambda l: l["current_preset"].endswith("eroded-hills.json")
                 and drawn(l, generation), timeout=DRAW_TIMEOUT)
    check_picture(line, "eroded-hills")
    same_on_screen(until(report, "the carved pictures", lambda l: "gpu_view_gpu" in l["rects"]), "3-eroded-hills.png")

    # 5. A field the export refuses: voronoi noise, chosen in the Algorithm combo.
    _, refusal = cli_export("glsl", "eroded-hills", "--set", "algorithm=voronoi")
    if not refusal:
        fail("export --format glsl accepted voronoi noise: pick a refused setting for this check")
    generation = report.last()["gpu_view"]["generation"]
    click(report.last()["rects"]["algorithm"])
    opened = wait_dialog(report, "the algorithm list", "algorithm=voronoi")
    click(opened["rects"]["algorithm=voronoi"])
    line = until(report, "the refusal shown", lambda l: l["gpu_view"]["refusal"] != "" and "gpu_view_refusal" in l["rects"],
                 timeout=30)
    if line["params"]["algorithm"] != "voronoi" or line["gpu_view"]["refusal"] not in refusal:
        fail(f"the view says {line['gpu_view']['refusal']!r}, the export {refusal!r}")
    if line["gpu_view"]["drawing"] or line["gpu_view"]["generation"] != generation:
        fail("the view drew a refused field")
    x11_drive.xdo("mousemove", 640, 795)
    time.sleep(1.0)  # the frame of the report's line on the screen
    x11_drive.screenshot(WORK, "4-refused.png")
    print(f"ok  voronoi refused in the view as by the export: {line['gpu_view']['refusal']}", flush=True)
    print("GPU view: clipboard, pictures, edit and refusal behave", flush=True)


if not (GLSLANG and SPIRV_VAL and XCLIP):
    print("SKIP: glslangValidator, spirv-val or xclip missing (apt-get install glslang-tools spirv-tools xclip)")
    sys.exit(77)
main()
