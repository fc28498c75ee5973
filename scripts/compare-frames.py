#!/usr/bin/env python3
"""Which pixels a change to the drawing moved: two builds play each scene's moving replay headless
(scripts/lib/scenes.tsv, as compare-peers.py plays it) with a screenshot every few frames, and each
pair of frames is compared pixel by pixel. Prints, per window and scene, how many frames differ,
how many pixels changed in all and in the worst frame, and the largest difference of a channel.

    scripts/compare-frames.py --before OLD/elastic [--after .build/release/elastic]
                              [--windows 1280x720,3840x2160] [--every 4] [--scenes a,b]

Headless runs are deterministic, so any difference is the builds'. Uses the peers' virtual
environment (numpy, and Pillow, added on first use).
"""

import argparse
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ left in scripts/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peers import venv  # noqa: E402

venv.ensure(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
            os.path.abspath(__file__), sys.argv[1:])

try:
    from PIL import Image  # noqa: E402
except ImportError:  # a venv made before this script: Pillow added to it
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", "pillow"], check=True,
                   stdout=sys.stderr)
    from PIL import Image  # noqa: E402
import numpy as np  # noqa: E402

from peers import elastic, scenes  # noqa: E402

FPS = 60


def frames(binary, scene, width, height, replay, times, out):
    """Screenshots of `scene` at each of `times` (simulated seconds), as arrays."""
    shot = os.path.join(out, "frame.png")
    extra = ["--screenshot", shot] + [a for t in times for a in ("--screenshot-at", f"{t:.6f}")]
    elastic.play(binary, scene, width, height, replay, elastic.Run(), extra)
    # Named frame-<T>s.png, T as the app writes times: in order of T.
    names = sorted((n for n in os.listdir(out) if n.startswith("frame-")), key=lambda n: float(n[len("frame-"):-len("s.png")]))
    if len(names) != len(times):
        raise RuntimeError(f"{binary}: {len(names)} screenshots of {scene}, expected {len(times)}")
    return [np.asarray(Image.open(os.path.join(out, n)).convert("RGB"), dtype=np.int16) for n in names]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--before", required=True, help="the build to compare with")
    ap.add_argument("--after", default=os.path.join(elastic.ROOT, ".build", "release", "elastic"))
    ap.add_argument("--windows", default="1280x720,3840x2160")
    ap.add_argument("--scenes", default=",".join(scenes.SCENES))
    ap.add_argument("--every", type=int, default=4, help="compare every Nth frame (default 4)")
    args = ap.parse_args()
    times = [k / FPS for k in range(1, int(elastic.SECONDS * FPS), args.every)]
    print("| window | scene | frames compared | frames that differ | pixels changed | most in a frame | largest difference |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for window in args.windows.split(","):
        width, height = (int(v) for v in window.split("x"))
        for scene in args.scenes.split(","):
            with tempfile.TemporaryDirectory() as tmp:
                replay = elastic.replay_for(scene, width, height, tmp)
                runs = []
                for name, binary in (("before", args.before), ("after", args.after)):
                    out = os.path.join(tmp, name)
                    os.mkdir(out)
                    runs.append(frames(binary, scene, width, height, replay, times, out))
            differing = total = most = largest = 0
            for a, b in zip(*runs):
                d = np.abs(a - b).max(axis=2)
                changed = int((d > 0).sum())
                differing += changed > 0
                total += changed
                most = max(most, changed)
                largest = max(largest, int(d.max()))
            print(f"| {width}×{height} | {scene} | {len(times)} | {differing} | {total:,} | {most:,} | {largest} |", flush=True)


if __name__ == "__main__":
    main()
