import Foundation

/// The damped harmonic oscillator x″ + c·x′ + k·x = 0 (mass 1), solved here from the textbook
/// characteristic equation r² + c·r + k = 0 and written apart from `SpringStep`, so the spring
/// tests have a reference the code under test did not produce. x is the displacement from the
/// target. Written in terms of α = c/2 and the half-gap between the roots so that it stays
/// accurate right next to critical damping (sin(βt)/β and sinh(γt)/γ do not cancel as β, γ → 0).
struct DampedOscillator {
    let k: Double
    let c: Double

    var alpha: Double { c / 2 }
    /// α² − k: negative under-damped, zero critical, positive over-damped.
    var discriminant: Double { alpha * alpha - k }

    enum Regime: String { case underdamped, critical, overdamped }

    var regime: Regime {
        discriminant < 0 ? .underdamped : discriminant == 0 ? .critical : .overdamped
    }

    /// Displacement and velocity t seconds after starting at (x0, v0).
    func state(x0: Double, v0: Double, t: Double) -> (x: Double, v: Double) {
        let a = alpha
        let decay = exp(-a * t)
        // x = e^(−αt)·(x0·C(t) + (v0 + α·x0)·S(t)), v = e^(−αt)·(v0·C(t) − (k·x0 + α·v0)·S(t)),
        // with C = cos βt, S = sin βt / β (under), C = 1, S = t (critical), C = cosh γt, S = sinh γt / γ (over).
        let C: Double, S: Double
        switch regime {
        case .underdamped:
            let beta = (-discriminant).squareRoot()
            C = cos(beta * t); S = sin(beta * t) / beta
        case .critical:
            C = 1; S = t
        case .overdamped:
            let gamma = discriminant.squareRoot()
            C = cosh(gamma * t); S = sinh(gamma * t) / gamma
        }
        return (decay * (x0 * C + (v0 + a * x0) * S), decay * (v0 * C - (k * x0 + a * v0) * S))
    }

    /// The same motion by classical Runge–Kutta with a tiny step: a check on the algebra above.
    func integrated(x0: Double, v0: Double, t: Double, steps: Int) -> (x: Double, v: Double) {
        let h = t / Double(steps)
        var x = x0, v = v0
        func accel(_ x: Double, _ v: Double) -> Double { -k * x - c * v }
        for _ in 0..<steps {
            let k1x = v, k1v = accel(x, v)
            let k2x = v + h / 2 * k1v, k2v = accel(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = accel(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = accel(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return (x, v)
    }

    /// Fraction of the travel an under-damped spring released from rest goes past its target:
    /// exp(−ζπ/√(1−ζ²)), at the half period π/ω_d.
    static func overshoot(dampingRatio zeta: Double) -> Double {
        exp(-zeta * .pi / (1 - zeta * zeta).squareRoot())
    }

    /// The last time |x(t)| is `distance` (after which it stays within it), found by scanning
    /// backwards in small steps from a time by which the envelope is inside it, then bisecting.
    /// Brute force on purpose: nothing shared with the production search for the settle time.
    func settleTime(x0: Double, v0: Double, distance: Double, scanStep: Double) -> Double {
        // |x| ≤ e^(−(α−γ)t)·(|x0| + |v0 + α·x0|·S̄), S̄ bounding S(t): 1/β, t, or 1/γ.
        let spread = abs(discriminant).squareRoot()
        let slowRate = alpha - (regime == .overdamped ? spread : 0)
        func bound(_ t: Double) -> Double {
            exp(-slowRate * t) * (abs(x0) + abs(v0 + alpha * x0) * (regime == .critical ? t : 1 / spread))
        }
        var t = 1.0
        while bound(t) > distance / 10 { t *= 2 }
        while t > 0, abs(state(x0: x0, v0: v0, t: t).x) <= distance { t -= scanStep }
        guard t > 0 else { return 0 }
        var inside = t + scanStep, outside = t
        for _ in 0..<200 {
            let mid = (inside + outside) / 2
            if abs(state(x0: x0, v0: v0, t: mid).x) > distance { outside = mid } else { inside = mid }
        }
        return (inside + outside) / 2
    }
}
