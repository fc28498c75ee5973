import ElasticCore
import ElasticScenes
import Testing

/// The frame driver's rules, against hand-worked timings: steps per frame, when input applies,
/// the interpolation factor, window coordinates to points, the keys it owns.
@Suite("frame driver")
struct FrameDriverTests {
    func driver(_ scene: String = WavePull.name, window: Size = Size(1280, 720), uiScale: Double = 1,
                replay: [TimedInput] = []) throws -> FrameDriver {
        try FrameDriver(scene: scene, windowSize: window, uiScale: uiScale, stepRate: 240, replay: replay)
    }

    @Test("60 Hz frames take 4 steps of 1/240 s; 144 Hz frames 1 or 2, 240 steps a second either way")
    func stepsPerFrame() throws {
        let d = try driver()
        #expect(d.frame(now: 0) == 0)
        #expect((1...60).map { d.frame(now: Double($0) / 60) } == Array(repeating: 4, count: 60))
        let e = try driver()
        e.frame(now: 0)
        let steps = (1...144).map { e.frame(now: Double($0) / 144) }
        #expect(steps.allSatisfy { $0 == 1 || $0 == 2 } && steps.reduce(0, +) == 240)
    }

    @Test("the drawn state lies alpha of a step behind the newest: 0.5 at 480 Hz frames")
    func interpolation() throws {
        let d = try driver()
        d.frame(now: 0)
        #expect(d.alpha == 1, "before any step the only state is drawn")
        d.frame(now: 1.0 / 480)
        #expect(d.steps == 0 && d.alpha == 1, "still no step: the initial state")
        d.frame(now: 2.0 / 480)
        #expect(d.steps == 1 && abs(d.alpha) < 1e-9)
        #expect(abs(d.renderedTime - 0) < 1e-9, "one step taken, drawn at its start")
        d.frame(now: 3.0 / 480)
        #expect(d.steps == 0 && abs(d.alpha - 0.5) < 1e-9)
        #expect(abs(d.renderedTime - 0.5 / 240) < 1e-9, "half way through the step")
    }

    @Test("a replay event applies at the first step starting at or after the frame that reaches it")
    func replayTiming() throws {
        // Down at 0.1 s: due at the frame at 0.1 s (frame 6 at 60 Hz), applied at the step that
        // starts at 0.1 s, the first of the next frame; the wave follows the pointer from then on.
        let down = TimedInput(time: 0.1, event: .pointerDown(.mouse, Vec2(640, 10)))
        let move = TimedInput(time: 0.1, event: .pointerMove(.mouse, Vec2(640, 210)))
        let d = try driver(replay: [down, move])
        let scene = try #require(d.scene as? WavePull)
        for f in 0...6 { d.frame(now: Double(f) / 60) }
        #expect(scene.isIdle, "queued at 0.1 s, not applied yet")
        d.frame(now: 7.0 / 60)
        #expect(!scene.isIdle)
        #expect(d.replayFinished && !d.hasPendingInput)
    }

    @Test("input in window coordinates reaches the scene in points; setUIScale lays the scene out again")
    func uiScale() throws {
        let d = try driver(window: Size(2560, 1440), uiScale: 2)
        #expect(d.sceneSize == Size(1280, 720))
        let scene = try #require(d.scene as? WavePull)
        d.frame(now: 0)
        d.input(.pointerDown(.mouse, Vec2(1280, 20)))
        d.input(.pointerMove(.mouse, Vec2(1280, 420)))
        for f in 1...120 { d.frame(now: Double(f) / 60) }
        // 200 pt of drag (400 window coordinates / 2): the centre point sits at 64 + 1.216 × 200.
        let c = scene.world.position(scene.points[3])
        #expect(abs(c.x - 640) < 1e-9 && abs(c.y - (64 + 1.216 * 200)) < 1e-6, "\(c)")
        d.setUIScale(1, window: Size(2560, 1440))
        #expect(d.sceneSize == Size(2560, 1440) && d.uiScale == 1)
        #expect(try driver(window: Size(0, 0)).sceneSize == Size(1, 1), "a 0×0 window is a 1×1 scene")
    }

    @Test("the flattening tolerance is in output pixels: twice the pixel scale, more points on the curves")
    func toleranceInPixels() throws {
        let d = try driver(GooeyMenu.name)
        d.frame(now: 0)
        d.draw(outputScale: 1)
        let atOne = d.drawList.vertexCount
        #expect(d.tessellator.tolerance == 0.1, "the default, 0.1 output pixels, in points at scale 1")
        d.draw(outputScale: 2)
        #expect(d.tessellator.tolerance == 0.05)
        // The camera's circles and the menu's curve: chords of half the sagitta, about √2 as many.
        #expect(d.drawList.vertexCount > atOne, "\(atOne) → \(d.drawList.vertexCount)")
    }

    @Test("1–5 and Tab switch scenes, Esc and F1 are handed back, other keys reach the scene")
    func keys() throws {
        let d = try driver()
        d.frame(now: 0)
        d.input(.key(.three))
        d.input(.key(.f1))
        d.frame(now: 1.0 / 60)
        #expect(d.sceneIndex == 2 && d.scene is JellyBlock)
        #expect(d.appKeys == [.f1])
        d.input(.key(.tab))
        d.input(.key(.escape))
        d.frame(now: 2.0 / 60)
        #expect(d.scene is StickyRefresh && d.appKeys == [.escape])
        var reports: [String] = []
        d.drainReports { reports.append($0) }
        #expect(reports == ["scene: jelly-block", "scene: sticky-refresh"])
        d.drainReports { reports.append($0) }
        #expect(reports.count == 2, "drained once")
        #expect(throws: SceneError.unknownScene("nope")) { try FrameDriver(scene: "nope", windowSize: Size(1, 1)) }
    }

    @Test("tuning keys are handed back; a switched-to scene is handed to onSceneMade before its first step")
    func tuningKeysAndNewScenes() throws {
        let d = try driver()
        var made: [(String, Double)] = []
        d.onSceneMade = { made.append((type(of: $0).name, $0.time)) }
        d.frame(now: 0)
        for key in [Key.leftBracket, .rightBracket, .minus, .equals, .w, .three] { d.input(.key(key)) }
        d.frame(now: 1.0 / 60)
        #expect(d.appKeys == [.leftBracket, .rightBracket, .minus, .equals, .w])
        #expect(made.count == 1 && made[0].0 == "jelly-block" && made[0].1 == 0)
        #expect(d.scene.time > 0, "then it stepped")
        #expect(Key(rawValue: "[") == .leftBracket && Key(rawValue: "=") == .equals && Key(rawValue: "w") == .w)
    }

    @Test("every queued event is handed to onQueued with the time it was queued at")
    func queuedEvents() throws {
        let d = try driver(replay: [TimedInput(time: 0.01, event: .key(.space))])
        var queued: [TimedInput] = []
        d.onQueued = { queued.append($0) }
        d.frame(now: 0)
        d.frame(now: 1.0 / 60)
        d.input(.pointerDown(.mouse, Vec2(5, 5)))
        // Both at 1/60 s, to the nanosecond: the replay's key when the frame at 1/60 s was reached,
        // the live press at the clock's 4 steps.
        #expect(queued == [TimedInput(time: 0.016666667, event: .key(.space)),
                           TimedInput(time: 0.016666667, event: .pointerDown(.mouse, Vec2(5, 5)))])
    }
}
