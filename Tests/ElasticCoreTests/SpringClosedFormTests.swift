import Foundation
import Testing
@testable import ElasticCore

/// The production springs (the per-step map driven step after step, and `Spring.sample`) against
/// `DampedOscillator`, the closed form written in the tests.
@Suite("Springs against the closed form")
struct SpringClosedFormTests {
    /// (label, k, c) with mass 1, covering the three regimes and both sides of critical damping.
    static let oscillators: [(String, Double, Double)] = [
        ("underdamped ζ=0.57", 162.6, 14.54),
        ("lightly damped ζ=0.05", 400, 2),
        ("critical ζ=1", 100, 20),
        ("just under critical ζ=1−3e-7", 100, 20 * (1 - 3e-7)),
        ("just over critical ζ=1+3e-7", 100, 20 * (1 + 3e-7)),
        ("overdamped ζ=2.5", 100, 50),
        ("overdamped ζ=10", 4, 40),
    ]

    /// Starting states (displacement from the target, velocity): released from rest, kicked
    /// towards the target, flicked from the target, thrown away from it.
    static let starts: [(x0: Double, v0: Double)] = [(-1, 0), (-1, 5), (0, 10), (2, 30)]

    static let rates = [30.0, 60.0, 144.0, 240.0]

    /// Scale of the motion, so errors are relative to how far and fast the spring moves.
    static func scales(k: Double, x0: Double, v0: Double) -> (x: Double, v: Double) {
        let w0 = k.squareRoot()
        let x = max(abs(x0), abs(v0) / w0)
        return (x, x * w0)
    }

    @Test("the oracle itself: the closed form agrees with Runge–Kutta integration of x″ = −kx − cx′")
    func oracleMatchesIntegration() {
        for (label, k, c) in Self.oscillators {
            let o = DampedOscillator(k: k, c: c)
            for s in Self.starts {
                let exact = o.state(x0: s.x0, v0: s.v0, t: 1.5)
                let numeric = o.integrated(x0: s.x0, v0: s.v0, t: 1.5, steps: 60_000)
                let scale = Self.scales(k: k, x0: s.x0, v0: s.v0)
                #expect(abs(exact.x - numeric.x) < 1e-9 * scale.x, "\(label) \(s): \(exact) vs \(numeric)")
                #expect(abs(exact.v - numeric.v) < 1e-9 * scale.v, "\(label) \(s): \(exact) vs \(numeric)")
            }
        }
    }

    @Test("the oracle covers all three regimes")
    func regimesCovered() {
        let regimes = Set(Self.oscillators.map { DampedOscillator(k: $0.1, c: $0.2).regime })
        #expect(regimes == [.underdamped, .critical, .overdamped])
    }

    @Test("SpringStep's map, applied step after step for 3 s, stays on the closed form to 1e-9",
          arguments: rates)
    func steppedMap(hz: Double) throws {
        for (label, k, c) in Self.oscillators {
            let p = try SpringParameters(stiffness: k, damping: c)
            let o = DampedOscillator(k: k, c: c)
            let map = SpringStep(p, dt: 1 / hz)
            for s in Self.starts {
                let scale = Self.scales(k: k, x0: s.x0, v0: s.v0)
                var x = s.x0, v = s.v0
                var worst = (x: 0.0, v: 0.0)
                for i in 1...Int(3 * hz) {
                    (x, v) = map.apply(x: x, v: v)
                    let exact = o.state(x0: s.x0, v0: s.v0, t: Double(i) / hz)
                    worst = (max(worst.x, abs(x - exact.x) / scale.x), max(worst.v, abs(v - exact.v) / scale.v))
                }
                #expect(worst.x < 1e-9 && worst.v < 1e-9, "\(label) from \(s) at \(hz) Hz: relative error \(worst)")
            }
        }
    }

    @Test("Spring.sample and Spring.step agree with the closed form at every rate", arguments: rates)
    func springValue(hz: Double) throws {
        for (label, k, c) in Self.oscillators {
            let p = try SpringParameters(stiffness: k, damping: c)
            let o = DampedOscillator(k: k, c: c)
            for s in Self.starts {
                let scale = Self.scales(k: k, x0: s.x0, v0: s.v0)
                // Travel from 3 towards 3 − x0 so the target is not at 0.
                let target = 3 - s.x0
                let start = Spring(p, value: 3, target: target, velocity: s.v0)
                var stepped = start
                for i in 1...Int(2 * hz) {
                    stepped.step(1 / hz)
                    let t = Double(i) / hz
                    let exact = o.state(x0: s.x0, v0: s.v0, t: t)
                    let sampled = start.sample(after: t)
                    #expect(abs(sampled.value - target - exact.x) < 1e-9 * scale.x, "\(label) \(s) t=\(t): sample \(sampled)")
                    #expect(abs(sampled.velocity - exact.v) < 1e-9 * scale.v, "\(label) \(s) t=\(t): sample \(sampled)")
                    #expect(abs(stepped.value - target - exact.x) < 1e-9 * scale.x, "\(label) \(s) t=\(t): step \(stepped.value)")
                    if abs(stepped.value - target - exact.x) >= 1e-9 * scale.x { break }
                }
            }
        }
    }

    @Test("the spring system follows the closed form until it snaps to rest", arguments: rates)
    func springSystem(hz: Double) throws {
        let travel = Vec2(100, -50)
        for (label, k, c) in Self.oscillators {
            let p = try SpringParameters(stiffness: k, damping: c)
            let o = DampedOscillator(k: k, c: c)
            var world = World()
            let e = world.spawn("p", at: .zero, spring: p)
            world.setTarget(e, travel)
            var system = SpringSystem(dt: 1 / hz)
            var worst = 0.0
            for i in 1...Int(3 * hz) {
                system.step(&world)
                let exact = o.state(x0: -1, v0: 0, t: Double(i) / hz).x
                let p = world.position(e)
                if world.isAtRest(e) {
                    #expect(p == travel)
                    // It only snaps once inside the rest distance, which the closed form is near too.
                    #expect(abs(exact) * travel.x < 2 * system.rest.distance, "\(label) at \(hz) Hz, step \(i)")
                    break
                }
                worst = max(worst, abs(p.x - travel.x * (1 + exact)) / travel.x, abs(p.y - travel.y * (1 + exact)) / -travel.y)
            }
            #expect(worst < 1e-9, "\(label) at \(hz) Hz: relative error \(worst)")
        }
    }

    @Test("semi-implicit Euler misses the closed form by over 0.1 % of the travel (why the exact step)")
    func eulerBaseline() {
        let o = DampedOscillator(k: 162.6, c: 14.54)
        var x = -1.0, v = 0.0
        let dt = 1.0 / 240
        var worst = 0.0
        for i in 1...240 {
            v += (-o.k * x - o.c * v) * dt
            x += v * dt
            worst = max(worst, abs(x - o.state(x0: -1, v0: 0, t: Double(i) * dt).x))
        }
        #expect(worst > 1e-3)
    }
}
