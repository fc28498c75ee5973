import Foundation
import Testing
import ElasticCore
@testable import ElasticScenes

/// A list in a world, stepped the way a scene steps it: springs first, then the list.
private struct ListRig {
    var sim = Simulation()
    var list: ListView
    let dt = 1.0 / 240

    init(height: Double = 656, rows: Int = 30, rowHeight: Double = 44) {
        var s = Simulation()
        list = ListView(world: &s.world, rowHeight: rowHeight, rowCount: rows)
        list.layout(frame: Rect(x: 0, y: 64, width: 1280, height: height), world: &s.world)
        sim = s
    }

    var h: Double { list.offset(in: sim.world) }

    mutating func send(_ e: InputEvent) { list.handle(e, world: &sim.world, time: sim.time) }

    mutating func step(_ n: Int = 1) {
        for _ in 0..<n {
            sim.step(dt: dt)
            list.step(world: &sim.world, time: sim.time)
        }
    }

    /// Drags from y0 to y1 moving `perStep` points every step; returns the steps taken.
    @discardableResult
    mutating func drag(from y0: Double, to y1: Double, perStep: Double, release: Bool = true) -> Int {
        send(.pointerDown(.mouse, Vec2(640, y0)))
        var y = y0, n = 0
        let dir = y1 > y0 ? 1.0 : -1.0
        while (y1 - y) * dir > 0 {
            y += dir * min(perStep, abs(y1 - y))
            step()
            send(.pointerMove(.mouse, Vec2(640, y)))
            n += 1
        }
        if release { send(.pointerUp(.mouse, Vec2(640, y))) }
        return n
    }
}

@Suite struct ListViewTests {
    @Test func offsetEntityIsNamedList() {
        let rig = ListRig()
        #expect(rig.sim.world.name(rig.list.entity) == "list")
        #expect(rig.h == 0)
        #expect(!rig.list.isBusy)
    }

    @Test func dragInsideContentFollowsTheFingerOneToOne() {
        var rig = ListRig()
        rig.drag(from: 500, to: 300, perStep: 2, release: false)
        #expect(abs(rig.h - -200) < 1e-9)
        #expect(rig.list.isHeld)
    }

    @Test func rubberBandsPastTheTop() {
        var rig = ListRig()
        let d = rig.list.rubberBandDimension
        #expect(d == 656)
        rig.drag(from: 200, to: 400, perStep: 1, release: false)
        let expected = (1 - 1 / (200 * 0.55 / d + 1)) * d
        #expect(abs(rig.h - expected) < 1e-9)
        #expect(rig.h < 200 && rig.h > 90)   // ≈ 94.2
        // The formula is monotonic and its inverse round-trips.
        var last = 0.0
        for x in stride(from: 10.0, through: 600, by: 10) {
            let y = ListView.rubberBand(x, dimension: d)
            #expect(y > last)
            last = y
            #expect(abs(ListView.inverseRubberBand(y, dimension: d) - x) < 1e-6)
        }
    }

    @Test func smallWindowsUseTheMinimumRubberBandDimension() {
        var rig = ListRig(height: 176)
        #expect(rig.list.rubberBandDimension == ListView.minimumRubberBandDimension)
        rig.drag(from: 80, to: 300, perStep: 2, release: false)
        #expect(rig.h > 88)   // a refresh threshold stays reachable on a 320×240 window
    }

    @Test func releaseBeyondTheTopSpringsBackToZero() {
        var rig = ListRig()
        rig.drag(from: 200, to: 350, perStep: 1, release: false)
        rig.step(60)                       // hold still: released with no velocity
        rig.send(.pointerUp(.mouse, Vec2(640, 350)))
        #expect(rig.h > 50)
        #expect(rig.list.mode == .springing)
        var previous = rig.h
        var rose = false
        for _ in 0..<240 {
            rig.step()
            if rig.h > previous + 1e-9 { rose = true }
            previous = rig.h
        }
        #expect(!rose)              // critically damped from a slow release: straight back
        #expect(abs(rig.h) < 0.01)
        rig.step(240)
        #expect(rig.h == 0)
        #expect(rig.list.mode == .idle)
    }

    @Test func flingDeceleratesLikeUIScrollView() {
        var rig = ListRig(rows: 100)
        rig.drag(from: 600, to: 400, perStep: 8)   // 8 pt per 1/240 s = 1920 pt/s upward
        #expect(rig.list.mode == .decelerating)
        let releaseH = rig.h
        let releaseTime = rig.sim.time
        rig.step(120)
        // UIScrollView's normal deceleration rate: the velocity keeps 0.998 of itself per millisecond.
        let k = -1000 * log(0.998)
        let tau = rig.sim.time - releaseTime
        let expected = releaseH + -1920 / k * (1 - exp(-k * tau))
        #expect(abs(rig.h - expected) < 1e-6)
        #expect(rig.h < releaseH - 500)
        rig.step(240 * 5)
        // Stopped inside the content or bounced at the bottom edge, at rest either way.
        #expect(rig.list.mode == .idle)
        #expect(rig.h >= -rig.list.maxScroll - 1e-9 && rig.h <= 0)
    }

    @Test func flingIntoTheTopBouncesAndSettles() {
        var rig = ListRig()
        // Scroll 300 into the content and hold still before letting go: no fling.
        rig.drag(from: 500, to: 200, perStep: 3, release: false)
        rig.step(60)
        rig.send(.pointerUp(.mouse, Vec2(640, 200)))
        #expect(rig.list.mode == .idle)
        #expect(abs(rig.h - -300) < 1e-9)
        // A fast downward fling (1440 pt/s) reaches the top and bounces past it.
        rig.drag(from: 200, to: 350, perStep: 6)
        #expect(rig.list.mode == .decelerating)
        var peak = -Double.infinity
        var sawSpring = false
        for _ in 0..<(240 * 3) {
            rig.step()
            peak = max(peak, rig.h)
            if rig.list.mode == .springing { sawSpring = true }
        }
        #expect(sawSpring)
        #expect(peak > 0)
        #expect(rig.h == 0)
        #expect(rig.list.mode == .idle)
    }

    @Test func grabbingMidSpringContinuesFromTheCurrentOffset() {
        var rig = ListRig()
        rig.drag(from: 200, to: 400, perStep: 2)
        rig.step(30)
        let mid = rig.h
        #expect(mid > 10)
        rig.send(.pointerDown(.mouse, Vec2(640, 300)))
        #expect(abs(rig.h - mid) < 1e-9)
        rig.step()
        rig.send(.pointerMove(.mouse, Vec2(640, 301)))
        #expect(rig.h > mid)                       // moving on from there, not from 0
        #expect(rig.h - mid < 1)
    }

    @Test func wheelScrollsAndRubberBandsAtTheTop() {
        var rig = ListRig()
        rig.send(.wheel(Vec2(0, -120)))
        #expect(rig.list.isHeld)
        rig.step(240)
        #expect(abs(rig.h - -120) < 0.01)
        #expect(rig.list.mode == .idle)
        // Positive dy moves the content down: back to the top and beyond it, then back to 0.
        for _ in 0..<4 {
            rig.send(.wheel(Vec2(0, 60)))
            rig.step(12)
        }
        let peak = rig.h
        #expect(peak > 0 && peak < 120)
        rig.step(480)
        #expect(abs(rig.h) < 0.01)
        #expect(rig.list.mode == .idle)
    }

    @Test func bottomEdgeClampsAndRubberBands() {
        var rig = ListRig(height: 656, rows: 30, rowHeight: 44)
        #expect(rig.list.maxScroll == 30 * 44 - 656)
        rig.drag(from: 700, to: 0, perStep: 4, release: false)
        #expect(rig.h < -rig.list.maxScroll)
        rig.send(.pointerUp(.mouse, Vec2(640, 0)))
        rig.step(240 * 2)
        #expect(abs(rig.h - -rig.list.maxScroll) < 0.01)
    }

    @Test func visibleRowsAreOnlyThoseInTheFrame() {
        let rig = ListRig(height: 2096, rows: 30, rowHeight: 92)
        #expect(rig.list.visibleRows(offset: 0) == 0..<23)
        #expect(rig.list.visibleRows(offset: -100) == 1..<24)
        #expect(rig.list.visibleRows(offset: 80) == 0..<22)
        #expect(rig.list.visibleRows(offset: .nan).isEmpty)
        let small = ListRig(height: 176, rows: 30, rowHeight: 44)
        #expect(small.list.visibleRows(offset: 0).count == 4)
        #expect(small.list.rowTop(2, offset: 10) == 64 + 10 + 88)
    }

    @Test func degenerateFrameIsSafe() {
        var rig = ListRig(height: 0)
        rig.drag(from: 0, to: 200, perStep: 3)
        rig.step(480)
        #expect(rig.h.isFinite)
        #expect(rig.list.visibleRows(offset: rig.h).isEmpty)
    }
}
