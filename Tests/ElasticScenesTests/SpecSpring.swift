import Foundation

/// The seeds' springs as the spec states them (effects.md, "Springs: the UIKit parameterisation"),
/// worked out here from its formulas rather than read from the scenes: the scenes' tests compare
/// against numbers the code under test did not produce.
enum SpecSpring {
    /// The envelope's residual at the settle time.
    static let epsilon = 0.001

    /// ω for a spring released from rest: the spec's closed form ln(ζ/(ε√(1−ζ²)))/(ζd) when ζ < 1;
    /// for ζ = 1 the root of (ωd + 1)·e^(−ωd) = ε, found by bisection.
    static func omega(duration d: Double, zeta: Double) -> Double {
        if zeta < 1 { return log(zeta / (epsilon * (1 - zeta * zeta).squareRoot())) / (zeta * d) }
        var lo = 1 / d, hi = 1000 / d  // the residual falls from above ε to below it across this range
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if (mid * d + 1) * exp(-mid * d) > epsilon { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// Stiffness ω² and damping 2ζω (mass 1).
    static func constants(duration d: Double, zeta: Double) -> (stiffness: Double, damping: Double) {
        let w = omega(duration: d, zeta: zeta)
        return (w * w, 2 * zeta * w)
    }

    /// The step response from rest at `from` to `to`, `t` seconds on (under- or critically damped).
    static func position(duration d: Double, zeta: Double, from: Double, to: Double, at t: Double) -> Double {
        let w0 = omega(duration: d, zeta: zeta)
        if zeta >= 1 { return to + (from - to) * exp(-w0 * t) * (1 + w0 * t) }
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        return to + (from - to) * exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
    }
}
