extension Tessellator {
    /// Fills an axis-aligned rectangle with exact coverage. Negative sizes are normalised; empty
    /// or non-finite rectangles draw nothing.
    ///
    /// On whole output pixels (at `pixelScale`) it is one rectangle command, filled at memset
    /// speed. Elsewhere (a list row scrolled to a fractional offset, a half-point separator) a
    /// renderer's rectangle fill would snap it to whole pixels, or to none at all: only its core
    /// on whole pixels is a rectangle command, and the rest is triangles. Without `antialias`
    /// (renderers that cover triangles exactly) that rest is the strips around the core. With it,
    /// a grid whose points carry the rectangle's box-filtered coverage: the product of its
    /// coverage across x and across y, each linear between the points half a pixel either side of
    /// the two edges, so the sides are exact and the four corners a blend through their centres.
    public mutating func fillRect(_ rect: Rect, color: RGBA, into list: inout DrawList) {
        guard color.a > 0 else { return }
        var x0 = rect.x, y0 = rect.y, x1 = rect.x + rect.width, y1 = rect.y + rect.height
        if x1 < x0 { swap(&x0, &x1) }
        if y1 < y0 { swap(&y0, &y1) }
        let limit = Flattener.coordinateLimit
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0,
              abs(x0) <= limit, abs(x1) <= limit, abs(y0) <= limit, abs(y1) <= limit else { return }
        let logged = shapeLog?.begin(list) == true
        defer { if logged { shapeLog?.end(rect: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), color: color, list: list) } }
        let s = pixelScale.isFinite && pixelScale > 0 ? pixelScale : 1
        func whole(_ v: Double) -> Bool { abs(v * s - (v * s).rounded()) < 1e-9 }
        if whole(x0), whole(y0), whole(x1), whole(y1) {
            list.addRect(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), color: color)
            return
        }
        if antialias {
            Self.coverageGrid(x: (x0 * s, x1 * s), y: (y0 * s, y1 * s), scale: s, color: color, into: &list.mesh)
            list.commitTriangles(blend: .blend)
            return
        }
        // The core on whole pixels, and the strips above, below, left and right of it.
        let left = (x0 * s).rounded(.up) / s, right = (x1 * s).rounded(.down) / s
        let top = (y0 * s).rounded(.up) / s, bottom = (y1 * s).rounded(.down) / s
        guard right > left, bottom > top else {
            list.mesh.addBox(x0: x0, x1: x1, top: y0, bottom: y1, color: color)
            list.commitTriangles(blend: color.isOpaque ? .none : .blend)
            return
        }
        list.mesh.addBox(x0: x0, x1: x1, top: y0, bottom: top, color: color)
        list.mesh.addBox(x0: x0, x1: x1, top: bottom, bottom: y1, color: color)
        list.mesh.addBox(x0: x0, x1: left, top: top, bottom: bottom, color: color)
        list.mesh.addBox(x0: right, x1: x1, top: top, bottom: bottom, color: color)
        list.commitTriangles(blend: color.isOpaque ? .none : .blend)
        list.addRect(Rect(x: left, y: top, width: right - left, height: bottom - top), color: color)
    }

    /// The box-filtered coverage of the rectangle from `x.0` to `x.1` and `y.0` to `y.1` (output
    /// pixels) as a 4 × 4 grid of points (positions in points: pixels / `scale`), two triangles a
    /// cell and four, fanned from the exact centre, on the corners where both factors vary.
    private static func coverageGrid(x: (Double, Double), y: (Double, Double), scale: Double, color: RGBA,
                                     into mesh: inout Mesh) {
        // Coverage of the pixel box centred at u by the span [a, b]: an axis-aligned band's,
        // piecewise linear with its kinks at a ± ½ and b ± ½.
        let axis = EdgeProfile(normal: Vec2(1, 0))
        func across(_ u: Double, _ a: Double, _ b: Double) -> Double { axis.bandCoverage(u - (a + b) / 2, width: b - a) }
        func sorted(_ a: Double, _ b: Double) -> (Double, Double, Double, Double) {
            (a - 0.5, min(a + 0.5, b - 0.5), max(a + 0.5, b - 0.5), b + 0.5)
        }
        let xs = sorted(x.0, x.1), ys = sorted(y.0, y.1)
        func at(_ t: (Double, Double, Double, Double), _ k: Int) -> Double { k == 0 ? t.0 : k == 1 ? t.1 : k == 2 ? t.2 : t.3 }
        func vertex(_ u: Double, _ v: Double) -> Int32 {
            mesh.add(Vertex(Vec2(u / scale, v / scale), Fringe.shade(color, across(u, x.0, x.1) * across(v, y.0, y.1))))
        }
        let first = Int32(mesh.vertices.count)
        for j in 0..<4 { for i in 0..<4 { _ = vertex(at(xs, i), at(ys, j)) } }
        for j in 0..<3 {
            for i in 0..<3 {
                let a = first + Int32(j * 4 + i), b = a + 1, c = a + 5, d = a + 4
                if i != 1, j != 1 {
                    let centre = vertex((at(xs, i) + at(xs, i + 1)) / 2, (at(ys, j) + at(ys, j + 1)) / 2)
                    mesh.orientedTriangle(centre, a, b); mesh.orientedTriangle(centre, b, c)
                    mesh.orientedTriangle(centre, c, d); mesh.orientedTriangle(centre, d, a)
                } else {
                    mesh.orientedTriangle(a, b, c)
                    mesh.orientedTriangle(a, c, d)
                }
            }
        }
    }
}
