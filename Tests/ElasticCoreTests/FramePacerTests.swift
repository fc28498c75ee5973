import ElasticCore
import Testing

/// A clock that only moves when the pacer waits or a frame "works". Coarse waits land where asked
/// (or earlier, as input would wake them); fine waits land exactly on their deadline.
final class FakeWaiter: PacingWaiter {
    var now: UInt64
    var coarse: [UInt64] = []
    var fine: [UInt64] = []
    /// Coarse waits last at most this long (an event wakes them); 0: no events.
    var wakeAfterNs: UInt64 = 0
    init(start: UInt64) { now = start }
    func nowNs() -> UInt64 { now }
    func waitCoarse(untilNs deadline: UInt64) {
        coarse.append(deadline)
        let target = wakeAfterNs > 0 ? min(deadline, now + wakeAfterNs) : deadline
        now = max(now, target)
    }
    func waitFine(untilNs deadline: UInt64) {
        fine.append(deadline)
        now = max(now, deadline)
    }
}

@Suite("Frame pacer: an absolute schedule")
struct FramePacerTests {
    /// Frame k of a schedule anchored at t0 starts at t0 + k·10⁹/hz ns, rounded to the nearest ns:
    /// worked out here from the rate alone, not from the pacer's arithmetic.
    static func expectedStart(_ t0: UInt64, _ k: Int, hz: Double) -> UInt64 {
        t0 + UInt64((Double(k) * 1_000_000_000 / hz).rounded())
    }

    @Test("60 Hz with 3 ms of work per frame: every frame starts on the schedule, no drift over 10,000 frames")
    func noDrift() {
        let t0: UInt64 = 5_000_000_000
        let clock = FakeWaiter(start: t0)
        var pacer = FramePacer(hz: 60)
        for k in 0..<10_000 {
            let start = pacer.waitForNextFrame(clock)
            #expect(start == Self.expectedStart(t0, k, hz: 60), "frame \(k)")
            if start != Self.expectedStart(t0, k, hz: 60) { return }
            clock.now += 3_000_000
        }
        // Whole-millisecond waits counted from the last present (SDL_Delay) would have run 10,000
        // frames of 16 ms: 6.7 s short of the 166.65 s here.
        #expect(clock.now - t0 >= 166_650_000_000)
    }

    @Test("the coarse wait stops a millisecond short of the deadline and the fine wait ends on it")
    func coarseThenFine() {
        let clock = FakeWaiter(start: 1_000_000_000)
        var pacer = FramePacer(hz: 144)
        pacer.waitForNextFrame(clock)
        clock.now += 2_000_000
        pacer.waitForNextFrame(clock)
        let deadline = Self.expectedStart(1_000_000_000, 1, hz: 144)
        #expect(clock.coarse == [deadline - 1_000_000])
        #expect(clock.fine == [deadline])
        #expect(clock.now == deadline)
    }

    @Test("input waking the coarse wait early: it waits again, and the frame still starts on its deadline")
    func earlyWakeups() {
        let clock = FakeWaiter(start: 0)
        clock.wakeAfterNs = 4_000_000
        var pacer = FramePacer(hz: 60)
        pacer.waitForNextFrame(clock)
        pacer.waitForNextFrame(clock)
        #expect(clock.coarse.count >= 4)
        #expect(clock.now == Self.expectedStart(0, 1, hz: 60))
    }

    @Test("a frame late by less than a period keeps the schedule: the next one catches up")
    func lateFrameCatchesUp() {
        let clock = FakeWaiter(start: 0)
        var pacer = FramePacer(hz: 50)          // 20 ms
        pacer.waitForNextFrame(clock)            // frame 0 at 0
        clock.now += 30_000_000                  // frame 0 takes 30 ms
        #expect(pacer.waitForNextFrame(clock) == 30_000_000)   // frame 1 (due at 20) starts at once
        clock.now += 1_000_000
        #expect(pacer.waitForNextFrame(clock) == 40_000_000)   // frame 2 back on the schedule
        #expect(pacer.reanchors == 0)
    }

    @Test("a stall longer than a period re-anchors at its end instead of bursting to catch up")
    func stallReanchors() {
        let clock = FakeWaiter(start: 0)
        var pacer = FramePacer(hz: 60)
        pacer.waitForNextFrame(clock)
        clock.now += 500_000_000                 // half a second stalled
        #expect(pacer.waitForNextFrame(clock) == 500_000_000)
        #expect(pacer.reanchors == 1)
        var starts: [UInt64] = []
        for _ in 0..<3 {
            clock.now += 1_000_000
            starts.append(pacer.waitForNextFrame(clock))
        }
        #expect(starts == (1...3).map { Self.expectedStart(500_000_000, $0, hz: 60) })
    }

    @Test("restart (idle or hidden window): the next frame starts at once and anchors a new schedule")
    func restart() {
        let clock = FakeWaiter(start: 0)
        var pacer = FramePacer(hz: 60)
        pacer.waitForNextFrame(clock)
        clock.now += 5_000_000
        pacer.restart()
        #expect(pacer.waitForNextFrame(clock) == 5_000_000)
        #expect(clock.coarse.isEmpty && clock.fine.isEmpty)
        #expect(pacer.waitForNextFrame(clock) == Self.expectedStart(5_000_000, 1, hz: 60))
    }
}
