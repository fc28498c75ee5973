/// NanoVG-style anti-aliasing fringe around a filled contour.
///
/// Choice: the fill is NOT inset. The fringe is a ring from the contour (the fill's colour and
/// alpha) out to `width` points beyond it (same colour, alpha 0), so edges fade over ~1 px just
/// outside the exact outline (shapes read about half a pixel fuller than the aliased fill). Keeping
/// the fill exact keeps it watertight, its area exact and its monotone decomposition unchanged.
///
/// Each contour point gets an outer point along the average of its two edge normals, scaled so
/// both edges move out by `width` (a miter), with the miter capped at `miterLimit × width`. Each edge
/// gets a quad (2 triangles) between the two rings. Triangles that come out folded (at tight
/// concave turns of very short edges) are dropped, so every triangle keeps a positive winding.
enum Fringe {
    static let miterLimit = 2.0

    /// The outward unit normal of edge a → b of a positive-area (clockwise on screen) contour.
    static func normal(_ a: Vec2, _ b: Vec2) -> Vec2 {
        let d = b - a
        let len = d.length
        guard len > 0, len.isFinite else { return .zero }
        return Vec2(d.y / len, -d.x / len)
    }

    /// The offset of a corner whose edges have unit normals n0 and n1, so that both edges move by 1
    /// along their normals (a miter), capped at `limit`. Falls back to n1 at a full reversal.
    static func miter(_ n0: Vec2, _ n1: Vec2, limit: Double) -> Vec2 {
        let dm = (n0 + n1) * 0.5
        let d2 = dm.dot(dm)
        guard d2 > 1e-6 else { return n1 }
        var scale = 1 / d2
        let length = 1 / d2.squareRoot()  // = |dm · scale|
        if length > limit { scale *= limit / length }
        return dm * scale
    }

    /// Adds the fringe of `contour` (positive area, no repeated closing point): its vertices to the
    /// mesh, its triangles to `pending` (committed as a later batch than the fill).
    static func add(_ contour: [Vec2], color: RGBA, width: Double = 1,
                    into mesh: inout Mesh, pending: inout [Int32]) {
        let n = contour.count
        guard n >= 3, width > 0 else { return }
        var clear = color
        clear.a = 0
        let first = mesh.vertices.count
        for i in 0..<n {
            let p = contour[i]
            let n0 = Self.normal(contour[i == 0 ? n - 1 : i - 1], p)
            let n1 = Self.normal(p, contour[i == n - 1 ? 0 : i + 1])
            let offset = Self.miter(n0, n1, limit: Self.miterLimit) * width
            mesh.add(Vertex(p, color))
            mesh.add(Vertex(p + offset, clear))
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
