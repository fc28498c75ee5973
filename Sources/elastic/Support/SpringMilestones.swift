import ElasticCore
import Foundation

/// The two moments a designer reads off a spring curve: the overshoot (the furthest the value goes
/// past its target) and the settle time (from when the value stays within `settleDistance` of the
/// target). Found from the turning points of the closed form, not from samples, so a peak between
/// two samples is not missed.
struct SpringMilestones {
    struct Overshoot { var time: Double; var value: Double }

    /// Nil when the value never passes the target.
    var overshoot: Overshoot?
    /// Nil when it never settles (an undamped spring).
    var settleTime: Double?

    init(_ spring: Spring, settleDistance: Double) {
        let travel = spring.target - spring.value
        let motion = SpringMotion(spring: spring)
        // Swings shrink from one turning point to the next, so the furthest past the target is
        // at one of the first two.
        var turns: [Double] = []
        if let first = motion.turningPoint(after: 0) {
            turns.append(first)
            if motion.oscillates, let second = motion.turningPoint(after: first) { turns.append(second) }
        }
        overshoot = turns.compactMap { t -> Overshoot? in
            let x = motion.displacement(t)
            return x * travel > 0 ? Overshoot(time: t, value: spring.target + x) : nil
        }.max { abs($0.value - spring.target) < abs($1.value - spring.target) }
        settleTime = motion.settleTime(distance: settleDistance)
    }
}

/// The motion of one spring in displacement from its target, with the times its velocity is 0.
private struct SpringMotion {
    let spring: Spring
    let w0: Double, zeta: Double

    init(spring: Spring) {
        self.spring = spring
        w0 = spring.parameters.naturalFrequency
        zeta = spring.parameters.dampingRatio
    }

    var oscillates: Bool { zeta < 1 && dampedFrequency > 0 }
    var dampedFrequency: Double { w0 * (1 - zeta * zeta).squareRoot() }
    /// The time over which the motion changes: 1/ω₀.
    var timeScale: Double { 1 / w0 }

    func displacement(_ t: Double) -> Double { spring.sample(after: t).value - spring.target }
    func velocity(_ t: Double) -> Double { spring.sample(after: t).velocity }

    /// From when |displacement| stays within `distance`; nil if it never does.
    func settleTime(distance: Double) -> Double? {
        guard let piece = lastPieceOutside(distance) else { return nil }
        guard let end = piece.end else { return 0 }
        // |x| falls through the distance once on a monotonic piece: bisect.
        var outside = piece.start, inside = end
        for _ in 0..<200 {
            let mid = (outside + inside) / 2
            if mid == outside || mid == inside { break }
            if abs(displacement(mid)) > distance { outside = mid } else { inside = mid }
        }
        return inside
    }

    /// The last stretch between turning points (on which the motion is monotonic) that starts
    /// beyond `distance`, as (start, end); end nil when the motion starts within it. Nil when no
    /// such stretch can be found (it never settles, or too far out to compute).
    private func lastPieceOutside(_ distance: Double) -> (start: Double, end: Double?)? {
        if abs(displacement(0)) <= distance, turningPoint(after: 0).map({ abs(displacement($0)) <= distance }) ?? true {
            return (0, nil)
        }
        if oscillates {
            guard let first = turningPoint(after: 0) else { return nil }
            let swing = abs(displacement(first))
            if swing <= distance { return (0, first) }
            let half = Double.pi / dampedFrequency
            // Each half period the swing shrinks by e^(−ζω₀·half): jump to the last swing beyond
            // the distance, then correct for rounding.
            let estimate = log(swing / distance) / (zeta * w0 * half)
            guard estimate.isFinite, estimate < 1e12 else { return nil }
            var n = Int(estimate)
            func swingAt(_ n: Int) -> Double { abs(displacement(first + Double(n) * half)) }
            while n > 0, swingAt(n) <= distance { n -= 1 }
            while swingAt(n + 1) > distance { n += 1 }
            return (first + Double(n) * half, first + Double(n + 1) * half)
        }
        let turn = turningPoint(after: 0)
        if let turn, abs(displacement(turn)) <= distance { return (0, turn) }
        // Monotonic from `start` to the target: move out until inside the distance.
        let start = turn ?? 0
        var end = start + timeScale
        var doublings = 0
        while abs(displacement(end)) > distance {
            end = start + (end - start) * 2
            doublings += 1
            if doublings > 2000 || !end.isFinite { return nil }
        }
        return (start, end)
    }

    /// The first turning point after `t`.
    func turningPoint(after t: Double) -> Double? {
        if oscillates {
            // v(τ) ∝ v0·cos(ω_d·τ) − K·sin(ω_d·τ) from the state at 0: zeros where ω_d·τ ≡ atan2(v0, K) (mod π).
            let wd = dampedFrequency
            let x0 = spring.value - spring.target, v0 = spring.velocity
            let k = (w0 * w0 * x0 + zeta * w0 * v0) / wd
            var phase = atan2(v0, k)
            if phase <= 0 { phase += .pi }
            let first = phase / wd, half = Double.pi / wd
            if first > t { return first }
            return first + ((t - first) / half).rounded(.down) * half + half
        }
        // Not oscillating: the velocity changes sign at most once. Look along a doubling grid for
        // the sign change, then bisect.
        let v0 = velocity(t)
        guard v0 != 0 else { return nil }
        var lo = t, hi = t + timeScale * 1e-9
        var found = false
        for _ in 0..<120 {
            let v = velocity(hi)
            if v * v0 < 0 { found = true; break }
            if v == 0 || !hi.isFinite { break }
            lo = hi; hi = t + (hi - t) * 2
        }
        guard found else { return nil }
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if mid == lo || mid == hi { break }
            if velocity(mid) * v0 > 0 { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}
