import Foundation
import Testing
@testable import ElasticCore

/// Springs given extreme parameters at run time: never NaN, never flung out of any drawable range,
/// and the damped ones still come to rest.
@Suite("Springs with extreme parameters")
struct SpringExtremesTests {
    static let springs: [(String, SpringParameters)] = [
        ("uikit d=0.01 ζ=0", try! .uikit(duration: 0.01, dampingRatio: 0)),
        ("uikit d=10 ζ=0", try! .uikit(duration: 10, dampingRatio: 0)),
        ("uikit d=0.01 ζ=1", try! .uikit(duration: 0.01, dampingRatio: 1)),
        ("uikit d=10 ζ=1", try! .uikit(duration: 10, dampingRatio: 1)),
        ("uikit d=0.9 ζ=0.57 v=1e6", try! .uikit(duration: 0.9, dampingRatio: 0.57, initialVelocity: 1e6)),
        ("uikit d=0.9 ζ=0.57 v=1e300", try! .uikit(duration: 0.9, dampingRatio: 0.57, initialVelocity: 1e300)),
        ("raw k=1 c=0", try! SpringParameters(stiffness: 1, damping: 0)),
        ("raw k=1e12 c=0", try! SpringParameters(stiffness: 1e12, damping: 0)),
        ("raw k=1 c=1e9", try! SpringParameters(stiffness: 1, damping: 1e9)),
        ("raw k=1e-300 c=1e300", try! SpringParameters(stiffness: 1e-300, damping: 1e300)),
    ]

    /// Far beyond any window but well inside Float (vertices are Float).
    static let reach = MotionLimits.maxDisplacement

    @Test("every extreme spring, at 240 and 30 Hz, flung at 0…1e308 pt/s: finite, within reach, damped ones settle",
          arguments: springs.indices)
    func extremes(index: Int) {
        let (label, spring) = SpringExtremesTests.springs[index]
        for dt in [1.0 / 240, 1.0 / 30] {
            for speed in [0, 1e6, 1e300, -Double.greatestFiniteMagnitude] {
                var world = World()
                let e = world.spawn("p", at: Vec2(0, 0), spring: spring)
                world.animate(e, to: Vec2(100, -50), with: spring)
                world.setVelocity(e, Vec2(speed, -speed))
                var system = SpringSystem(dt: dt)
                var bad = 0
                for _ in 0..<Int(40 / dt) {
                    system.step(&world)
                    let p = world.position(e), v = world.velocity(e)
                    if !(p.isFinite && v.isFinite && abs(p.x - 100) <= Self.reach && abs(p.y + 50) <= Self.reach) { bad += 1 }
                }
                #expect(bad == 0, "\(label), dt \(dt), speed \(speed): \(bad) steps out of range, ends at \(world.position(e))")
                // Damped ones settle; a heavily overdamped one (ζ ≫ 1: honey) creeps, as it should.
                if spring.dampingRatio > 0.1, spring.dampingRatio < 10 {
                    #expect(world.isAtRest(e), "\(label), dt \(dt), speed \(speed): not at rest after 40 s")
                }
            }
        }
    }

    @Test("switching between extreme springs every 50 steps keeps the motion finite and bounded")
    func switching() {
        var world = World()
        let e = world.spawn("p", at: Vec2(0, 0), spring: SpringExtremesTests.springs[0].1)
        var system = SpringSystem(dt: 1 / 240)
        for i in 0..<4800 {
            if i % 50 == 0 {
                let s = SpringExtremesTests.springs[(i / 50) % SpringExtremesTests.springs.count].1
                world.animate(e, to: Vec2(Double(i % 700), Double(i % 300)), with: s)
            }
            system.step(&world)
            let p = world.position(e)
            #expect(p.isFinite && abs(p.x) < Self.reach + 700 && abs(p.y) < Self.reach + 300, "step \(i): \(p)")
            if !(p.isFinite && abs(p.x) < Self.reach + 700) { break }
        }
    }
}
