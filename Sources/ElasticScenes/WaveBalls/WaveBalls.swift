import Foundation
import ElasticCore

/// `wave-balls` (seed 004, pullToReflesh-Swift, after the Dribbble shot "Daily UI 094 News").
/// A list of white news cards under a blue header; pulling it down raises a hump (a quadratic
/// curve) from the list's top edge into the grey gap. Past 80 the pull triggers: the drag ends, the
/// list holds at 80 and glides to 70, the hump flattens through keyframes, and four balls fly out
/// of it along circular arcs to a row above the list, where they float up and down out of step.
/// The refresh ends after 2 s (or Space): the balls vanish and the list returns to 0.
/// Releasing before 80 springs the list back (`ListView.bounceSpring`: UIKit spring (0.6, 1, 0),
/// critically damped like UIScrollView's own bounce, starting from the release velocity).
///
/// The arcs, keyframes and float are time-based (evaluated at the render time when drawing); every
/// step writes them into entities so a trace shows them.
/// Entities: `list` (y = the pull h: the list's top is at 80 + h), `wave` (the hump's top point,
/// window coordinates: y = 80 + h − bend/2), `ball0`…`ball3` (ball centres, window coordinates;
/// parked at the hump's base (W/2, 80 + h) while hidden).
public final class WaveBalls: SimulationScene {
    /// idle: scrolling and pulling; refreshing: balls out, the list locked at 80 → 70; ending: balls
    /// gone, the list returning to 0, the wave flat for 0.5 s.
    public typealias Phase = RefreshingList.Phase

    public static let name = "wave-balls"
    public let title = "wave-balls: pull the list down past 80"
    public let spaceAction = "start / end a refresh"

    // The seed's constants.
    public static let statusBarHeight = 20.0
    public static let navBarHeight = 60.0
    public static var headerHeight: Double { statusBarHeight + navBarHeight }
    public static let statusBarColor = RGBA(55, 110, 201)
    public static let navBarColor = RGBA(66, 132, 243)
    public static let gapColor = RGBA(192, 194, 196)
    public static let waveColor = RGBA(239, 239, 244)
    public static let cardColor = RGBA.white
    public static let cardInset = 10.0
    public static let cardHeight = 75.0
    /// Pull distance that triggers the refresh.
    public static let pullDistance = 80.0
    /// Where the list settles while refreshing.
    public static let stopDistance = 70.0
    /// The original's scroll-back: 10 pt in moveUpDuration / 1.75 = 0.5 / 1.75 ≈ 0.286 s at a constant rate.
    public static let scrollBackDuration = 0.5 / 1.75
    /// The hump while pulling: bend = 25 + 75·y/80 (bendDistance 50, doubled, a quarter of it at rest).
    public static let restingBend = 25.0
    public static let maximumBend = 100.0
    /// The hump flattening after the trigger.
    public static let bendKeyframeValues = [100.0, 80, 60, 40, 20, 0]
    public static let bendDuration = 0.2
    public static let ballCount = 4
    public static let ballRadius = 7.5
    /// Horizontal spacing of the balls: ball size 15 + space 10.
    public static let ballSpacing = 25.0
    /// How far the balls rise above the list's top: stopDistance / 2.
    public static var ballRise: Double { stopDistance / 2 }
    public static let arcDuration = 0.5
    public static let floatDelayStep = 0.2
    public static let floatCycle = Cycle(period: 1, keys: [(0, 0), (0.25, 5), (0.5, 0), (0.75, -5), (1, 0)])
    /// The list's return to 0 at the end: UIScrollView's animated setContentOffset (≈ 0.3 s ease-in-out).
    public static let returnDuration = 0.3
    /// The wave stays flat this long after the end.
    public static let waveReleaseDelay = 0.5

    public private(set) var sim = Simulation()
    public var reports: [String] = []

    /// The list under the header and its refresh cycle (`RefreshingList.refreshDuration` after the trigger).
    public private(set) var refresh: RefreshingList
    public var list: ListView { refresh.list }
    public private(set) var wave: Entity
    public private(set) var balls: [Entity]
    public private(set) var size = Size(0, 0)
    public var phase: Phase { refresh.phase }
    public var triggerTime: Double { refresh.refreshStart }
    /// The list's offset when the refresh started.
    private var triggerOffset = WaveBalls.pullDistance
    public var endTime: Double { refresh.refreshEnded }
    /// The hump's height parameter at the last step.
    public private(set) var bend = WaveBalls.restingBend
    var path = Path()

    public init(size: Size) {
        var s = Simulation()
        refresh = RefreshingList(world: &s.world, rowHeight: 92, rowCount: 30,
                                 threshold: WaveBalls.pullDistance, triggersOnlyWhileHeld: true)
        refresh.list.bottomPadding = WaveBalls.cardInset
        wave = s.world.spawn("wave", at: .zero, spring: ListView.bounceSpring)
        balls = (0..<WaveBalls.ballCount).map { s.world.spawn("ball\($0)", at: .zero, spring: ListView.bounceSpring) }
        sim = s
        resize(to: size)
    }

    /// The pull h now (the list entity's y).
    public var h: Double { refresh.pull(in: sim.world) }

    // MARK: The spec's formulas

    /// The hump while pulling by y: 25 + 75·y/80, y clamped to 0…80.
    public static func pullBend(_ y: Double) -> Double {
        let p = min(max(y.isFinite ? y : 0, 0), pullDistance)
        return restingBend + (maximumBend - restingBend) * p / pullDistance
    }

    /// The flattening keyframes for a trigger at `start`.
    public static func bendKeyframes(start: Double) -> Keyframes {
        Keyframes(bendKeyframeValues, start: start, duration: bendDuration, easing: .easeInOut)
    }

    /// Ball i's horizontal offset dl = 25·(1.5 − i): 37.5, 12.5, −12.5, −37.5.
    public static func ballOffset(_ i: Int) -> Double { ballSpacing * (1.5 - Double(i)) }

    /// Ball i on its arc at t seconds after launch (0…0.5, clamped), relative to (W/2, list top).
    public static func arcPosition(ball i: Int, t: Double) -> Vec2 {
        let dl = ballOffset(i), du = ballRise
        let a1 = atan(abs(dl) / du)
        let sweep = Double.pi - 2 * a1
        let r = (dl * dl + du * du) / (2 * du)
        let c = Vec2(-dl, r - du)
        let u = min(max(t.isFinite ? t : 0, 0), arcDuration) / arcDuration
        let theta = 3 * Double.pi / 2 + (dl < 0 ? -1.0 : 1.0) * sweep * (1 - u)
        return c + Vec2(cos(theta), sin(theta)) * r
    }

    /// Ball i's float (added to y) at t seconds after the trigger: 0 until its arc has ended and
    /// 0.2·i s more have passed, then the 1-s cycle 0 → +5 → 0 → −5 → 0.
    public static func floatOffset(ball i: Int, t: Double) -> Double {
        let u = t - arcDuration - floatDelayStep * Double(i)
        guard u.isFinite, u > 0 else { return 0 }
        return floatCycle.value(at: u)
    }

    /// Ball i at t seconds after the trigger, relative to (W/2, list top).
    public static func ballPosition(ball i: Int, t: Double) -> Vec2 {
        arcPosition(ball: i, t: t) + Vec2(0, floatOffset(ball: i, t: t))
    }

    /// The hump's bend at scene time `now` for the current phase and pull h.
    public func bend(at now: Double, h: Double) -> Double {
        switch phase {
        case .idle: return WaveBalls.pullBend(h)
        case .refreshing: return WaveBalls.bendKeyframes(start: triggerTime).value(at: now)
        case .ending: return 0
        }
    }

    // MARK: Scene

    public func resize(to newSize: Size) {
        size = refresh.layout(window: newSize, headerHeight: WaveBalls.headerHeight, world: &sim.world)
        placeEntities(now: sim.time)
    }

    public func handle(_ event: InputEvent) {
        switch refresh.handle(event, world: &sim.world, now: sim.time) {
        case .start?: trigger(now: sim.time, from: min(h, WaveBalls.pullDistance))
        case .end?: endRefresh()
        case nil: break
        }
    }

    public func step(dt: Double) {
        guard let now = refresh.step(&sim, dt: dt) else { return }
        switch phase {
        case .idle:
            if refresh.isPastThreshold(in: sim.world) { trigger(now: now) }
        case .refreshing:
            let back = Tween(from: triggerOffset, to: WaveBalls.stopDistance, start: triggerTime,
                             duration: WaveBalls.scrollBackDuration, easing: .linear)
            refresh.list.drive(to: back.value(at: now), world: &sim.world)
            if refresh.isRefreshOver(at: now) { endRefresh() }
        case .ending:
            refresh.driveClosing(at: now, world: &sim.world)
            if now >= endTime + WaveBalls.waveReleaseDelay - 1e-9 {
                refresh.rest()
                reports.append("wave-balls: idle")
            }
        }
        placeEntities(now: now)
    }

    /// Starts the refresh with the list at `offset`: 80 when a pull passed it, wherever the list is
    /// when Space starts it (it then eases to 70 from there, so nothing jumps).
    private func trigger(now: Double, from offset: Double = WaveBalls.pullDistance) {
        refresh.list.endDrag(world: &sim.world)
        refresh.list.scrollEnabled = false
        triggerOffset = offset
        refresh.list.drive(to: offset, world: &sim.world)
        refresh.startRefresh(at: now)
        reports.append("wave-balls: refreshing")
    }

    /// The list scrolls again and returns to 0 (nothing holds it: it was locked).
    private func endRefresh() {
        let now = sim.time
        guard refresh.endRefresh(at: now) else { return }
        refresh.list.scrollEnabled = true
        refresh.close(at: now, over: WaveBalls.returnDuration, world: &sim.world)
        reports.append("wave-balls: ended")
    }

    /// Writes the time-based parts into their entities (pinned: the trace shows them).
    private func placeEntities(now: Double) {
        let h = self.h
        let top = WaveBalls.headerHeight + h
        let cx = size.width / 2
        bend = bend(at: now, h: h)
        sim.world.pin(wave, at: Vec2(cx, top - bend / 2))
        for (i, e) in balls.enumerated() {
            if phase == .refreshing {
                let p = WaveBalls.ballPosition(ball: i, t: now - triggerTime)
                sim.world.pin(e, at: Vec2(cx + p.x, top + p.y))
            } else {
                sim.world.pin(e, at: Vec2(cx, top))
            }
        }
    }

    public var isIdle: Bool { refresh.isAtRest && sim.isAtRest }

    public var mainSpring: SpringParameters { refresh.list.spring }
    public func setMainSpring(_ spring: SpringParameters) { refresh.setSpring(spring, world: &sim.world) }
}
