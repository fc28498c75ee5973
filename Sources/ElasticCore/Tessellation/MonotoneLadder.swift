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

    private struct RungPoint {
        var y: Double
        var index: Int32
    }

    private var pts: [Vec2] = []
    private var upper: [Int] = []
    private var lower: [Int] = []
    private var meshIndex: [Int32] = []
    private var rung: [RungPoint] = []
    private var previousRung: [RungPoint] = []

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

        meshIndex.removeAll(keepingCapacity: true)
        meshIndex.append(contentsOf: repeatElement(-1, count: n))
        let vertexMark = mesh.vertices.count, indexMark = mesh.indices.count
        if sweep(axis: axis, contour: contour, color: color, into: &mesh) { return true }
        mesh.truncate(vertexCount: vertexMark, indexCount: indexMark)
        return false
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
        for i in 0..<n {
            let x = pts[i].x, next = pts[i == n - 1 ? 0 : i + 1].x
            let sign = Self.sameX(x, next) ? 0 : (next > x ? 1 : -1)
            if sign == 0 { continue }
            if lastSign == 0 {
                firstSign = sign; firstEdge = i
            } else if sign != lastSign {
                changes += 1
                if sign > 0 { rise = i } else { fall = i }
            }
            lastSign = sign
        }
        guard firstEdge >= 0 else { return false }
        if lastSign != firstSign {
            changes += 1
            if firstSign > 0 { rise = firstEdge } else { fall = firstEdge }
        }
        guard changes == 2, rise >= 0, fall >= 0 else { return false }

        upper.removeAll(keepingCapacity: true)
        lower.removeAll(keepingCapacity: true)
        var i = rise
        while true {
            upper.append(i)
            if i == fall { break }
            i = i == n - 1 ? 0 : i + 1
        }
        i = rise
        while true {
            lower.append(i)
            if i == fall { break }
            i = i == 0 ? n - 1 : i - 1
        }
        return true
    }

    // MARK: - Sweep

    /// The index of the rung point within `mergeDistance` of `y`, if any.
    private func rungIndex(near y: Double) -> Int32? {
        for k in 0..<rung.count where abs(rung[k].y - y) <= Self.mergeDistance { return rung[k].index }
        return nil
    }

    /// Puts contour point `polyIndex` on the rung, sharing a vertex already there or already made.
    private mutating func addContourPoint(_ polyIndex: Int, contour: [Vec2], color: RGBA, into mesh: inout Mesh) {
        let y = pts[polyIndex].y
        if let shared = rungIndex(near: y) {
            if meshIndex[polyIndex] < 0 { meshIndex[polyIndex] = shared }
            return
        }
        var index = meshIndex[polyIndex]
        if index < 0 {
            index = mesh.add(Vertex(contour[polyIndex], color))
            meshIndex[polyIndex] = index
        }
        rung.append(RungPoint(y: y, index: index))
    }

    /// Puts an interpolated point (sweep frame) on the rung unless one is already there.
    private mutating func addInterpolated(u: Double, v: Double, axis: Axis, color: RGBA, into mesh: inout Mesh) {
        if rungIndex(near: v) != nil { return }
        rung.append(RungPoint(y: v, index: mesh.add(Vertex(unrotated(u, v, axis), color))))
    }

    private func position(ofY y: Double, in list: [RungPoint]) -> Int {
        var best = 0, bestDistance = Double.infinity
        for k in 0..<list.count {
            let d = abs(list[k].y - y)
            if d < bestDistance { best = k; bestDistance = d }
        }
        return best
    }

    private mutating func sweep(axis: Axis, contour: [Vec2], color: RGBA, into mesh: inout Mesh) -> Bool {
        var ia = 0, ib = 0
        var previousTop = 0, previousBottom = 0
        var first = true
        previousRung.removeAll(keepingCapacity: true)
        let eps = Self.mergeDistance

        while ia < upper.count || ib < lower.count {
            var gx = Double.infinity
            if ia < upper.count { gx = min(gx, pts[upper[ia]].x) }
            if ib < lower.count { gx = min(gx, pts[lower[ib]].x) }
            rung.removeAll(keepingCapacity: true)

            // Upper chain's points on this rung (arrival first, departure last).
            var topArrive = 0.0, topDepart = 0.0
            if ia < upper.count, pts[upper[ia]].x <= gx + eps {
                topArrive = pts[upper[ia]].y
                while ia < upper.count, pts[upper[ia]].x <= gx + eps {
                    addContourPoint(upper[ia], contour: contour, color: color, into: &mesh)
                    topDepart = pts[upper[ia]].y
                    ia += 1
                }
            } else {
                guard ia > 0, ia < upper.count else { return false }
                let y = interpolate(pts[upper[ia - 1]], pts[upper[ia]], at: gx)
                addInterpolated(u: gx, v: y, axis: axis, color: color, into: &mesh)
                topArrive = y; topDepart = y
            }

            // Lower chain's.
            var bottomArrive = 0.0, bottomDepart = 0.0
            if ib < lower.count, pts[lower[ib]].x <= gx + eps {
                bottomArrive = pts[lower[ib]].y
                while ib < lower.count, pts[lower[ib]].x <= gx + eps {
                    addContourPoint(lower[ib], contour: contour, color: color, into: &mesh)
                    bottomDepart = pts[lower[ib]].y
                    ib += 1
                }
            } else {
                guard ib > 0, ib < lower.count else { return false }
                let y = interpolate(pts[lower[ib - 1]], pts[lower[ib]], at: gx)
                addInterpolated(u: gx, v: y, axis: axis, color: color, into: &mesh)
                bottomArrive = y; bottomDepart = y
            }

            // The chains must not cross.
            guard topArrive <= bottomArrive + eps, topDepart <= bottomDepart + eps else { return false }

            sortRung()
            let arriveTop = position(ofY: topArrive, in: rung)
            let arriveBottom = position(ofY: bottomArrive, in: rung)
            if !first {
                zip(previousRung, previousTop, previousBottom, rung, arriveTop, arriveBottom, into: &mesh)
            }
            previousTop = position(ofY: topDepart, in: rung)
            previousBottom = position(ofY: bottomDepart, in: rung)
            swap(&rung, &previousRung)
            first = false
        }
        return true
    }

    private func interpolate(_ a: Vec2, _ b: Vec2, at x: Double) -> Double {
        let dx = b.x - a.x
        guard dx > 0 else { return a.y }
        let t = min(max((x - a.x) / dx, 0), 1)
        return a.y + (b.y - a.y) * t
    }

    /// Back from the sweep frame to the screen.
    private func unrotated(_ u: Double, _ v: Double, _ axis: Axis) -> Vec2 {
        axis == .x ? Vec2(u, v) : Vec2(-v, u)
    }

    private mutating func sortRung() {
        // Rungs hold two points, a few at vertical edges: insertion sort.
        if rung.count < 2 { return }
        for i in 1..<rung.count {
            let item = rung[i]
            var j = i - 1
            while j >= 0, rung[j].y > item.y {
                rung[j + 1] = rung[j]
                j -= 1
            }
            rung[j + 1] = item
        }
    }

    /// Triangulates the column between `left[l0...l1]` and `right[r0...r1]` (both top to bottom),
    /// advancing along whichever side's next point is higher.
    private func zip(_ left: [RungPoint], _ l0: Int, _ l1: Int,
                     _ right: [RungPoint], _ r0: Int, _ r1: Int, into mesh: inout Mesh) {
        var i = l0, j = r0
        while i < l1 || j < r1 {
            if i < l1, j >= r1 || left[i + 1].y <= right[j + 1].y {
                mesh.positiveTriangle(left[i].index, right[j].index, left[i + 1].index)
                i += 1
            } else {
                mesh.positiveTriangle(left[i].index, right[j].index, right[j + 1].index)
                j += 1
            }
        }
    }
}
