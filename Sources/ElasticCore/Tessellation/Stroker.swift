/// Strokes polylines: a strip of one quad per segment, butt caps, miter joins that fall back to a
/// bevel when the miter would reach past `miterLimit` half widths from the centre line, plus an
/// optional alpha-0 fringe on both sides and across the caps.
///
/// The fringe straddles the stroke's edges as it does a fill's (`Fringe`): the solid strip is
/// narrower than the stroke by the fringe width f and the caps are pulled in by f/2, the fringe
/// fading from the strip to f/2 beyond the true edge. A stroke narrower than f is drawn f wide with
/// its opacity scaled by width / f (NanoVG's hairlines), which keeps its coverage.
///
/// At a bevel the outer side gets two points (one per edge) and a join triangle; the inner side a
/// single point, the inner miter capped at `miterLimit` half widths (very sharp turns of short
/// segments then overlap a little). Triangles are reordered to positive winding; empty ones dropped.
struct Stroker: Sendable {
    static let miterLimit = 4.0

    /// The vertices made for one polyline point: where its incoming and outgoing segments attach on
    /// the left and right side, and the matching fringe (alpha 0) points.
    private struct Corner {
        var leftIn: Int32, leftOut: Int32, rightIn: Int32, rightOut: Int32
        var fringeLeftIn: Int32, fringeLeftOut: Int32, fringeRightIn: Int32, fringeRightOut: Int32
    }

    private var corners: [Corner] = []

    init() {}

    /// Strokes `points` (a closed polyline joins its last point to its first). Core triangles go to
    /// the mesh's indices, fringe triangles to `pending` when `fringeWidth` > 0.
    mutating func stroke(_ points: ArraySlice<Vec2>, closed: Bool, width: Double, color: RGBA,
                         fringeWidth: Double, into mesh: inout Mesh, pending: inout [Int32]) {
        let m = points.count
        guard m >= 2, width.isFinite, width > 0 else { return }
        let antialias = fringeWidth.isFinite && fringeWidth > 0
        let isClosed = closed && m >= 3
        var color = color
        // h: the solid strip's half width; f: the fringe's width beyond it.
        var h = width / 2, f = 0.0
        if antialias {
            f = fringeWidth
            if width < f { color.a = UInt8((Double(color.a) * width / f).rounded()) }
            h = max(width, f) / 2 - f / 2
        }
        var clear = color
        clear.a = 0
        let base = points.startIndex
        corners.removeAll(keepingCapacity: true)
        // An open polyline's solid strip stops f/2 short of each end (the cap's fringe reaches f/2
        // beyond it), never past the middle of the end segment.
        func endPoint(_ i: Int, towards j: Int) -> Vec2 {
            let p = points[base + i], d = points[base + j] - p
            let length = d.length
            guard antialias, length > 0 else { return p }
            return p + d * (min(f / 2, length / 2) / length)
        }

        for i in 0..<m {
            let p = isClosed || (i > 0 && i < m - 1) ? points[base + i]
                : (i == 0 ? endPoint(0, towards: 1) : endPoint(m - 1, towards: m - 2))
            let hasPrev = isClosed || i > 0, hasNext = isClosed || i < m - 1
            let prev = points[base + (i == 0 ? m - 1 : i - 1)]
            let next = points[base + (i == m - 1 ? 0 : i + 1)]
            let n1 = hasNext ? Fringe.normal(p, next) : Fringe.normal(prev, p)
            let n0 = hasPrev ? Fringe.normal(prev, p) : n1

            let dm = (n0 + n1) * 0.5
            let d2 = dm.dot(dm)
            let miterLength = d2 > 1e-12 ? 1 / d2.squareRoot() : .infinity
            var c: Corner
            if miterLength <= Self.miterLimit {
                let o = dm * (1 / d2)
                let l = mesh.add(Vertex(p + o * h, color)), r = mesh.add(Vertex(p - o * h, color))
                let fl = antialias ? mesh.add(Vertex(p + o * (h + f), clear)) : l
                let fr = antialias ? mesh.add(Vertex(p - o * (h + f), clear)) : r
                c = Corner(leftIn: l, leftOut: l, rightIn: r, rightOut: r,
                           fringeLeftIn: fl, fringeLeftOut: fl, fringeRightIn: fr, fringeRightOut: fr)
            } else {
                // Bevel. The inner point: the miter, capped (a reversal has none: use the normal).
                let inner = d2 > 1e-12 ? dm * (Self.miterLimit / d2.squareRoot()) : n1
                let dIn = Vec2(-n0.y, n0.x), dOut = Vec2(-n1.y, n1.x)
                let turnsRight = dIn.cross(dOut) > 0  // clockwise on screen: the left side is outside
                let s: Double = turnsRight ? 1 : -1
                let outA = mesh.add(Vertex(p + n0 * (s * h), color))
                let outB = mesh.add(Vertex(p + n1 * (s * h), color))
                let inP = mesh.add(Vertex(p - inner * (s * h), color))
                var fOutA = outA, fOutB = outB, fIn = inP
                if antialias {
                    fOutA = mesh.add(Vertex(p + n0 * (s * (h + f)), clear))
                    fOutB = mesh.add(Vertex(p + n1 * (s * (h + f)), clear))
                    fIn = mesh.add(Vertex(p - inner * (s * (h + f)), clear))
                }
                mesh.orientedTriangle(outA, outB, inP)  // the bevel
                if antialias { quad(outA, fOutA, fOutB, outB, mesh: mesh, into: &pending) }
                c = turnsRight
                    ? Corner(leftIn: outA, leftOut: outB, rightIn: inP, rightOut: inP,
                             fringeLeftIn: fOutA, fringeLeftOut: fOutB, fringeRightIn: fIn, fringeRightOut: fIn)
                    : Corner(leftIn: inP, leftOut: inP, rightIn: outA, rightOut: outB,
                             fringeLeftIn: fIn, fringeLeftOut: fIn, fringeRightIn: fOutA, fringeRightOut: fOutB)
            }
            corners.append(c)
        }

        let segments = isClosed ? m : m - 1
        for s in 0..<segments {
            let a = corners[s], b = corners[s == m - 1 ? 0 : s + 1]
            mesh.orientedTriangle(a.leftOut, b.leftIn, b.rightIn)
            mesh.orientedTriangle(a.leftOut, b.rightIn, a.rightOut)
            if antialias {
                quad(a.fringeLeftOut, b.fringeLeftIn, b.leftIn, a.leftOut, mesh: mesh, into: &pending)
                quad(a.rightOut, b.rightIn, b.fringeRightIn, a.fringeRightOut, mesh: mesh, into: &pending)
            }
        }

        if antialias && !isClosed {
            let p0 = points[base], p1 = points[base + 1]
            cap(corners[0], direction: p0 - p1, reach: f, color: clear, mesh: &mesh, pending: &pending)
            let q0 = points[base + m - 1], q1 = points[base + m - 2]
            let last = corners[m - 1]
            // Seen from the end looking back, left and right swap.
            let swapped = Corner(leftIn: last.rightIn, leftOut: last.rightIn, rightIn: last.leftIn, rightOut: last.leftIn,
                                 fringeLeftIn: last.fringeRightIn, fringeLeftOut: last.fringeRightIn,
                                 fringeRightIn: last.fringeLeftIn, fringeRightOut: last.fringeLeftIn)
            cap(swapped, direction: q0 - q1, reach: f, color: clear, mesh: &mesh, pending: &pending)
        }
    }

    /// The fringe beyond a butt cap: `reach` past the solid strip's end, corner to corner of the
    /// side fringes.
    private func cap(_ c: Corner, direction: Vec2, reach: Double, color: RGBA, mesh: inout Mesh, pending: inout [Int32]) {
        let len = direction.length
        guard len > 0 else { return }
        let d = direction * (reach / len)
        let fl = mesh.vertices[Int(c.fringeLeftIn)].position + d
        let fr = mesh.vertices[Int(c.fringeRightIn)].position + d
        let a = mesh.add(Vertex(fl, color)), b = mesh.add(Vertex(fr, color))
        quad(c.leftIn, c.rightIn, b, a, mesh: mesh, into: &pending)
        mesh.appendOriented(c.leftIn, a, c.fringeLeftIn, to: &pending)
        mesh.appendOriented(c.rightIn, c.fringeRightIn, b, to: &pending)
    }

    private func quad(_ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32, mesh: Mesh, into pending: inout [Int32]) {
        mesh.appendOriented(a, b, c, to: &pending)
        mesh.appendOriented(a, c, d, to: &pending)
    }
}
