import Foundation

/// Why a set of spring parameters was refused.
public enum SpringParameterError: Error, Equatable, CustomStringConvertible {
    case notFinite(String)
    case notPositive(String, Double)
    case outOfRange(String, Double, ClosedRange<Double>)

    public var description: String {
        switch self {
        case let .notFinite(name): return "spring \(name) must be a finite number"
        case let .notPositive(name, v): return "spring \(name) must be greater than 0 (got \(v))"
        case let .outOfRange(name, v, r): return "spring \(name) must be in \(r.lowerBound)…\(r.upperBound) (got \(v))"
        }
    }
}

/// A damped harmonic oscillator: mass m, stiffness k, damping c (SI-like units: points, seconds).
/// Built the UIKit way (settle duration, damping ratio, initial velocity) as the seeds do,
/// SwiftUI's perceptual way (duration = period, bounce), or raw.
public struct SpringParameters: Hashable, Sendable, CustomStringConvertible {
    public let mass: Double
    public let stiffness: Double
    public let damping: Double
    /// UIKit's initial velocity, in target-distances per second (0.9 = 90 % of the travel per second);
    /// applied when an animation starts. 0 for springs built raw or perceptually.
    public let initialVelocity: Double

    /// Natural (undamped) angular frequency ω₀ = √(k/m).
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// ζ = c / (2√(km)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    public var description: String {
        "k=\(stiffness) c=\(damping) m=\(mass) (ω₀=\(naturalFrequency), ζ=\(dampingRatio))"
    }

    /// Raw parameters. Throws for non-finite values, m ≤ 0, k ≤ 0 or c < 0.
    public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) throws {
        for (name, v) in [("mass", mass), ("stiffness", stiffness), ("damping", damping), ("initial velocity", initialVelocity)]
        where !v.isFinite { throw SpringParameterError.notFinite(name) }
        guard mass > 0 else { throw SpringParameterError.notPositive("mass", mass) }
        guard stiffness > 0 else { throw SpringParameterError.notPositive("stiffness", stiffness) }
        guard damping >= 0 else { throw SpringParameterError.outOfRange("damping", damping, 0...Double.greatestFiniteMagnitude) }
        self.mass = mass; self.stiffness = stiffness; self.damping = damping; self.initialVelocity = initialVelocity
    }

    private init(unchecked mass: Double, _ stiffness: Double, _ damping: Double, _ velocity: Double) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping; self.initialVelocity = velocity
    }

    // MARK: UIKit

    /// The envelope's residual at the settle time: the motion has decayed to 0.1 % of the travel.
    public static let uikitEpsilon = 0.001
    public static let uikitDurationRange: ClosedRange<Double> = 0.01...10
    public static let uikitDampingRange: ClosedRange<Double> = 1.2e-7...1

    /// UIKit's `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)` spring
    /// (the algorithm of Framer's `findSpring`): m = 1; duration clamped to 0.01…10 s and damping
    /// ratio to 1.2e-7…1, as UIKit does; ω found by Newton's method so the envelope has decayed to
    /// ε = 0.001 of the travel at `duration`; k = ω², c = 2ζω. Throws only for non-finite input.
    public static func uikit(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) throws -> SpringParameters {
        guard duration.isFinite else { throw SpringParameterError.notFinite("duration") }
        guard dampingRatio.isFinite else { throw SpringParameterError.notFinite("damping ratio") }
        guard initialVelocity.isFinite else { throw SpringParameterError.notFinite("initial velocity") }
        let d = min(max(duration, uikitDurationRange.lowerBound), uikitDurationRange.upperBound)
        let zeta = min(max(dampingRatio, uikitDampingRange.lowerBound), uikitDampingRange.upperBound)
        let omega = uikitNaturalFrequency(duration: d, dampingRatio: zeta, velocity: initialVelocity)
        return SpringParameters(unchecked: 1, omega * omega, 2 * zeta * omega, initialVelocity)
    }

    /// Solves the settle condition for ω (already-clamped inputs).
    static func uikitNaturalFrequency(duration d: Double, dampingRatio zeta: Double, velocity v: Double) -> Double {
        let eps = uikitEpsilon
        // The closed form for v = 0, ζ < 1 doubles as the fallback when Newton wanders off.
        let closedForm: Double = zeta < 1
            ? log(zeta / (eps * (1 - zeta * zeta).squareRoot())) / (zeta * d)
            : .nan
        if v == 0, zeta < 1, closedForm.isFinite, closedForm > 0 { return closedForm }

        // g(ω) = ln(envelope(ω)) − ln ε, solved in log form for stability.
        func g(_ w: Double) -> (value: Double, slope: Double) {
            if zeta < 1 {
                let a = zeta * w - v
                let value = log(abs(a)) - log(w * (1 - zeta * zeta).squareRoot()) - zeta * w * d - log(eps)
                return (value, zeta / a - 1 / w - zeta * d)
            } else {
                let a = (w - v) * d + 1
                return (log(abs(a)) - w * d - log(eps), d / a - d)
            }
        }
        var w = 5 / d
        for _ in 0..<12 {
            let (value, slope) = g(w)
            guard slope != 0, slope.isFinite, value.isFinite else { break }
            let next = w - value / slope
            w = next > 0 ? next : w / 2
        }
        if w.isFinite, w > 0, abs(g(w).value) < 1e-6 { return w }
        if closedForm.isFinite, closedForm > 0 { return closedForm }
        // Critically damped from rest: ((ωd) + 1)e^(−ωd) = ε has ωd ≈ 9.2335.
        return 9.233_491_2 / d
    }

    // MARK: SwiftUI

    /// Periods a perceptual spring accepts: far beyond any animation either way, and narrow enough
    /// that k = (2π/d)² and c = 4πζ/d stay finite and non-zero (a period of 1e-300 s overflows k).
    public static let perceptualDurationRange: ClosedRange<Double> = 1e-6...1e6
    /// Bounces a perceptual spring accepts: ζ = 1 / (1 + bounce) runs to 1000 at the low end.
    public static let perceptualBounceRange: ClosedRange<Double> = -0.999...1

    /// SwiftUI's perceptual spring: the period equals `duration`; `bounce` 0 is critically damped,
    /// up to 1 is bouncier (ζ = 1 − bounce), below 0 is overdamped (ζ = 1 / (1 + bounce)).
    /// k = (2π/d)², c = 4πζ/d, m = 1. A softer spring than UIKit's: never use it for the seeds.
    /// Throws for non-finite input, and for a duration or bounce outside the ranges above.
    public static func perceptual(duration: Double, bounce: Double = 0) throws -> SpringParameters {
        guard duration.isFinite else { throw SpringParameterError.notFinite("duration") }
        guard bounce.isFinite else { throw SpringParameterError.notFinite("bounce") }
        guard duration > 0 else { throw SpringParameterError.notPositive("duration", duration) }
        guard perceptualDurationRange.contains(duration) else {
            throw SpringParameterError.outOfRange("duration", duration, perceptualDurationRange)
        }
        guard perceptualBounceRange.contains(bounce) else {
            throw SpringParameterError.outOfRange("bounce", bounce, perceptualBounceRange)
        }
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        let w = 2 * Double.pi / duration
        return SpringParameters(unchecked: 1, w * w, 2 * zeta * w, 0)
    }
}
