"""Skia (skia-python): an N32 raster surface, anti-aliased paths (Skia's analytic coverage)."""

import math

import skia

from . import trace


class SkiaPeer:
    name = "Skia"

    def __init__(self, width, height):
        self.surface = skia.Surface(width, height)
        self.canvas = self.surface.getCanvas()
        self.labels = {}
        self.font = None

    @staticmethod
    def version():
        return f"Skia m{skia.__version__.split('.')[0]} (skia-python {skia.__version__})"

    @staticmethod
    def _path(path):
        p = skia.Path()
        p.setFillType(skia.PathFillType.kWinding)
        for op in trace.ops(path):
            kind = op[0]
            if kind == "M":
                p.moveTo(op[1], op[2])
            elif kind == "L":
                p.lineTo(op[1], op[2])
            elif kind == "Q":
                p.quadTo(op[1], op[2], op[3], op[4])
            elif kind == "A":
                cx, cy, r, a0, sweep = op[1:]
                oval = skia.Rect.MakeLTRB(cx - r, cy - r, cx + r, cy + r)
                for start, d in trace.arc_pieces(cx, cy, r, a0, sweep, math.pi):
                    p.arcTo(oval, math.degrees(start), math.degrees(d), False)
            else:
                p.close()
        return p

    @staticmethod
    def _paint(color, stroke=None):
        paint = skia.Paint(AntiAlias=True, Color=skia.Color(*color[:3], color[3]))
        if stroke:
            paint.setStyle(skia.Paint.kStroke_Style)
            paint.setStrokeWidth(stroke[0]); paint.setStrokeMiter(stroke[1])
            paint.setStrokeCap(skia.Paint.kButt_Cap); paint.setStrokeJoin(skia.Paint.kMiter_Join)
        return paint

    def _label(self, item):
        key = (item["text"], item["size"], tuple(item["color"]))
        if key not in self.labels:
            font = skia.Font(skia.Typeface("DejaVu Sans"), item["size"])
            w = max(1, math.ceil(item.get("width") or font.measureText(item["text"])))
            m = font.getMetrics()
            h = max(1, math.ceil(m.fDescent - m.fAscent))
            surface = skia.Surface(w, h)
            c = surface.getCanvas()
            c.clear(skia.ColorTRANSPARENT)
            c.drawString(item["text"], 0, -m.fAscent, font, self._paint(item["color"]))
            self.labels[key] = surface.makeImageSnapshot()
        return self.labels[key]

    def prepare(self, frame):
        steps = []
        for item in frame["items"]:
            c = item["color"]
            box = trace.as_rect(item["fill"]) if "fill" in item else None
            if box:
                steps.append((1, skia.Rect.MakeXYWH(*box), self._paint(c)))
            elif "fill" in item:
                steps.append((0, self._path(item["fill"]), self._paint(c)))
            elif "stroke" in item:
                steps.append((0, self._path(item["stroke"]), self._paint(c, (item["width"], item["miter_limit"]))))
            elif "rect" in item:
                x, y, w, h = item["rect"]
                steps.append((1, skia.Rect.MakeXYWH(x, y, w, h), self._paint(c)))
            elif "triangles" in item:
                t, p = item["triangles"], skia.Path()
                for k in range(0, len(t), 6):
                    p.moveTo(t[k], t[k + 1]); p.lineTo(t[k + 2], t[k + 3]); p.lineTo(t[k + 4], t[k + 5]); p.close()
                steps.append((0, p, self._paint(c)))
            elif "text" in item:
                image = self._label(item)
                x, y = trace.label_origin(item, image.width(), image.height())
                steps.append((2, image, x, y))
        r, g, b = frame["clear"]
        band = trace.band(frame)
        return [skia.Color(r, g, b), steps,
                {"damage": self._region(frame["damage"]), "band": skia.Rect.MakeLTRB(*band) if band else None}]

    @staticmethod
    def _region(rects):
        """The damaged rectangles ([x0, y0, x1, y1] each) as one skia.Region (None for none), for clipRegion."""
        if not rects:
            return None
        region = skia.Region()
        for r in rects:
            region.op(skia.IRect.MakeLTRB(*r), skia.Region.kUnion_Op)
        return region

    def draw(self, prepared, mode=None):
        """Clears and draws the frame once: everywhere (mode None), clipped to the damaged
        rectangles' region (clipRegion, "damage") or to the band (clipRect, "band")."""
        clear, steps, clips = prepared
        canvas = self.canvas
        if mode is not None and clips[mode] is None:
            return
        canvas.save()
        if mode == "damage":
            canvas.clipRegion(clips[mode])
        elif mode == "band":
            canvas.clipRect(clips[mode])
        canvas.drawColor(clear, skia.BlendMode.kSrc)
        for s in steps:
            if s[0] == 0:
                canvas.drawPath(s[1], s[2])
            elif s[0] == 1:
                canvas.drawRect(s[1], s[2])
            else:
                canvas.drawImage(s[1], s[2], s[3])
        canvas.restore()
        self.surface.flushAndSubmit()

    def pixels(self):
        a = self.surface.toarray(colorType=skia.kRGBA_8888_ColorType)
        return a[..., :3].copy()
