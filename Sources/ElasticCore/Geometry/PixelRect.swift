/// A rectangle of whole output pixels, [x0, x1) × [y0, y1). Its small operations are inlinable:
/// the compositor (another module) runs them for every run and span.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x0: Int, y0: Int, x1: Int, y1: Int

    @inlinable public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }

    @inlinable public static var empty: PixelRect { PixelRect(x0: 0, y0: 0, x1: 0, y1: 0) }

    /// The pixels a box from `lo` to `hi` (pixel coordinates) touches, grown by `margin`; empty
    /// for a box that is not finite.
    @inlinable public init(covering lo: Vec2, _ hi: Vec2, margin: Int) {
        guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite, lo.x <= hi.x, lo.y <= hi.y else {
            self = .empty
            return
        }
        // Clamped well inside Int's range first: a shape flung far off screen is still just off screen.
        func clamp(_ v: Double) -> Double { min(max(v, -1e9), 1e9) }
        x0 = Int(clamp(lo.x).rounded(.down)) - margin
        y0 = Int(clamp(lo.y).rounded(.down)) - margin
        x1 = Int(clamp(hi.x).rounded(.up)) + margin
        y1 = Int(clamp(hi.y).rounded(.up)) + margin
    }

    @inlinable public var width: Int { max(x1 - x0, 0) }
    @inlinable public var height: Int { max(y1 - y0, 0) }
    @inlinable public var area: Int { width * height }
    @inlinable public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    @inlinable public func contains(x: Int, y: Int) -> Bool { x >= x0 && x < x1 && y >= y0 && y < y1 }

    @inlinable @inline(__always) public func intersection(_ o: PixelRect) -> PixelRect {
        let r = PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        return r.isEmpty ? .empty : r
    }

    @inlinable public func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }

    /// Overlapping or sharing an edge: merging the two costs no extra pixels at the seam.
    @inlinable public func touches(_ o: PixelRect) -> Bool {
        !isEmpty && !o.isEmpty && x0 <= o.x1 && o.x0 <= x1 && y0 <= o.y1 && o.y0 <= y1
    }

    /// Calls `body` with the (at most four, disjoint) pieces of this rectangle outside `o`: the
    /// bands above and below it, then the parts left and right of it between them.
    @inlinable public func forEachPiece(outside o: PixelRect, _ body: (PixelRect) -> Void) {
        let cut = intersection(o)
        guard !cut.isEmpty else {
            if !isEmpty { body(self) }
            return
        }
        if cut.y0 > y0 { body(PixelRect(x0: x0, y0: y0, x1: x1, y1: cut.y0)) }
        if cut.y1 < y1 { body(PixelRect(x0: x0, y0: cut.y1, x1: x1, y1: y1)) }
        if cut.x0 > x0 { body(PixelRect(x0: x0, y0: cut.y0, x1: cut.x0, y1: cut.y1)) }
        if cut.x1 < x1 { body(PixelRect(x0: cut.x1, y0: cut.y0, x1: x1, y1: cut.y1)) }
    }

    public var description: String { "(\(x0), \(y0))–(\(x1), \(y1))" }
}
