import ElasticCore
import Foundation

extension CoverageReference {
    /// The area of each of `triangles` (output pixels) inside each pixel of row `y`, columns
    /// `columns`, summed (overlaps add): exactly, in closed form. Each triangle is cut to the row
    /// (a convex polygon); across the row its height is piecewise linear in x, so its area left
    /// of any x is piecewise quadratic, and a pixel's share is that area's difference across it.
    public static func triangleCover(row y: Int, columns: Range<Int>, triangles: [[Vec2]]) -> [Double] {
        var cover = [Double](repeating: 0, count: columns.count)
        let top = Double(y), bottom = Double(y + 1)
        for triangle in triangles {
            let piece = cut(cut(triangle, normal: Vec2(0, -1), limit: -top), normal: Vec2(0, 1), limit: bottom)
            guard piece.count >= 3 else { continue }
            // Knots: the piece's distinct vertex x's, and its height at each.
            let xs = Array(Set(piece.map(\.x))).sorted()
            guard xs.count >= 2 else { continue }
            let hs = xs.map { height(piece, atX: $0) }
            var below = [0.0]  // area left of each knot
            for k in 1..<xs.count { below.append(below[k - 1] + (xs[k] - xs[k - 1]) * (hs[k] + hs[k - 1]) / 2) }
            var k = 0
            func areaLeft(of x: Double) -> Double {
                if x <= xs[0] { return 0 }
                if x >= xs[xs.count - 1] { return below[xs.count - 1] }
                while xs[k + 1] < x { k += 1 }
                let h = hs[k] + (hs[k + 1] - hs[k]) * (x - xs[k]) / (xs[k + 1] - xs[k])
                return below[k] + (x - xs[k]) * (hs[k] + h) / 2
            }
            let first = max(Int(xs[0].rounded(.down)), columns.lowerBound)
            let last = min(Int(xs[xs.count - 1].rounded(.up)), columns.upperBound)
            guard first < last else { continue }
            var left = areaLeft(of: Double(first))
            for c in first..<last {
                let right = areaLeft(of: Double(c + 1))
                cover[c - columns.lowerBound] += right - left
                left = right
            }
        }
        return cover
    }

    /// The part of `polygon` where normal·p ≤ limit (Sutherland–Hodgman against one line).
    public static func cut(_ polygon: [Vec2], normal: Vec2, limit: Double) -> [Vec2] {
        var out: [Vec2] = []
        for (k, a) in polygon.enumerated() {
            let b = polygon[(k + 1) % polygon.count]
            let fa = normal.dot(a) - limit, fb = normal.dot(b) - limit
            if fa <= 0 { out.append(a) }
            if (fa <= 0) != (fb <= 0) { out.append(a + (b - a) * (fa / (fa - fb))) }
        }
        return out
    }

    /// The vertical extent of convex `polygon` along the line x = `x`.
    static func height(_ polygon: [Vec2], atX x: Double) -> Double {
        var lo = Double.infinity, hi = -Double.infinity
        for (k, a) in polygon.enumerated() {
            let b = polygon[(k + 1) % polygon.count]
            guard min(a.x, b.x) <= x, x <= max(a.x, b.x) else { continue }
            if a.x == b.x { lo = min(lo, a.y, b.y); hi = max(hi, a.y, b.y); continue }
            let y = a.y + (x - a.x) * (b.y - a.y) / (b.x - a.x)
            lo = min(lo, y); hi = max(hi, y)
        }
        return hi > lo ? hi - lo : 0
    }
}
