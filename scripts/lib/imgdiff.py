#!/usr/bin/env python3
"""Compares two images pixel by pixel: imgdiff.py A B [--max-delta D] [--max-pixels N].

--ignore X,Y,W,H leaves a box out. Prints `W×H, N pixels differ (max channel difference D)` and exits 1 when the sizes differ, when a
channel differs by more than --max-delta, or when more than --max-pixels pixels differ at all.
Images are decoded by ffmpeg to 8-bit RGB, so any format it reads works (PNG from the app, a
frame grabbed from the X server)."""
import argparse
import json
import subprocess
import sys


def decode(path):
    probe = subprocess.run(["ffprobe", "-loglevel", "error", "-select_streams", "v:0", "-show_entries",
                            "stream=width,height", "-of", "json", path], capture_output=True, check=True)
    stream = json.loads(probe.stdout)["streams"][0]
    raw = subprocess.run(["ffmpeg", "-loglevel", "error", "-i", path, "-frames:v", "1", "-f", "rawvideo",
                          "-pix_fmt", "rgb24", "-"], capture_output=True, check=True).stdout
    return stream["width"], stream["height"], raw


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--max-delta", type=int, default=0)
    parser.add_argument("--max-pixels", type=int, default=0)
    parser.add_argument("--ignore", help="X,Y,W,H: a box not compared (e.g. where a compositor draws its pointer)")
    args = parser.parse_args()
    wa, ha, a = decode(args.a)
    wb, hb, b = decode(args.b)
    if (wa, ha) != (wb, hb):
        print(f"sizes differ: {wa}×{ha} against {wb}×{hb}")
        return 1
    ix, iy, iw, ih = map(int, args.ignore.split(",")) if args.ignore else (0, 0, 0, 0)
    differing, worst = 0, 0
    if a != b:
        row = wa * 3
        for y in range(ha):
            ra, rb = a[y * row:(y + 1) * row], b[y * row:(y + 1) * row]
            if ra == rb:
                continue
            for x in range(wa):
                if ix <= x < ix + iw and iy <= y < iy + ih:
                    continue
                d = max(abs(ra[3 * x + c] - rb[3 * x + c]) for c in range(3))
                if d:
                    differing += 1
                    worst = max(worst, d)
    print(f"{wa}×{ha}, {differing} pixels differ (max channel difference {worst})")
    return 1 if worst > args.max_delta or differing > args.max_pixels else 0


if __name__ == "__main__":
    sys.exit(main())
