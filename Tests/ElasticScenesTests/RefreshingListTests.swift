import Testing
import ElasticCore
@testable import ElasticScenes

/// A refreshing list in a world, stepped at 240 Hz the way the scenes step it.
private struct RefreshRig {
    var sim = Simulation()
    var refresh: RefreshingList
    let dt = 1.0 / 240
    var fingerY = 200.0

    /// The spec's two triggers: sticky-refresh's observer (past 88, held or not) and wave-balls'
    /// gesture (past 80 while held), each under its own header (64 and 20 + 60 pt).
    init(threshold: Double, onlyWhileHeld: Bool, header: Double) {
        var s = Simulation()
        refresh = RefreshingList(world: &s.world, rowHeight: 44, rowCount: 30,
                                 threshold: threshold, triggersOnlyWhileHeld: onlyWhileHeld)
        _ = refresh.layout(window: Size(1280, 720), headerHeight: header, world: &s.world)
        sim = s
    }

    static func sticky() -> RefreshRig { RefreshRig(threshold: 88, onlyWhileHeld: false, header: 64) }
    static func waveBalls() -> RefreshRig { RefreshRig(threshold: 80, onlyWhileHeld: true, header: 80) }

    var h: Double { refresh.pull(in: sim.world) }
    var now: Double { sim.time }

    @discardableResult
    mutating func send(_ e: InputEvent) -> RefreshingList.Request? {
        refresh.handle(e, world: &sim.world, now: sim.time)
    }

    mutating func step(_ n: Int = 1) {
        for _ in 0..<n { _ = refresh.step(&sim, dt: dt) }
    }

    /// Ends a refresh at once and starts closing the strip over `duration`.
    mutating func endAndClose(over duration: Double) {
        refresh.startRefresh(at: now)
        _ = refresh.endRefresh(at: now)
        refresh.close(at: now, over: duration, world: &sim.world)
    }

    /// Steps the way a closing scene does: springs and list, then the closing tween.
    mutating func stepClosing(_ n: Int = 1) {
        for _ in 0..<n {
            step()
            refresh.driveClosing(at: now, world: &sim.world)
        }
    }

    mutating func grab() { send(.pointerDown(.mouse, Vec2(640, fingerY))) }
    mutating func release() { send(.pointerUp(.mouse, Vec2(640, fingerY))) }

    /// Moves the held finger down a quarter point a step until the pull passes `target`; returns
    /// the pull just before it did.
    mutating func pull(past target: Double) -> Double {
        var before = h
        while h <= target, fingerY < 4000 {
            before = h
            fingerY += 0.25
            send(.pointerMove(.mouse, Vec2(640, fingerY)))
            step()
        }
        return before
    }
}

@Suite("RefreshingList: the pull-to-refresh cycle sticky-refresh and wave-balls share")
struct RefreshingListTests {
    @Test("a held pull starts a refresh only once it is past 88 (sticky-refresh)")
    func stickyThreshold() {
        var rig = RefreshRig.sticky()
        rig.grab()
        let before = rig.pull(past: 88)
        #expect(before <= 88 && rig.h > 88 && rig.h < 88.5)
        #expect(rig.refresh.isPastThreshold(in: rig.sim.world))
        // Just short of it: no refresh.
        var short = RefreshRig.sticky()
        short.grab()
        _ = short.pull(past: 87)
        #expect(short.h <= 88)
        #expect(!short.refresh.isPastThreshold(in: short.sim.world))
    }

    @Test("sticky-refresh's threshold counts a list that moves past 88 by itself; wave-balls' 80 only a held one")
    func heldOrNot() {
        var sticky = RefreshRig.sticky()
        sticky.refresh.list.drive(to: 90, world: &sticky.sim.world)
        #expect(!sticky.refresh.list.isHeld)
        #expect(sticky.refresh.isPastThreshold(in: sticky.sim.world))

        var wave = RefreshRig.waveBalls()
        wave.grab()
        let before = wave.pull(past: 80)
        #expect(before <= 80 && wave.h > 80)
        #expect(wave.refresh.isPastThreshold(in: wave.sim.world))
        _ = wave.pull(past: 90)     // far enough that the spring back is still past 80 a step later
        wave.release()
        wave.step()
        #expect(wave.h > 80)    // still out there, springing back…
        #expect(!wave.refresh.isPastThreshold(in: wave.sim.world))   // …but let go
    }

    @Test("a refresh ends by itself 2 s after it starts, and no pull starts another meanwhile")
    func twoSecondRefresh() throws {
        var rig = RefreshRig.sticky()
        rig.step(24)
        let start = rig.now
        rig.refresh.startRefresh(at: start)
        #expect(rig.refresh.phase == .refreshing)
        var end: Double?
        for _ in 0..<(3 * 240) {
            rig.step()
            if rig.refresh.isRefreshOver(at: rig.now) { end = rig.now; break }
        }
        let t = try #require(end)
        #expect(abs(t - start - 2) < rig.dt / 2)
        rig.refresh.list.drive(to: 120, world: &rig.sim.world)
        #expect(!rig.refresh.isPastThreshold(in: rig.sim.world))
    }

    @Test("Space starts a refresh at rest, ends a running one, and does nothing while one ends")
    func space() {
        var rig = RefreshRig.sticky()
        let atRest = rig.send(.key(.space)), otherKey = rig.send(.key(.s))
        #expect(atRest == .start && otherKey == nil)
        rig.refresh.startRefresh(at: rig.now)
        rig.step(240)
        let running = rig.send(.key(.space))
        #expect(running == .end)
        let ended = rig.refresh.endRefresh(at: rig.now)
        #expect(ended && rig.refresh.phase == .ending)
        #expect(abs(rig.refresh.refreshEnded - rig.refresh.refreshStart - 1) < 1e-9)
        let ending = rig.send(.key(.space))
        #expect(ending == nil)
        let again = rig.refresh.endRefresh(at: rig.now)
        #expect(!again)     // only a running refresh ends
        rig.refresh.rest()
        let rested = rig.send(.key(.space))
        #expect(rested == .start)
    }

    @Test("the list closes 44 pt over 0.5 s ease-in-out: halfway at 0.25 s, shut at 0.5 s")
    func closes() {
        var rig = RefreshRig.sticky()
        rig.refresh.list.drive(to: 44, world: &rig.sim.world)
        rig.endAndClose(over: 0.5)
        #expect(rig.refresh.isClosing)
        // 120 steps make 0.5 s; the clock's rounding may take one more.
        for n in 1...121 {
            rig.stepClosing()
            if n == 60 { #expect(abs(rig.h - 22) < 0.05) }    // a symmetric ease is half-way at half time
            if n < 119 { #expect(!rig.refresh.hasClosed(in: rig.sim.world), "step \(n)") }
        }
        #expect(abs(rig.h) < 1e-9)
        #expect(rig.refresh.hasClosed(in: rig.sim.world))
        rig.refresh.rest()
        #expect(rig.refresh.isAtRest && !rig.refresh.isClosing)
    }

    @Test("a grab cancels the closing tween: the finger holds the list, and releasing springs it to 0")
    func grabCancelsTheClose() {
        var rig = RefreshRig.sticky()
        rig.refresh.list.drive(to: 44, world: &rig.sim.world)
        rig.endAndClose(over: 0.5)
        rig.stepClosing(24)
        let caught = rig.h
        #expect(caught > 22 && caught < 44)     // on its way, not half-way yet at 0.1 s
        rig.grab()
        rig.stepClosing(96)                     // held still for 0.4 s: a tween would have shut it
        #expect(abs(rig.h - caught) < 1e-9)
        #expect(!rig.refresh.hasClosed(in: rig.sim.world))
        rig.release()
        // Let go, the list starts back from where the finger left it on its spring: the old tween,
        // long over, would put it at 0 at once.
        rig.stepClosing()
        #expect(rig.refresh.list.mode == .springing)
        #expect(rig.h > caught - 1)
        rig.stepClosing(2 * 240)
        #expect(abs(rig.h) < 1e-3)
        #expect(rig.refresh.isClosing)          // the scene decides when it is over
    }

    @Test("a list held when the close begins gets no tween; it closes when let go")
    func heldAtCloseStart() {
        var rig = RefreshRig.sticky()
        rig.grab()
        _ = rig.pull(past: 30)
        rig.endAndClose(over: 0.5)
        let held = rig.h
        rig.stepClosing(120)
        #expect(abs(rig.h - held) < 1e-9)
        rig.release()
        rig.stepClosing(2 * 240)
        #expect(rig.refresh.hasClosed(in: rig.sim.world))
    }

    @Test("rows are labelled Row 1 … Row 30, and the list sits under its header")
    func rowsUnderTheHeader() {
        let rig = RefreshRig.waveBalls()
        #expect(rig.refresh.rowLabels.count == 30)
        #expect(rig.refresh.rowLabels.first == "Row 1" && rig.refresh.rowLabels.last == "Row 30")
        #expect(rig.refresh.list.frame == Rect(x: 0, y: 80, width: 1280, height: 640))
        #expect(rig.sim.world.name(rig.refresh.list.entity) == "list")
    }

    @Test("odd window sizes lay out a finite list at least 1×1")
    func oddWindows() {
        var rig = RefreshRig.sticky()
        let size = rig.refresh.layout(window: Size(.nan, -5), headerHeight: 64, world: &rig.sim.world)
        #expect(size == Size(1, 1))
        #expect(rig.refresh.list.frame.height == 0)
    }
}
