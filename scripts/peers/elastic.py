"""The real binary, headless: a --stats run for Elastic's own frame times and a --trace-draw run
for what it drew (headless runs are deterministic, so both draw the same frames)."""

import csv
import json
import os
import subprocess

from peers import scenes

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCENES = scenes.SCENES
SECONDS = 4.0


def replay_for(scene, width, height, tmp):
    """The scene's moving replay (scripts/lib/scenes.tsv; 1280×720 window coordinates: a held, sweeping drag, an
    event mid-frame so that every frame changes, or gooey-menu's Space every 0.7 s, which opens or
    closes the menu and leaves it still about one frame in eight) scaled to the window."""
    source = scenes.moving(scene)
    if (width, height) == (1280, 720):
        return source
    sx, sy = width / 1280.0, height / 720.0
    out = os.path.join(tmp, f"{scene}-moving-{width}x{height}.jsonl")
    with open(source) as f, open(out, "w") as g:
        for line in f:
            e = json.loads(line)
            if "x" in e:
                e["x"], e["y"] = round(e["x"] * sx, 3), round(e["y"] * sy, 3)
            g.write(json.dumps(e) + "\n")
    return out


def play(binary, scene, width, height, replay, extra):
    cmd = [binary, "play", "--headless", "--scene", scene, "--replay", replay, "--window", f"{width}x{height}",
           "--seconds", str(SECONDS), "--no-hint", "--renderer", "software"] + extra
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return proc


def stats(binary, scene, width, height, replay, tmp, skip, redraw="damage"):
    """Per-frame rows of a --stats run, the first `skip` frames (cold caches, the first full
    frame) dropped. `redraw`: "damage" (what changed, as the app draws) or "all" (every output
    pixel every frame: the work of a peer's full frame)."""
    path = os.path.join(tmp, f"{scene}-{width}x{height}-{redraw}.csv")
    play(binary, scene, width, height, replay, ["--stats", path, "--redraw", redraw])
    with open(path, newline="") as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    return [{k: float(r[k]) for k in ("frame_ms", "damaged_px")} for r in rows][skip:]


def trace(binary, scene, width, height, replay, tmp, screenshot=None):
    path = os.path.join(tmp, f"{scene}-{width}x{height}.draw.jsonl")
    extra = ["--trace-draw", path] + (["--screenshot", screenshot] if screenshot else [])
    play(binary, scene, width, height, replay, extra)
    return path
