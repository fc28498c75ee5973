/// Timing curves, as Core Animation names them. Each maps progress 0…1 to eased progress.
public enum Easing: Hashable, Sendable {
    case linear
    case easeIn
    case easeOut
    /// `kCAMediaTimingFunctionEaseInEaseOut`: the cubic Bézier (0.42, 0, 0.58, 1).
    case easeInOut
    /// Any CSS/Core Animation cubic Bézier with control points (x1, y1), (x2, y2).
    case cubicBezier(Double, Double, Double, Double)

    public func callAsFunction(_ t: Double) -> Double {
        let u = t.isNaN ? 0 : min(max(t, 0), 1)
        switch self {
        case .linear: return u
        case .easeIn: return Easing.bezier(0.42, 0, 1, 1, u)
        case .easeOut: return Easing.bezier(0, 0, 0.58, 1, u)
        case .easeInOut: return Easing.bezier(0.42, 0, 0.58, 1, u)
        case let .cubicBezier(x1, y1, x2, y2): return Easing.bezier(x1, y1, x2, y2, u)
        }
    }

    /// Solves x(s) = x for the curve parameter s (Newton, then bisection), returns y(s).
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        func coord(_ a: Double, _ b: Double, _ s: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
        }
        func slope(_ a: Double, _ b: Double, _ s: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * a + 6 * u * s * (b - a) + 3 * s * s * (1 - b)
        }
        var s = x
        for _ in 0..<8 {
            let err = coord(x1, x2, s) - x
            if abs(err) < 1e-12 { return coord(y1, y2, s) }
            let d = slope(x1, x2, s)
            if abs(d) < 1e-9 { break }
            s -= err / d
        }
        if !(0...1).contains(s) || abs(coord(x1, x2, s) - x) > 1e-9 {
            var lo = 0.0, hi = 1.0
            s = x
            for _ in 0..<60 {
                s = (lo + hi) / 2
                if coord(x1, x2, s) < x { lo = s } else { hi = s }
            }
        }
        return coord(y1, y2, s)
    }
}
