import ElasticCore

extension CoverageRasterizer {
    /// Adds a triangle (output pixels); false, with nothing added, when a vertex is not finite
    /// or beyond `coordinateLimit`. `signed`: as for triangles from an `IndexedTriangles` source.
    public mutating func addTriangle(_ ax: Float, _ ay: Float, _ bx: Float, _ by: Float, _ cx: Float, _ cy: Float,
                                     signed: Bool = false) -> Bool {
        addTriangles(count: 1, signed: signed, OneTriangle(corners: (ax, ay, bx, by, cx, cy)))
    }

    /// Adds `count` triangles, the k-th with the corners `corners(k)` (output pixels), as
    /// `addTriangle` would one by one. `signed`: as for triangles from an `IndexedTriangles` source.
    public mutating func addTriangles(count: Int, signed: Bool = false,
                                      _ corners: (Int) -> (Float, Float, Float, Float, Float, Float)) -> Bool {
        withoutActuallyEscaping(corners) { addTriangles(count: count, signed: signed, CornerTriangles(corners: $0)) }
    }

    /// Adds `count` triangles of `source`, as `addTriangle` would one by one, but through pointers
    /// into tables sized for them up front (no growth, bounds or uniqueness check per edge). False
    /// when a point is not finite or beyond `coordinateLimit`: the triangles before that one are
    /// added, it and the rest are not. A point the last triangle had is not converted again, and
    /// when a triangle's first edge walks back the last one's last edge (a fan's spoke, a positive
    /// quad's diagonal), the two cancel there, before the table. `signed`: each triangle adds with
    /// its own orientation, even with no area, so a signed fan (`Mesh.addSignedFan`) leaves exactly
    /// its polygon's outline.
    @inline(__always)
    public mutating func addTriangles<Source: IndexedTriangles>(count: Int, signed: Bool, _ source: Source) -> Bool {
        guard count > 0 else { return true }
        let needed = edgeCount + 3 * count
        if edges.count < needed {
            edges.append(contentsOf: repeatElement(Self.noEdge, count: max(needed, 2 * edges.count) - edges.count))
        }
        if 2 * needed > slots.count { growSlots(toHold: needed) }
        var store: [(edge: Edge, winding: Int32)] = [], table: [UInt64] = []
        swap(&store, &edges); swap(&table, &slots)
        defer { swap(&store, &edges); swap(&table, &slots) }
        var n = edgeCount
        var lo = (x: Int64.max, y: Int64.max), hi = (x: Int64.min, y: Int64.min)
        let mask = table.count - 1, current = UInt64(stamp) << 32
        let refused: Bool = store.withUnsafeMutableBufferPointer { store in
            table.withUnsafeMutableBufferPointer { table in
                @inline(__always) func insert(_ e: (edge: Edge, winding: Int32)) {
                    guard e.winding != 0 else { return }
                    var k = Int(truncatingIfNeeded: e.edge.hash) & mask
                    while case let slot = table[k], slot & 0xFFFF_FFFF_0000_0000 == current {
                        let i = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) &- 1
                        if store[i].edge == e.edge {
                            store[i].winding &+= e.winding
                            return
                        }
                        k = (k &+ 1) & mask
                    }
                    table[k] = current | UInt64(n &+ 1)
                    store[n] = e
                    n &+= 1
                }
                // The last triangle's points, and its last edge, held back for the next to walk back.
                var last = (i: (Int32(-1), Int32(-1), Int32(-1)), p: ((x: Int64(0), y: Int64(0)), (x: Int64(0), y: Int64(0)), (x: Int64(0), y: Int64(0))))
                var held = Self.noEdge
                @inline(__always) func fixedPoint(_ i: Int32) -> (x: Int64, y: Int64)? {
                    if i == last.i.0 { return last.p.0 }
                    if i == last.i.1 { return last.p.1 }
                    if i == last.i.2 { return last.p.2 }
                    let (x, y) = source.point(i)
                    return Self.fixed(x, y)
                }
                for k in 0..<count {
                    let (ia, ib, ic) = source.triangle(k)
                    guard let a = fixedPoint(ia), let b = fixedPoint(ib), let c = fixedPoint(ic) else {
                        insert(held)
                        return true
                    }
                    last = ((ia, ib, ic), (a, b, c))
                    let cross = signed ? 1 : (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
                    guard cross != 0 else { continue }  // no area
                    lo = (min(lo.x, a.x, b.x, c.x), min(lo.y, a.y, b.y, c.y))
                    hi = (max(hi.x, a.x, b.x, c.x), max(hi.y, a.y, b.y, c.y))
                    // One orientation for every triangle, so shared edges cancel and overlaps add.
                    let (first, second, third) = cross > 0 ? (Self.directed(a, b), Self.directed(b, c), Self.directed(c, a))
                                                           : (Self.directed(a, c), Self.directed(c, b), Self.directed(b, a))
                    if held.winding &+ first.winding == 0, held.edge == first.edge {
                        held = Self.noEdge
                    } else {
                        insert(held)
                        insert(first)
                    }
                    insert(second)
                    held = third
                }
                insert(held)
                return false
            }
        }
        edgeCount = n
        if lo.x <= hi.x {
            bounds = bounds.union(PixelRect(x0: Int(lo.x >> 8), y0: Int(lo.y >> 8), x1: Int(hi.x >> 8) + 1, y1: Int(hi.y >> 8) + 1))
        }
        return !refused
    }

    /// No edge (a horizontal one covers nothing).
    private static let noEdge = (edge: Edge(x0: 0, y0: 0, x1: 0, y1: 0), winding: Int32(0))

    /// The edge from p to q, stored top to bottom, and its direction (+1 down, −1 up).
    @inline(__always)
    private static func directed(_ p: (x: Int64, y: Int64), _ q: (x: Int64, y: Int64)) -> (edge: Edge, winding: Int32) {
        guard p.y != q.y else { return noEdge }
        // Within ±(2^22 + 1) (`fixed`): the conversions cannot overflow.
        func i32(_ v: Int64) -> Int32 { Int32(truncatingIfNeeded: v) }
        return p.y < q.y ? (Edge(x0: i32(p.x), y0: i32(p.y), x1: i32(q.x), y1: i32(q.y)), 1)
                         : (Edge(x0: i32(q.x), y0: i32(q.y), x1: i32(p.x), y1: i32(p.y)), -1)
    }

    private static func fixed(_ x: Float, _ y: Float) -> (x: Int64, y: Int64)? {
        guard abs(x) <= coordinateLimit, abs(y) <= coordinateLimit else { return nil }  // NaN fails too
        return (rounded(x * 256), rounded(y * 256))
    }

    /// `Int64(v.rounded())` (half away from zero) for |v| ≤ 2^22, without a call to `roundf`:
    /// truncated, then moved by the fraction, which `v − Float(t)` gives exactly at this size.
    @inline(__always)
    static func rounded(_ v: Float) -> Int64 {
        let t = Int64(v), fraction = v - Float(t)
        return fraction >= 0.5 ? t + 1 : fraction <= -0.5 ? t - 1 : t
    }

    /// Grows the table (a power of two, at least 256 slots and twice `count`) and puts the
    /// current edges back in.
    private mutating func growSlots(toHold count: Int) {
        var size = max(256, slots.count)
        while size < 2 * count { size *= 2 }
        slots = Array(repeating: 0, count: size)
        stamp = 1
        let current = UInt64(stamp) << 32
        for i in 0..<edgeCount {
            var k = Int(truncatingIfNeeded: edges[i].edge.hash) & (size - 1)
            while slots[k] & 0xFFFF_FFFF_0000_0000 == current { k = (k + 1) & (size - 1) }
            slots[k] = current | UInt64(i + 1)
        }
    }
}

/// Triangles by index into a list of points, as a mesh holds them.
public protocol IndexedTriangles {
    /// The k-th triangle's points.
    func triangle(_ k: Int) -> (Int32, Int32, Int32)
    /// Point i, in output pixels.
    func point(_ i: Int32) -> (Float, Float)
}

/// One triangle given by its corners (points 0, 1 and 2).
private struct OneTriangle: IndexedTriangles {
    let corners: (Float, Float, Float, Float, Float, Float)

    func triangle(_ k: Int) -> (Int32, Int32, Int32) { (0, 1, 2) }

    func point(_ i: Int32) -> (Float, Float) {
        switch i {
        case 0: return (corners.0, corners.1)
        case 1: return (corners.2, corners.3)
        default: return (corners.4, corners.5)
        }
    }
}

/// Triangles given by their corners: triangle k's are points 3k, 3k + 1 and 3k + 2.
private struct CornerTriangles: IndexedTriangles {
    let corners: (Int) -> (Float, Float, Float, Float, Float, Float)

    func triangle(_ k: Int) -> (Int32, Int32, Int32) {
        let i = Int32(truncatingIfNeeded: 3 &* k)
        return (i, i &+ 1, i &+ 2)
    }

    func point(_ i: Int32) -> (Float, Float) {
        let c = corners(Int(i) / 3)
        switch i % 3 {
        case 0: return (c.0, c.1)
        case 1: return (c.2, c.3)
        default: return (c.4, c.5)
        }
    }
}
