import Testing
import ElasticCore
@testable import ElasticScenes

/// gooey-menu against the spec's gooey-menu section, driven headless at 240 Hz.
@Suite struct GooeyMenuTests {
    static let dt = 1.0 / 240
    static let size = Size(1280, 720)

    func entity(_ scene: GooeyMenu, _ name: String) -> Entity {
        let w = scene.world
        for r in 0..<w.count where w.name[r] == name { return w.entity(atRow: r) }
        Issue.record("no entity named \(name)")
        return Entity(slot: .max, generation: 0)
    }

    func run(_ scene: GooeyMenu, seconds: Double) {
        for _ in 0..<Int((seconds / Self.dt).rounded()) { scene.step(dt: Self.dt) }
    }

    func settledOpen() -> GooeyMenu {
        let scene = GooeyMenu(size: Self.size)
        scene.handle(.key(.space))
        run(scene, seconds: 3)
        #expect(scene.isIdle)
        return scene
    }

    @Test func tracesByName() {
        let scene = GooeyMenu(size: Self.size)
        let names = Set(scene.world.name)
        #expect(names == ["side-helper", "center-helper", "button0", "button1", "button2", "button3"])
        #expect(scene.world.position(entity(scene, "side-helper")).y == 720 + 60)
        #expect(scene.world.position(entity(scene, "center-helper")).y == 720 + 60)
        #expect(scene.isIdle)
    }

    /// Compares a helper's stepped motion with the closed-form UIKit spring, within 1e-6 of the travel.
    func expectClosedForm(_ scene: GooeyMenu, _ e: Entity, spring: SpringParameters, from: Double, to: Double,
                          seconds: Double = 1.0) {
        let reference = Spring(spring, value: from, target: to)
        let travel = abs(to - from)
        var worst = 0.0
        let steps = Int((seconds / Self.dt).rounded())
        for n in 1...steps {
            scene.step(dt: Self.dt)
            let expected = reference.sample(after: Double(n) * Self.dt).value
            worst = max(worst, abs(scene.world.position(e).y - expected))
        }
        #expect(worst <= 1e-6 * travel, "worst error \(worst) over travel \(travel)")
    }

    @Test func openingHelpersFollowTheirSprings() {
        let a = GooeyMenu(size: Self.size)
        a.handle(.key(.space))
        #expect(a.isOpen)
        expectClosedForm(a, a.sideHelper, spring: GooeyMenu.sideOpenSpring, from: 780, to: 360)
        let b = GooeyMenu(size: Self.size)
        b.handle(.key(.space))
        expectClosedForm(b, b.centerHelper, spring: GooeyMenu.centerOpenSpring, from: 780, to: 360)
    }

    @Test func closingHelpersFollowTheirSprings() {
        let a = settledOpen()
        a.handle(.key(.space))
        #expect(!a.isOpen)
        expectClosedForm(a, a.sideHelper, spring: GooeyMenu.sideCloseSpring, from: 360, to: 740)
        let b = settledOpen()
        b.handle(.key(.space))
        expectClosedForm(b, b.centerHelper, spring: GooeyMenu.centerCloseSpring, from: 360, to: 740)
    }

    @Test func springsAreTheUIKitMapping() throws {
        #expect(try GooeyMenu.sideOpenSpring == (SpringParameters.uikit(duration: 1.0, dampingRatio: 0.5, initialVelocity: 0.9)))
        #expect(try GooeyMenu.centerOpenSpring == (SpringParameters.uikit(duration: 1.0, dampingRatio: 0.8, initialVelocity: 2.0)))
        #expect(try GooeyMenu.sideCloseSpring == (SpringParameters.uikit(duration: 1.0, dampingRatio: 0.6, initialVelocity: 0.9)))
        #expect(try GooeyMenu.centerCloseSpring == (SpringParameters.uikit(duration: 1.0, dampingRatio: 0.7, initialVelocity: 2.0)))
        #expect(try GooeyMenu.buttonSpring == (SpringParameters.uikit(duration: 0.7, dampingRatio: 0.6, initialVelocity: 0)))
    }

    /// diff = side − centre follows the two closed forms' difference. Opening (720 high: both from
    /// 780 to 360), the stiffer side spring leads despite its smaller kick: diff dips to −158.65 at 0.2125 s
    /// (the edge bulges up by ≈ 79, filling the 80-pt band), swings back to ≈ +17.8 near
    /// 0.6 s and dies out. Closing (360 → 740): diff peaks at +44.87 at 0.2375 s (the edge sags),
    /// then ≈ −8 near 0.6 s, and dies out.
    @Test func diffFollowsTheHelpersAndDiesOut() {
        let scene = GooeyMenu(size: Self.size)
        for (from, to, side, center, extreme, extremeTime) in [
            (780.0, 360.0, GooeyMenu.sideOpenSpring, GooeyMenu.centerOpenSpring, -158.65, 0.2125),
            (360.0, 740.0, GooeyMenu.sideCloseSpring, GooeyMenu.centerCloseSpring, 44.87, 0.2375),
        ] {
            scene.handle(.key(.space))
            let s = Spring(side, value: from, target: to), c = Spring(center, value: from, target: to)
            var diffs: [Double] = []
            var worst = 0.0
            for n in 1...Int(3 / Self.dt) {
                scene.step(dt: Self.dt)
                diffs.append(scene.diff)
                if n <= 240 {
                    let t = Double(n) * Self.dt
                    worst = max(worst, abs(scene.diff - (s.sample(after: t).value - c.sample(after: t).value)))
                }
            }
            #expect(worst < 2e-6 * abs(to - from))
            let peak = extreme < 0 ? diffs.min()! : diffs.max()!
            let peakTime = Double(diffs.firstIndex(of: peak)! + 1) * Self.dt
            #expect(abs(peak - extreme) < 0.01, "extreme diff \(peak)")
            #expect(abs(peakTime - extremeTime) < 1e-9, "at \(peakTime) s")
            // Then the bend reverses …
            let opposite = extreme < 0 ? diffs.max()! : diffs.min()!
            #expect(opposite * extreme < 0 && abs(opposite) > 5 && abs(opposite) < abs(extreme) / 2)
            // … decays window by window, and is gone at rest.
            let window = Int(0.25 / Self.dt)
            let peaks = stride(from: Int(0.5 / Self.dt), to: diffs.count - window, by: window).map { start in
                diffs[start..<(start + window)].map(abs).max()!
            }
            for (a, b) in zip(peaks, peaks.dropFirst()) where a > 0.01 { #expect(b < a) }
            #expect(diffs.last! == 0)
            #expect(scene.isIdle)
        }
    }

    @Test func bodySlidesEaseInOut() {
        let scene = GooeyMenu(size: Self.size)
        #expect(scene.edgeY(at: scene.time) == 720 + 80, "closed: edge and band below the window")
        scene.handle(.key(.space))
        let t0 = scene.time
        // The slide is a tween of scene time: sample it at exact times.
        #expect(abs(scene.edgeY(at: t0 + 0.309) - (800 + 360) / 2) < 1e-6, "ease-in-out: halfway at half time")
        #expect(scene.edgeY(at: t0 + 0.618) == 360, "open edge at H/2 at 0.618 s")
        #expect(scene.edgeY(at: t0 + 0.05) > 800 - 0.05 / 0.618 * 440 * 0.5, "ease-in: slow start")
        run(scene, seconds: 0.62)
        #expect(scene.edgeY(at: scene.time) == 360)
        #expect(scene.edgeY(at: scene.time - 2 * Self.dt) > 360)
        run(scene, seconds: 1)
        scene.handle(.key(.space))
        let t1 = scene.time
        #expect(abs(scene.edgeY(at: t1 + 0.309) - 580) < 1e-6)
        #expect(scene.edgeY(at: t1 + 0.618) == 800, "closed again: edge back below the window")
    }

    @Test func veilFadesInAndOut() {
        let scene = GooeyMenu(size: Self.size)
        #expect(scene.veil.value(at: scene.time) == 0)
        scene.handle(.key(.space))
        run(scene, seconds: 0.15)
        #expect(abs(scene.veil.value(at: scene.time) - 0.5) < 1e-6)
        run(scene, seconds: 0.15)
        #expect(abs(scene.veil.value(at: scene.time) - 1) < 1e-9)
        run(scene, seconds: 1)
        scene.handle(.key(.space))
        run(scene, seconds: 0.3)
        #expect(abs(scene.veil.value(at: scene.time)) < 1e-9)
    }

    @Test func buttonsEnterStaggered() {
        let scene = GooeyMenu(size: Self.size)
        let n = scene.buttons.count
        #expect(n == 4)
        let hidden = scene.buttons.map { scene.world.position($0) }
        for i in 0..<n { #expect(hidden[i].y == scene.buttonPlace(i).y + 90, "enters from 90 below its place") }
        scene.handle(.key(.space))
        var started = Array(repeating: -1.0, count: n)
        for step in 1...Int(0.5 / Self.dt) {
            scene.step(dt: Self.dt)
            for i in 0..<n where started[i] < 0 && scene.world.position(scene.buttons[i]) != hidden[i] {
                started[i] = Double(step - 1) * Self.dt   // moving during the step that began then
            }
        }
        for i in 0..<n { #expect(abs(started[i] - Double(i) * 0.3 / Double(n)) < 1e-9, "button \(i) delay \(started[i])") }
        run(scene, seconds: 2)
        for i in 0..<n { #expect(scene.world.position(scene.buttons[i]) == scene.buttonPlace(i)) }
        // Layout: 40 tall, 30 apart, centred in the visible body (H/2 = 360 tall), W − 80 wide.
        #expect(scene.buttonHeight == 40)
        #expect(scene.buttonWidth == 1200)
        #expect(scene.buttonPlace(1).y - scene.buttonPlace(0).y == 70)
        #expect(abs((scene.buttonPlace(0).y - 20) - (360 - (scene.buttonPlace(3).y + 20))) < 1e-9)
        // The first button follows the (0.7, 0.6, 0) spring from 90 below.
        let fresh = GooeyMenu(size: Self.size)
        fresh.handle(.key(.space))
        let start = fresh.world.position(fresh.buttons[0]).y
        let ref = Spring(GooeyMenu.buttonSpring, value: start, target: fresh.buttonPlace(0).y)
        run(fresh, seconds: 0.25)
        #expect(abs(fresh.world.position(fresh.buttons[0]).y - ref.sample(after: 0.25).value) < 1e-6 * 90)
    }

    /// Window point at the centre of button i (open, settled).
    func buttonCenter(_ scene: GooeyMenu, _ i: Int) -> Vec2 {
        let p = scene.world.position(scene.buttons[i])
        return Vec2(p.x, scene.edgeY(at: scene.time) + p.y)
    }

    @Test func tapOnButtonClosesAndReportsIndex() {
        let scene = settledOpen()
        let p = buttonCenter(scene, 2)
        #expect(p == Vec2(640, 360 + scene.buttonPlace(2).y))
        scene.handle(.pointerDown(.mouse, p))
        #expect(scene.isOpen, "acts on release")
        scene.handle(.pointerUp(.mouse, p))
        #expect(!scene.isOpen)
        #expect(scene.reports == ["gooey-menu: button 2 \"Record video\" tapped"])
        #expect(scene.world.target(scene.sideHelper).y == 740)
        run(scene, seconds: 3)
        #expect(scene.isIdle)
        #expect(scene.edgeY(at: scene.time) == 800)
    }

    @Test func pressThatLeavesTheButtonDoesNothing() {
        let scene = settledOpen()
        scene.handle(.pointerDown(.mouse, buttonCenter(scene, 1)))
        scene.handle(.pointerUp(.mouse, Vec2(640, 700)))
        #expect(scene.isOpen)
        #expect(scene.reports.isEmpty)
        #expect(scene.isIdle)
    }

    @Test func tapOnVeilCloses() {
        let scene = settledOpen()
        scene.handle(.pointerDown(.mouse, Vec2(200, 100)))
        scene.handle(.pointerUp(.mouse, Vec2(200, 100)))
        #expect(!scene.isOpen)
        #expect(scene.reports.isEmpty)
        // A tap on the body between buttons does nothing.
        let again = settledOpen()
        let gap = Vec2(640, 360 + (again.buttonPlace(0).y + again.buttonPlace(1).y) / 2)
        again.handle(.pointerDown(.mouse, gap))
        again.handle(.pointerUp(.mouse, gap))
        #expect(again.isOpen)
    }

    @Test func clickOnCameraOpens() {
        let scene = GooeyMenu(size: Self.size)
        scene.handle(.pointerDown(PointerID(device: .touch, id: 7), Vec2(650, 365)))
        #expect(!scene.isIdle, "a held pointer is not idle")
        scene.handle(.pointerUp(PointerID(device: .touch, id: 7), Vec2(650, 365)))
        #expect(scene.isOpen)
        // A click beside the camera does nothing.
        let other = GooeyMenu(size: Self.size)
        other.handle(.pointerDown(.mouse, Vec2(100, 100)))
        other.handle(.pointerUp(.mouse, Vec2(100, 100)))
        #expect(!other.isOpen)
    }

    /// Closing mid-opening: positions continue and velocities keep what they had plus UIKit's kick.
    @Test func toggleMidAnimationContinues() {
        let scene = GooeyMenu(size: Self.size)
        scene.handle(.key(.space))
        run(scene, seconds: 0.2)
        let all = [scene.sideHelper, scene.centerHelper] + scene.buttons
        let before = all.map { (scene.world.position($0), scene.world.velocity($0)) }
        let edgeBefore = scene.edgeY(at: scene.time), veilBefore = scene.veil.value(at: scene.time)
        scene.handle(.key(.space))
        #expect(!scene.isOpen)
        for (e, (p, _)) in zip(all, before) { #expect(scene.world.position(e) == p) }
        let sideV = before[0].1.y + 0.9 * (740 - before[0].0.y)
        let centerV = before[1].1.y + 2.0 * (740 - before[1].0.y)
        #expect(abs(scene.world.velocity(scene.sideHelper).y - sideV) < 1e-9)
        #expect(abs(scene.world.velocity(scene.centerHelper).y - centerV) < 1e-9)
        #expect(scene.world.velocity(scene.buttons[0]) == before[2].1, "button spring has no kick")
        #expect(scene.edgeY(at: scene.time) == edgeBefore)
        #expect(scene.veil.value(at: scene.time) == veilBefore)
        // The next step moves on smoothly: no jump bigger than the speed allows.
        let y0 = scene.world.position(scene.sideHelper).y
        scene.step(dt: Self.dt)
        #expect(abs(scene.world.position(scene.sideHelper).y - y0) < abs(sideV) * Self.dt * 1.5 + 1)
        // Pending entrances are cancelled by closing; everything comes to rest closed.
        #expect(scene.pendingEntrance.allSatisfy { $0 == nil })
        run(scene, seconds: 3)
        #expect(scene.isIdle)
        for i in scene.buttons.indices { #expect(scene.world.position(scene.buttons[i]) == scene.hiddenPlace(i)) }
        // And reopening mid-closing works the same way.
        scene.handle(.key(.space))
        run(scene, seconds: 0.1)
        let p = scene.world.position(scene.centerHelper)
        scene.handle(.key(.space))
        #expect(scene.world.position(scene.centerHelper) == p)
    }

    /// A frame drawn between two steps shows them blended by α: the body's edge where the slide is at
    /// the in-between time, its bend and the buttons' labels where the springs were at the two steps,
    /// blended. The springs' states come from their closed forms and the slide from a tween made
    /// here, not from the scene.
    @Test func interpolatedDrawTimeMatchesSprings() throws {
        let scene = GooeyMenu(size: Self.size)
        scene.handle(.key(.space))
        let n = 120   // 0.5 s: the slide, the helpers and every button are still moving
        for _ in 0..<n { scene.step(dt: Self.dt) }
        #expect(abs(scene.sim.renderTime(alpha: 0) - (scene.time - Self.dt)) < 1e-12)
        #expect(scene.sim.renderTime(alpha: 1) == scene.time)

        let side = Spring(GooeyMenu.sideOpenSpring, value: 780, target: 360)
        let center = Spring(GooeyMenu.centerOpenSpring, value: 780, target: 360)
        let slide = Tween(from: 0, to: 1, start: 0, duration: GooeyMenu.slideDuration, easing: .easeInOut)
        /// Button i's y after `step` steps: its spring starts at the first step at or after i · 0.3 s / 4.
        func button(_ i: Int, afterStep step: Int) -> Double {
            let start = Int((Double(i) * GooeyMenu.staggerTotal / 4 / Self.dt - 1e-6).rounded(.up))
            let from = scene.hiddenPlace(i).y, to = scene.buttonPlace(i).y
            guard step > start else { return from }
            return Spring(GooeyMenu.buttonSpring, value: from, target: to).sample(after: Double(step - start) * Self.dt).value
        }
        func blended(_ alpha: Double, _ y: (Int) -> Double) -> Double { y(n - 1) + (y(n) - y(n - 1)) * alpha }

        for alpha in [0.25, 0.5, 0.75] {
            var list = DrawList()
            var tess = Tessellator()
            tess.shapeLog = ShapeLog()
            scene.draw(into: &list, tessellator: &tess, alpha: alpha)
            // The body's bent edge: the one quadratic from the left edge to the right.
            let bends = try #require(tess.shapeLog).commands.compactMap { c -> (control: Vec2, to: Vec2)? in
                if case let .quad(control, to) = c { return (control, to) } else { return nil }
            }
            try #require(bends.count == 1, "α \(alpha): \(bends.count) curved edges drawn")
            let edge = 800 + (360 - 800) * slide.value(at: (Double(n - 1) + alpha) * Self.dt)
            let bend = blended(alpha) { side.sample(after: Double($0) * Self.dt).value }
                - blended(alpha) { center.sample(after: Double($0) * Self.dt).value }
            #expect(abs(bends[0].to.y - edge) < 1e-9, "α \(alpha): edge \(bends[0].to.y), slide puts it at \(edge)")
            #expect(abs(bends[0].control.y - bends[0].to.y - bend) < 1e-3, "α \(alpha): bend \(bends[0].control.y - bends[0].to.y), springs \(bend)")
            // Each button's label at its centre: the edge plus the button's blended place.
            try #require(list.texts.count == 4, "α \(alpha): \(list.texts.count) buttons drawn")
            for (i, label) in list.texts.enumerated() {
                #expect(label.text == GooeyMenu.buttonTitles[i])
                let y = edge + blended(alpha) { button(i, afterStep: $0) }
                #expect(abs(label.position.y - y) < 1e-3, "α \(alpha): button \(i) at \(label.position.y), spring \(y)")
            }
        }
    }

    @Test(arguments: [Size(1, 1), Size(320, 240), Size(800, 600), Size(3840, 2160), Size(0, -5), Size(.nan, .infinity)])
    func finiteGeometryAtAnySize(_ size: Size) {
        let scene = GooeyMenu(size: size)
        var list = DrawList()
        var tess = Tessellator()
        for phase in 0..<3 {
            if phase < 2 { scene.handle(.key(.space)) }
            for k in 0..<Int(1.2 / Self.dt) {
                scene.step(dt: Self.dt)
                if k % 24 == 0 {
                    list.removeAll()
                    scene.draw(into: &list, tessellator: &tess, alpha: 0.5)
                    #expect(list.mesh.vertices.allSatisfy { $0.position.isFinite })
                    #expect(list.texts.allSatisfy { $0.position.isFinite && $0.size.isFinite })
                    var path = Path()
                    scene.menuPath(edgeY: scene.edgeY(at: scene.time), diff: scene.diff, into: &path)
                    #expect(path.commands.allSatisfy(Self.isFinite))
                    for i in scene.buttons.indices {
                        let r = scene.buttonRect(i, edgeY: scene.edgeY(at: scene.time), position: scene.world.position(scene.buttons[i]))
                        #expect(r.x.isFinite && r.y.isFinite && r.width >= 0 && r.height >= 0)
                    }
                }
            }
        }
        #expect(scene.world.positionY.allSatisfy { $0.isFinite })
        scene.resize(to: Size(640, 480))
        #expect(scene.world.positionY.allSatisfy { $0.isFinite })
    }

    static func isFinite(_ c: PathCommand) -> Bool {
        switch c {
        case let .move(p), let .line(p): return p.isFinite
        case let .quad(a, b): return a.isFinite && b.isFinite
        case let .arc(a): return a.center.isFinite && a.radius.isFinite
        case .close: return true
        }
    }

    @Test func resizeWhileIdleRelaysOut() {
        let scene = settledOpen()
        scene.resize(to: Size(800, 600))
        #expect(scene.world.position(scene.sideHelper).y == 300)
        #expect(scene.edgeY(at: scene.time) == 300)
        #expect(scene.world.position(scene.buttons[0]) == scene.buttonPlace(0))
        #expect(scene.isIdle)
    }
}

// MARK: The replay scripts (assets/replays), played through the frame driver at 240 Hz

@Suite struct GooeyMenuReplayTests {
    @Test func openClose() throws {
        let run = try ReplayHarness(scene: GooeyMenu.name, replay: "gooey-menu-open-close")
        let scene = try #require(run.scene as? GooeyMenu)
        run.run(until: 1.99)
        #expect(scene.isOpen)
        // Buttons settled; the helpers' last sub-point wobble (|diff| < 0.5) ends near 2.2 s.
        #expect(scene.buttons.indices.allSatisfy { scene.world.position(scene.buttons[$0]) == scene.buttonPlace($0) })
        #expect(abs(scene.diff) < 0.5)
        #expect(scene.edgeY(at: scene.time) == 360)
        #expect((0..<4).map { 360 + scene.buttonPlace($0).y } == [435, 505, 575, 645])
        run.run(until: 2.1)
        #expect(scene.reports == ["gooey-menu: button 2 \"Record video\" tapped"])
        #expect(!scene.isOpen)
        run.run(until: 2.1 + 0.618)
        #expect(scene.edgeY(at: scene.time) == 800)
        run.run(until: 4.5)
        #expect(scene.isIdle)
    }

    @Test func tapVeil() throws {
        let run = try ReplayHarness(scene: GooeyMenu.name, replay: "gooey-menu-tap-veil")
        let scene = try #require(run.scene as? GooeyMenu)
        run.run(until: 0.55)
        #expect(!scene.isOpen, "a click acts on release")
        run.run(until: 1.99)
        #expect(scene.isOpen)
        run.run(until: 2.1)
        #expect(!scene.isOpen)
        #expect(scene.reports.isEmpty)
        run.run(until: 4.5)
        #expect(scene.isIdle)
    }
}

@Suite struct GooeyMenuResizeTests {
    /// Resizing mid-opening keeps each helper's displacement from its goal and its velocity.
    @Test func resizeMidMotionKeepsTheMotion() {
        let scene = GooeyMenu(size: Size(1280, 720))
        scene.handle(.key(.space))
        for _ in 0..<48 { scene.step(dt: 1.0 / 240) }
        let p = scene.world.position(scene.sideHelper), v = scene.world.velocity(scene.sideHelper)
        scene.resize(to: Size(800, 600))
        #expect(scene.world.target(scene.sideHelper) == Vec2(400, 300))
        #expect(scene.world.position(scene.sideHelper) == Vec2(p.x - 240, p.y - 60))
        #expect(scene.world.velocity(scene.sideHelper) == v)
        for _ in 0..<(240 * 3) { scene.step(dt: 1.0 / 240) }
        #expect(scene.isIdle)
        #expect(scene.world.position(scene.buttons[3]) == scene.buttonPlace(3))
    }
}
