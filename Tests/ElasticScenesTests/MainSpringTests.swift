import Foundation
import Testing
import ElasticCore
@testable import ElasticScenes

/// Each scene's main spring (live tuning's handle): which entities follow it, and that changing it
/// changes the motion as the closed form says.
@Suite struct MainSpringTests {
    static let dt = 1.0 / 240
    static let size = Size(1280, 720)

    /// UIKit's spring from rest, worked out here: ω₀ from the settle condition
    /// e^(−ζω₀d)/√(1−ζ²)·ζ… = ε (ε = 0.001), then the underdamped step response from `from` to `to`.
    static func uikitPosition(duration d: Double, zeta: Double, from: Double, to: Double, at t: Double) -> Double {
        let w0 = log(zeta / (0.001 * (1 - zeta * zeta).squareRoot())) / (zeta * d)
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        return to + (from - to) * exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
    }

    /// Steps until the block is within 1 pt of the top; the time that took.
    func timeToTop(_ scene: JellyBlock) -> Double {
        var n = 0
        while scene.world.position(scene.block).y > 101, n < 2400 { scene.step(dt: Self.dt); n += 1 }
        return Double(n) * Self.dt
    }

    /// The first step time at which the worked-out curve is within 1 pt of the top.
    func expectedTimeToTop(duration: Double, zeta: Double) -> Double {
        var n = 0
        while Self.uikitPosition(duration: duration, zeta: zeta, from: 670, to: 100, at: Double(n) * Self.dt) > 101 { n += 1 }
        return Double(n) * Self.dt
    }

    @Test func defaultsAreTheScenesOwnSprings() {
        #expect(WavePull(size: Self.size).mainSpring == WavePull.releaseSpring)
        #expect(GooeyMenu(size: Self.size).mainSpring == GooeyMenu.buttonSpring)
        #expect(JellyBlock(size: Self.size).mainSpring == JellyBlock.spring)
        #expect(StickyRefresh(size: Self.size).mainSpring == ListView.bounceSpring)
        #expect(WaveBalls(size: Self.size).mainSpring == ListView.bounceSpring)
    }

    @Test func aShorterSpringLaunchesTheBlockToTheTopSooner() throws {
        let standard = JellyBlock(size: Self.size)
        standard.launch()
        let slow = timeToTop(standard)
        let quick = JellyBlock(size: Self.size)
        quick.setMainSpring(try .uikit(duration: 0.5, dampingRatio: 0.85))
        quick.launch()
        let fast = timeToTop(quick)
        #expect(abs(slow - expectedTimeToTop(duration: 1.0, zeta: 0.85)) <= Self.dt + 1e-12, "\(slow)")
        #expect(abs(fast - expectedTimeToTop(duration: 0.5, zeta: 0.85)) <= Self.dt + 1e-12, "\(fast)")
        // Same damping ratio, half the duration: the same curve in half the time.
        #expect(abs(fast - slow / 2) <= 2 * Self.dt, "\(fast) vs \(slow)")
    }

    @Test func aLaunchFollowsTheTunedCurve() throws {
        let scene = JellyBlock(size: Self.size)
        scene.setMainSpring(try .uikit(duration: 0.4, dampingRatio: 0.3))
        scene.launch()
        var worst = 0.0
        // Half a second: the spring's rest snap (within 0.005 pt) comes later.
        for n in 1...120 {
            scene.step(dt: Self.dt)
            let exact = Self.uikitPosition(duration: 0.4, zeta: 0.3, from: 670, to: 100, at: Double(n) * Self.dt)
            worst = max(worst, abs(scene.world.position(scene.block).y - exact))
        }
        #expect(worst <= 1e-6 * 570, "worst \(worst)")
    }

    @Test func aChangeMidFlightKeepsPositionVelocityAndTarget() throws {
        let scene = JellyBlock(size: Self.size)
        scene.launch()
        for _ in 0..<48 { scene.step(dt: Self.dt) }
        let p = scene.world.position(scene.block), v = scene.world.velocity(scene.block), target = scene.world.target(scene.block)
        let tuned = try SpringParameters.uikit(duration: 0.3, dampingRatio: 0.5)
        scene.setMainSpring(tuned)
        #expect(scene.world.position(scene.block) == p && scene.world.velocity(scene.block) == v)
        #expect(scene.world.target(scene.block) == target && target.y == 100)
        #expect(scene.world.spring(scene.block) == tuned)
        for _ in 0..<24 { scene.step(dt: Self.dt) }
        let exact = Spring(tuned, value: p.y, target: 100, velocity: v.y).sample(after: 24 * Self.dt).value
        #expect(abs(scene.world.position(scene.block).y - exact) < 1e-3)
    }

    @Test func onlyTheMainEntitiesChangeSpring() throws {
        let tuned = try SpringParameters.uikit(duration: 0.33, dampingRatio: 0.44)
        let wave = WavePull(size: Self.size)
        wave.setMainSpring(tuned)
        #expect(wave.points.allSatisfy { wave.world.spring($0) == tuned } && wave.points.count == 7)
        let menu = GooeyMenu(size: Self.size)
        menu.setMainSpring(tuned)
        #expect(menu.buttons.allSatisfy { menu.world.spring($0) == tuned })
        #expect(menu.world.spring(menu.sideHelper) == GooeyMenu.sideOpenSpring)
        let balls = WaveBalls(size: Self.size)
        balls.setMainSpring(tuned)
        #expect(balls.world.spring(balls.list.entity) == tuned && balls.mainSpring == tuned)
        #expect(balls.world.spring(balls.wave) == ListView.bounceSpring)
        #expect(balls.balls.allSatisfy { balls.world.spring($0) == ListView.bounceSpring })
        let sticky = StickyRefresh(size: Self.size)
        sticky.setMainSpring(tuned)
        #expect(sticky.world.spring(sticky.list.entity) == tuned && sticky.world.spring(sticky.blob) == ListView.bounceSpring)
    }

    @Test func aTunedWaveSpringsBackOnIt() throws {
        let scene = WavePull(size: Self.size)
        let tuned = try SpringParameters.uikit(duration: 0.5, dampingRatio: 0.3)
        scene.setMainSpring(tuned)
        scene.handle(.pointerDown(.mouse, Vec2(640, 10)))
        scene.handle(.pointerMove(.mouse, Vec2(640, 200)))
        for _ in 0..<24 { scene.step(dt: Self.dt) }
        scene.handle(.pointerUp(.mouse, Vec2(640, 200)))
        let c = scene.points[3]
        let y0 = scene.world.position(c).y
        #expect(y0 > 100)
        for n in 1...120 {
            scene.step(dt: Self.dt)
            let exact = Self.uikitPosition(duration: 0.5, zeta: 0.3, from: y0, to: WavePull.minimumHeight, at: Double(n) * Self.dt)
            #expect(abs(scene.world.position(c).y - exact) < 1e-3, "step \(n)")
        }
    }
}
