import ElasticCore
import Testing
@testable import ElasticScenes

/// wave-pull with several fingers and Space, played through the frame driver.
@Suite("wave-pull: fingers and Space")
struct WavePullMultiTouchTests {
    func entityPosition(_ scene: any Scene, _ name: String) -> Vec2? {
        let w = scene.world
        for r in 0..<w.count where w.name[r] == name { return Vec2(w.positionX[r], w.positionY[r]) }
        return nil
    }

    /// The wave's edge sampled every 10 pt across 1280.
    func profile(_ scene: WavePull) -> [(x: Double, y: Double)] {
        stride(from: 0.0, through: 1280, by: 10).map { ($0, scene.waveY(atX: $0)) }
    }

    @Test("two fingers at x = 300 and 900 pull two crests with a dip between")
    func twoCrests() throws {
        let h = try ReplayHarness(scene: "wave-pull", replay: "wave-pull-two-crests")
        h.run(until: 1.0)
        let scene = try #require(h.scene as? WavePull)
        #expect(scene.crestCount == 2)
        // Both fingers dragged 150 down: add 150, wave 90, base 124; c at base + 1.36·wave.
        #expect(entityPosition(scene, "c") == Vec2(300, 124 + 1.36 * 90))
        #expect(entityPosition(scene, "crest.c") == Vec2(900, 124 + 1.36 * 90))
        let p = profile(scene)
        let left = p.filter { $0.x >= 150 && $0.x <= 500 }.max { $0.y < $1.y }!
        let right = p.filter { $0.x >= 700 && $0.x <= 1100 }.max { $0.y < $1.y }!
        // A crest's lowest point is base + wave = 214, at the middle quadratic's t = 0.5:
        // x ≈ 342 for the crest at 300 and ≈ 868 for the one at 900 (worked out by hand).
        #expect(abs(left.y - 214) < 0.5 && abs(left.x - 342) <= 10, "\(left)")
        #expect(abs(right.y - 214) < 0.5 && abs(right.x - 868) <= 10, "\(right)")
        // Between them the edge rises back to about 178 near x = 600.
        let dip = p.filter { $0.x > left.x && $0.x < right.x }.min { $0.y < $1.y }!
        #expect(dip.y < 190 && dip.y > 150, "\(dip)")
        #expect(dip.x > 450 && dip.x < 750)
        // Both released together: everything springs back to the flat wave and the crest goes.
        h.run(until: 4.5)
        #expect(scene.crestCount == 1)
        #expect(scene.world.count == 7)
        #expect(scene.isIdle)
        for (_, y) in profile(scene) { #expect(abs(y - 64) < 1e-6) }
    }

    @Test("finger 1 lifts while finger 2 holds: no jump, no spring back; finger 2's release springs back")
    func handOver() throws {
        let h = try ReplayHarness(scene: "wave-pull", replay: "wave-pull-handover")
        var previous: Double?
        var biggestStep = 0.0
        h.run(until: 1.0) { scene in
            let y = (scene as! WavePull).waveY(atX: 640)
            if scene.time > 0.6 {
                // Finger 1 pulled 150 at the centre: the edge there is 64 + 150, and stays.
                #expect(abs(y - 214) < 1e-6, "t = \(scene.time): \(y)")
            }
            previous = y
        }
        // Finger 2 pulls 40 further in steps of 4: the edge follows in steps no bigger.
        h.run(until: 1.3) { scene in
            let y = (scene as! WavePull).waveY(atX: 640)
            biggestStep = max(biggestStep, abs(y - previous!))
            previous = y
        }
        #expect(biggestStep <= 4 + 1e-6)
        #expect(abs(previous! - 254) < 1e-6)
        // Finger 2 lifts at 1.4: the wave springs back (it is moving up a few steps later).
        h.run(until: 1.5)
        let scene = h.scene as! WavePull
        #expect(scene.waveY(atX: 640) < 254 - 5)
        h.run(until: 4.5)
        #expect(scene.isIdle)
        #expect(abs(scene.waveY(atX: 640) - 64) < 1e-6)
    }

    @Test("ten fingers and the mouse at once, far off-screen: finite geometry, back to seven points")
    func tenFingers() throws {
        let h = try ReplayHarness(scene: "wave-pull", replay: "wave-pull-ten-fingers")
        var most = 0
        h.run(until: 1.1) { scene in
            let wave = scene as! WavePull
            most = max(most, wave.crestCount)
            for r in 0..<scene.world.count {
                #expect(scene.world.positionX[r].isFinite && scene.world.positionY[r].isFinite)
            }
            h.driver.draw()
            for v in h.driver.drawList.mesh.vertices { #expect(v.x.isFinite && v.y.isFinite) }
        }
        #expect(most == 10)
        h.run(until: 6)
        let wave = h.scene as! WavePull
        #expect(wave.crestCount == 1)
        #expect(wave.world.count == 7)
    }

    @Test("crests' entities are reused: repeated two-finger pulls do not grow the world")
    func noGrowth() throws {
        let scene = WavePull(size: Size(1280, 720))
        let a = PointerID(device: .touch, id: 1), b = PointerID(device: .touch, id: 2)
        var slots = Set<UInt32>()
        for round in 0..<5 {
            scene.handle(.pointerDown(a, Vec2(300, 0)))
            scene.handle(.pointerDown(b, Vec2(900, 0)))
            scene.handle(.pointerMove(b, Vec2(900, 100 + Double(round))))
            for r in 0..<scene.world.count { slots.insert(scene.world.entity(atRow: r).slot) }
            scene.handle(.pointerUp(a, Vec2(300, 0)))
            scene.handle(.pointerUp(b, Vec2(900, 100)))
            for _ in 0..<(240 * 4) { scene.step(dt: 1.0 / 240) }
            #expect(scene.world.count == 7)
        }
        #expect(slots.count == 14)
    }

    @Test("Space plucks the resting wave: its centre dips about 60 pt and springs back to 64")
    func pluck() throws {
        let h = try ReplayHarness(scene: "wave-pull")
        let scene = h.scene as! WavePull
        #expect(scene.spaceAction == "pluck the wave")
        h.send(.key(.space))
        var deepest = 64.0
        h.run(until: 1.0) { s in deepest = max(deepest, s.world.position((s as! WavePull).points[3]).y) }
        // An impulse v0 on the spring (ω ≈ 12.75, ζ = 0.57) peaks at v0/ω · e^(−ζ/√(1−ζ²)·atan(√(1−ζ²)/ζ))
        // ≈ 1500/12.75 · 0.512 ≈ 60.
        #expect(deepest > 64 + 55 && deepest < 64 + 65, "\(deepest)")
        h.run(until: 4)
        #expect(scene.world.position(scene.points[3]).y == 64)
        #expect(scene.isIdle)
    }
}
