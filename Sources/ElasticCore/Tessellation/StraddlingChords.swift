import Foundation

/// Where a flattened curve's interior points go so that its chords straddle the curve instead of
/// lying inside its bend: a chord then leaves out about as much area on one side as it takes in on
/// the other, the polygon has nearly the curve's area, and an edge rasterised with exact coverage
/// sits where the curve is (chords on the curve thin every convex edge by two thirds of their
/// sagitta on average, and fatten every concave one).
///
/// A command's end points stay on the curve, since the next command starts there, so its two end
/// chords move only at one end: half as far. All interior points move by one common amount, the
/// one that minimises the sum of the squared area errors of the command's chords: 1 + 1/(2n − 3)
/// times the amount that balances an interior chord (twice it for n = 2, both chords then exact).
/// No point moves further than the tolerance.
enum StraddlingChords {
    /// The common move, relative to the one that balances an interior chord, for `n` chords.
    static func balance(segments n: Int) -> Double {
        n > 1 ? Double(n - 1) / (Double(n) - 1.5) : 0
    }

    /// The shift of the interior points B(i/n) of `curve` flattened into `n` uniform chords.
    /// Every such chord of a parabola bulges by the same −(h²/4)·a (h = 1/n, a = p0 − 2·p1 + p2),
    /// and the region between chord and parabola is 2/3 of the parallelogram over that bulge: an
    /// interior chord balances when moved by −(h²/6)·a.
    static func quadShift(_ curve: QuadCurve, segments n: Int, tolerance: Double) -> Vec2 {
        guard n > 1 else { return .zero }
        let a = curve.p0 - curve.p1 * 2 + curve.p2
        let shift = a * (-balance(segments: n) / (6 * Double(n) * Double(n)))
        let length = shift.length
        return length > tolerance ? shift * (tolerance / length) : shift
    }

    /// The radius of an arc's interior points when it is flattened into `n` chords of angle
    /// `step`. A wedge from the centre between two points at r' has the sector's area
    /// (½·r'²·sin φ = ½·r²·φ) when r' = r·√(φ / sin φ); the end chords' wedges have one point on r.
    /// With `wholeTurn` (a circle alone in its contour: no end points) every point is at that r'.
    static func arcRadius(_ radius: Double, step: Double, segments n: Int, wholeTurn: Bool = false,
                          tolerance: Double) -> Double {
        let phi = abs(step)
        guard n > 1, phi > 1e-9, phi < Double.pi else { return radius }
        let balanced = (phi / sin(phi)).squareRoot() - 1
        let excess = min(wholeTurn ? balanced : balanced * balance(segments: n), tolerance / abs(radius))
        return excess.isFinite ? radius * (1 + excess) : radius
    }
}
