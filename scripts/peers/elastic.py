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


class Run:
    """How the binary plays and which frames count: the first `skip` frames left out (cold caches,
    the first full frame), or only frames `frames` = (first, last) by frame number; `seconds`
    played; `scale` (None: the app's auto scale)."""

    def __init__(self, skip=0, frames=None, seconds=SECONDS, scale=None):
        self.skip, self.frames, self.seconds, self.scale = skip, frames, seconds, scale

    def args(self):
        return ["--seconds", str(self.seconds)] + (["--scale", f"{self.scale:g}"] if self.scale else [])

    def keep(self, rows):
        """The rows (stats rows or traced frames, each with its "frame" number) that count."""
        if self.frames is None:
            return rows[self.skip:]
        first, last = self.frames
        kept = [r for r in rows if first <= r["frame"] <= last]
        if len(kept) != last - first + 1:
            raise RuntimeError(f"expected frames {first}–{last}, found {len(kept)} of them")
        return kept


def scaled_replay(source, sx, sy, out):
    """The replay `source` with every x multiplied by sx and y by sy, written to `out`."""
    with open(source) as f, open(out, "w") as g:
        for line in f:
            e = json.loads(line)
            if "x" in e:
                e["x"], e["y"] = round(e["x"] * sx, 3), round(e["y"] * sy, 3)
            g.write(json.dumps(e) + "\n")
    return out


def replay_for(scene, width, height, tmp):
    """The scene's moving replay (scripts/lib/scenes.tsv; 1280×720 window coordinates: a held, sweeping drag, an
    event mid-frame so that every frame changes, or gooey-menu's Space every 0.7 s, which opens or
    closes the menu and leaves it still about one frame in eight) scaled to the window."""
    source = scenes.moving(scene)
    if (width, height) == (1280, 720):
        return source
    out = os.path.join(tmp, f"{scene}-moving-{width}x{height}.jsonl")
    return scaled_replay(source, width / 1280.0, height / 720.0, out)


def play(binary, scene, width, height, replay, run, extra):
    cmd = [binary, "play", "--headless", "--scene", scene, "--replay", replay, "--window", f"{width}x{height}",
           "--no-hint", "--renderer", "software"] + run.args() + extra
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return proc


def stats(binary, scene, width, height, replay, tmp, run, redraw="damage"):
    """Per-frame rows of a --stats run, the frames `run` keeps. `redraw`: "damage" (what changed,
    as the app draws) or "all" (every output pixel every frame: the work of a peer's full frame)."""
    path = os.path.join(tmp, f"{scene}-{width}x{height}-{redraw}.csv")
    play(binary, scene, width, height, replay, run, ["--stats", path, "--redraw", redraw])
    with open(path, newline="") as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    return run.keep([{"frame": int(r["frame"]), **{k: float(r[k]) for k in ("frame_ms", "submit_ms", "damaged_px")}} for r in rows])


def trace(binary, scene, width, height, replay, tmp, run, screenshot=None):
    path = os.path.join(tmp, f"{scene}-{width}x{height}.draw.jsonl")
    extra = ["--trace-draw", path] + (["--screenshot", screenshot] if screenshot else [])
    play(binary, scene, width, height, replay, run, extra)
    return path
