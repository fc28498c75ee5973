import Foundation
import Testing
import ElasticCore
@testable import ElasticScenes

private let wbDt = 1.0 / 240

private func wbEntity(_ scene: WaveBalls, _ name: String) -> Entity {
    let w = scene.world
    for r in 0..<w.count where w.name[r] == name { return w.entity(atRow: r) }
    Issue.record("no entity named \(name)")
    return Entity(slot: .max, generation: 0)
}

private func wbH(_ scene: WaveBalls) -> Double { scene.world.position(wbEntity(scene, "list")).y }
private func listTop(_ scene: WaveBalls) -> Double { 80 + wbH(scene) }
private func ball(_ scene: WaveBalls, _ i: Int) -> Vec2 { scene.world.position(wbEntity(scene, "ball\(i)")) }

/// Presses at y = 200 and pulls down `perStep` points every 1/240 s while `keepGoing` holds;
/// `each` sees the scene after every step (before the next move). Returns the pointer's y.
private func wbPull(_ scene: WaveBalls, perStep: Double = 0.5, while keepGoing: (WaveBalls) -> Bool,
                    each: (WaveBalls) -> Void = { _ in }) -> Double {
    var y = 200.0
    scene.handle(.pointerDown(.mouse, Vec2(640, y)))
    while keepGoing(scene), y < 3000 {
        y += perStep
        scene.step(dt: wbDt)
        each(scene)
        scene.handle(.pointerMove(.mouse, Vec2(640, y)))
    }
    return y
}

private func wbRun(_ scene: WaveBalls, steps: Int) { for _ in 0..<steps { scene.step(dt: wbDt) } }

/// The spec's arc, written out independently: ball i at t (0…0.5) after launch, window coordinates.
private func specArc(_ i: Int, t: Double, width: Double, top: Double) -> Vec2 {
    let dl = 25 * (1.5 - Double(i)), du = 35.0
    let a1 = atan(abs(dl) / du)
    let sweep = Double.pi - 2 * a1
    let r = (dl * dl + du * du) / (2 * du)
    let cx = width / 2 - dl, cy = top + r - 35
    let theta = 3 * Double.pi / 2 + (dl > 0 ? 1 : -1) * sweep * (1 - t / 0.5)
    return Vec2(cx + r * cos(theta), cy + r * sin(theta))
}

/// Pulls past 80 and returns the scene on the step it triggered.
private func triggered(_ size: Size = Size(1280, 720)) -> WaveBalls {
    let scene = WaveBalls(size: size)
    _ = wbPull(scene, perStep: 1, while: { $0.phase == .idle })
    return scene
}

@Suite struct WaveBallsTests {
    @Test func entitiesAndCatalog() {
        let scene = WaveBalls(size: Size(1280, 720))
        for name in ["list", "wave", "ball0", "ball1", "ball2", "ball3"] {
            #expect(scene.world.contains(wbEntity(scene, name)))
        }
        #expect(scene.phase == .idle)
        #expect(scene.isIdle)
        #expect(SceneCatalog.names.suffix(2) == ["sticky-refresh", "wave-balls"])
    }

    @Test func bendFollowsThePull() {
        let scene = WaveBalls(size: Size(1280, 720))
        var checked = 0
        _ = wbPull(scene, perStep: 0.5, while: { wbH($0) < 79 }) { s in
            let h = wbH(s)
            #expect(abs(s.bend - (25 + 75 * h / 80)) < 1e-9)
            let wave = s.world.position(wbEntity(s, "wave"))
            #expect(abs(wave.y - (80 + h - s.bend / 2)) < 1e-9)
            #expect(abs(wave.x - 640) < 1e-9)
            checked += 1
        }
        #expect(checked > 100)
        #expect(scene.phase == .idle)
    }

    @Test func triggersAt80AndHoldsThenGlidesTo70() {
        let scene = WaveBalls(size: Size(1280, 720))
        var lastIdleH = 0.0
        _ = wbPull(scene, perStep: 0.5, while: { $0.phase == .idle }) { s in
            if s.phase == .idle { lastIdleH = wbH(s) }
        }
        #expect(scene.phase == .refreshing)
        #expect(lastIdleH <= 80)
        #expect(wbH(scene) == 80)                       // held at 80 on the trigger step
        #expect(scene.reports.contains("wave-balls: refreshing"))
        let t0 = scene.triggerTime
        // The drag has ended: further moves of the same pointer do nothing.
        scene.handle(.pointerMove(.mouse, Vec2(640, 900)))
        #expect(wbH(scene) == 80)
        // 80 → 70 at a constant rate over 0.5 / 1.75 s.
        wbRun(scene, steps: 30)
        let expected = 80 - 10 * (scene.time - t0) / (0.5 / 1.75)
        #expect(abs(wbH(scene) - expected) < 1e-9)
        wbRun(scene, steps: 60)
        #expect(abs(wbH(scene) - 70) < 1e-12)
        // A new grab while refreshing is ignored.
        scene.handle(.pointerUp(.mouse, Vec2(640, 900)))
        scene.handle(.pointerDown(.mouse, Vec2(640, 300)))
        scene.handle(.pointerMove(.mouse, Vec2(640, 500)))
        wbRun(scene, steps: 1)
        #expect(abs(wbH(scene) - 70) < 1e-12)
    }

    @Test func bendFlattensThroughTheKeyframes() {
        let scene = triggered()
        #expect(scene.bend == 100)
        func specKeyframe(_ t: Double) -> Double {
            let values = [100.0, 80, 60, 40, 20, 0]
            let pos = Easing.easeInOut(min(max(t / 0.2, 0), 1)) * 5
            let i = min(Int(pos), 4)
            return values[i] + (values[i + 1] - values[i]) * (pos - Double(i))
        }
        for _ in 0..<60 {
            scene.step(dt: wbDt)
            let t = scene.time - scene.triggerTime
            #expect(abs(scene.bend - specKeyframe(t)) < 1e-9)
        }
        let s2 = triggered()
        wbRun(s2, steps: 24)                            // t = 0.1: half-way, eased: 50
        #expect(abs(s2.bend - 50) < 1e-6)
        wbRun(s2, steps: 24)                            // t = 0.2: flat
        #expect(abs(s2.bend) < 1e-9)
    }

    @Test func ballsFollowTheirExactArcs() {
        let scene = triggered()
        for i in 0..<4 {
            let b = ball(scene, i)
            #expect(abs(b.x - 640) < 1e-9 && abs(b.y - listTop(scene)) < 1e-9)   // launched from (W/2, 0)
        }
        for step in 1...120 {
            scene.step(dt: wbDt)
            let t = scene.time - scene.triggerTime
            for i in 0..<4 {
                let want = specArc(i, t: min(t, 0.5), width: 1280, top: listTop(scene))
                let got = ball(scene, i)
                #expect(abs(got.x - want.x) < 1e-9 && abs(got.y - want.y) < 1e-9)
            }
            if step == 60 {                             // t = 0.25: half-way along the sweep
                for i in 0..<4 {
                    let want = specArc(i, t: 0.25, width: 1280, top: listTop(scene))
                    #expect(abs(ball(scene, i).x - want.x) < 1e-6 && abs(ball(scene, i).y - want.y) < 1e-6)
                }
            }
        }
    }

    @Test func ballsEndAtTheirFinalCentres() {
        let scene = triggered()
        wbRun(scene, steps: 120)                        // t = 0.5: arcs done, no float yet
        let xs = [602.5, 627.5, 652.5, 677.5]
        for i in 0..<4 {
            let b = ball(scene, i)
            #expect(abs(b.x - xs[i]) < 1e-9)
            #expect(abs(b.x - (640 - WaveBalls.ballOffset(i))) < 1e-9)
            #expect(abs((b.y - listTop(scene)) - -35) < 1e-9)
        }
        // Once the list has settled at 70: the row of balls sits at y = 80 + 70 − 35 = 115.
        #expect(abs(listTop(scene) - 150) < 1e-9)
        for i in 0..<4 { #expect(abs(ball(scene, i).y - 115) < 1e-9) }
    }

    @Test func floatCycleStartsPerBallDelays() {
        for i in 0..<4 {
            let scene = triggered()
            let delay = 120 + 48 * i                   // 0.5 s arc + 0.2·i s, in steps
            if i > 0 {
                wbRun(scene, steps: delay - 1)
                #expect(abs((ball(scene, i).y - listTop(scene)) - -35) < 1e-9)   // still waiting
                wbRun(scene, steps: 1)
            } else {
                wbRun(scene, steps: delay)
            }
            wbRun(scene, steps: 60)                    // a quarter cycle: +5 (down)
            #expect(abs((ball(scene, i).y - listTop(scene)) - -30) < 1e-6)
            wbRun(scene, steps: 120)                   // three quarters: −5
            #expect(abs((ball(scene, i).y - listTop(scene)) - -40) < 1e-6)
            #expect(abs(ball(scene, i).x - (640 - WaveBalls.ballOffset(i))) < 1e-9)
            if delay + 240 < 480 {                     // a whole cycle (before the refresh ends): back at −35
                wbRun(scene, steps: 60)
                #expect(abs((ball(scene, i).y - listTop(scene)) - -35) < 1e-6)
            }
        }
        // Out of step: at one instant the four balls float at different heights.
        let scene = triggered()
        wbRun(scene, steps: 120 + 60)
        let ys = (0..<4).map { ball(scene, $0).y - listTop(scene) }
        #expect(abs(ys[0] - -30) < 1e-6)
        #expect(abs(ys[1] - (-35 + 5 * 0.05 / 0.25)) < 1e-6)
        #expect(abs(ys[2] - -35) < 1e-9 && abs(ys[3] - -35) < 1e-9)
    }

    @Test func refreshEndsAfterTwoSecondsAndTheListReturns() {
        let scene = triggered()
        let t0 = scene.triggerTime
        while scene.phase == .refreshing { scene.step(dt: wbDt) }
        #expect(abs(scene.time - (t0 + 2)) < 1.5 * wbDt)
        #expect(scene.phase == .ending)
        #expect(scene.reports.contains("wave-balls: ended"))
        // Balls vanish: parked at the wave's base, not drawn.
        for i in 0..<4 { #expect(abs(ball(scene, i).x - 640) < 1e-9) }
        var list = DrawList()
        var tess = Tessellator()
        scene.draw(into: &list, tessellator: &tess, alpha: 1)
        #expect(scene.bend == 0)
        wbRun(scene, steps: 72)                         // 0.3 s: back at 0
        #expect(abs(wbH(scene)) < 1e-9)
        #expect(scene.phase == .ending)                 // the wave is released after 0.5 s
        wbRun(scene, steps: 48)
        #expect(scene.phase == .idle)
        #expect(abs(scene.bend - 25) < 1e-9)
        #expect(scene.isIdle)
        // Scrolling resumes.
        scene.handle(.pointerDown(.mouse, Vec2(640, 400)))
        scene.handle(.pointerMove(.mouse, Vec2(640, 300)))
        #expect(abs(wbH(scene) - -100) < 1e-9)
    }

    @Test func spaceEndsTheRefreshEarly() {
        let scene = triggered()
        wbRun(scene, steps: 144)
        scene.handle(.key(.space))
        #expect(scene.phase == .ending)
        wbRun(scene, steps: 240)
        #expect(scene.phase == .idle)
        #expect(wbH(scene) == 0)
    }

    @Test func releaseBefore80SpringsBack() {
        let scene = WaveBalls(size: Size(1280, 720))
        let y = wbPull(scene, perStep: 0.5, while: { wbH($0) < 50 })
        scene.handle(.pointerUp(.mouse, Vec2(640, y)))
        var maxH = 0.0
        for _ in 0..<(240 * 2) {
            scene.step(dt: wbDt)
            #expect(scene.phase == .idle)
            maxH = max(maxH, wbH(scene))
            #expect(abs(scene.bend - WaveBalls.pullBend(wbH(scene))) < 1e-9)
        }
        #expect(maxH < 51)
        #expect(wbH(scene) == 0)
        #expect(scene.bend == 25)
        #expect(scene.isIdle)
    }

    @Test func drawsOnlyVisibleCardsAt4K() {
        let texts = drawnTexts(WaveBalls(size: Size(3840, 2160)))
        let rows = texts.filter { $0.text.hasPrefix("Row ") }
        #expect(rows.count == 23)                       // (2160 − 80) / 92 → 23 of 30
        #expect(texts.contains { $0.text == "News" })
    }

    @Test func tinyAndOddWindowsStayFinite() {
        for size in [Size(1, 1), Size(320, 240), Size(3840, 2160), Size(-5, 0)] {
            let scene = triggered(size)
            expectFiniteRun(scene, steps: 240 * 3, dt: wbDt, drawEvery: 50, alpha: 0.3)
            #expect(scene.phase == .idle)
            scene.resize(to: Size(800, 600))
            #expect(scene.world.position(wbEntity(scene, "wave")).x == 400)
        }
    }
}
