import Foundation
import Testing
import ElasticCore
@testable import ElasticScenes

/// Each scene's main spring (live tuning's handle): which entities follow it, and that changing it
/// changes the motion as the closed form says.
@Suite struct MainSpringTests {
    static let dt = 1.0 / 240
    static let size = Size(1280, 720)

    /// UIKit's spring from rest, worked out from the spec's formulas (`SpecSpring`).
    static func uikitPosition(duration d: Double, zeta: Double, from: Double, to: Double, at t: Double) -> Double {
        SpecSpring.position(duration: d, zeta: zeta, from: from, to: to, at: t)
    }

    /// `spring` has the stiffness and damping the spec's (d, ζ, v = 0) work out to, mass 1.
    static func isSpecSpring(_ spring: SpringParameters, duration d: Double, zeta: Double) -> Bool {
        let (k, c) = SpecSpring.constants(duration: d, zeta: zeta)
        return spring.mass == 1 && spring.initialVelocity == 0
            && abs(spring.stiffness - k) <= 1e-9 * k && abs(spring.damping - c) <= 1e-9 * c
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

    /// The spec gives the release (0.9, 0.57, 0), the buttons' entry (0.7, 0.6, 0) and the block's
    /// launch (1.0, 0.85, 0); it gives no numbers for a list's spring back, so the list scenes are
    /// only checked to share one spring, the list's own.
    @Test("defaults: the spec's springs for wave-pull, gooey-menu and jelly-block; the list's bounce for the list scenes")
    func defaultsAreTheScenesOwnSprings() {
        let wave = WavePull(size: Self.size).mainSpring
        #expect(Self.isSpecSpring(wave, duration: 0.9, zeta: 0.57), "\(wave)")
        // The spec's worked example for (0.9, 0.57, 0): k ≈ 162.6, c ≈ 14.54.
        #expect(abs(wave.stiffness - 162.6) < 0.05 && abs(wave.damping - 14.54) < 0.005, "\(wave)")
        let buttons = GooeyMenu(size: Self.size).mainSpring
        #expect(Self.isSpecSpring(buttons, duration: 0.7, zeta: 0.6), "\(buttons)")
        let block = JellyBlock(size: Self.size).mainSpring
        #expect(Self.isSpecSpring(block, duration: 1.0, zeta: 0.85), "\(block)")
        let sticky = StickyRefresh(size: Self.size)
        #expect(sticky.mainSpring == sticky.world.spring(sticky.list.entity))
        let balls = WaveBalls(size: Self.size)
        #expect(balls.mainSpring == balls.world.spring(balls.list.entity) && balls.mainSpring == sticky.mainSpring)
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
        // The other entities keep the springs they had before the change.
        let menu = GooeyMenu(size: Self.size)
        let side = menu.world.spring(menu.sideHelper)
        menu.setMainSpring(tuned)
        #expect(menu.buttons.allSatisfy { menu.world.spring($0) == tuned })
        #expect(menu.world.spring(menu.sideHelper) == side && side != tuned)
        let balls = WaveBalls(size: Self.size)
        let ballsWave = balls.world.spring(balls.wave), ballSprings = balls.balls.map { balls.world.spring($0) }
        balls.setMainSpring(tuned)
        #expect(balls.world.spring(balls.list.entity) == tuned && balls.mainSpring == tuned)
        #expect(balls.world.spring(balls.wave) == ballsWave && ballsWave != tuned)
        #expect(balls.balls.map { balls.world.spring($0) } == ballSprings && !ballSprings.contains(tuned))
        let sticky = StickyRefresh(size: Self.size)
        let blob = sticky.world.spring(sticky.blob)
        sticky.setMainSpring(tuned)
        #expect(sticky.world.spring(sticky.list.entity) == tuned && sticky.world.spring(sticky.blob) == blob && blob != tuned)
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
