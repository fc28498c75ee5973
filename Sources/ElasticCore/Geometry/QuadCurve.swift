/// A quadratic Bézier curve p0 → p2 pulled towards the control point p1.
public struct QuadCurve: Hashable, Sendable {
    public var p0: Vec2, p1: Vec2, p2: Vec2

    public init(_ p0: Vec2, _ p1: Vec2, _ p2: Vec2) { self.p0 = p0; self.p1 = p1; self.p2 = p2 }

    @inlinable public func point(at t: Double) -> Vec2 {
        let u = 1 - t
        return Vec2(u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
                    u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y)
    }

    /// Segments needed so the polyline stays within `tolerance` of the curve (Wang's formula:
    /// the distance is bounded by |p0 − 2p1 + p2| / (4 n²)).
    public func segmentCount(tolerance: Double) -> Int {
        let dd = (p0 - p1 * 2 + p2).length
        guard dd.isFinite, tolerance > 0 else { return 1 }
        let n = (dd / (4 * tolerance)).squareRoot().rounded(.up)
        return max(1, min(Int(n), 4096))
    }

    /// The signed area contribution of this segment to Green's theorem, ∮ x dy − y dx over 2.
    /// (For a closed path, the sum over its segments is its signed area; positive is clockwise on screen.)
    public var greenArea: Double {
        let (x0, y0, x1, y1, x2, y2) = (p0.x, p0.y, p1.x, p1.y, p2.x, p2.y)
        return (x0 * (2 * y1 + y2) + 2 * x1 * (y2 - y0) - x2 * (y0 + 2 * y1)) / 6
    }
}
