/// Ear clipping for simple polygons that are monotone along neither axis (O(n²), fine for the few
/// such shapes). The contour must have positive area; ears are convex vertices (positive turn)
/// whose triangle holds no other remaining vertex. Collinear vertices and zero-width spikes are
/// dropped without a triangle. If no ear is left (a self-intersecting contour), a convex vertex is
/// clipped anyway so the loop ends; the triangles stay positive, the shape is then approximate.
struct EarClipper: Sendable {
    private var next: [Int] = []
    private var prev: [Int] = []

    init() {}

    mutating func fill(_ contour: [Vec2], color: RGBA, into mesh: inout Mesh) {
        let n = contour.count
        guard n >= 3 else { return }
        let base = mesh.vertices.count
        for p in contour { mesh.add(Vertex(p, color)) }
        next.removeAll(keepingCapacity: true)
        prev.removeAll(keepingCapacity: true)
        for i in 0..<n {
            next.append(i == n - 1 ? 0 : i + 1)
            prev.append(i == 0 ? n - 1 : i - 1)
        }

        var remaining = n
        var current = 0
        var misses = 0
        var forcing = false
        while remaining > 3 {
            let a = prev[current], c = next[current]
            let pa = contour[a], pb = contour[current], pc = contour[c]
            let turn = (pb - pa).cross(pc - pb)
            let scale = (pb - pa).length * (pc - pb).length
            let isFlat = abs(turn) <= 1e-12 * scale
            if isFlat || (turn > 0 && (forcing || isEmpty(a, current, c, contour))) {
                if !isFlat {
                    mesh.positiveTriangle(Int32(base + a), Int32(base + current), Int32(base + c))
                }
                next[a] = c
                prev[c] = a
                remaining -= 1
                current = a  // the neighbour's ear status changed; look there first
                misses = 0
                forcing = false
                continue
            }
            current = c
            misses += 1
            if misses > remaining {
                // No ear: self-intersecting input. Clip the next convex vertex regardless, or stop.
                if forcing { return }
                forcing = true
                misses = 0
            }
        }
        let a = prev[current], c = next[current]
        mesh.positiveTriangle(Int32(base + a), Int32(base + current), Int32(base + c))
    }

    /// True when no remaining vertex other than a, b, c lies inside or on triangle (a, b, c).
    private func isEmpty(_ a: Int, _ b: Int, _ c: Int, _ pts: [Vec2]) -> Bool {
        let pa = pts[a], pb = pts[b], pc = pts[c]
        var k = next[c]
        while k != a {
            let p = pts[k]
            if p != pa && p != pb && p != pc,
               (pb - pa).cross(p - pa) >= 0, (pc - pb).cross(p - pb) >= 0, (pa - pc).cross(p - pc) >= 0 {
                return false
            }
            k = next[k]
        }
        return true
    }
}
