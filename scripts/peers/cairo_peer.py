"""Cairo (pycairo): ARGB32 image surface, ANTIALIAS_DEFAULT (exact area coverage of the flattened path)."""

import math

import cairo

from . import trace


class CairoPeer:
    name = "Cairo"

    def __init__(self, width, height):
        self.surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
        self.ctx = cairo.Context(self.surface)
        self.ctx.set_antialias(cairo.ANTIALIAS_DEFAULT)
        self.ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
        self.ctx.set_line_cap(cairo.LINE_CAP_BUTT)
        self.ctx.set_line_join(cairo.LINE_JOIN_MITER)
        self.labels = {}
        self.width, self.height = width, height

    @staticmethod
    def version():
        return f"cairo {cairo.cairo_version_string()} (pycairo {cairo.version})"

    def _path(self, path):
        p = self.ctx
        p.new_path()
        for op in trace.ops(path):
            kind = op[0]
            if kind == "M":
                p.move_to(op[1], op[2])
            elif kind == "L":
                p.line_to(op[1], op[2])
            elif kind == "Q":
                p0 = p.get_current_point() if p.has_current_point() else (op[3], op[4])
                c1, c2 = trace.quad_cubic(p0, (op[1], op[2]), (op[3], op[4]))
                p.curve_to(c1[0], c1[1], c2[0], c2[1], op[3], op[4])
            elif kind == "A":
                cx, cy, r, a0, sweep = op[1:]
                (p.arc if sweep >= 0 else p.arc_negative)(cx, cy, r, a0, a0 + sweep)
            else:
                p.close_path()
        return p.copy_path()

    def _label(self, item):
        key = (item["text"], item["size"], tuple(item["color"]))
        if key not in self.labels:
            probe = cairo.Context(cairo.ImageSurface(cairo.FORMAT_ARGB32, 1, 1))
            probe.select_font_face("DejaVu Sans")
            probe.set_font_size(item["size"])
            ext, fe = probe.text_extents(item["text"]), probe.font_extents()
            w, h = max(1, math.ceil(item.get("width") or ext.x_advance)), max(1, math.ceil(fe[0] + fe[1]))
            image = cairo.ImageSurface(cairo.FORMAT_ARGB32, w, h)
            c = cairo.Context(image)
            c.select_font_face("DejaVu Sans")
            c.set_font_size(item["size"])
            r, g, b, a = item["color"]
            c.set_source_rgba(r / 255, g / 255, b / 255, a / 255)
            c.move_to(0, fe[0])
            c.show_text(item["text"])
            self.labels[key] = image
        return self.labels[key]

    def prepare(self, frame):
        """The frame's items as cairo paths and sources, built before the timed part."""
        steps = []
        for item in frame["items"]:
            color = tuple(v / 255 for v in item["color"])
            box = trace.as_rect(item["fill"]) if "fill" in item else None
            if box:
                self.ctx.new_path()
                self.ctx.rectangle(*box)
                steps.append(("fill", self.ctx.copy_path(), color))
            elif "fill" in item:
                steps.append(("fill", self._path(item["fill"]), color))
            elif "stroke" in item:
                steps.append(("stroke", self._path(item["stroke"]), color, item["width"], item["miter_limit"]))
            elif "rect" in item:
                self.ctx.new_path()
                self.ctx.rectangle(*item["rect"])
                steps.append(("fill", self.ctx.copy_path(), color))
            elif "triangles" in item:
                t = item["triangles"]
                self.ctx.new_path()
                for k in range(0, len(t), 6):
                    self.ctx.move_to(t[k], t[k + 1]); self.ctx.line_to(t[k + 2], t[k + 3])
                    self.ctx.line_to(t[k + 4], t[k + 5]); self.ctx.close_path()
                steps.append(("fill", self.ctx.copy_path(), color))
            elif "text" in item:
                image = self._label(item)
                x, y = trace.label_origin(item, image.get_width(), image.get_height())
                steps.append(("image", image, x, y))
        return [tuple(v / 255 for v in frame["clear"]), steps,
                {"damage": self._rects(frame["damage"]), "band": self._rects([b] if (b := trace.band(frame)) else [])}]

    def _rects(self, rects):
        """One clip path of pixel rectangles ([x0, y0, x1, y1] each; None for none): cairo clips
        to their union as a region (pixel-aligned boxes), whatever their number."""
        if not rects:
            return None
        self.ctx.new_path()
        for r in rects:
            self.ctx.rectangle(r[0], r[1], r[2] - r[0], r[3] - r[1])
        path = self.ctx.copy_path()
        self.ctx.new_path()
        return path

    def draw(self, prepared, mode=None):
        """Clears and draws the frame once: everywhere (mode None), or clipped to the union of
        Elastic's damaged rectangles ("damage") or to the frame's band ("band"), one clip each
        (nothing when nothing was damaged)."""
        clear, steps, clips = prepared
        ctx = self.ctx
        ctx.save()
        if mode is not None:
            if clips[mode] is None:
                ctx.restore()
                return
            ctx.append_path(clips[mode])
            ctx.clip()
        ctx.set_source_rgb(*clear)
        ctx.paint()
        for s in steps:
            if s[0] == "fill":
                ctx.append_path(s[1]); ctx.set_source_rgba(*s[2]); ctx.fill()
            elif s[0] == "stroke":
                ctx.append_path(s[1]); ctx.set_source_rgba(*s[2])
                ctx.set_line_width(s[3]); ctx.set_miter_limit(s[4]); ctx.stroke()
            else:
                ctx.set_source_surface(s[1], s[2], s[3]); ctx.paint()
        ctx.restore()
        self.surface.flush()

    def pixels(self):
        """The image as rows of (r, g, b) for the check (the frame is opaque)."""
        import numpy as np
        a = np.ndarray((self.height, self.width, 4), np.uint8, self.surface.get_data(), 0, (self.surface.get_stride(), 4, 1))
        return a[..., [2, 1, 0]].copy()
