/// NanoVG-style anti-aliasing fringe that straddles a filled contour.
///
/// Placement (NanoVG's `nvg__expandFill`): the fill is the contour inset by half the fringe width
/// h, and the fringe is a ring from that inset contour (the fill's alpha) out to the contour offset
/// by h outwards (alpha 0). Alpha then falls from 1 to 0 across one output pixel centred on the
/// true outline, so the box-filtered coverage of an edge sums to the exact area: shapes are neither
/// fatter nor thinner than their path.
///
/// Each contour point moves along the miter of its two edge normals (so both edges move by the
/// offset), capped at `miterLimit` offsets, the same cap inwards and outwards so the ramp stays
/// centred on the outline (a sharper tip is cut rather than drawn as a spike). The inset must stay
/// a simple polygon for the ladder and the ear clipper: where two inset points would pass each
/// other along their shared edge (tight convex turns of short edges: a tiny circle), both are
/// pulled back just enough to meet, so the inset contour never folds. Thin parts whose two sides
/// would cross are not caught here: the tessellator sees the inset fail to triangulate and
/// retries with a smaller inset.
enum Fringe {
    static let miterLimit = 4.0

    /// The outward unit normal of edge a → b of a positive-area (clockwise on screen) contour.
    static func normal(_ a: Vec2, _ b: Vec2) -> Vec2 {
        let d = b - a
        let len = d.length
        guard len > 0, len.isFinite else { return .zero }
        return Vec2(d.y / len, -d.x / len)
    }

    /// Offsets `contour` (positive area, no repeated closing point) by `inset` inwards into `inner`
    /// and by `outset` outwards into `outer`, point for point.
    static func offsets(_ contour: [Vec2], inset: Double, outset: Double,
                        inner: inout [Vec2], outer: inout [Vec2]) {
        let n = contour.count
        inner.removeAll(keepingCapacity: true)
        outer.removeAll(keepingCapacity: true)
        guard n >= 3 else { inner.append(contentsOf: contour); outer.append(contentsOf: contour); return }
        var previousNormal = normal(contour[n - 1], contour[0])
        for i in 0..<n {
            let p = contour[i]
            let nextNormal = normal(p, contour[i == n - 1 ? 0 : i + 1])
            // `miter` for both limits at once.
            let dm = (previousNormal + nextNormal) * 0.5
            let d2 = dm.dot(dm)
            if d2 > 1e-6 {
                let full = dm * (1 / d2), length = 1 / d2.squareRoot()
                inner.append(p - full * (length > miterLimit ? inset * miterLimit / length : inset))
                outer.append(p + full * (length > miterLimit ? outset * miterLimit / length : outset))
            } else {
                inner.append(p - nextNormal * inset)
                outer.append(p + nextNormal * outset)
            }
            previousNormal = nextNormal
        }
        guard inset > 0 else { return }
        // Along each edge, the inset points may approach each other by at most the edge's length.
        // Two passes: pulling a point back for one edge rarely makes its other edge fold again.
        for _ in 0..<2 {
            var folded = false
            for i in 0..<n {
                let j = i == n - 1 ? 0 : i + 1
                let d = contour[j] - contour[i]
                // How far the two inset points moved towards each other along the edge, times its length.
                let approach = (inner[i] - contour[i] - inner[j] + contour[j]).dot(d), squared = d.dot(d)
                guard approach > squared, squared > 0 else { continue }
                folded = true
                let keep = squared / approach
                inner[i] = contour[i] + (inner[i] - contour[i]) * keep
                inner[j] = contour[j] + (inner[j] - contour[j]) * keep
            }
            if !folded { break }
        }
    }

    // MARK: - Checks on an inset

    /// Whether the polygon's x (or y) changes direction exactly twice around it (steps of a few
    /// ulps count as none), i.e. `MonotoneLadder` can sweep it along that axis.
    static func isMonotone(_ polygon: [Vec2], alongX: Bool) -> Bool {
        let n = polygon.count
        var firstSign = 0, lastSign = 0, changes = 0
        for i in 0..<n {
            let a = polygon[i], b = polygon[i == n - 1 ? 0 : i + 1]
            let u = alongX ? a.x : a.y, v = alongX ? b.x : b.y
            let sign = MonotoneLadder.sameX(u, v) ? 0 : (v > u ? 1 : -1)
            if sign == 0 { continue }
            if lastSign == 0 { firstSign = sign } else if sign != lastSign { changes += 1 }
            lastSign = sign
        }
        if lastSign != firstSign { changes += 1 }
        return changes == 2
    }

    /// Whether no two non-adjacent edges of the polygon cross (touching does not count). O(n²):
    /// only for the ear clipper's shapes, which are few and small.
    static func isSimple(_ polygon: [Vec2]) -> Bool {
        let n = polygon.count
        guard n > 3 else { return true }
        for i in 0..<(n - 2) {
            let a = polygon[i], b = polygon[i + 1]
            let minX = min(a.x, b.x), maxX = max(a.x, b.x), minY = min(a.y, b.y), maxY = max(a.y, b.y)
            for j in (i + 2)..<n where !(i == 0 && j == n - 1) {
                let c = polygon[j], d = polygon[j == n - 1 ? 0 : j + 1]
                if max(c.x, d.x) < minX || min(c.x, d.x) > maxX || max(c.y, d.y) < minY || min(c.y, d.y) > maxY { continue }
                let d1 = (b - a).cross(c - a), d2 = (b - a).cross(d - a)
                let d3 = (d - c).cross(a - c), d4 = (d - c).cross(b - c)
                if d1 * d2 < 0, d3 * d4 < 0 { return false }
            }
        }
        return true
    }

    /// Adds the ring between `inner` (the fill's colour) and `outer` (alpha 0), point for point, as
    /// one quad per edge: its vertices to the mesh, its triangles to `pending` (committed as a later
    /// batch than the fill). Triangles that come out folded or empty are dropped, so every triangle
    /// keeps a positive winding.
    static func addRing(inner: [Vec2], outer: [Vec2], color: RGBA, into mesh: inout Mesh, pending: inout [Int32]) {
        let n = min(inner.count, outer.count)
        guard n >= 3 else { return }
        var clear = color
        clear.a = 0
        let first = mesh.vertices.count
        for i in 0..<n {
            mesh.add(Vertex(inner[i], color))
            mesh.add(Vertex(outer[i], clear))
        }
        // Vertex 2i is inner point i, 2i + 1 its outer point.
        for i in 0..<n {
            let j = i == n - 1 ? 0 : i + 1
            let ii = Int32(first + 2 * i), io = ii + 1
            let ji = Int32(first + 2 * j), jo = ji + 1
            mesh.appendPositive(io, jo, ji, to: &pending)
            mesh.appendPositive(io, ji, ii, to: &pending)
        }
    }
}
