import Testing
import ElasticCore
@testable import ElasticScenes

/// jelly-block against the spec's jelly-block section, driven headless at 240 Hz.
@Suite struct JellyBlockTests {
    static let dt = 1.0 / 240
    static let size = Size(1280, 720)

    func run(_ scene: JellyBlock, seconds: Double) {
        for _ in 0..<Int((seconds / Self.dt).rounded()) { scene.step(dt: Self.dt) }
    }

    func y(_ scene: JellyBlock) -> Double { scene.world.position(scene.block).y }

    @Test func startsSquareAtTheBottom() {
        let scene = JellyBlock(size: Self.size)
        #expect(scene.world.name == ["block"])
        #expect(scene.world.position(scene.block) == Vec2(640, 670))
        #expect(scene.fromY == 670 && scene.toY == 100)
        #expect(scene.bulge(centerY: 670) == 0)
        #expect(scene.isIdle)
        #expect(JellyBlock.color == RGBA(0, 0, 255))
        #expect(JellyBlock.blockSize == Size(100, 100))
        #expect(JellyBlock.spring == (try? SpringParameters.uikit(duration: 1.0, dampingRatio: 0.85, initialVelocity: 0)))
    }

    @Test func bulgeFormula() {
        #expect(JellyBlock.bulge(progress: 0.5) == 25)
        #expect(JellyBlock.bulge(progress: 0) == 0)
        #expect(JellyBlock.bulge(progress: 1) == 0)
        #expect(JellyBlock.bulge(progress: 0.25) == 12.5)
        #expect(JellyBlock.bulge(progress: 0.75) == 12.5)
        #expect(abs(JellyBlock.bulge(progress: 1.006) - -0.3) < 1e-9, "overshoot: unclamped")
        #expect(JellyBlock.bulge(progress: -3) == -25, "clamped to h/4")
        #expect(JellyBlock.bulge(progress: 9) == -25)
        #expect(JellyBlock.bulge(progress: .nan) == 0)
        let scene = JellyBlock(size: Self.size)
        #expect(scene.progress(centerY: 670) == 0)
        #expect(scene.progress(centerY: 100) == 1)
        #expect(scene.progress(centerY: 385) == 0.5)
    }

    @Test func spaceLaunchesOnTheClosedFormSpring() {
        let scene = JellyBlock(size: Self.size)
        scene.handle(.key(.space))
        #expect(!scene.isIdle)
        let ref = Spring(JellyBlock.spring, value: 670, target: 100)
        var worst = 0.0
        for n in 1...240 {
            scene.step(dt: Self.dt)
            worst = max(worst, abs(y(scene) - ref.sample(after: Double(n) * Self.dt).value))
        }
        #expect(worst <= 1e-6 * 570, "worst \(worst)")
        run(scene, seconds: 2)
        #expect(scene.isIdle)
        #expect(scene.world.position(scene.block) == Vec2(640, 100), "then stays")
        #expect(scene.bulge(centerY: y(scene)) == 0, "square at rest")
    }

    /// The bulge peaks at 25 as p crosses 0.5, never exceeds it, and barely dips on the overshoot.
    @Test func peakBulgeMidFlight() {
        let scene = JellyBlock(size: Self.size)
        scene.handle(.key(.space))
        var crossing: Double?
        var maxD = 0.0, minD = 0.0, lastP = 0.0
        for _ in 0..<Int(2 / Self.dt) {
            scene.step(dt: Self.dt)
            let c = y(scene)
            let p = scene.progress(centerY: c), d = scene.bulge(centerY: c)
            if crossing == nil, lastP < 0.5, p >= 0.5 {
                // The step nearer p = 0.5 of the two around the crossing.
                crossing = (p - 0.5 < 0.5 - lastP) ? d : JellyBlock.bulge(progress: lastP)
            }
            lastP = p
            maxD = max(maxD, d); minD = min(minD, d)
        }
        #expect(crossing != nil)
        #expect(abs((crossing ?? 0) - 25) < 0.5, "bulge at the crossing \(crossing ?? .nan)")
        #expect(maxD <= 25 && maxD > 24.5)
        #expect(minD > -0.5, "the 0.85 spring overshoots by 0.6 % at most")
    }

    @Test func shapeFollowsTheSpecPath() {
        var path = Path()
        JellyBlock.shape(rect: Rect(x: 10, y: 20, width: 100, height: 100), bulge: 25, into: &path)
        #expect(path.commands == [
            .move(Vec2(10, 45)),
            .quad(control: Vec2(60, 20), to: Vec2(110, 45)),
            .line(Vec2(110, 120)),
            .quad(control: Vec2(60, 95), to: Vec2(10, 120)),
            .close,
        ])
    }

    @Test func startControlLaunches() {
        let scene = JellyBlock(size: Self.size)
        let r = scene.controlRect
        #expect(r == Rect(x: 20, y: 720 - 20 - 44, width: 110, height: 44))
        let inside = Vec2(r.x + r.width / 2, r.y + r.height / 2)
        scene.handle(.pointerDown(.mouse, inside))
        #expect(!scene.isIdle, "held")
        scene.handle(.pointerUp(.mouse, inside))
        run(scene, seconds: 0.5)
        #expect(y(scene) < 200)
        // A press dragged off the control does not launch.
        let other = JellyBlock(size: Self.size)
        other.handle(.pointerDown(.mouse, inside))
        other.handle(.pointerMove(.mouse, Vec2(400, 400)))
        other.handle(.pointerUp(.mouse, Vec2(400, 400)))
        run(other, seconds: 0.2)
        #expect(y(other) == 670)
        #expect(other.isIdle)
    }

    @Test func pressWhileMovingRestarts() {
        let scene = JellyBlock(size: Self.size)
        scene.handle(.key(.space))
        run(scene, seconds: 0.3)
        #expect(y(scene) < 385)
        scene.handle(.key(.space))
        #expect(y(scene) == 670, "restarts from the bottom")
        #expect(scene.world.velocity(scene.block) == .zero)
        let ref = Spring(JellyBlock.spring, value: 670, target: 100)
        run(scene, seconds: 0.4)
        #expect(abs(y(scene) - ref.sample(after: 0.4).value) < 1e-6 * 570)
        // At rest at the top, a press plays it again from the bottom.
        run(scene, seconds: 3)
        scene.handle(.key(.space))
        #expect(y(scene) == 670)
        #expect(scene.world.target(scene.block).y == 100)
    }

    /// Drags the pointer from `from` to `to` in `steps` moves, one per fixed step.
    func drag(_ scene: JellyBlock, from: Vec2, to: Vec2, steps: Int) {
        scene.handle(.pointerDown(.mouse, from))
        for k in 1...steps {
            scene.step(dt: Self.dt)
            scene.handle(.pointerMove(.mouse, from.lerp(to: to, Double(k) / Double(steps))))
        }
    }

    @Test func dragKeepsTheGrabOffsetAndBulges() {
        let scene = JellyBlock(size: Self.size)
        scene.handle(.pointerDown(.mouse, Vec2(660, 690)))
        #expect(y(scene) == 670)
        scene.handle(.pointerMove(.mouse, Vec2(700, 405)))
        scene.step(dt: Self.dt)
        #expect(scene.world.position(scene.block) == Vec2(640, 385), "x stays centred, grab offset kept")
        #expect(scene.bulge(centerY: y(scene)) == 25, "the formula applies while dragging")
        run(scene, seconds: 1)
        #expect(y(scene) == 385, "held under the finger")
        #expect(!scene.isIdle)
        // Past the bottom: clamped, never inverted.
        scene.handle(.pointerMove(.mouse, Vec2(700, 5000)))
        scene.step(dt: Self.dt)
        #expect(scene.bulge(centerY: y(scene)) == -25)
        // A press off the block does not grab it.
        let other = JellyBlock(size: Self.size)
        other.handle(.pointerDown(.mouse, Vec2(640, 300)))
        other.handle(.pointerMove(.mouse, Vec2(640, 200)))
        #expect(y(other) == 670)
    }

    @Test func flingUpGoesToTheTopKeepingItsSpeed() {
        let scene = JellyBlock(size: Self.size)
        // 10 pt per step at 240 Hz = 2400 pt/s upward; release with the centre at 250 (nearer 100).
        drag(scene, from: Vec2(640, 680), to: Vec2(640, 260), steps: 42)
        #expect(y(scene) == 250)
        #expect(abs(scene.pointerVelocity - -2400) < 1e-6)
        scene.handle(.pointerUp(.mouse, Vec2(640, 260)))
        #expect(scene.end == .top)
        #expect(scene.world.target(scene.block).y == 100)
        #expect(abs(scene.world.velocity(scene.block).y - -2400) < 1e-6, "the fling's velocity, no UIKit kick")
        let ref = Spring(JellyBlock.spring, value: 250, target: 100, velocity: -2400)
        run(scene, seconds: 0.5)
        #expect(abs(y(scene) - ref.sample(after: 0.5).value) < 1e-6 * 150)
        run(scene, seconds: 3)
        #expect(scene.isIdle)
        #expect(y(scene) == 100)
    }

    @Test func slowReleaseNearTheBottomReturnsThere() {
        let scene = JellyBlock(size: Self.size)
        drag(scene, from: Vec2(640, 670), to: Vec2(640, 420), steps: 120)
        run(scene, seconds: 0.2)   // the pointer rests: no fling left
        #expect(scene.pointerVelocity == 0)
        scene.handle(.pointerUp(.mouse, Vec2(640, 420)))
        #expect(scene.end == .bottom)
        #expect(scene.world.velocity(scene.block) == .zero)
        run(scene, seconds: 3)
        #expect(y(scene) == 670)
        #expect(scene.isIdle)
    }

    @Test func flingDownFromTheTop() {
        let scene = JellyBlock(size: Self.size)
        scene.handle(.key(.space))
        run(scene, seconds: 3)
        drag(scene, from: Vec2(640, 100), to: Vec2(640, 500), steps: 40)
        scene.handle(.pointerUp(.mouse, Vec2(640, 500)))
        #expect(scene.end == .bottom)
        #expect(scene.world.velocity(scene.block).y > 2000)
        run(scene, seconds: 3)
        #expect(y(scene) == 670)
    }

    @Test func grabMidFlightDoesNotJump() {
        let scene = JellyBlock(size: Self.size)
        scene.handle(.key(.space))
        run(scene, seconds: 0.25)
        let before = y(scene)
        scene.handle(.pointerDown(.mouse, Vec2(640, before)))
        #expect(y(scene) == before)
        scene.step(dt: Self.dt)
        #expect(y(scene) == before, "pinned under the finger")
        scene.handle(.pointerUp(.mouse, Vec2(640, before)))
        #expect(scene.world.velocity(scene.block).y == 0)
    }

    @Test(arguments: [Size(1, 1), Size(320, 240), Size(800, 600), Size(3840, 2160), Size(0, -5), Size(.nan, .infinity)])
    func finiteGeometryAtAnySize(_ size: Size) {
        let scene = JellyBlock(size: size)
        var list = DrawList()
        var tess = Tessellator()
        scene.handle(.key(.space))
        for k in 0..<Int(1.5 / Self.dt) {
            scene.step(dt: Self.dt)
            if k % 24 == 0 {
                list.removeAll()
                scene.draw(into: &list, tessellator: &tess, alpha: 0.5)
                #expect(list.mesh.vertices.allSatisfy { $0.position.isFinite })
                #expect(list.texts.allSatisfy { $0.position.isFinite && $0.size.isFinite })
                let c = scene.world.position(scene.block)
                let d = scene.bulge(centerY: c.y)
                #expect(c.isFinite && d.isFinite && abs(d) <= 25)
                let r = scene.controlRect
                #expect(r.x.isFinite && r.y.isFinite && r.width > 0 && r.height > 0)
            }
        }
        scene.resize(to: Size(640, 480))
        #expect(scene.world.position(scene.block).isFinite)
    }

    @Test func resizeKeepsTheEnd() {
        let scene = JellyBlock(size: Self.size)
        scene.resize(to: Size(800, 600))
        #expect(scene.world.position(scene.block) == Vec2(400, 550))
        scene.handle(.key(.space))
        run(scene, seconds: 3)
        scene.resize(to: Size(1920, 1080))
        #expect(scene.world.position(scene.block) == Vec2(960, 100))
        #expect(scene.isIdle)
    }
}

// MARK: The replay scripts (assets/replays), played through the frame driver at 240 Hz

@Suite struct JellyBlockReplayTests {
    @Test func launch() throws {
        let run = try ReplayHarness(scene: JellyBlock.name, replay: "jelly-block-launch")
        let scene = try #require(run.scene as? JellyBlock)
        var crossing: Double?
        var peak = 0.0, lowest = 1000.0
        run.run(until: 3) { _ in
            let s = scene
            let y = s.world.position(s.block).y
            if crossing == nil, y <= 385 { crossing = s.time }
            peak = max(peak, s.bulge(centerY: y)); lowest = min(lowest, y)
        }
        #expect(abs((crossing ?? 0) - (0.5 + 0.179)) < 0.005, "p = 0.5 at \(crossing ?? .nan)")
        #expect(peak > 24.5 && peak <= 25)
        #expect(abs(lowest - 96.42) < 0.01, "overshoot to 96.42")
        #expect(scene.isIdle && scene.world.position(scene.block).y == 100)
    }

    @Test func fling() throws {
        let run = try ReplayHarness(scene: JellyBlock.name, replay: "jelly-block-fling")
        let scene = try #require(run.scene as? JellyBlock)
        var released = false
        var lowest = 1000.0
        run.run(until: 0.66) { _ in
            let s = scene
            if !released, s.isIdle == false, s.world.target(s.block).y == 100, s.world.velocity(s.block).y < 0 {
                released = true
                #expect(abs(s.world.velocity(s.block).y - -2400) < 2400 * 0.05)
            }
        }
        #expect(released)
        #expect(scene.end == .top)
        run.run(until: 3) { _ in lowest = min(lowest, scene.world.position(scene.block).y) }
        #expect(abs(lowest - 84.6) < 3, "overshoots to about 84.6, got \(lowest)")
        #expect(scene.isIdle && scene.world.position(scene.block).y == 100)
    }
}
