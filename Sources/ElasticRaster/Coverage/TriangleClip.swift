import ElasticCore

/// A triangle cut to an axis-aligned box: the convex polygon where they overlap, its corners in
/// the triangle's orientation, held in place (no heap).
///
/// Sutherland–Hodgman against the box's four sides; each side adds at most one corner, so at most
/// seven. Uses: a triangle reaching beyond `CoverageRasterizer.coordinateLimit` cut to that range,
/// whose fan (corners 0, k, k + 1) then covers every pixel inside it exactly as the triangle does
/// (`CoverageRasterizer.addTriangleCut`); and a triangle cut to one pixel, whose centroid is where
/// the triangle's mean over that pixel is taken (`areaAndCentroid`).
///
/// A cut point is found from the side's inside corner towards its outside one, the same for both
/// triangles sharing that edge, so their cut edges match exactly and cancel in the rasteriser; its
/// coordinate across the side is the side's exactly, so every corner lies inside the box.
/// A triangle with a corner that is not finite (NaN or infinite) gives an empty polygon.
public struct TriangleClip: Sendable {
    /// An axis-aligned box: x0 ≤ x ≤ x1, y0 ≤ y ≤ y1.
    public struct Box: Sendable, Equatable {
        public var x0: Double, y0: Double, x1: Double, y1: Double

        public init(x0: Double, y0: Double, x1: Double, y1: Double) {
            (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
        }

        /// The pixels of `rect`, grown by `margin` on each side.
        public init(_ rect: PixelRect, grownBy margin: Double = 0) {
            self.init(x0: Double(rect.x0) - margin, y0: Double(rect.y0) - margin,
                      x1: Double(rect.x1) + margin, y1: Double(rect.y1) + margin)
        }
    }

    /// The most corners a cut triangle has: three, and one more for each side of the box.
    public static let capacity = 7

    typealias Corners = (Vec2, Vec2, Vec2, Vec2, Vec2, Vec2, Vec2)

    /// The polygon's corners: the first `count`.
    private var corners: Corners
    /// How many corners it has: 0 (empty), or at least 3.
    public private(set) var count = 0

    /// The part of triangle `a`, `b`, `c` inside `box`.
    public init(_ a: Vec2, _ b: Vec2, _ c: Vec2, box: Box) {
        let none = Vec2.zero
        corners = (a, b, c, none, none, none, none)
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, c.x.isFinite, c.y.isFinite else { return }
        var spare: Corners = (none, none, none, none, none, none, none)
        var n = 3
        // Each cut writes into the other store; four cuts leave the polygon back in `corners`.
        Self.withPoints(&corners) { held in
            Self.withPoints(&spare) { other in
                n = Self.cut(held, count: n, into: other, alongX: true, limit: box.x0, keepsAbove: true)
                n = Self.cut(other, count: n, into: held, alongX: true, limit: box.x1, keepsAbove: false)
                n = Self.cut(held, count: n, into: other, alongX: false, limit: box.y0, keepsAbove: true)
                n = Self.cut(other, count: n, into: held, alongX: false, limit: box.y1, keepsAbove: false)
            }
        }
        count = n
    }

    public var isEmpty: Bool { count == 0 }

    /// Corner `k` (0 ≤ k < count).
    public subscript(k: Int) -> Vec2 {
        precondition(k >= 0 && k < count, "corner \(k) of \(count)")
        return withUnsafeBytes(of: corners) { $0.load(fromByteOffset: k * MemoryLayout<Vec2>.stride, as: Vec2.self) }
    }

    /// The polygon's signed area (positive when its corners turn as x towards y, as the
    /// triangle's do) and its centroid. With no area, the centroid is the corners' mean (the
    /// origin when empty).
    public func areaAndCentroid() -> (area: Double, centroid: Vec2) {
        guard count >= 3 else { return (0, .zero) }
        // Relative to corner 0, so far-off corners lose no precision to large products.
        let origin = self[0]
        var twiceArea = 0.0, moment = Vec2.zero, sum = Vec2.zero
        var p = self[1] - origin
        for k in 2..<count {
            let q = self[k] - origin
            let cross = p.cross(q)
            twiceArea += cross
            moment += (p + q) * cross
            sum += p
            p = q
        }
        sum += p
        guard twiceArea != 0 else { return (0, origin + sum / Double(count)) }
        return (twiceArea / 2, origin + moment / (3 * twiceArea))
    }

    /// The points of `corners`, by pointer, inside `body`.
    private static func withPoints<R>(_ corners: inout Corners, _ body: (UnsafeMutablePointer<Vec2>) -> R) -> R {
        withUnsafeMutablePointer(to: &corners) { body(UnsafeMutableRawPointer($0).assumingMemoryBound(to: Vec2.self)) }
    }

    /// The polygon `from[0..<count]` cut to the side where x (or y) ≥ `limit` (`keepsAbove`) or
    /// ≤ it, into `into`; its corner count, 0 when fewer than three are left.
    private static func cut(_ from: UnsafeMutablePointer<Vec2>, count: Int, into: UnsafeMutablePointer<Vec2>, alongX: Bool,
                            limit: Double, keepsAbove: Bool) -> Int {
        guard count >= 3 else { return 0 }
        // How far a point lies outside the side (≤ 0: inside).
        @inline(__always) func outside(_ p: Vec2) -> Double {
            let v = alongX ? p.x : p.y
            return keepsAbove ? limit - v : v - limit
        }
        var n = 0
        // A convex polygon gains at most one corner a cut. Rounded cut points can bend one that
        // grazes a box corner by an ulp, splitting that corner in two: past `capacity`, such a
        // near-duplicate is dropped rather than written out of bounds.
        @inline(__always) func emit(_ p: Vec2) {
            if n < capacity { into[n] = p; n += 1 }
        }
        var a = from[count - 1], fa = outside(a)
        for k in 0..<count {
            let b = from[k], fb = outside(b)
            if (fa < 0 && fb > 0) || (fa > 0 && fb < 0) {
                emit(crossing(inside: fa < 0 ? a : b, outside: fa < 0 ? b : a, fIn: min(fa, fb), fOut: max(fa, fb),
                              alongX: alongX, limit: limit))
            }
            if fb <= 0 { emit(b) }
            (a, fa) = (b, fb)
        }
        return n >= 3 ? n : 0
    }

    /// Where the edge from `inside` to `outside` crosses the side: on the side exactly, and along
    /// it between the edge's ends.
    @inline(__always)
    private static func crossing(inside: Vec2, outside: Vec2, fIn: Double, fOut: Double, alongX: Bool, limit: Double) -> Vec2 {
        let t = fIn / (fIn - fOut)
        if alongX {
            let y = inside.y + (outside.y - inside.y) * t
            return Vec2(limit, min(max(y, min(inside.y, outside.y)), max(inside.y, outside.y)))
        }
        let x = inside.x + (outside.x - inside.x) * t
        return Vec2(min(max(x, min(inside.x, outside.x)), max(inside.x, outside.x)), limit)
    }
}

extension CoverageRasterizer {
    /// Adds a triangle (output pixels) as `addTriangle` does, except that one reaching beyond
    /// `coordinateLimit` is cut to that range first, which holds every pixel it can show, and its
    /// cut added as a fan; one with a point that is not finite adds nothing. The cut is kept out
    /// of `addTriangles`, whose loop a branch more made slower. `signed`: as for `addTriangle`.
    public mutating func addTriangleCut(_ ax: Float, _ ay: Float, _ bx: Float, _ by: Float, _ cx: Float, _ cy: Float,
                                        signed: Bool = false) {
        if addTriangle(ax, ay, bx, by, cx, cy, signed: signed) { return }
        let piece = TriangleClip(Vec2(Double(ax), Double(ay)), Vec2(Double(bx), Double(by)), Vec2(Double(cx), Double(cy)),
                                 box: Self.range)
        guard piece.count >= 3 else { return }
        _ = addTriangles(count: piece.count - 2, signed: signed) { k in
            let o = piece[0], p = piece[k + 1], q = piece[k + 2]
            return (Float(o.x), Float(o.y), Float(p.x), Float(p.y), Float(q.x), Float(q.y))
        }
    }

    /// The fixed point's range (output pixels), as a box to cut triangles to.
    static let range = TriangleClip.Box(x0: -Double(coordinateLimit), y0: -Double(coordinateLimit),
                                        x1: Double(coordinateLimit), y1: Double(coordinateLimit))
}
