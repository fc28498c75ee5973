import Foundation

/// A circular arc around `center`, from angle `start` to `end` (radians; angles grow clockwise on a
/// y-down screen, as in UIKit). `clockwise` picks the direction of travel, as UIBezierPath's addArc does.
public struct Arc: Hashable, Sendable {
    public var center: Vec2
    public var radius: Double
    public var start: Double
    public var end: Double
    public var clockwise: Bool

    public init(center: Vec2, radius: Double, start: Double, end: Double, clockwise: Bool = true) {
        self.center = center; self.radius = radius; self.start = start; self.end = end; self.clockwise = clockwise
    }

    /// The swept angle, signed: positive clockwise. A full turn at most, as UIKit normalises it.
    /// Angles that are not finite give an empty arc (0); huge ones are reduced with a remainder,
    /// never by looping a turn at a time.
    public var sweep: Double { normalizedSweep ?? 0 }

    /// The swept angle as `sweep`, or nil when `start` or `end` is not finite (or their
    /// difference overflows): the flattener skips such a contour instead of drawing it.
    public var normalizedSweep: Double? {
        var s = end - start
        guard s.isFinite, start.isFinite else { return nil }
        let twoPi = 2 * Double.pi
        if clockwise {
            if s < 0 {
                s = s.truncatingRemainder(dividingBy: twoPi)
                if s < 0 { s += twoPi }
            }
            if s > twoPi { s = twoPi }
        } else {
            if s > 0 {
                s = s.truncatingRemainder(dividingBy: twoPi)
                if s > 0 { s -= twoPi }
            }
            if s < -twoPi { s = -twoPi }
        }
        return s
    }

    public func point(at angle: Double) -> Vec2 { point(at: angle, radius: radius) }

    /// The point at `angle` on the circle of radius `r` around the same centre.
    func point(at angle: Double, radius r: Double) -> Vec2 {
        Vec2(center.x + r * cos(angle), center.y + r * sin(angle))
    }

    public var startPoint: Vec2 { point(at: start) }
    public var endPoint: Vec2 { point(at: start + sweep) }

    /// Segments needed so the chords stay within `tolerance` of the arc: n = ⌈θ / (2·acos(1 − tol/r))⌉.
    public func segmentCount(tolerance: Double) -> Int {
        let theta = abs(sweep)
        guard radius.isFinite, radius > 0, theta > 0, tolerance > 0 else { return 1 }
        if tolerance >= radius { return max(1, Int((theta / (Double.pi / 2)).rounded(.up))) }
        let step = 2 * acos(1 - tolerance / radius)
        return max(1, min(Int((theta / step).rounded(.up)), 4096))
    }
}
