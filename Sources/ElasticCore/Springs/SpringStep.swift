import Foundation

/// The exact solution of m·x″ + c·x′ + k·x = 0 over a time step `dt`, as a linear map of the
/// displacement from the target and the velocity:
///
///     x′ = xx·x + xv·v
///     v′ = vx·x + vv·v
///
/// For a fixed step and parameter set the map is constant, so the spring system precomputes it once
/// and each step costs four multiplies and two adds per axis, with no error from the step size:
/// the same motion at 30, 60, 144 or 240 Hz.
public struct SpringStep: Hashable, Sendable {
    public var xx: Double, xv: Double, vx: Double, vv: Double

    public static let identity = SpringStep(xx: 1, xv: 0, vx: 0, vv: 1)

    public init(xx: Double, xv: Double, vx: Double, vv: Double) {
        self.xx = xx; self.xv = xv; self.vx = vx; self.vv = vv
    }

    /// The map for `parameters` over `dt` seconds (dt ≤ 0 or non-finite gives the identity).
    public init(_ parameters: SpringParameters, dt: Double) {
        guard dt.isFinite, dt > 0 else { self = .identity; return }
        let w0 = parameters.naturalFrequency
        let zeta = parameters.dampingRatio
        // Column 1: the solution from (x, v) = (1, 0); column 2: from (0, 1).
        let a = SpringStep.solve(w0: w0, zeta: zeta, x0: 1, v0: 0, t: dt)
        let b = SpringStep.solve(w0: w0, zeta: zeta, x0: 0, v0: 1, t: dt)
        self.init(xx: a.x, xv: b.x, vx: a.v, vv: b.v)
    }

    @inlinable
    public func apply(x: Double, v: Double) -> (x: Double, v: Double) {
        (xx * x + xv * v, vx * x + vv * v)
    }

    /// Closed-form displacement and velocity at time t from (x0, v0), for the three regimes.
    /// `Spring.sample` uses it directly; the tests check it against a closed form of their own.
    public static func solve(w0: Double, zeta: Double, x0: Double, v0: Double, t: Double) -> (x: Double, v: Double) {
        // Only at ζ = 1 itself do the other two forms divide 0 by 0; the critically damped form is
        // off by about |ζ − 1| of the travel, so it is used only where that is below rounding.
        let criticalBand = 1e-12
        if abs(zeta - 1) < criticalBand {
            let e = exp(-w0 * t)
            let b = v0 + w0 * x0
            return (e * (x0 + b * t), e * (v0 - w0 * b * t))
        } else if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let e = exp(-zeta * w0 * t)
            let c = cos(wd * t), s = sin(wd * t)
            let x = e * (x0 * c + (v0 + zeta * w0 * x0) / wd * s)
            let v = e * (v0 * c - (w0 * w0 * x0 + zeta * w0 * v0) / wd * s)
            return (x, v)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root)   // slow root
            let r2 = -w0 * (zeta + root)   // fast root
            // c1·e^(r1·t) + c2·e^(r2·t) regrouped around expm1: near ζ = 1 the two terms are huge
            // and opposite, and their difference (e^(r2·t) − e^(r1·t)) / (r2 − r1) is what stays exact.
            let gap = r2 - r1
            let spread = expm1(gap * t) / gap
            let e1 = exp(r1 * t)
            let b = v0 - r1 * x0
            return (e1 * (x0 + b * spread), e1 * (v0 + b * r2 * spread))
        }
    }
}
