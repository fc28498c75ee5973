import Foundation
import Testing
@testable import ElasticCore

@Suite("Springs")
struct SpringTests {
    /// The wave-pull release spring (UIKit d = 0.9, ζ = 0.57).
    static let underdamped = try! SpringParameters.uikit(duration: 0.9, dampingRatio: 0.57)

    @Test("UIKit mapping: d = 0.9, ζ = 0.57, v = 0 gives k ≈ 162.6, c ≈ 14.54")
    func uikitExample() throws {
        let p = try SpringParameters.uikit(duration: 0.9, dampingRatio: 0.57, initialVelocity: 0)
        #expect(abs(p.stiffness - 162.6) < 0.05)
        #expect(abs(p.damping - 14.54) < 0.005)
        #expect(p.mass == 1)
        // First overshoot from rest: exp(−ζπ/√(1−ζ²)) of the travel (11.3 %), at the half period π/ω_d.
        let overshoot = DampedOscillator.overshoot(dampingRatio: 0.57)
        #expect(abs(overshoot - 0.1131) < 1e-4)
        let peakTime = Double.pi / (p.stiffness - p.damping * p.damping / 4).squareRoot()
        #expect(abs(peakTime - 0.30) < 0.01)
        let spring = Spring(p, value: 0, target: 1)
        #expect(abs(spring.sample(after: peakTime).value - (1 + overshoot)) < 1e-9)
        #expect(abs(spring.sample(after: peakTime).velocity) < 1e-9)
        for dt in [-1e-3, 1e-3] { #expect(spring.sample(after: peakTime + dt).value < 1 + overshoot) }
    }

    @Test("UIKit mapping: settle condition holds at the duration (ζ = 1, and v ≠ 0)")
    func uikitSettles() throws {
        for (d, zeta, v) in [(0.5, 1.0, 0.0), (1.0, 0.5, 0.9), (1.0, 0.8, 2.0), (0.7, 0.6, 0.0), (1.0, 1.0, 3.0)] {
            let p = try SpringParameters.uikit(duration: d, dampingRatio: zeta, initialVelocity: v)
            let w = p.naturalFrequency
            #expect(abs(p.dampingRatio - zeta) < 1e-9)
            let envelope: Double
            if zeta < 1 {
                envelope = abs((zeta * w - v) / (w * (1 - zeta * zeta).squareRoot())) * exp(-zeta * w * d)
            } else {
                envelope = ((w - v) * d + 1) * exp(-w * d)
            }
            #expect(abs(envelope - 0.001) < 1e-7, "d=\(d) ζ=\(zeta) v=\(v): envelope \(envelope)")
        }
        // ζ = 1, v = 0: ((ωd)+1)e^(−ωd) = 0.001 → ωd ≈ 9.2335.
        let critical = try SpringParameters.uikit(duration: 1, dampingRatio: 1)
        #expect(abs(critical.naturalFrequency - 9.2335) < 1e-3)
        #expect(abs(critical.stiffness - 85.258) < 0.01)
    }

    @Test("UIKit mapping clamps duration and damping as UIKit does, and rejects non-finite input")
    func uikitClamps() throws {
        let tiny = try SpringParameters.uikit(duration: 0, dampingRatio: 0.5)
        let min = try SpringParameters.uikit(duration: 0.01, dampingRatio: 0.5)
        #expect(tiny == min)
        let negative = try SpringParameters.uikit(duration: -3, dampingRatio: 0.5)
        #expect(negative == min)
        let long = try SpringParameters.uikit(duration: 100, dampingRatio: 0.5)
        #expect(long == (try SpringParameters.uikit(duration: 10, dampingRatio: 0.5)))
        #expect(try SpringParameters.uikit(duration: 1, dampingRatio: 5) == (try SpringParameters.uikit(duration: 1, dampingRatio: 1)))
        #expect(try SpringParameters.uikit(duration: 1, dampingRatio: -1).dampingRatio > 0)
        #expect(throws: SpringParameterError.notFinite("duration")) { try SpringParameters.uikit(duration: .nan, dampingRatio: 0.5) }
        #expect(throws: SpringParameterError.notFinite("damping ratio")) { try SpringParameters.uikit(duration: 1, dampingRatio: .infinity) }
        #expect(throws: SpringParameterError.notFinite("initial velocity")) { try SpringParameters.uikit(duration: 1, dampingRatio: 0.5, initialVelocity: .nan) }
        for p in [tiny, long, try SpringParameters.uikit(duration: 1, dampingRatio: 1.2e-7, initialVelocity: 50)] {
            #expect(p.stiffness.isFinite && p.stiffness > 0 && p.damping.isFinite && p.damping >= 0)
        }
    }

    @Test("raw and perceptual parameters validate their input")
    func rawAndPerceptual() throws {
        #expect(throws: SpringParameterError.self) { try SpringParameters(stiffness: 0, damping: 1) }
        #expect(throws: SpringParameterError.self) { try SpringParameters(stiffness: 10, damping: -1) }
        #expect(throws: SpringParameterError.self) { try SpringParameters(mass: 0, stiffness: 10, damping: 1) }
        #expect(throws: SpringParameterError.self) { try SpringParameters(stiffness: .nan, damping: 1) }
        let p = try SpringParameters.perceptual(duration: 0.5, bounce: 0.3)
        #expect(abs(p.stiffness - pow(2 * .pi / 0.5, 2)) < 1e-9)
        #expect(abs(p.damping - 4 * .pi * 0.7 / 0.5) < 1e-9)
        #expect(abs(try SpringParameters.perceptual(duration: 1, bounce: -0.5).dampingRatio - 2) < 1e-12)
        #expect(throws: SpringParameterError.self) { try SpringParameters.perceptual(duration: 0, bounce: 0) }
        #expect(throws: SpringParameterError.self) { try SpringParameters.perceptual(duration: 1, bounce: 2) }
        // Periods whose k = (2π/d)² would overflow or vanish, and bounces below the documented −0.999.
        for d in [1e-300, 1e-160, 1e160, 1e300, 9.9e-7, 1.01e6] {
            #expect(throws: SpringParameterError.self, "duration \(d)") { try SpringParameters.perceptual(duration: d) }
        }
        #expect(throws: SpringParameterError.self) { try SpringParameters.perceptual(duration: 1, bounce: -0.9995) }
        for d in [1e-6, 1e6] {
            for bounce in [-0.999, 0, 1] {
                let edge = try SpringParameters.perceptual(duration: d, bounce: bounce)
                #expect(abs(edge.stiffness / pow(2 * .pi / d, 2) - 1) < 1e-12, "d \(d), bounce \(bounce)")
                #expect(edge.damping.isFinite && edge.damping >= 0 && edge.stiffness > 0)
            }
        }
    }

    @Test("retargeting mid-flight keeps position and velocity")
    func retarget() throws {
        var world = World()
        let e = world.spawn("p", at: .zero, spring: SpringTests.underdamped)
        world.setTarget(e, Vec2(0, 100))
        var system = SpringSystem(dt: 1 / 240)
        for _ in 0..<30 { system.step(&world) }
        let before = (world.position(e), world.velocity(e))
        #expect(before.1.y > 0)
        world.setTarget(e, Vec2(0, -50))
        #expect(world.position(e) == before.0)
        #expect(world.velocity(e) == before.1)
        system.step(&world)
        // Continuity: one step later the position moved by about v·dt, no jump.
        #expect(abs(world.position(e).y - (before.0.y + before.1.y / 240)) < 1)
    }

    @Test("UIKit initial velocity is in target-distances per second and adds to the current velocity")
    func initialVelocity() throws {
        var world = World()
        let e = world.spawn("p", at: Vec2(0, 10), spring: SpringTests.underdamped)
        let p = try SpringParameters.uikit(duration: 1, dampingRatio: 0.5, initialVelocity: 0.9)
        world.animate(e, to: Vec2(0, 110), with: p)
        #expect(abs(world.velocity(e).y - 90) < 1e-12)
        // Animating to where it already is adds no kick: the velocity it has is kept.
        world.animate(e, to: Vec2(0, 10), with: p)
        #expect(abs(world.velocity(e).y - 90) < 1e-12)
    }

    @Test("rest detection snaps to the target and reports rest")
    func rest() throws {
        var world = World()
        let e = world.spawn("p", at: .zero, spring: SpringTests.underdamped)
        world.setTarget(e, Vec2(300, 0))
        #expect(!world.isAtRest(e))
        var system = SpringSystem(dt: 1 / 240)
        var restedAt: Int?
        for i in 0..<(240 * 3) {
            system.step(&world)
            if restedAt == nil, world.isAtRest(e) { restedAt = i }
        }
        let steps = try #require(restedAt)
        // Settles a little after UIKit's 0.9-s settle time (which is at 0.1 % = 0.3 pt here).
        #expect(Double(steps) / 240 > 0.9 && Double(steps) / 240 < 2.5)
        #expect(world.position(e) == Vec2(300, 0))
        #expect(world.velocity(e) == .zero)
        #expect(SpringSystem.allAtRest(world))
    }

    @Test("non-finite targets are ignored; absurd velocities never produce NaN")
    func neverNaN() throws {
        var world = World()
        let e = world.spawn("p", at: Vec2(5, 5), spring: try .uikit(duration: 0.01, dampingRatio: 1.2e-7))
        world.setTarget(e, Vec2(.nan, .infinity))
        #expect(world.target(e) == Vec2(5, 5))
        world.setVelocity(e, Vec2(1e300, -1e300))
        var system = SpringSystem(dt: 1 / 240)
        for _ in 0..<1000 {
            system.step(&world)
            #expect(world.position(e).isFinite && world.velocity(e).isFinite)
        }
        let nanSpawn = world.spawn("q", at: Vec2(.nan, 1), spring: SpringTests.underdamped)
        #expect(world.position(nanSpawn).isFinite)
    }
}
