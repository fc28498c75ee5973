#!/usr/bin/env python3
"""Elastic's whole frame per scene against Cairo drawing the same frame, side by side in one run.

For each scene this runs the real binary headless on an input script (once per renderer: the
default Elastic picks, and OpenGL), reads the per-frame columns of its --stats CSV, then draws an
equivalent frame with Cairo many times in this process (ARGB32 image surface at the same size,
ANTIALIAS_DEFAULT: clear + the scene's main shapes and labels, animated through the same kind of
motion) and prints, per scene and renderer:

  Elastic render (submit + present) p50/p99, Elastic whole frame p50/p99, Cairo frame p50/p99,
  and the ratio Elastic whole frame / Cairo (p50 and p99).

The Cairo frames are close in pixel coverage to Elastic's, not identical; they are timed from
Python (pycairo), so a few µs of call overhead per shape counts against Cairo. Elastic's whole
frame includes input, the fixed steps, tessellation, submission and present; Cairo has no
present (the image stays in memory).

Input (--motion): `moving` (the default) holds the pointer and sweeps it for the whole run, or
keeps toggling the scene's control, so every frame shows something new and has to be redrawn: the
case that matters for a person dragging; `replay` plays the scene's script from assets/replays
(a gesture, then the scene settles). Scripts are scaled to --window.

Needs python3-cairo (Debian: apt-get install -y python3-cairo) or pycairo from pip, and a release
build: swift build -c release (this script builds it with --build).
"""

import argparse
import csv
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SCENES = {
    # scene: (replay, simulated seconds)
    "wave-pull": ("wave-pull-center.jsonl", 3.0),
    "gooey-menu": ("gooey-menu-open-close.jsonl", 4.0),
    "jelly-block": ("jelly-block-launch.jsonl", 2.5),
    "sticky-refresh": ("sticky-refresh-pull.jsonl", 5.0),
    "wave-balls": ("wave-balls-pull.jsonl", 5.0),
}


def percentile(values, p):
    if not values:
        return float("nan")
    s = sorted(values)
    k = (len(s) - 1) * p / 100.0
    lo, hi = math.floor(k), math.ceil(k)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


MOVING_SECONDS = 4.0


def moving_script(scene, width, height):
    """JSON Lines input that keeps `scene` moving every frame for MOVING_SECONDS, in a window of
    width x height (the 1280x720 design's coordinates scaled to it)."""
    sx, sy = width / 1280.0, height / 720.0
    lines = []

    def event(t, kind, x=None, y=None):
        e = {"t": round(t, 6), "type": kind}
        if x is not None:
            e["x"], e["y"] = round(x * sx, 3), round(y * sy, 3)
        lines.append(json.dumps(e))

    if scene == "gooey-menu":
        # The menu opens and closes over and over: the slide, the bend and the buttons never rest.
        t = 0.05
        while t < MOVING_SECONDS:
            lines.append(json.dumps({"t": round(t, 6), "type": "key", "key": "space"}))
            t += 0.7
        return "\n".join(lines) + "\n"
    # A drag held for the whole run, sweeping across and back at 60 moves a second.
    start = {"wave-pull": (640, 10), "jelly-block": (640, 670), "sticky-refresh": (640, 100),
             "wave-balls": (640, 100)}[scene]
    event(0.05, "down", *start)
    steps = int(MOVING_SECONDS * 60) - 6
    for k in range(1, steps):
        u = k / 60.0
        x = 640 + 400 * math.sin(2 * math.pi * u / 2.0)
        if scene == "wave-pull":
            y = 10 + 140 + 130 * math.sin(2 * math.pi * u / 1.3)
        elif scene == "jelly-block":
            y = 670 - 250 * (1 - math.cos(2 * math.pi * u / 1.1))
        else:
            y = 100 + 60 + 55 * math.sin(2 * math.pi * u / 1.2)
        event(0.05 + u, "move", x if scene != "jelly-block" else 640, y)
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# Elastic: the real binary, headless

def run_elastic(binary, scene, renderer, width, height, skip, tmp, motion):
    replay, seconds = SCENES[scene]
    if motion == "moving":
        script = os.path.join(tmp, f"{scene}-moving.jsonl")
        with open(script, "w") as f:
            f.write(moving_script(scene, width, height))
        seconds = MOVING_SECONDS
    else:
        script = os.path.join(ROOT, "assets", "replays", replay)
    stats = os.path.join(tmp, f"{scene}-{renderer}.csv")
    cmd = [binary, "play", "--headless", "--scene", scene,
           "--replay", script,
           "--window", f"{width}x{height}", "--seconds", str(seconds),
           "--stats", stats, "--no-hint"]
    if renderer != "default":
        cmd += ["--renderer", renderer]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    rows = []
    with open(stats, newline="") as f:
        lines = [line for line in f if not line.startswith("#")]
    for row in csv.DictReader(lines):
        rows.append({k: float(row[k]) for k in ("frame_ms", "submit_ms", "present_ms", "tessellate_ms", "triangles")})
    rows = rows[skip:]  # the first frames warm caches and the window up
    # "elastic: video driver dummy (headless), renderer software (why…), …": the renderer in use.
    chosen = renderer
    for line in proc.stderr.splitlines():
        if ", renderer " in line:
            chosen = line.split(", renderer ", 1)[1].split(" ", 1)[0]
            break
    return rows, chosen


# ---------------------------------------------------------------------------------------------
# Cairo: the same frames, drawn by cairo

def rgb(ctx, r, g, b, a=255):
    ctx.set_source_rgba(r / 255.0, g / 255.0, b / 255.0, a / 255.0)


def quad_to(ctx, cx, cy, x, y):
    """A quadratic Bézier as the equivalent cubic (cairo has only cubics)."""
    x0, y0 = ctx.get_current_point()
    ctx.curve_to(x0 + 2.0 / 3.0 * (cx - x0), y0 + 2.0 / 3.0 * (cy - y0),
                 x + 2.0 / 3.0 * (cx - x), y + 2.0 / 3.0 * (cy - y), x, y)


def rounded_rect(ctx, x, y, w, h, r):
    r = min(r, w / 2, h / 2)
    ctx.new_sub_path()
    ctx.arc(x + w - r, y + r, r, -math.pi / 2, 0)
    ctx.arc(x + w - r, y + h - r, r, 0, math.pi / 2)
    ctx.arc(x + r, y + h - r, r, math.pi / 2, math.pi)
    ctx.arc(x + r, y + r, r, math.pi, 3 * math.pi / 2)
    ctx.close_path()


def label(ctx, text, x, y, size, align="center"):
    ctx.set_font_size(size)
    if align == "center":
        ext = ctx.text_extents(text)
        x -= ext.x_advance / 2
    ctx.move_to(x, y + size * 0.35)
    ctx.show_text(text)


def wave_layout(w, drag, lx):
    """WavePull.layout: the seven control points for a drag distance and pointer x."""
    add = min(max(drag, 0), 200.0)
    wave = min(200.0, 0.6 * add)
    base = 64.0 + add - wave
    min_left = min((lx - w / 2) * 0.28, 0)
    max_right = max(w + (lx - w / 2) * 0.28, w)
    lw, rw = lx - min_left, max_right - lx
    return [(min_left, base), (min_left + 0.44 * lw, base), (min_left + 0.71 * lw, base + 0.64 * wave),
            (lx, base + 1.36 * wave), (max_right - 0.71 * rw, base + 0.64 * wave),
            (max_right - 0.44 * rw, base), (max_right, base)]


def draw_wave_pull(ctx, w, h, u):
    rgb(ctx, 255, 255, 255); ctx.paint()
    l3, l2, l1, c, r1, r2, r3 = wave_layout(w, 200 * (0.5 + 0.5 * math.sin(u * 2 * math.pi)), w / 2 + 60)
    ctx.move_to(0, 0); ctx.line_to(0, l3[1])
    quad_to(ctx, l2[0], l2[1], l1[0], l1[1])
    quad_to(ctx, c[0], c[1], r1[0], r1[1])
    quad_to(ctx, r2[0], r2[1], r3[0], r3[1])
    ctx.line_to(w, 0); ctx.close_path()
    rgb(ctx, 57, 67, 89); ctx.fill()


def draw_jelly_block(ctx, w, h, u):
    rgb(ctx, 255, 255, 255); ctx.paint()
    top, bottom = 100.0, h - 50.0
    cy = bottom + (top - bottom) * (0.5 - 0.5 * math.cos(u * math.pi))
    p = 1 - (cy - top) / (bottom - top)
    d = 50 * (0.5 - abs(p - 0.5))
    x, y = w / 2 - 50, cy - 50
    ctx.move_to(x, y + d)
    quad_to(ctx, x + 50, y, x + 100, y + d)
    ctx.line_to(x + 100, y + 100)
    quad_to(ctx, x + 50, y + 100 - d, x, y + 100)
    ctx.close_path()
    rgb(ctx, 0, 0, 255); ctx.fill()
    rounded_rect(ctx, 20, h - 20 - 44, 110, 44, 10)
    rgb(ctx, 0, 122, 255); ctx.fill()
    rgb(ctx, 255, 255, 255); label(ctx, "Start", 75, h - 42, 17)


def draw_gooey_menu(ctx, w, h, u):
    rgb(ctx, 255, 255, 255); ctx.paint()
    cx, cy = w / 2, h / 2
    ctx.arc(cx, cy, 32, 0, 2 * math.pi); rgb(ctx, 0, 175, 240); ctx.fill()
    rounded_rect(ctx, cx - 15, cy - 8, 30, 19, 4); rgb(ctx, 255, 255, 255); ctx.fill()
    rounded_rect(ctx, cx - 6, cy - 12, 12, 6, 2); ctx.fill()
    ctx.arc(cx, cy + 1.5, 6.5, 0, 2 * math.pi); rgb(ctx, 0, 175, 240); ctx.fill()
    ctx.arc(cx, cy + 1.5, 4, 0, 2 * math.pi); rgb(ctx, 255, 255, 255); ctx.fill()
    ctx.arc(cx + 10.5, cy - 4, 1.5, 0, 2 * math.pi); rgb(ctx, 0, 175, 240); ctx.fill()
    # Veil, then the body sliding up with its bent edge, then the pill buttons riding it.
    slide = 0.5 - 0.5 * math.cos(u * math.pi)
    rgb(ctx, 0, 0, 0, 115 * min(1.0, 2 * slide)); ctx.rectangle(0, 0, w, h); ctx.fill()
    edge = (h + 80) + (h / 2 - (h + 80)) * slide
    diff = -160 * math.sin(u * math.pi)
    ctx.move_to(0, edge + h / 2); ctx.line_to(0, edge)
    quad_to(ctx, w / 2, edge + diff, w, edge)
    ctx.line_to(w, edge + h / 2); ctx.close_path()
    rgb(ctx, 0, 175, 240); ctx.fill()
    titles = ["Take photo", "Photo library", "Record video", "Cancel"]
    stack = 4 * 40 + 3 * 30
    first = (h / 2 - stack) / 2
    for i, t in enumerate(titles):
        y = edge + first + i * 70 + 20 * math.sin(u * math.pi + i)
        if y - 20 >= h:
            continue
        rounded_rect(ctx, 40, y, w - 80, 40, 20)
        rgb(ctx, 0, 175, 240); ctx.fill_preserve()
        rgb(ctx, 255, 255, 255); ctx.set_line_width(1); ctx.stroke()
        label(ctx, t, w / 2, y + 20, 17)


def blob(ctx, cx, top, hh):
    """StickyRefresh.blobPath: two half-circles joined by two quadratic curves."""
    hh = min(max(hh, 44.0), 88.0)
    s = 1 - 0.6 * (hh - 44) / 44
    r = 15.0
    cyb = (hh - 14) - r * s * s
    ctl = r + (cyb - r) / 2
    ox, oy = cx - r, top + 7
    s2 = r * s * s
    ctx.move_to(ox + r - r * s, oy + r)
    ctx.arc(ox + r, oy + r, r * s, math.pi, 2 * math.pi)
    quad_to(ctx, ox + r + s2, oy + ctl, ox + r + s2, oy + cyb)
    ctx.arc(ox + r, oy + cyb, s2, 0, math.pi)
    quad_to(ctx, ox + r - s2, oy + ctl, ox + r - r * s, oy + r)
    ctx.close_path()


def draw_sticky_refresh(ctx, w, h, u):
    rgb(ctx, 239, 239, 244); ctx.paint()
    pull = 88 * math.sin(u * math.pi)
    bar = 64.0
    top = bar + pull
    rgb(ctx, 255, 255, 255); ctx.rectangle(0, top, w, h - top); ctx.fill()
    y, i = top, 0
    while y < h:
        rgb(ctx, 200, 199, 204); ctx.rectangle(15, y + 43.5, w - 15, 0.5); ctx.fill()
        rgb(ctx, 0, 0, 0); label(ctx, f"Row {i + 1}", 16, y + 22, 17, align="leading")
        y += 44; i += 1
    if pull > 0:
        blob(ctx, w / 2, bar, pull)
        rgb(ctx, 85, 85, 85, 153); ctx.fill()
        ctx.arc(w / 2, bar + 22, 6, 0.3, 2 * math.pi - 0.3)
        rgb(ctx, 255, 255, 255); ctx.set_line_width(2); ctx.stroke()
    rgb(ctx, 248, 248, 248); ctx.rectangle(0, 0, w, bar); ctx.fill()
    rgb(ctx, 178, 178, 178); ctx.rectangle(0, bar - 0.5, w, 0.5); ctx.fill()
    rgb(ctx, 0, 0, 0); label(ctx, "Sticky Refresh", w / 2, 42, 17)


def draw_wave_balls(ctx, w, h, u):
    rgb(ctx, 192, 194, 196); ctx.paint()
    header = 80.0
    pull = 80 * math.sin(u * math.pi)
    top = header + pull
    y, i = top, 0
    while y < h:
        rounded_rect(ctx, 10, y + 10, w - 20, 75, 4); rgb(ctx, 255, 255, 255); ctx.fill()
        lw = w - 20 - 28
        rgb(ctx, 239, 239, 244)
        ctx.rectangle(24, y + 50, lw * 0.85, 7); ctx.rectangle(24, y + 65, lw * 0.55, 7); ctx.fill()
        rgb(ctx, 51, 51, 51); label(ctx, f"Story {i + 1}", 24, y + 30, 16, align="leading")
        y += 92; i += 1
    bend = 100 * math.sin(u * math.pi)
    ctx.move_to(0, top); quad_to(ctx, w / 2, top - bend, w, top); ctx.close_path()
    rgb(ctx, 239, 239, 244); ctx.fill()
    for k in range(4):
        ctx.new_sub_path()
        ctx.arc(w / 2 + 25 * (1.5 - k), top - 35 + 5 * math.sin(2 * math.pi * u + k), 7.5, 0, 2 * math.pi)
    ctx.fill()
    rgb(ctx, 55, 110, 201); ctx.rectangle(0, 0, w, 20); ctx.fill()
    rgb(ctx, 66, 132, 243); ctx.rectangle(0, 20, w, 60); ctx.fill()
    rgb(ctx, 255, 255, 255); label(ctx, "News", w / 2, 50, 18)


CAIRO_SCENES = {
    "wave-pull": draw_wave_pull,
    "gooey-menu": draw_gooey_menu,
    "jelly-block": draw_jelly_block,
    "sticky-refresh": draw_sticky_refresh,
    "wave-balls": draw_wave_balls,
}


def run_cairo(cairo, scene, width, height, frames, warmup, png=None):
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    ctx = cairo.Context(surface)
    ctx.set_antialias(cairo.ANTIALIAS_DEFAULT)
    ctx.select_font_face("DejaVu Sans")
    draw = CAIRO_SCENES[scene]
    times = []
    for k in range(warmup + frames):
        u = (k % 120) / 120.0  # two seconds of motion at 60 Hz, over and over
        t0 = time.perf_counter_ns()
        ctx.save()
        draw(ctx, width, height, u)
        ctx.restore()
        surface.flush()
        t1 = time.perf_counter_ns()
        if k >= warmup:
            times.append((t1 - t0) / 1e6)
    if png:
        surface.write_to_png(png)
    return times


# ---------------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "elastic"),
                    help="the elastic binary (default: .build/release/elastic of this checkout)")
    ap.add_argument("--build", action="store_true", help="run `swift build -c release` first")
    ap.add_argument("--scenes", default=",".join(SCENES), help="comma-separated scenes (default: all five)")
    ap.add_argument("--renderers", default="default,opengl",
                    help="Elastic renderers to run: default (what Elastic picks), software, opengl, opengles2")
    ap.add_argument("--window", default="1280x720", help="frame size WxH (default 1280x720)")
    ap.add_argument("--motion", choices=["moving", "replay"], default="moving",
                    help="moving: a held, sweeping drag (every frame redraws; default); replay: assets/replays")
    ap.add_argument("--cairo-frames", type=int, default=600, help="Cairo frames timed per scene (default 600)")
    ap.add_argument("--skip", type=int, default=5, help="Elastic frames dropped at the start of each run (default 5)")
    ap.add_argument("--png-dir", help="also save each scene's last Cairo frame as PNG here (to eyeball coverage)")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = ap.parse_args()

    try:
        import cairo
    except ImportError:
        # Debian's python3-cairo lives in the system Python, which may not be the python3 on PATH.
        system = "/usr/bin/python3"
        if os.path.exists(system) and os.path.realpath(sys.executable) != os.path.realpath(system) \
                and not os.environ.get("COMPARE_CAIRO_REEXEC"):
            os.environ["COMPARE_CAIRO_REEXEC"] = "1"
            os.execv(system, [system, os.path.abspath(__file__)] + sys.argv[1:])
        sys.exit("compare-cairo: needs pycairo: apt-get install -y python3-cairo (Debian) or pip install pycairo")

    width, height = (int(v) for v in args.window.lower().split("x"))
    if args.build:
        subprocess.run(["swift", "build", "-c", "release"], cwd=ROOT, check=True)
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"compare-cairo: no binary at {args.binary}: run `swift build -c release` (or pass --build)")

    scenes = [s for s in args.scenes.split(",") if s]
    renderers = [r for r in args.renderers.split(",") if r]
    tmp = tempfile.mkdtemp(prefix="compare-cairo-")
    results = []
    try:
        for scene in scenes:
            if scene not in SCENES:
                sys.exit(f"compare-cairo: unknown scene {scene}")
            elastic = {}
            for renderer in renderers:
                print(f"elastic {scene} ({renderer}) …", file=sys.stderr, flush=True)
                elastic[renderer] = run_elastic(args.binary, scene, renderer, width, height, args.skip, tmp, args.motion)
            print(f"cairo   {scene} …", file=sys.stderr, flush=True)
            png = os.path.join(args.png_dir, f"cairo-{scene}.png") if args.png_dir else None
            if png:
                os.makedirs(args.png_dir, exist_ok=True)
            ctimes = run_cairo(cairo, scene, width, height, args.cairo_frames, 30, png)
            c50, c99 = percentile(ctimes, 50), percentile(ctimes, 99)
            for renderer in renderers:
                rows, chosen = elastic[renderer]
                render = [r["submit_ms"] + r["present_ms"] for r in rows]
                whole = [r["frame_ms"] for r in rows]
                tess = [r["tessellate_ms"] for r in rows]
                tris = [r["triangles"] for r in rows]
                results.append({
                    "scene": scene, "renderer": renderer if renderer == chosen else f"{renderer} ({chosen})", "frames": len(rows),
                    "render50": percentile(render, 50), "render99": percentile(render, 99),
                    "whole50": percentile(whole, 50), "whole99": percentile(whole, 99),
                    "tess50": percentile(tess, 50),
                    "submit50": percentile([r["submit_ms"] for r in rows], 50),
                    "present50": percentile([r["present_ms"] for r in rows], 50), "tris": statistics.median(tris) if tris else 0,
                    "cairo50": c50, "cairo99": c99,
                })
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    headers = ["scene", "renderer", "frames", "triangles p50", "tessellate p50",
               "submit p50", "present p50", "render p50", "render p99", "whole frame p50", "whole frame p99",
               "Cairo p50", "Cairo p99", "ratio p50", "ratio p99"]
    table = []
    for r in results:
        table.append([r["scene"], r["renderer"], str(r["frames"]), f"{r['tris']:.0f}", f"{r['tess50']:.3f}",
                      f"{r['submit50']:.2f}", f"{r['present50']:.2f}",
                      f"{r['render50']:.2f}", f"{r['render99']:.2f}", f"{r['whole50']:.2f}", f"{r['whole99']:.2f}",
                      f"{r['cairo50']:.2f}", f"{r['cairo99']:.2f}",
                      f"{r['whole50'] / r['cairo50']:.2f}", f"{r['whole99'] / r['cairo99']:.2f}"])
    print(f"# {width}x{height}, {args.motion} input, times in ms; render = submit + present; ratio = Elastic whole frame / Cairo frame")
    print(f"# Cairo {cairo.cairo_version_string()} (pycairo {cairo.version}), ANTIALIAS_DEFAULT, {args.cairo_frames} frames per scene")
    if args.markdown:
        print("| " + " | ".join(headers) + " |")
        print("|" + "|".join("---" for _ in headers) + "|")
        for row in table:
            print("| " + " | ".join(row) + " |")
    else:
        widths = [max(len(h), *(len(row[i]) for row in table)) for i, h in enumerate(headers)]
        print("  ".join(h.rjust(wd) for h, wd in zip(headers, widths)))
        for row in table:
            print("  ".join(c.rjust(wd) for c, wd in zip(row, widths)))


if __name__ == "__main__":
    main()
