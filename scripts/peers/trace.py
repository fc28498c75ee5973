"""Reading `elastic play --trace-draw` files (see Sources/elastic/Support/DrawTraceFrame.swift) and
turning their paths into the commands each peer understands."""

import json
import math


def load(path):
    """The frames of a --trace-draw file, in order."""
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def ops(path):
    """The flat path array as (op, args...) tuples."""
    out, i, n = [], 0, len(path)
    sizes = {"M": 2, "L": 2, "Q": 4, "A": 5, "Z": 0}
    while i < n:
        op = path[i]
        k = sizes[op]
        out.append((op, *path[i + 1:i + 1 + k]))
        i += 1 + k
    return out


def as_rect(path):
    """(x, y, w, h) when the path is one axis-aligned rectangle (move, three lines, close): peers
    get their rectangle fill for it, as Elastic has its own."""
    if len(path) != 13 or path[0] != "M" or path[12] != "Z" or path[3] != "L" or path[6] != "L" or path[9] != "L":
        return None
    xs, ys = {path[1], path[4], path[7], path[10]}, {path[2], path[5], path[8], path[11]}
    if len(xs) != 2 or len(ys) != 2:
        return None
    corners = {(path[k], path[k + 1]) for k in (1, 4, 7, 10)}
    if len(corners) != 4:
        return None
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def arc_pieces(cx, cy, r, start, sweep, most=math.pi / 2):
    """The arc cut into pieces of at most `most` radians: (start, sweep) each."""
    n = max(1, math.ceil(abs(sweep) / most - 1e-12))
    step = sweep / n
    return [(start + k * step, step) for k in range(n)]


def arc_cubics(cx, cy, r, start, sweep):
    """The arc as cubic Béziers of at most 90° each (radial error < 2.8e-4 r): (c1, c2, end) each."""
    out = []
    for a0, d in arc_pieces(cx, cy, r, start, sweep):
        k = 4.0 / 3.0 * math.tan(d / 4.0)
        a1 = a0 + d
        p0 = (cx + r * math.cos(a0), cy + r * math.sin(a0))
        p3 = (cx + r * math.cos(a1), cy + r * math.sin(a1))
        c1 = (p0[0] - k * r * math.sin(a0), p0[1] + k * r * math.cos(a0))
        c2 = (p3[0] + k * r * math.sin(a1), p3[1] - k * r * math.cos(a1))
        out.append((c1, c2, p3))
    return out


def quad_cubic(p0, c, p):
    """The quadratic from p0 through control c to p as the identical cubic's two controls."""
    return ((p0[0] + 2.0 / 3.0 * (c[0] - p0[0]), p0[1] + 2.0 / 3.0 * (c[1] - p0[1])),
            (p[0] + 2.0 / 3.0 * (c[0] - p[0]), p[1] + 2.0 / 3.0 * (c[1] - p[1])))


def arc_start(cx, cy, r, start):
    return (cx + r * math.cos(start), cy + r * math.sin(start))


def damaged_px(frame):
    """Pixels Elastic cleared and redrew in the frame: its damaged rectangles' area (they do not overlap)."""
    return sum((r[2] - r[0]) * (r[3] - r[1]) for r in frame["damage"])


def band(frame):
    """The band mode's clip, [x0, y0, x1, y1], or None when nothing was damaged: as many whole
    rows as the frame's damaged pixels fill (rounded up), full width, centred on the damage's
    centre row (its rectangles' centres weighted by area), so the band lies across the outline
    that moved; kept inside the frame."""
    px = damaged_px(frame)
    if px <= 0:
        return None
    w, h = frame["width"], frame["height"]
    rows = min(h, -(-px // w))
    centre = sum((r[2] - r[0]) * (r[3] - r[1]) * (r[1] + r[3]) / 2 for r in frame["damage"]) / px
    y0 = min(max(0, round(centre - rows / 2)), h - rows)
    return [0, y0, w, y0 + rows]


def percentile(values, p):
    if not values:
        return float("nan")
    s = sorted(values)
    k = (len(s) - 1) * p / 100.0
    lo, hi = math.floor(k), math.ceil(k)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def label_origin(item, w, h):
    """Top-left of a label image w × h anchored as Elastic anchors it (vertical centre; left,
    centre or right edge)."""
    x = item["x"] - {"leading": 0, "center": w / 2, "trailing": w}[item["align"]]
    return x, item["y"] - h / 2
