/// The ladder's sweep, run through raw pointers: every shape is re-tessellated each frame, and
/// array appends (uniqueness and capacity checks per rung point, vertex and index) cost more than
/// the geometry. The sweep writes its vertices and indices to scratch buffers sized for the worst
/// case and hands them to the mesh in one copy each, in the same order, so the mesh is the same.
extension MonotoneLadder {
    struct RungPoint {
        var y: Double
        var index: Int32
    }

    /// Sweeps `pts` along `upper` and `lower` (set by `splitChains`), appending the ladder to
    /// `mesh`. False, with the mesh untouched, when the chains cross or a rung cannot be built.
    mutating func sweep(axis: Axis, contour: [Vec2], color: RGBA, into mesh: inout Mesh) -> Bool {
        let n = contour.count, chainPoints = upper.count + lower.count
        // Each rung takes at least one chain point (`run` stops at one that does not, after at most
        // two interpolated points), so there are at most `chainPoints` rungs, each with at most one
        // interpolated point; a column's zip makes at most one triangle per point of its two rungs.
        let rungCapacity = chainPoints + 2
        let vertexBound = n + chainPoints + 2
        let indexBound = 6 * (chainPoints + vertexBound)
        Self.grow(&meshIndex, to: n, filler: -1)
        Self.grow(&rungStore, to: 2 * rungCapacity, filler: RungPoint(y: 0, index: 0))
        Self.grow(&vertexScratch, to: vertexBound, filler: Vertex(x: 0, y: 0, color: color))
        Self.grow(&indexScratch, to: indexBound, filler: 0)

        // Out of self while borrowed, so the buffers are not checked for exclusivity per access.
        let pts = self.pts, upper = self.upper, lower = self.lower
        var meshIndex = self.meshIndex, rungStore = self.rungStore
        var vertices = self.vertexScratch, indices = self.indexScratch
        self.meshIndex = []; self.rungStore = []; self.vertexScratch = []; self.indexScratch = []
        defer {
            self.meshIndex = meshIndex; self.rungStore = rungStore
            self.vertexScratch = vertices; self.indexScratch = indices
        }
        let base = mesh.vertices.count
        var made: (ok: Bool, vertexCount: Int, indexCount: Int) = (false, 0, 0)
        pts.withUnsafeBufferPointer { pb in
        contour.withUnsafeBufferPointer { cb in
        upper.withUnsafeBufferPointer { ub in
        lower.withUnsafeBufferPointer { lb in
        meshIndex.withUnsafeMutableBufferPointer { mb in
        rungStore.withUnsafeMutableBufferPointer { rb in
        vertices.withUnsafeMutableBufferPointer { vb in
        indices.withUnsafeMutableBufferPointer { ib in
            mb.baseAddress!.update(repeating: -1, count: n)
            var run = LadderSweep(
                pts: pb.baseAddress!, contour: cb.baseAddress!,
                meshIndex: mb.baseAddress!, vertices: vb.baseAddress!, indices: ib.baseAddress!,
                base: base, color: color, axis: axis,
                rung: rb.baseAddress!, previous: rb.baseAddress! + rungCapacity)
            let ok = run.run(upper: ub, lower: lb)
            made = (ok, run.vertexCount, run.indexCount)
        }}}}}}}}
        guard made.ok else { return false }
        vertices.withUnsafeBufferPointer { vb in
            mesh.vertices.append(contentsOf: UnsafeBufferPointer(rebasing: vb[0..<made.vertexCount]))
        }
        indices.withUnsafeBufferPointer { ib in
            mesh.indices.append(contentsOf: UnsafeBufferPointer(rebasing: ib[0..<made.indexCount]))
        }
        return true
    }

    /// Makes `array` hold at least `count` elements; in a steady state it already does.
    private static func grow<T>(_ array: inout [T], to count: Int, filler: T) {
        if array.count < count {
            array.append(contentsOf: repeatElement(filler, count: max(count, 2 * array.count) - array.count))
        }
    }
}

/// One sweep's state over borrowed buffers (valid only inside `MonotoneLadder.sweep`).
private struct LadderSweep {
    typealias RungPoint = MonotoneLadder.RungPoint

    let pts: UnsafePointer<Vec2>
    let contour: UnsafePointer<Vec2>
    let meshIndex: UnsafeMutablePointer<Int32>
    let vertices: UnsafeMutablePointer<Vertex>
    let indices: UnsafeMutablePointer<Int32>
    /// The mesh's vertex count before the sweep: indices count from it.
    let base: Int
    let color: RGBA
    let axis: MonotoneLadder.Axis
    var rung: UnsafeMutablePointer<RungPoint>
    var previous: UnsafeMutablePointer<RungPoint>
    var rungCount = 0
    var vertexCount = 0, indexCount = 0

    init(pts: UnsafePointer<Vec2>, contour: UnsafePointer<Vec2>, meshIndex: UnsafeMutablePointer<Int32>,
         vertices: UnsafeMutablePointer<Vertex>, indices: UnsafeMutablePointer<Int32>,
         base: Int, color: RGBA, axis: MonotoneLadder.Axis,
         rung: UnsafeMutablePointer<RungPoint>, previous: UnsafeMutablePointer<RungPoint>) {
        self.pts = pts; self.contour = contour; self.meshIndex = meshIndex
        self.vertices = vertices; self.indices = indices
        self.base = base; self.color = color; self.axis = axis
        self.rung = rung; self.previous = previous
    }

    mutating func run(upper: UnsafeBufferPointer<Int>, lower: UnsafeBufferPointer<Int>) -> Bool {
        var ia = 0, ib = 0
        var previousTop = 0, previousBottom = 0
        var first = true
        let eps = MonotoneLadder.mergeDistance
        let upperCount = upper.count, lowerCount = lower.count

        while ia < upperCount || ib < lowerCount {
            var gx = Double.infinity
            if ia < upperCount { gx = min(gx, pts[upper[ia]].x) }
            if ib < lowerCount { gx = min(gx, pts[lower[ib]].x) }
            rungCount = 0
            let iaBefore = ia, ibBefore = ib

            // Each chain's points on this rung (arrival first, departure last), upper then lower.
            guard let (topArrive, topDepart) = take(upper, &ia, at: gx, eps: eps),
                  let (bottomArrive, bottomDepart) = take(lower, &ib, at: gx, eps: eps) else { return false }

            // A rung that takes no chain point would repeat forever (a NaN position); the bounds on
            // the scratch buffers also rest on every rung taking one.
            guard ia != iaBefore || ib != ibBefore else { return false }

            // The chains must not cross.
            guard topArrive <= bottomArrive + eps, topDepart <= bottomDepart + eps else { return false }

            sortRung()
            let (arriveTop, arriveBottom, departTop, departBottom) =
                positions(ofY: topArrive, bottomArrive, topDepart, bottomDepart)
            if !first {
                zip(previous, previousTop, previousBottom, rung, arriveTop, arriveBottom)
            }
            previousTop = departTop
            previousBottom = departBottom
            swap(&rung, &previous)
            first = false
        }
        return true
    }

    /// Puts `chain`'s points at `gx` (from `i` on) on the rung, or where none is there, the point
    /// its edge crosses `gx` at: the y the chain arrives at and departs from; nil past its ends.
    @inline(__always) private mutating func take(_ chain: UnsafeBufferPointer<Int>, _ i: inout Int,
                                                 at gx: Double, eps: Double) -> (arrive: Double, depart: Double)? {
        let count = chain.count
        if i < count, pts[chain[i]].x <= gx + eps {
            let arrive = pts[chain[i]].y
            var depart = arrive
            while i < count, pts[chain[i]].x <= gx + eps {
                addContourPoint(chain[i])
                depart = pts[chain[i]].y
                i &+= 1
            }
            return (arrive, depart)
        }
        guard i > 0, i < count else { return nil }
        let y = interpolate(pts[chain[i &- 1]], pts[chain[i]], at: gx)
        addInterpolated(u: gx, v: y)
        return (y, y)
    }

    /// The index of the rung point within `mergeDistance` of `y`, if any.
    @inline(__always) private func rungIndex(near y: Double) -> Int32? {
        var k = 0
        while k < rungCount {
            if abs(rung[k].y - y) <= MonotoneLadder.mergeDistance { return rung[k].index }
            k &+= 1
        }
        return nil
    }

    @inline(__always) private mutating func addVertex(_ p: Vec2) -> Int32 {
        vertices[vertexCount] = Vertex(p, color)
        vertexCount &+= 1
        return Int32(base &+ vertexCount &- 1)
    }

    @inline(__always) private mutating func append(_ point: RungPoint) {
        rung[rungCount] = point
        rungCount &+= 1
    }

    /// Puts contour point `polyIndex` on the rung, sharing a vertex already there or already made.
    @inline(__always) private mutating func addContourPoint(_ polyIndex: Int) {
        let y = pts[polyIndex].y
        if let shared = rungIndex(near: y) {
            if meshIndex[polyIndex] < 0 { meshIndex[polyIndex] = shared }
            return
        }
        var index = meshIndex[polyIndex]
        if index < 0 {
            index = addVertex(contour[polyIndex])
            meshIndex[polyIndex] = index
        }
        append(RungPoint(y: y, index: index))
    }

    /// Puts an interpolated point (sweep frame) on the rung unless one is already there.
    @inline(__always) private mutating func addInterpolated(u: Double, v: Double) {
        if rungIndex(near: v) != nil { return }
        append(RungPoint(y: v, index: addVertex(axis == .x ? Vec2(u, v) : Vec2(-v, u))))
    }

    /// For each of four y's, the position of the nearest rung point (the first of equals), in one
    /// pass over the rung.
    @inline(__always)
    private func positions(ofY a: Double, _ b: Double, _ c: Double, _ d: Double) -> (Int, Int, Int, Int) {
        var bestA = 0, bestB = 0, bestC = 0, bestD = 0
        var distanceA = Double.infinity, distanceB = Double.infinity
        var distanceC = Double.infinity, distanceD = Double.infinity
        var k = 0
        while k < rungCount {
            let y = rung[k].y
            let da = abs(y - a), db = abs(y - b), dc = abs(y - c), dd = abs(y - d)
            if da < distanceA { bestA = k; distanceA = da }
            if db < distanceB { bestB = k; distanceB = db }
            if dc < distanceC { bestC = k; distanceC = dc }
            if dd < distanceD { bestD = k; distanceD = dd }
            k &+= 1
        }
        return (bestA, bestB, bestC, bestD)
    }

    @inline(__always) private func interpolate(_ a: Vec2, _ b: Vec2, at x: Double) -> Double {
        let dx = b.x - a.x
        guard dx > 0 else { return a.y }
        let t = min(max((x - a.x) / dx, 0), 1)
        return a.y + (b.y - a.y) * t
    }

    @inline(__always) private func sortRung() {
        // Rungs hold two points, a few at vertical edges: insertion sort.
        var i = 1
        while i < rungCount {
            let item = rung[i]
            var j = i &- 1
            while j >= 0, rung[j].y > item.y {
                rung[j &+ 1] = rung[j]
                j &-= 1
            }
            rung[j &+ 1] = item
            i &+= 1
        }
    }

    /// Appends (a, b, c) if it has positive area on the stored Float positions, as
    /// `Mesh.positiveTriangle` does.
    @inline(__always) private mutating func positiveTriangle(_ a: Int32, _ b: Int32, _ c: Int32) {
        let va = vertices[Int(a) &- base], vb = vertices[Int(b) &- base], vc = vertices[Int(c) &- base]
        let abx = Double(vb.x) - Double(va.x), aby = Double(vb.y) - Double(va.y)
        let acx = Double(vc.x) - Double(va.x), acy = Double(vc.y) - Double(va.y)
        guard abx * acy - aby * acx > 0 else { return }
        indices[indexCount] = a; indices[indexCount &+ 1] = b; indices[indexCount &+ 2] = c
        indexCount &+= 3
    }

    /// Triangulates the column between `left[l0...l1]` and `right[r0...r1]` (both top to bottom),
    /// advancing along whichever side's next point is higher.
    @inline(__always) private mutating func zip(_ left: UnsafeMutablePointer<RungPoint>, _ l0: Int, _ l1: Int,
                              _ right: UnsafeMutablePointer<RungPoint>, _ r0: Int, _ r1: Int) {
        var i = l0, j = r0
        while i < l1 || j < r1 {
            if i < l1, j >= r1 || left[i &+ 1].y <= right[j &+ 1].y {
                positiveTriangle(left[i].index, right[j].index, left[i &+ 1].index)
                i &+= 1
            } else {
                positiveTriangle(left[i].index, right[j].index, right[j &+ 1].index)
                j &+= 1
            }
        }
    }
}
