"""ThorVG (thorvg-python, ctypes): its software canvas, one thread. ThorVG has no quadratics or
arcs: quadratics become the identical cubics, arcs cubics of at most 90° (radial error < 0.03 %).
Labels are left out (ThorVG's text needs a font loaded its own way), which is in its favour.
Not in the default peers: the canvas refuses a viewport once it has a target (set_viewport returns
INSUFFICIENT_CONDITION), so "equal damage" draws the whole frame too, and some of its full-frame
times (0.09 ms for a 4K frame) are too short to be whole redraws: not yet understood."""

import math

import thorvg_python as tvg

from . import trace


class ThorVGPeer:
    name = "ThorVG"

    def __init__(self, width, height):
        self.engine = tvg.Engine(threads=0)
        self.canvas = tvg.SwCanvas(self.engine)
        self.canvas.set_target(width, height)
        self.width, self.height = width, height
        self.shown = None

    @staticmethod
    def version():
        import importlib.metadata
        try:
            return f"ThorVG (thorvg-python {importlib.metadata.version('thorvg-python')})"
        except importlib.metadata.PackageNotFoundError:
            return "ThorVG"

    def _shape(self, path, color, stroke=None):
        s = tvg.Shape(self.engine)
        current = start = (0.0, 0.0)
        for op in trace.ops(path):
            kind = op[0]
            if kind == "M":
                s.move_to(op[1], op[2]); current = start = (op[1], op[2])
            elif kind == "L":
                s.line_to(op[1], op[2]); current = (op[1], op[2])
            elif kind == "Q":
                c1, c2 = trace.quad_cubic(current, (op[1], op[2]), (op[3], op[4]))
                s.cubic_to(c1[0], c1[1], c2[0], c2[1], op[3], op[4]); current = (op[3], op[4])
            elif kind == "A":
                cx, cy, r, a0, sweep = op[1:]
                p0 = trace.arc_start(cx, cy, r, a0)
                s.line_to(*p0)
                for c1, c2, p in trace.arc_cubics(cx, cy, r, a0, sweep):
                    s.cubic_to(c1[0], c1[1], c2[0], c2[1], p[0], p[1]); current = p
            else:
                s.close(); current = start
        r, g, b, a = color
        if stroke:
            s.set_stroke_width(stroke[0]); s.set_stroke_color(r, g, b, a)
            s.set_stroke_join(tvg.StrokeJoin.MITER); s.set_stroke_cap(tvg.StrokeCap.BUTT)
            s.set_stroke_miterlimit(stroke[1])
        else:
            s.set_fill_color(r, g, b, a); s.set_fill_rule(tvg.FillRule.NON_ZERO)
        s.ref()  # kept across frames: removing it from the canvas must not free it
        return s

    def prepare(self, frame):
        r, g, b = frame["clear"]
        background = tvg.Shape(self.engine)
        background.append_rect(0, 0, self.width, self.height, 0, 0, True)
        background.set_fill_color(r, g, b, 255)
        background.ref()
        shapes = [background]
        for item in frame["items"]:
            if "fill" in item:
                shapes.append(self._shape(item["fill"], item["color"]))
            elif "stroke" in item:
                shapes.append(self._shape(item["stroke"], item["color"], (item["width"], item["miter_limit"])))
            elif "rect" in item:
                x, y, w, h = item["rect"]
                shapes.append(self._shape(["M", x, y, "L", x + w, y, "L", x + w, y + h, "L", x, y + h, "Z"], item["color"]))
            elif "triangles" in item:
                t, path = item["triangles"], []
                for k in range(0, len(t), 6):
                    path += ["M", t[k], t[k + 1], "L", t[k + 2], t[k + 3], "L", t[k + 4], t[k + 5], "Z"]
                shapes.append(self._shape(path, item["color"]))
        band = trace.band(frame)
        return shapes, {"damage": frame["damage"], "band": [band] if band else []}

    def draw(self, prepared, mode=None):
        """The whole canvas (mode None), or a viewport per rectangle of the damage or band (which
        the canvas refuses: see above)."""
        prepared, clips = prepared
        rects = clips[mode] if mode is not None else None
        canvas = self.canvas
        if self.shown is not prepared:
            canvas.remove()
            for s in prepared:
                canvas.add(s)
            self.shown = prepared
        for rect in (rects if rects is not None else [None]):
            if rect is None:
                canvas.set_viewport(0, 0, self.width, self.height)
            else:
                canvas.set_viewport(rect[0], rect[1], rect[2] - rect[0], rect[3] - rect[1])
            canvas.update()
            canvas.draw(False)
            canvas.sync()

    def pixels(self):
        import numpy as np
        a = np.ctypeslib.as_array(self.canvas.buffer_arr).view(np.uint8).reshape(self.height, self.width, 4)
        return a[..., :3].copy()  # ABGR8888: bytes R, G, B, A on little-endian machines
