/// Triangulates a monotone polygon as a ladder of thin strips.
///
/// For an x-monotone contour (`axis == .x`) the boundary splits at its leftmost and rightmost
/// points into an upper and a lower chain, each non-decreasing in x. The sweep visits every x where
/// either chain has a vertex; where only one chain has one, the other gets a vertex interpolated on
/// its edge, so both chains have a vertex on every rung. Each pair of consecutive rungs bounds a
/// column, emitted as one quad (2 triangles), or 1 triangle where a side shrinks to a point (the
/// ends, a pinch). Columns share the rung vertices (same indices), so the mesh is watertight.
///
/// Vertical edges (equal x) make a rung of more than two points, e.g. the wave's left and right
/// sides; the column on each side of such a rung zips its side of the rung with the other rung,
/// so it still shares every edge. x's within `mergeDistance` of a rung's first x join that rung.
///
/// `axis == .y` runs the same sweep on the contour turned 90° ((x, y) → (y, −x), a rotation, so
/// winding is kept): rows instead of columns.
///
/// Triangles are oriented positive (the contour must be given with positive area) and checked on
/// the stored Float positions. `fill` returns false, leaving the mesh as it found it, when the
/// contour is not monotone along the axis or its chains cross.
struct MonotoneLadder: Sendable {
    enum Axis: Sendable { case x, y }

    /// Rung points closer than this (along or across the sweep) are one point.
    static let mergeDistance = 1.0 / 512

    // Kept from fill to fill so a steady state allocates nothing; the sweep's buffers are sized
    // and used in MonotoneLadder+Sweep.swift.
    var pts: [Vec2] = []
    var upper: [Int] = []
    var lower: [Int] = []
    var meshIndex: [Int32] = []
    var rungStore: [RungPoint] = []
    var vertexScratch: [Vertex] = []
    var indexScratch: [Int32] = []

    init() {}

    mutating func fill(_ contour: [Vec2], axis: Axis, color: RGBA, into mesh: inout Mesh) -> Bool {
        let n = contour.count
        guard n >= 3 else { return false }
        pts.removeAll(keepingCapacity: true)
        switch axis {
        case .x: pts.append(contentsOf: contour)
        case .y: for p in contour { pts.append(Vec2(p.y, -p.x)) }
        }
        guard splitChains() else { return false }
        return sweep(axis: axis, contour: contour, color: color, into: &mesh)
    }

    /// For an x-monotone contour: its x extent and the band [top, bottom] that lies inside it at
    /// every x (top = the highest point of the upper chain, bottom = the lowest of the lower one).
    /// The rectangle xmin…xmax × top…bottom is then inside the polygon. Nil when the contour is
    /// not x-monotone or no such band exists.
    mutating func solidBand(_ contour: [Vec2]) -> (xmin: Double, xmax: Double, top: Double, bottom: Double)? {
        guard contour.count >= 3 else { return nil }
        pts.removeAll(keepingCapacity: true)
        pts.append(contentsOf: contour)
        guard splitChains() else { return nil }
        var xmin = Double.infinity, xmax = -Double.infinity
        for p in pts { xmin = min(xmin, p.x); xmax = max(xmax, p.x) }
        guard xmax > xmin else { return nil }
        // A chain's values over (xmin, xmax): vertical runs at the ends count only by the point
        // where the chain leaves (or reaches) them.
        func extremes(_ chain: [Int]) -> (low: Double, high: Double, mean: Double)? {
            var first = 0, last = chain.count - 1
            while first + 1 < chain.count, Self.sameX(pts[chain[first + 1]].x, xmin) { first += 1 }
            while last - 1 >= 0, Self.sameX(pts[chain[last - 1]].x, xmax) { last -= 1 }
            guard first <= last else { return nil }
            var low = Double.infinity, high = -Double.infinity, sum = 0.0
            for k in first...last {
                let y = pts[chain[k]].y
                low = min(low, y); high = max(high, y); sum += y
            }
            return (low, high, sum / Double(last - first + 1))
        }
        guard let a = extremes(upper), let b = extremes(lower) else { return nil }
        let (top, bottom) = a.mean <= b.mean ? (a.high, b.low) : (b.high, a.low)
        guard bottom > top else { return nil }
        return (xmin, xmax, top, bottom)
    }

    // MARK: - Chains

    /// x's that differ only in their last bits (an arc's end at angle π beside a line's end) are
    /// the same: an edge between them is vertical. Counted as a step, such an edge would make a
    /// rounded rectangle look non-monotone or hide its core.
    static func sameX(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-12 * max(1, abs(a), abs(b))
    }

    /// Splits `pts` into `upper` (forward from the start of the rising run to the start of the
    /// falling run) and `lower` (backward between the same two points); both then run left to
    /// right. False if the x direction changes more than twice around the contour (steps of a
    /// few ulps count as vertical).
    private mutating func splitChains() -> Bool {
        let n = pts.count
        var firstSign = 0, firstEdge = -1, lastSign = 0, changes = 0
        var rise = -1, fall = -1
        pts.withUnsafeBufferPointer { p in
            var i = 0
            while i < n {
                let x = p[i].x, next = p[i == n - 1 ? 0 : i &+ 1].x
                let sign = Self.sameX(x, next) ? 0 : (next > x ? 1 : -1)
                if sign != 0 {
                    if lastSign == 0 {
                        firstSign = sign; firstEdge = i
                    } else if sign != lastSign {
                        changes += 1
                        if sign > 0 { rise = i } else { fall = i }
                    }
                    lastSign = sign
                }
                i &+= 1
            }
        }
        guard firstEdge >= 0 else { return false }
        if lastSign != firstSign {
            changes += 1
            if firstSign > 0 { rise = firstEdge } else { fall = firstEdge }
        }
        guard changes == 2, rise >= 0, fall >= 0 else { return false }

        // Sized first and written through a pointer: no capacity and uniqueness check per point.
        Self.resize(&upper, to: (fall >= rise ? fall - rise : fall - rise + n) + 1)
        Self.resize(&lower, to: (rise >= fall ? rise - fall : rise - fall + n) + 1)
        upper.withUnsafeMutableBufferPointer { chain in
            var i = rise, k = 0
            while true {
                chain[k] = i; k &+= 1
                if i == fall { break }
                i = i == n - 1 ? 0 : i &+ 1
            }
        }
        lower.withUnsafeMutableBufferPointer { chain in
            var i = rise, k = 0
            while true {
                chain[k] = i; k &+= 1
                if i == fall { break }
                i = i == 0 ? n - 1 : i &- 1
            }
        }
        return true
    }

    private static func resize(_ chain: inout [Int], to count: Int) {
        if chain.count > count {
            chain.removeLast(chain.count - count)
        } else if chain.count < count {
            chain.append(contentsOf: repeatElement(0, count: count - chain.count))
        }
    }
}
