"""Blend2D (blend2d-python): a PRGB32 image, its analytic cell rasterizer, one thread (synchronous context).
Blend2D has no region clip (a context clips to one rectangle at a time), so its equal damage clips
to each damaged rectangle in turn and clears and draws the frame once per rectangle; its band is one
rectangle, drawn once."""

import math

import blend2d as bl

from . import trace

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


class Blend2DPeer:
    name = "Blend2D"

    def __init__(self, width, height):
        self.image = bl.BLImage(width, height, bl.BLFormat.PRGB32)
        self.ctx = bl.BLContext(self.image)
        self.ctx.fill_rule = bl.BLFillRule.NON_ZERO
        self.ctx.set_stroke_caps(bl.BLStrokeCap.CAP_BUTT)
        self.ctx.stroke_join = bl.BLStrokeJoin.JOIN_MITER_BEVEL
        self.labels = {}
        self.face = None

    @staticmethod
    def version():
        import importlib.metadata
        try:
            v = importlib.metadata.version("blend2d-python")
        except importlib.metadata.PackageNotFoundError:
            v = "?"
        ver = getattr(bl, "BL_VERSION", "?")
        ver = ".".join(map(str, ver)) if isinstance(ver, tuple) else ver
        return f"Blend2D {ver} (blend2d-python {v})"

    @staticmethod
    def _path(path):
        p = bl.BLPath()
        for op in trace.ops(path):
            kind = op[0]
            if kind == "M":
                p.move_to(op[1], op[2])
            elif kind == "L":
                p.line_to(op[1], op[2])
            elif kind == "Q":
                p.quadric_to(op[1], op[2], op[3], op[4])
            elif kind == "A":
                cx, cy, r, a0, sweep = op[1:]
                for start, d in trace.arc_pieces(cx, cy, r, a0, sweep, math.pi):
                    p.arc_to(cx, cy, r, r, start, d, False)
            else:
                p.close()
        return p

    def _label(self, item):
        key = (item["text"], item["size"], tuple(item["color"]))
        if key not in self.labels:
            if self.face is None:
                self.face = bl.BLFontFace.create_from_file(FONT)
            font = bl.BLFont.create_new(self.face, item["size"])
            m = font.metrics
            ascent, descent = m[1], m[2] if len(m) > 2 else item["size"] * 0.25
            w = max(1, math.ceil(item.get("width") or item["size"] * 0.6 * len(item["text"])))
            h = max(1, math.ceil(ascent + descent))
            image = bl.BLImage(w, h, bl.BLFormat.PRGB32)
            c = bl.BLContext(image)
            c.comp_op = bl.BLCompOp.CLEAR
            c.fill_all()
            c.comp_op = bl.BLCompOp.SRC_OVER
            c.set_fill_style(tuple(v / 255 for v in item["color"]))
            c.fill_text(bl.BLPoint(0, ascent), font, item["text"])
            c.flush()
            self.labels[key] = image
        return self.labels[key]

    def prepare(self, frame):
        steps = []
        for item in frame["items"]:
            color = tuple(v / 255 for v in item["color"])
            box = trace.as_rect(item["fill"]) if "fill" in item else None
            if box:
                steps.append((2, bl.BLRect(*box), color))
            elif "fill" in item:
                steps.append((0, self._path(item["fill"]), color))
            elif "stroke" in item:
                steps.append((1, self._path(item["stroke"]), color, item["width"], item["miter_limit"]))
            elif "rect" in item:
                steps.append((2, bl.BLRect(*item["rect"]), color))
            elif "triangles" in item:
                t, p = item["triangles"], bl.BLPath()
                for k in range(0, len(t), 6):
                    p.move_to(t[k], t[k + 1]); p.line_to(t[k + 2], t[k + 3]); p.line_to(t[k + 4], t[k + 5]); p.close()
                steps.append((0, p, color))
            elif "text" in item:
                image = self._label(item)
                x, y = trace.label_origin(item, image.width, image.height)
                steps.append((3, image, bl.BLPoint(x, y)))
        rects = lambda rs: [bl.BLRect(r[0], r[1], r[2] - r[0], r[3] - r[1]) for r in rs]
        band = trace.band(frame)
        return [tuple(v / 255 for v in frame["clear"]) + (1.0,), steps,
                {"damage": rects(frame["damage"]), "band": rects([band] if band else [])}]

    def draw(self, prepared, mode=None):
        """Clears and draws the frame: everywhere (mode None), or once per rectangle of the
        damage ("damage") or of the band ("band", one), clipped to it."""
        clear, steps, clips = prepared
        ctx = self.ctx
        for rect in (clips[mode] if mode is not None else [None]):
            ctx.save()
            if rect is not None:
                ctx.clip_to_rect(rect)
            ctx.comp_op = bl.BLCompOp.SRC_COPY
            ctx.set_fill_style(clear)
            ctx.fill_all()
            ctx.comp_op = bl.BLCompOp.SRC_OVER
            for s in steps:
                if s[0] == 0:
                    ctx.set_fill_style(s[2]); ctx.fill_path(s[1])
                elif s[0] == 1:
                    ctx.set_stroke_style(s[2]); ctx.stroke_width = s[3]; ctx.stroke_miter_limit = s[4]
                    ctx.stroke_path(s[1])
                elif s[0] == 2:
                    ctx.set_fill_style(s[2]); ctx.fill_rect(s[1])
                else:
                    ctx.blit_image(s[2], s[1])
            ctx.restore()
        ctx.flush()

    def pixels(self):
        return self.image.getDataAsNumPy()[..., :3].copy()
