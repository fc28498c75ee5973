import ElasticCore
import Testing
@testable import ElasticScenes

@Suite("wave-pull scene")
struct WavePullTests {
    /// The spec's layout table, computed independently here for a given pointer.
    func expected(width w: Double, drag: Double, x lx: Double) -> [String: Vec2] {
        let add = min(max(drag, 0), 200)
        let wave = min(200, 0.6 * add)
        let base = 64 + add - wave
        let minLeftX = min((lx - w / 2) * 0.28, 0)
        let maxRightX = max(w + (lx - w / 2) * 0.28, w)
        let lw = lx - minLeftX, rw = maxRightX - lx
        return [
            "l3": Vec2(minLeftX, base), "l2": Vec2(minLeftX + 0.44 * lw, base),
            "l1": Vec2(minLeftX + 0.71 * lw, base + 0.64 * wave), "c": Vec2(lx, base + 1.36 * wave),
            "r1": Vec2(maxRightX - 0.71 * rw, base + 0.64 * wave), "r2": Vec2(maxRightX - 0.44 * rw, base),
            "r3": Vec2(maxRightX, base),
        ]
    }

    func positions(_ scene: WavePull) -> [String: Vec2] {
        var out: [String: Vec2] = [:]
        for e in scene.points { out[scene.world.name(e)] = scene.world.position(e) }
        return out
    }

    @Test("at rest: base 64, wave 0, centred", arguments: [Size(1280, 720), Size(800, 600), Size(3840, 2160)])
    func rest(size: Size) {
        let scene = WavePull(size: size)
        let p = positions(scene)
        let e = expected(width: size.width, drag: 0, x: size.width / 2)
        for name in WavePull.pointNames { #expect(p[name] == e[name], "\(name)") }
        // Exact numbers for 1280 wide: l2 at 0.44 · 640.
        if size.width == 1280 { #expect(p["l2"] == Vec2(281.6, 64)) }
    }

    @Test("the layout table is reproduced exactly for a few pointer positions",
          arguments: [(640.0, 150.0), (200.0, 90.0), (1100.0, 400.0), (0.0, 30.0), (1280.0, 250.0)])
    func layout(x: Double, y: Double) {
        let scene = WavePull(size: Size(1280, 720))
        scene.handle(.pointerDown(.mouse, Vec2(x, 10)))
        scene.handle(.pointerMove(.mouse, Vec2(x, y)))
        scene.step(dt: 1.0 / 240)
        let p = positions(scene)
        let e = expected(width: 1280, drag: y - 10, x: x)
        for name in WavePull.pointNames {
            #expect(abs(p[name]!.x - e[name]!.x) < 1e-9 && abs(p[name]!.y - e[name]!.y) < 1e-9, "\(name): \(p[name]!) vs \(e[name]!)")
        }
    }

    @Test("the wave is capped: wave ≤ 120 and add ≤ 200")
    func cap() {
        let scene = WavePull(size: Size(1280, 720))
        scene.handle(.pointerDown(.mouse, Vec2(640, 0)))
        scene.handle(.pointerMove(.mouse, Vec2(640, 700)))
        let c = scene.world.position(scene.points[3])
        let capped: Double = 64 + 200 - 120 + 1.36 * 120
        #expect(c.y == capped)
    }

    @Test("release springs y back to 64 with (0.9, 0.57, 0) following the closed form; x stays")
    func release() {
        let scene = WavePull(size: Size(1280, 720))
        scene.handle(.pointerDown(.mouse, Vec2(500, 0)))
        scene.handle(.pointerMove(.mouse, Vec2(500, 150)))
        let held = positions(scene)
        scene.handle(.pointerUp(.mouse, Vec2(500, 150)))
        for i in 1...240 {
            scene.step(dt: 1.0 / 240)
            let now = positions(scene)
            for name in WavePull.pointNames {
                let y0 = held[name]!.y
                // The spec's spring (0.9, 0.57, 0), worked out from its formulas.
                let exact = SpecSpring.position(duration: 0.9, zeta: 0.57, from: y0, to: 64, at: Double(i) / 240)
                #expect(abs(now[name]!.y - exact) < 1e-6, "\(name) step \(i)")
                #expect(now[name]!.x == held[name]!.x)
            }
        }
    }

    @Test("grabbing again mid-spring continues from where the wave is (no jump), then settles onto the spec's layout for that pull")
    func regrab() {
        let scene = WavePull(size: Size(1280, 720))
        scene.handle(.pointerDown(.mouse, Vec2(640, 0)))
        scene.handle(.pointerMove(.mouse, Vec2(640, 180)))
        scene.handle(.pointerUp(.mouse, Vec2(640, 180)))
        for _ in 0..<24 { scene.step(dt: 1.0 / 240) }
        let before = positions(scene)
        scene.handle(.pointerDown(.mouse, Vec2(640, 300)))
        scene.step(dt: 1.0 / 240)
        let after = positions(scene)
        for name in WavePull.pointNames { #expect(abs(after[name]!.y - before[name]!.y) < 8, "\(name)") }
        // The pull the wave showed when grabbed: by the layout table, c.y = 64 + add − 0.6·add + 1.36·0.6·add.
        let add = (before["c"]!.y - 64) / 1.216
        #expect(add > 20 && add < 180, "add \(add)")
        // Holding still, the wave settles onto the table's layout for that pull under the finger.
        for _ in 0..<480 { scene.step(dt: 1.0 / 240) }
        #expect(!scene.isIdle)
        let settled = positions(scene), table = expected(width: 1280, drag: add, x: 640)
        for name in WavePull.pointNames {
            #expect(abs(settled[name]!.x - table[name]!.x) < 1e-6 && abs(settled[name]!.y - table[name]!.y) < 1e-6,
                    "\(name): \(settled[name]!) vs \(table[name]!)")
        }
        // Moving the finger on pulls from there: the table's layout for the pull plus the move.
        scene.handle(.pointerMove(.mouse, Vec2(640, 310)))
        let moved = positions(scene), further = expected(width: 1280, drag: add + 10, x: 640)
        for name in WavePull.pointNames { #expect(abs(moved[name]!.y - further[name]!.y) < 1e-6, "\(name)") }
    }

    @Test("other pointers do not steal the drag; a cancel releases it")
    func otherPointers() {
        let scene = WavePull(size: Size(1280, 720))
        let finger = PointerID(device: .touch, id: 1)
        scene.handle(.pointerDown(finger, Vec2(640, 0)))
        scene.handle(.pointerMove(.mouse, Vec2(640, 300)))
        #expect(scene.world.position(scene.points[3]).y == 64)
        scene.handle(.pointerMove(finger, Vec2(640, 100)))
        #expect(scene.world.position(scene.points[3]).y > 64)
        scene.handle(.pointerCancel(finger))
        for _ in 0..<(240 * 4) { scene.step(dt: 1.0 / 240) }
        #expect(scene.isIdle)
    }

    @Test("tiny and degenerate sizes give finite points", arguments: [Size(1, 1), Size(0, 0), Size(320, 240), Size(.nan, 5)])
    func degenerate(size: Size) {
        let scene = WavePull(size: size)
        scene.handle(.pointerDown(.mouse, Vec2(0, 0)))
        scene.handle(.pointerMove(.mouse, Vec2(.nan, 50)))
        scene.step(dt: 1.0 / 240)
        for e in scene.points { #expect(scene.world.position(e).isFinite) }
    }
}
