/// Winding helpers shared by the tessellation passes. Every triangle the tessellator emits has a
/// positive signed area in the `Vec2.cross` convention (clockwise on a y-down screen), measured on
/// the Float positions actually stored, so the rasteriser never sees a flipped or empty triangle.
extension Mesh {
    /// Twice the signed area of triangle (a, b, c) from the stored Float positions.
    func doubledArea(_ a: Int32, _ b: Int32, _ c: Int32) -> Double {
        let va = vertices[Int(a)], vb = vertices[Int(b)], vc = vertices[Int(c)]
        let abx = Double(vb.x) - Double(va.x), aby = Double(vb.y) - Double(va.y)
        let acx = Double(vc.x) - Double(va.x), acy = Double(vc.y) - Double(va.y)
        return abx * acy - aby * acx
    }

    /// Appends (a, b, c) only if it has positive area: a safety net for slivers that Float
    /// rounding flattened or flipped. Returns whether it was appended.
    @discardableResult
    mutating func positiveTriangle(_ a: Int32, _ b: Int32, _ c: Int32) -> Bool {
        guard doubledArea(a, b, c) > 0 else { return false }
        triangle(a, b, c)
        return true
    }

    /// Appends the triangle with its vertices reordered to positive area; drops it if empty.
    mutating func orientedTriangle(_ a: Int32, _ b: Int32, _ c: Int32) {
        let d = doubledArea(a, b, c)
        if d > 0 { triangle(a, b, c) } else if d < 0 { triangle(a, c, b) }
    }

    /// Appends (a, b, c) to a pending index list (a batch committed later) if it has positive area.
    func appendPositive(_ a: Int32, _ b: Int32, _ c: Int32, to list: inout [Int32]) {
        guard doubledArea(a, b, c) > 0 else { return }
        list.append(a); list.append(b); list.append(c)
    }

    /// Appends the triangle to a pending index list, reordered to positive area; drops it if empty.
    func appendOriented(_ a: Int32, _ b: Int32, _ c: Int32, to list: inout [Int32]) {
        let d = doubledArea(a, b, c)
        if d > 0 {
            list.append(a); list.append(b); list.append(c)
        } else if d < 0 {
            list.append(a); list.append(c); list.append(b)
        }
    }

    /// An axis-aligned box from x0 to x1 and top to bottom as two positive triangles (nothing if
    /// x1 ≤ x0): the slivers beside a rectangle core.
    mutating func addBox(x0: Double, x1: Double, top: Double, bottom: Double, color: RGBA) {
        guard x1 > x0 else { return }
        let a = add(Vertex(Vec2(x0, top), color)), b = add(Vertex(Vec2(x1, top), color))
        let c = add(Vertex(Vec2(x1, bottom), color)), d = add(Vertex(Vec2(x0, bottom), color))
        orientedTriangle(a, b, c)
        orientedTriangle(a, c, d)
    }

    /// `polygon` as a fan from its first point, every triangle kept with its own sign: summed with
    /// signs, the edges the fan adds inside cancel and what is left is the polygon's outline, so
    /// exact coverage converts the outline alone, with no triangulation.
    mutating func addSignedFan(_ polygon: [Vec2], color: RGBA) {
        guard polygon.count >= 3 else { return }
        let first = Int32(vertices.count)
        for p in polygon { vertices.append(Vertex(p, color)) }
        for k in 1..<Int32(polygon.count - 1) { triangle(first, first + k, first + k + 1) }
        hasSignedFans = true
    }

    /// Drops vertices and indices appended after the given counts (keeps capacity).
    mutating func truncate(vertexCount: Int, indexCount: Int) {
        if vertices.count > vertexCount { vertices.removeSubrange(vertexCount..<vertices.count) }
        if indices.count > indexCount { indices.removeSubrange(indexCount..<indices.count) }
    }
}
