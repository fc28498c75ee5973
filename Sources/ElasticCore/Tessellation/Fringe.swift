/// NanoVG-style anti-aliasing fringe that straddles a filled contour, with the exact profile of
/// a box-filtered edge (`EdgeProfile`).
///
/// Placement (after NanoVG's `nvg__expandFill`): the fill is the contour inset to where the
/// profile reaches full coverage (b: half a pixel for an axis-aligned edge, up to 0.71 px at 45°),
/// and the fringe is a ring of cross-sections, each `EdgeProfile.count` points from that inset out
/// to b outside with the profile's coverage. A pixel centre between two points gets the linear
/// blend of their coverage: within 8/255 of the box-filtered edge, so shapes are neither fatter
/// nor thinner than their path, also where rows and columns cross their edges at an angle.
///
/// At a smooth point the cross-section lies along the miter of its two edge normals (so both
/// edges move by the offset) with the miter's profile. A corner (a turn over 30°) gets three: one
/// on each edge, b / sin(turn) back from the corner, with that edge's own profile, and one on the
/// corner (where the edges' offset lines meet) with the exact coverage of the corner's wedge
/// (`EdgeProfile.wedgeCoverage`): a box on a convex corner's tip is a quarter covered, not half.
/// Offsets are capped at `miterLimit` times their size, inwards and outwards alike, so a sharper
/// tip is cut rather than drawn as a spike.
///
/// The inset must stay a simple polygon for the ladder and the ear clipper: where two inset
/// points would pass each other along their shared edge (tight convex turns of short edges: a
/// tiny circle), both are pulled back just enough to meet, so the inset contour never folds, and
/// the fringe's inner points with them. Thin parts whose two sides would cross are not caught
/// here: the tessellator sees the inset fail to triangulate and retries with a smaller inset.
enum Fringe {
    static let miterLimit = 4.0
    /// Turns sharper than this (the cosine between the edge normals) are corners.
    static let cornerCosine = 0.866

    /// One contour's fringe: cross-sections in order round the contour, each
    /// `EdgeProfile.count` points (from the fill's outline out to coverage 0) with their coverage.
    struct Ring: Sendable {
        var points: [Vec2] = []
        var coverage: [Double] = []
        /// Per contour edge its outward normal; per contour point whether it is a corner, its
        /// cross-section (as `points`), its two edges' profiles and what the unfolding kept of its
        /// inset.
        fileprivate var normals: [Vec2] = []
        fileprivate var corners: [Bool] = []
        fileprivate var sections: [Vec2] = []
        fileprivate var profilesIn: [EdgeProfile] = []
        fileprivate var profilesOut: [EdgeProfile] = []
        fileprivate var keep: [Double] = []

        mutating func removeAll() {
            points.removeAll(keepingCapacity: true)
            coverage.removeAll(keepingCapacity: true)
            normals.removeAll(keepingCapacity: true)
            corners.removeAll(keepingCapacity: true)
            sections.removeAll(keepingCapacity: true)
            profilesIn.removeAll(keepingCapacity: true)
            profilesOut.removeAll(keepingCapacity: true)
            keep.removeAll(keepingCapacity: true)
        }
    }

    /// The outward unit normal of edge a → b of a positive-area (clockwise on screen) contour.
    static func normal(_ a: Vec2, _ b: Vec2) -> Vec2 {
        let d = b - a
        let len = d.length
        guard len > 0, len.isFinite else { return .zero }
        return Vec2(d.y / len, -d.x / len)
    }

    /// The fringe of `contour` (positive area, no repeated closing point) for output pixels
    /// `pixel` points wide: `inner`, the fill's outline (the contour inset by each edge's b times
    /// `insetScale`), point for point with `contour`, and `ring`.
    static func offsets(_ contour: [Vec2], pixel: Double, insetScale: Double = 1,
                        inner: inout [Vec2], ring: inout Ring) {
        let n = contour.count, lines = EdgeProfile.count
        inner.removeAll(keepingCapacity: true)
        ring.removeAll()
        guard n >= 3 else { inner.append(contentsOf: contour); return }
        for i in 0..<n { ring.normals.append(normal(contour[i], contour[i == n - 1 ? 0 : i + 1])) }
        for i in 0..<n {
            let n0 = ring.normals[i == 0 ? n - 1 : i - 1], n1 = ring.normals[i]
            let corner = n0.dot(n1) < cornerCosine
            ring.corners.append(corner)
            // A smooth turn: one profile, the miter's, for both edges.
            let a = EdgeProfile(normal: corner ? n0 : n0 + n1), b = corner ? EdgeProfile(normal: n1) : a
            ring.profilesIn.append(a); ring.profilesOut.append(b)
            inner.append(offset(contour[i], n0, a.offset(0) * pixel * insetScale, n1, b.offset(0) * pixel * insetScale))
        }
        if insetScale > 0 {
            for i in 0..<n { ring.keep.append((inner[i] - contour[i]).length) }
            unfold(contour, inner: &inner)
            for i in 0..<n { ring.keep[i] = ring.keep[i] > 0 ? (inner[i] - contour[i]).length / ring.keep[i] : 1 }
        }
        for i in 0..<n {
            let n0 = ring.normals[i == 0 ? n - 1 : i - 1], n1 = ring.normals[i]
            let a = ring.profilesIn[i], b = ring.profilesOut[i]
            let inset = insetScale > 0 ? insetScale * ring.keep[i] : 0
            for k in 0..<lines {
                // Off corners the centre point (coverage ½, which no alpha step holds) doubles the
                // next one: the profile is linear across the centre anyway.
                let line = k == EdgeProfile.centre && !ring.corners[i] ? k + 1 : k
                let s = a.offset(line) < 0 ? inset * pixel : pixel
                ring.sections.append(k == 0 ? inner[i] : offset(contour[i], n0, a.offset(line) * s, n1, b.offset(line) * s))
            }
        }
        for i in 0..<n {
            let a = ring.profilesIn[i], b = ring.profilesOut[i]
            guard ring.corners[i] else { appendSection(ring.sections[(i * lines)..<((i + 1) * lines)], a, to: &ring); continue }
            // A corner: each edge's own profile a little way back along it, the wedge's on the corner.
            let previous = i == 0 ? n - 1 : i - 1, next = i == n - 1 ? 0 : i + 1
            let n0 = ring.normals[previous], n1 = ring.normals[i]
            let back = pixel * max(a.b, b.b) / max(abs(n0.cross(n1)), 0.25)
            appendSection(between: i, and: previous, reach: back, contour, a, to: &ring)
            for k in 0..<lines {
                let q = ring.sections[i * lines + k]
                ring.points.append(q)
                ring.coverage.append(EdgeProfile.wedgeCoverage(at: q, corner: contour[i], n0, n1, pixel: pixel))
            }
            appendSection(between: i, and: next, reach: back, contour, b, to: &ring)
        }
    }

    /// Appends a cross-section with `profile`'s coverage.
    private static func appendSection(_ points: ArraySlice<Vec2>, _ profile: EdgeProfile, to ring: inout Ring) {
        ring.points.append(contentsOf: points)
        for k in 0..<EdgeProfile.count { ring.coverage.append(coverage(profile, line: k)) }
    }

    /// The coverage of line k of a cross-section off a corner (its centre doubles the next line).
    private static func coverage(_ profile: EdgeProfile, line k: Int) -> Double {
        profile.coverage(profile.offset(k == EdgeProfile.centre ? k + 1 : k))
    }

    /// Appends the cross-section `reach` from contour point i towards point j (at most 0.45 of the
    /// way: the other end may be a corner too), between the two points' cross-sections.
    private static func appendSection(between i: Int, and j: Int, reach: Double, _ contour: [Vec2],
                                      _ profile: EdgeProfile, to ring: inout Ring) {
        let length = (contour[j] - contour[i]).length
        let t = length > 0 ? min(reach / length, 0.45) : 0
        let lines = EdgeProfile.count
        for k in 0..<lines {
            let line = k == EdgeProfile.centre ? k + 1 : k
            let p = ring.sections[i * lines + line], q = ring.sections[j * lines + line]
            ring.points.append(p + (q - p) * t)
            ring.coverage.append(coverage(profile, line: k))
        }
    }

    /// The point that lies `d0` outside the edge with unit normal `n0` and `d1` outside the one
    /// with `n1`, both through `p` (a miter), moved no further than `miterLimit` times the larger
    /// offset; where the edges are (anti)parallel, the offset along their mean normal.
    static func offset(_ p: Vec2, _ n0: Vec2, _ d0: Double, _ n1: Vec2, _ d1: Double) -> Vec2 {
        let det = n0.cross(n1)
        var x: Vec2
        if abs(det) > 1e-3 {
            x = Vec2((d0 * n1.y - d1 * n0.y) / det, (n0.x * d1 - n1.x * d0) / det)
        } else {
            let m = n0 + n1, length = m.length
            x = length > 1e-6 ? m * ((d0 + d1) / 2 / length) : n1 * d1
        }
        let reach = max(abs(d0), abs(d1)) * miterLimit, length = x.length
        return length > reach ? p + x * (reach / length) : p + x
    }

    /// Along each edge, the inset points may approach each other by at most the edge's length.
    /// Two passes: pulling a point back for one edge rarely makes its other edge fold again.
    private static func unfold(_ contour: [Vec2], inner: inout [Vec2]) {
        let n = contour.count
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

    /// Adds the ring's strips, point k of one cross-section to point k + 1 of the next, with the
    /// fill's colour at each point's coverage: vertices to the mesh, triangles to `pending`
    /// (committed as a later batch than the fill). Triangles that come out folded or empty (points
    /// that coincide, as the inner three do on an axis-aligned edge) are dropped, so every
    /// triangle keeps a positive winding.
    static func addRing(_ ring: Ring, color: RGBA, into mesh: inout Mesh, pending: inout [Int32]) {
        let lines = EdgeProfile.count, sections = ring.points.count / lines
        guard sections >= 3 else { return }
        let first = Int32(mesh.vertices.count)
        for (p, coverage) in zip(ring.points, ring.coverage) { mesh.add(Vertex(p, shade(color, coverage))) }
        for i in 0..<sections {
            let a = first + Int32(i * lines), b = first + Int32((i == sections - 1 ? 0 : i + 1) * lines)
            for k in Int32(0)..<Int32(lines - 1) {
                mesh.appendPositive(a + k + 1, b + k + 1, b + k, to: &pending)
                mesh.appendPositive(a + k + 1, b + k, a + k, to: &pending)
            }
        }
    }

    /// `color` with its alpha times `coverage`, to the nearest step. A tie (half of an odd alpha,
    /// as on a 45° edge's outline) rounds down whatever the coverage's last bits, so the same
    /// outline built two ways (`RoundedRectFill`, the general route) gives the same alphas.
    static func shade(_ color: RGBA, _ coverage: Double) -> RGBA {
        var shaded = color
        let c = coverage.isFinite ? min(max(coverage, 0), 1) : 0
        shaded.a = UInt8((Double(color.a) * c + 0.5 - 1e-9).rounded(.down))
        return shaded
    }
}
