#!/usr/bin/env python3
"""Elastic's frames against the rasterizers people would pick instead, drawing exactly what
Elastic drew, side by side in one run.

For each window size and scene, the release binary plays the scene's moving replay
(its `moving` column in scripts/lib/scenes.tsv, scaled to the window: a held drag changes every frame,
gooey-menu's Space every 0.7 s all but about one in eight) headless: with
--stats (Elastic's whole frame, `frame_ms`: input, springs, tessellation, drawing and present),
once drawing only the damage (--redraw damage, as the app does) and once redrawing every pixel
every frame (--redraw all, the work of a peer's full frame), and with --trace-draw (each frame's shapes as the scenes gave them: paths of lines,
quadratics and arcs, strokes, rectangles, labels, in output pixels, and the damaged rectangles).
Headless runs are deterministic, so both runs draw the same frames. Each peer then draws every
traced frame, the same shapes with its own anti-aliasing (area coverage; non-zero winding, as
Elastic unions each shape's contours), in three modes, each drawing every shape once a frame
(the peer culls what its clip leaves out):

  equal damage  clear and draw only Elastic's damaged rectangles, all of them one region clip
                (what Elastic's software path does): Cairo clips to a path of every rectangle
                (cairo keeps pixel-aligned boxes as a region), Skia to a skia.Region
                (clipRegion). Blend2D has no region clip: it clips to each rectangle in turn and
                clears and draws the frame once per rectangle, which handicaps it (ThorVG's canvas
                takes no viewport at all, so it draws the whole frame);
  band          clear and draw as many pixels as Elastic damaged, as one rectangle clip: the
                frame's damaged pixels in whole full-width rows (rounded up), centred on the
                damage's centre row, so across the outline that moved (the peer's cheapest way
                to draw that much change);
  full frame    clear and draw the whole frame.

The table shows p50 ms per frame (the lowest of --repeats rounds: load on a shared machine only
ever adds time; each round runs Elastic and every peer one after another, so a busy spell falls
on all of them alike) and, in brackets, Elastic's frame_ms p50 in the same mode (equal damage
and band: --redraw damage; full frame: --redraw all) divided by the peer's time (below 1:
Elastic is faster). Peers are timed from Python: their paths, clips and label images are
built before the clock starts (in their favour), the drawing calls and Python's call overhead
(a few µs per shape) count. Elastic's figure holds everything its frame does. --by-mode prints
one table per mode instead of one wide table, each with Elastic's submit_ms p50 beside its
frame_ms: the drawing alone (rasterising, damage, blending), the part of its frame the peers'
figures compare with, the rest being input, springs, tessellation and present.

--sweep plays the wave sweep instead (assets/replays/wave-pull-sweep.jsonl, issue 41's replay: wave-pull
held and swept from side to side for 7.75 s, in 1280×720 coordinates) at each window with
--scale = the window's height ÷ 720 (1 at 1280×720, 3 at 3840×2160, the replay's x and y times
that), and measures frames 90–440 only: Elastic's frame_ms and damaged_px p50 and each peer in
every mode, in the same table.

--check also draws each scene's last frame with every peer and compares it with Elastic's
screenshot of it (labels are left out: each library draws text with its own font engine).

Sets up its own virtual environment (.build/peers-venv) from PyPI on first use. Needs a release
build: swift build -c release (or --build).
"""

import argparse
import os
import subprocess
import sys
import tempfile
import shutil

sys.dont_write_bytecode = True  # no __pycache__ left in scripts/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peers import venv  # noqa: E402
from peers.scenes import SCENES  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load_peers(names):
    from peers.cairo_peer import CairoPeer
    from peers.skia_peer import SkiaPeer
    from peers.blend2d_peer import Blend2DPeer
    found = {"cairo": CairoPeer, "skia": SkiaPeer, "blend2d": Blend2DPeer}
    try:
        from peers.thorvg_peer import ThorVGPeer
        found["thorvg"] = ThorVGPeer
    except Exception as error:  # optional: thorvg-python may not have installed
        print(f"compare-peers: ThorVG left out ({error})", file=sys.stderr)
    return [found[n] for n in names if n in found]


# The peers' modes, in the table's order: the argument each peer's draw takes, and the column's name.
MODES = (("damage", "equal damage"), ("band", "band"), (None, "full frame"))
# --sweep: the replay, the frames measured (first, last) and the seconds played (past the last).
SWEEP_REPLAY = os.path.join(ROOT, "assets", "replays", "wave-pull-sweep.jsonl")
SWEEP_FRAMES = (90, 440)
SWEEP_SECONDS = 7.5


def time_peer(peer, prepared, mode, percentile):
    """One pass over the frames in one mode: its p50 ms."""
    import time
    times = []
    for p in prepared:
        t0 = time.perf_counter_ns()
        peer.draw(p, mode)
        times.append((time.perf_counter_ns() - t0) / 1e6)
    return percentile(times, 50)


def measure(binary, scene, width, height, replay, tmp, run, peers, repeats, percentile):
    """Elastic's runs (damage, all) and every peer's passes (each mode), taken in `repeats`
    rounds, each round all of them one after another, so a busy spell of the shared machine
    falls on every side alike; each keeps its lowest p50 (load only ever adds time).
    Elastic's best rows in each mode, and {peer name: (ms in each of MODES)}."""
    from peers import elastic

    def p50(rows):
        return percentile([r["frame_ms"] for r in rows], 50)
    best = {"damage": None, "all": None}
    timed = {name: [float("inf")] * len(MODES) for name, _, _ in peers}
    for _ in range(repeats):
        for redraw in best:
            rows = elastic.stats(binary, scene, width, height, replay, tmp, run, redraw)
            if best[redraw] is None or p50(rows) < p50(best[redraw]):
                best[redraw] = rows
        for name, peer, prepared in peers:
            for k, (mode, _) in enumerate(MODES):
                timed[name][k] = min(timed[name][k], time_peer(peer, prepared, mode, percentile))
    return best["damage"], best["all"], {name: tuple(t) for name, t in timed.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "elastic"))
    ap.add_argument("--build", action="store_true", help="run `swift build -c release` first")
    ap.add_argument("--scenes", default=",".join(SCENES), help="comma-separated (default: all five)")
    ap.add_argument("--windows", default="1280x720,3840x2160", help="comma-separated WxH (default 1280x720,3840x2160)")
    ap.add_argument("--peers", default="cairo,skia,blend2d",
                    help="comma-separated: cairo, skia, blend2d, thorvg (default: the first three; ThorVG's canvas refuses a "
                         "viewport per damaged rectangle, so its equal-damage figure is a full frame)")
    ap.add_argument("--repeats", type=int, default=3,
                    help="rounds, each an Elastic run per mode and a pass over the traced frames per peer and mode; "
                         "each keeps its lowest p50 (default 3)")
    ap.add_argument("--skip", type=int, default=5, help="first frames left out, Elastic's and the peers' (default 5)")
    ap.add_argument("--check", action="store_true", help="compare each peer's last frame with Elastic's screenshot")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    ap.add_argument("--by-mode", action="store_true", help="one table per mode (equal damage, band, full frame)")
    ap.add_argument("--sweep", action="store_true",
                    help=f"wave-pull playing {os.path.relpath(SWEEP_REPLAY, ROOT)}, --scale = height ÷ 720, "
                         f"frames {SWEEP_FRAMES[0]}–{SWEEP_FRAMES[1]} (--scenes and --skip do not apply)")
    args = ap.parse_args()
    venv.ensure(ROOT, os.path.abspath(__file__), sys.argv[1:])

    from peers import elastic, trace, report
    if args.build:
        subprocess.run(["swift", "build", "-c", "release"], cwd=ROOT, check=True)
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"compare-peers: no binary at {args.binary}: run `swift build -c release` (or pass --build)")
    peers = load_peers(args.peers.split(","))
    scenes = ["wave-pull"] if args.sweep else [s for s in args.scenes.split(",") if s]
    for s in scenes:
        if s not in elastic.SCENES:
            sys.exit(f"compare-peers: unknown scene {s}")
    tmp = tempfile.mkdtemp(prefix="compare-peers-")
    rows, checks = [], []
    try:
        for window in args.windows.split(","):
            width, height = (int(v) for v in window.lower().split("x"))
            for scene in scenes:
                print(f"{scene} {width}x{height} …", file=sys.stderr, flush=True)
                if args.sweep:
                    scale = height / 720
                    replay = elastic.scaled_replay(SWEEP_REPLAY, scale, scale, os.path.join(tmp, f"sweep-{width}x{height}.jsonl"))
                    run = elastic.Run(frames=SWEEP_FRAMES, seconds=SWEEP_SECONDS, scale=scale)
                else:
                    replay = elastic.replay_for(scene, width, height, tmp)
                    run = elastic.Run(skip=args.skip)
                shot = os.path.join(tmp, f"{scene}-{width}x{height}.png") if args.check else None
                frames = run.keep(trace.load(elastic.trace(args.binary, scene, width, height, replay, tmp, run, shot)))
                ready = []
                for Peer in peers:
                    peer = Peer(width, height)
                    prepared = [peer.prepare(f) for f in frames]
                    time_peer(peer, prepared[:10], "damage", trace.percentile)  # warm up
                    ready.append((Peer.name, peer, prepared))
                stats, whole, timed = measure(args.binary, scene, width, height, replay, tmp, run, ready,
                                              args.repeats, trace.percentile)
                row = {"window": f"{width}×{height}", "scene": scene,
                       "elastic": trace.percentile([r["frame_ms"] for r in stats], 50),
                       "damaged": trace.percentile([r["damaged_px"] for r in stats], 50),
                       "elastic_submit": trace.percentile([r["submit_ms"] for r in stats], 50),
                       "elastic_all": trace.percentile([r["frame_ms"] for r in whole], 50),
                       "elastic_all_submit": trace.percentile([r["submit_ms"] for r in whole], 50),
                       "frames": len(frames), "peers": timed}
                for _, peer, prepared in ready:
                    if shot:
                        checks.append(report.check(peer, prepared[-1], frames[-1], shot, scene, window))
                rows.append(row)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    modes = [name for _, name in MODES]
    print(report.table(rows, [P.name for P in peers], [P.version() for P in peers], modes, args.markdown, args.by_mode))
    for line in checks:
        print(line)


if __name__ == "__main__":
    main()
