import Testing
import ElasticCore
@testable import ElasticScenes

private let stickyDt = 1.0 / 240

private func entity(_ scene: some Scene, _ name: String) -> Entity? {
    let w = scene.world
    for r in 0..<w.count where w.name[r] == name { return w.entity(atRow: r) }
    return nil
}

private func listH(_ scene: StickyRefresh) -> Double {
    scene.world.position(entity(scene, "list")!).y
}

/// Presses at y = 200 and pulls down `perStep` points every 1/240 s until the pull reaches `h`
/// Calls `each` after every step, before the next move.
private func pull(_ scene: StickyRefresh, to h: Double, perStep: Double = 0.25,
                  each: (StickyRefresh) -> Void = { _ in }) -> Double {
    var y = 200.0
    scene.handle(.pointerDown(.mouse, Vec2(640, y)))
    while listH(scene) < h {
        y += perStep
        scene.step(dt: stickyDt)
        each(scene)             // the state as the step left it, for the pull it saw
        scene.handle(.pointerMove(.mouse, Vec2(640, y)))
        if y > 2000 { break }
    }
    return y
}

private func run(_ scene: StickyRefresh, seconds: Double) {
    for _ in 0..<Int((seconds * 240).rounded()) { scene.step(dt: stickyDt) }
}

@Suite struct StickyRefreshTests {
    @Test func startsInTheOriginalStateWithNamedEntities() {
        let scene = StickyRefresh(size: Size(1280, 720))
        #expect(scene.state == .original)
        #expect(entity(scene, "list") != nil)
        #expect(entity(scene, "blob") != nil)
        #expect(scene.h == 0)
        #expect(scene.isIdle)
        #expect(SceneCatalog.entry(named: "sticky-refresh") != nil)
    }

    @Test func blobGeometryFollowsTheSpec() {
        for (h, s) in [(44.0, 1.0), (55.0, 0.85), (66.0, 0.7), (77.0, 0.55), (88.0, 0.4)] {
            let g = StickyRefresh.blobGeometry(h: h)
            #expect(abs(g.scale - s) < 1e-12)
            #expect(abs(g.topRadius - 15 * s) < 1e-12)
            #expect(abs(g.bottomRadius - 15 * s * s) < 1e-12)
            let cy = (h - 14) - 15 * s * s
            #expect(abs(g.bottomCenterY - cy) < 1e-12)
            #expect(abs(g.controlY - (15 + (cy - 15) / 2)) < 1e-12)
        }
        // h = 44: the stretched blob is the 30-pt circle spanning the strip's 7…37.
        let g44 = StickyRefresh.blobGeometry(h: 44)
        #expect(g44.bottomCenterY == 15)
        // h = 88: Cy = 74 − 2.4 = 71.6; the blob ends at 88 − 14 = 74 (h − 7 in the strip).
        let g88 = StickyRefresh.blobGeometry(h: 88)
        #expect(abs(g88.bottomCenterY - 71.6) < 1e-12)
        #expect(abs(g88.bottomCenterY + g88.bottomRadius - 74) < 1e-12)
    }

    @Test func blobPathIsTwoArcsJoinedByTwoQuads() {
        var path = Path()
        StickyRefresh.blobPath(h: 66, into: &path)
        let g = StickyRefresh.blobGeometry(h: 66)     // s = 0.7
        let s2 = 15 * 0.49
        #expect(path.commands.count == 6)
        guard path.commands.count == 6 else { return }
        #expect(path.commands[0] == .move(Vec2(15 - 10.5, 15)))
        if case let .arc(top) = path.commands[1] {
            #expect(top.center == Vec2(15, 15))
            #expect(abs(top.radius - 10.5) < 1e-12)
            #expect(top.start == Double.pi && top.end == 2 * Double.pi && top.clockwise)
        } else { Issue.record("expected the top arc") }
        #expect(path.commands[2] == .quad(control: Vec2(15 + s2, g.controlY), to: Vec2(15 + s2, g.bottomCenterY)))
        if case let .arc(bottom) = path.commands[3] {
            #expect(bottom.center == Vec2(15, g.bottomCenterY))
            #expect(abs(bottom.radius - s2) < 1e-12)
            #expect(bottom.start == 0 && bottom.end == Double.pi && bottom.clockwise)
        } else { Issue.record("expected the bottom arc") }
        #expect(path.commands[4] == .quad(control: Vec2(15 - s2, g.controlY), to: Vec2(15 - 10.5, 15)))
        #expect(path.commands[5] == .close)
    }

    @Test func statesChangeAt44And88WhilePulling() {
        let scene = StickyRefresh(size: Size(1280, 720))
        var previousH = 0.0
        var previousState = scene.state
        var stretchingAt: (before: Double, at: Double)?
        var refreshingAt: (before: Double, at: Double)?
        _ = pull(scene, to: 95) { s in
            let h = listH(s)
            if s.state == .stretching, previousState != .stretching { stretchingAt = (previousH, h) }
            if s.state == .refreshing, previousState != .refreshing { refreshingAt = (previousH, h) }
            // The rule at every step.
            if previousState != .refreshing, s.state != .refreshing {
                if h > 0, h < 44 { #expect(s.state == .normal) }
                if h >= 44, h <= 88 { #expect(s.state == .stretching) }
            }
            previousH = h
            previousState = s.state
        }
        #expect(stretchingAt != nil && refreshingAt != nil)
        if let (before, at) = stretchingAt {
            #expect(before < 44 && at >= 44 && at < 44.5)
        }
        if let (before, at) = refreshingAt {
            #expect(before <= 88 && at > 88 && at < 88.5)
        }
        // Refreshing even while still held.
        #expect(scene.state == .refreshing)
        #expect(scene.reports.contains("sticky-refresh: stretching"))
        #expect(scene.reports.contains("sticky-refresh: refreshing"))
    }

    @Test func blobEntityTracksTheBottomCircle() {
        let scene = StickyRefresh(size: Size(1280, 720))
        _ = pull(scene, to: 66, perStep: 0.1)
        scene.step(dt: stickyDt)   // still held: the step lays the blob out for the last move
        #expect(scene.state == .stretching)
        let h = listH(scene)
        let blob = scene.world.position(entity(scene, "blob")!)
        #expect(abs(blob.x - 640) < 1e-9)
        #expect(abs(blob.y - (64 + 7 + StickyRefresh.blobGeometry(h: h).bottomCenterY)) < 1e-9)
        let s = StickyRefresh.blobGeometry(h: h).scale
        #expect(s < 1 && s > 0.4)
    }

    /// A state's report is one stored text, not a string built for each report: the scene
    /// reports from `step`, in frames that must not allocate (FrameBench counted 2 mallocs a
    /// report when the line was interpolated). Two reports of one state, both still queued,
    /// share their bytes only when neither was built at run time.
    @Test func reportsOfAStateShareOneText() {
        let scene = StickyRefresh(size: Size(1280, 720))
        for _ in 0..<2 {
            let y = pull(scene, to: 10)
            scene.handle(.pointerUp(.mouse, Vec2(640, y)))
            run(scene, seconds: 2)
        }
        #expect(scene.reports == ["sticky-refresh: normal", "sticky-refresh: original",
                                  "sticky-refresh: normal", "sticky-refresh: original"])
        func bytes(_ line: String) -> UInt? {
            line.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) }
        }
        for state in StickyState.allCases {
            #expect(StickyRefresh.reportLine(state) == "sticky-refresh: \(state.rawValue)")
        }
        guard scene.reports.count == 4 else { return }
        for k in 0..<2 {
            #expect(bytes(scene.reports[k]) != nil)
            #expect(bytes(scene.reports[k]) == bytes(scene.reports[k + 2]), "\(scene.reports[k]) built twice")
        }
    }

    @Test func releaseBelow88SpringsBackWithoutRefreshing() {
        let scene = StickyRefresh(size: Size(1280, 720))
        let y = pull(scene, to: 70)
        #expect(scene.state == .stretching)
        scene.handle(.pointerUp(.mouse, Vec2(640, y)))
        var sawRefresh = false
        var maxH = 0.0
        for _ in 0..<(240 * 2) {
            scene.step(dt: stickyDt)
            if scene.state == .refreshing { sawRefresh = true }
            maxH = max(maxH, listH(scene))
        }
        #expect(!sawRefresh)
        #expect(maxH <= 70.5)
        #expect(listH(scene) == 0)
        #expect(scene.state == .original)
        #expect(scene.isIdle)
    }

    @Test func refreshHolds44ThenSucceedsAndCloses() {
        let scene = StickyRefresh(size: Size(1280, 720))
        let y = pull(scene, to: 100, perStep: 1)
        #expect(scene.state == .refreshing)
        let start = scene.refreshStart
        scene.handle(.pointerUp(.mouse, Vec2(640, y)))
        run(scene, seconds: 1.2)
        #expect(abs(listH(scene) - 44) < 0.05)
        #expect(scene.state == .refreshing)
        #expect(!scene.isIdle)
        // The result 2 s after the refresh began.
        while scene.state == .refreshing { scene.step(dt: stickyDt) }
        #expect(abs(scene.time - (start + 2)) < 1.5 * stickyDt)
        #expect(scene.state == .succeeded)
        #expect(scene.reports.contains("sticky-refresh: succeeded"))
        // The label and its icon are drawn, fading in over 0.5 s.
        run(scene, seconds: 0.5)
        var list = DrawList()
        var tess = Tessellator()
        scene.draw(into: &list, tessellator: &tess, alpha: 1)
        #expect(list.texts.contains { $0.text == "Refreshed" && $0.color.a == 255 })
        // 1 s after the result the list closes the 44 pt over 0.5 s.
        run(scene, seconds: 0.5 - stickyDt)
        #expect(abs(listH(scene) - 44) < 0.05)
        run(scene, seconds: 0.25 + stickyDt)
        #expect(abs(listH(scene) - 22) < 1)          // half-way through the ease-in-out
        run(scene, seconds: 0.3)
        #expect(listH(scene) == 0)
        #expect(scene.state == .original)
        #expect(scene.isIdle)
    }

    @Test func keyFMakesTheRefreshFailAndSpaceEndsItEarly() {
        let scene = StickyRefresh(size: Size(1280, 720))
        scene.handle(.key(.f))
        #expect(!scene.nextRefreshSucceeds)
        let y = pull(scene, to: 95, perStep: 1)
        scene.handle(.pointerUp(.mouse, Vec2(640, y)))
        run(scene, seconds: 0.5)
        #expect(scene.state == .refreshing)
        scene.handle(.key(.space))
        #expect(scene.state == .failed)
        run(scene, seconds: 0.5)
        var list = DrawList()
        var tess = Tessellator()
        scene.draw(into: &list, tessellator: &tess, alpha: 0.5)
        #expect(list.texts.contains { $0.text == "Refresh failed" })
        run(scene, seconds: 1.2)
        #expect(scene.state == .original)
        scene.handle(.key(.s))
        #expect(scene.nextRefreshSucceeds)
    }

    /// The result label and its icon are centred as a group on the text's measured width: with a
    /// measure that says 9 points per point of font size, "Refresh failed" at 14 pt is 126 wide,
    /// so the group (icon + 6 gap + 126) starts at 640 − (icon + 132) / 2.
    @Test func theResultLabelIsCentredByItsMeasuredWidth() throws {
        let driver = try FrameDriver(scene: StickyRefresh.name, windowSize: Size(1280, 720))
        driver.measureText = { _, size in 9 * size }
        let scene = try #require(driver.scene as? StickyRefresh)
        scene.handle(.key(.f))
        let y = pull(scene, to: 95, perStep: 1)
        scene.handle(.pointerUp(.mouse, Vec2(640, y)))
        run(scene, seconds: 0.5)
        scene.handle(.key(.space))
        run(scene, seconds: 0.5)
        var list = DrawList()
        var tess = Tessellator()
        scene.draw(into: &list, tessellator: &tess, alpha: 1)
        let label = try #require(list.texts.first { $0.text == "Refresh failed" })
        let icon = StickyRefresh.iconSize
        let left = 640 - (icon + 6 + 126) / 2
        #expect(abs(label.position.x - (left + icon + 6)) < 1e-9, "\(label.position.x)")
        // And without a measure the estimate is used: a different place.
        driver.measureText = nil
        var estimated = DrawList()
        scene.draw(into: &estimated, tessellator: &tess, alpha: 1)
        #expect(estimated.texts.first { $0.text == "Refresh failed" }?.position.x != label.position.x)
    }

    @Test func grabbingMidRefreshContinuesSmoothly() {
        let scene = StickyRefresh(size: Size(1280, 720))
        let y = pull(scene, to: 100, perStep: 1)
        scene.handle(.pointerUp(.mouse, Vec2(640, y)))
        run(scene, seconds: 0.05)
        let h = listH(scene)
        #expect(h > 44 && h < 100)
        scene.handle(.pointerDown(.mouse, Vec2(640, 300)))
        #expect(abs(listH(scene) - h) < 1e-9)
        scene.step(dt: stickyDt)
        #expect(abs(listH(scene) - h) < 1e-9)
        scene.handle(.pointerUp(.mouse, Vec2(640, 300)))
        run(scene, seconds: 1)
        #expect(abs(listH(scene) - 44) < 0.05)
        #expect(scene.state == .refreshing)
    }

    @Test func tinyAndOddWindowsStayFinite() {
        for size in [Size(1, 1), Size(320, 240), Size(3840, 2160), Size(0, 0), Size(.nan, .infinity)] {
            let scene = StickyRefresh(size: size)
            let y = pull(scene, to: 100, perStep: 2)
            scene.handle(.pointerUp(.mouse, Vec2(640, y)))
            expectFiniteRun(scene, steps: 240 * 5, dt: stickyDt, drawEvery: 60, alpha: 0.5)
            #expect(scene.state == .original)
        }
    }

    @Test func drawsOnlyVisibleRowLabels() {
        let texts = drawnTexts(StickyRefresh(size: Size(1280, 720)))
        let rows = texts.filter { $0.text.hasPrefix("Row ") }
        #expect(rows.count == 15)                     // 656 / 44 → rows 1…15
        #expect(rows.first?.text == "Row 1")
        #expect(texts.contains { $0.text == "Sticky Refresh" })
    }
}
