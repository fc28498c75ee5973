import Testing
@testable import ElasticCore

@Suite("Fixed-step clock and time sources")
struct ClockTests {
    @Test("whole steps out of irregular frame times, the remainder carried over")
    func irregularFrames() {
        var clock = FixedStepClock(stepRate: 240)
        let deltas = [0.010, 0.003, 0.0166, 0.0021, 0.030, 0.0005, 0.0125]
        var total = 0.0, steps = 0
        for d in deltas {
            steps += clock.advance(by: d)
            total += d
            #expect(clock.accumulator >= 0 && clock.accumulator < clock.dt)
            #expect(steps == Int((total * 240).rounded(.down)))
            #expect(abs(clock.accumulator - (total - Double(steps) / 240)) < 1e-12)
        }
        #expect(clock.steps == steps)
    }

    @Test("144 frames of 1/144 s make exactly 240 steps despite round-off")
    func roundOff() {
        var display = SimulatedDisplayClock(fps: 144)
        var clock = FixedStepClock(stepRate: 240)
        for _ in 0...144 { _ = clock.tick(now: display.now()) }
        #expect(clock.steps == 240)
        var display30 = SimulatedDisplayClock(fps: 30)
        var clock30 = FixedStepClock(stepRate: 240)
        for _ in 0...3000 { _ = clock30.tick(now: display30.now()) }
        #expect(clock30.steps == 24_000)
    }

    @Test("a 5-s stall is clamped to 0.25 s of simulation: no spiral of steps")
    func stallClamp() {
        var clock = FixedStepClock(stepRate: 240, maxFrameDelta: 0.25)
        _ = clock.tick(now: 0)
        #expect(clock.tick(now: 1.0 / 60) == 4)
        let n = clock.tick(now: 1.0 / 60 + 5)
        #expect(n == 60)
        #expect(abs(clock.droppedTime - 4.75) < 1e-9)
        #expect(clock.tick(now: 1.0 / 60 + 5 + 1.0 / 60) == 4)
    }

    @Test("the interpolation factor is the leftover fraction of a step")
    func alpha() {
        var clock = FixedStepClock(stepRate: 100)
        #expect(clock.advance(by: 0.025) == 2)
        #expect(abs(clock.alpha - 0.5) < 1e-9)
        #expect(clock.advance(by: 0.004) == 0)
        #expect(abs(clock.alpha - 0.9) < 1e-9)
        #expect(clock.advance(by: 0.001) == 1)
        #expect(clock.alpha < 1e-6)
    }

    @Test("negative, NaN and infinite deltas never step backwards or explode")
    func badDeltas() {
        var clock = FixedStepClock()
        #expect(clock.advance(by: -1) == 0)
        #expect(clock.advance(by: .nan) == 0)
        #expect(clock.advance(by: .infinity) == 0)
        #expect(clock.advance(by: 1e300) == 60)
    }

    @Test("resync after a pause simulates none of the gap")
    func resync() {
        var clock = FixedStepClock(stepRate: 240)
        _ = clock.tick(now: 0)
        clock.resync(now: 100)
        #expect(clock.tick(now: 100 + 1.0 / 60) == 4)
    }

    @Test("the simulated display clock ticks exactly n / fps")
    func simulatedDisplay() {
        var display = SimulatedDisplayClock(fps: 60)
        #expect(display.now() == 0)
        #expect(display.now() == 1.0 / 60)
        for _ in 0..<58 { _ = display.now() }
        #expect(display.now() == 1)
    }

    @Test("the monotonic source never goes backwards")
    func monotonic() {
        let source = MonotonicTimeSource()
        var last = source.now()
        for _ in 0..<1000 {
            let t = source.now()
            #expect(t >= last)
            last = t
        }
    }

    @Test("an absolute sleep returns at or after its deadline, and at once for one already past")
    func absoluteSleep() {
        let deadline = MonotonicTimeSource.nanoseconds() + 3_000_000
        MonotonicTimeSource.sleep(untilNs: deadline)
        #expect(MonotonicTimeSource.nanoseconds() >= deadline)
        let before = MonotonicTimeSource.nanoseconds()
        MonotonicTimeSource.sleep(untilNs: before - 1_000_000_000)
        #expect(MonotonicTimeSource.nanoseconds() - before < 1_000_000_000)  // did not wait a second
    }
}

@Suite("Tweens, keyframes and cycles")
struct TweenTests {
    @Test("ease-in-out is Core Animation's (0.42, 0, 0.58, 1): symmetric, flat ends")
    func easing() {
        let e = Easing.easeInOut
        #expect(e(0) == 0 && e(1) == 1)
        #expect(abs(e(0.5) - 0.5) < 1e-9)
        for t in stride(from: 0.0, through: 1, by: 0.05) { #expect(abs(e(t) + e(1 - t) - 1) < 1e-9) }
        #expect(e(0.1) < 0.1 && e(0.9) > 0.9)
        // A known point of the curve: s = 0.25 gives x = 0.3046875·… computed by hand.
        let s = 0.25, u = 0.75
        let x = 3 * u * u * s * 0.42 + 3 * u * s * s * 0.58 + s * s * s
        let y = 3 * u * s * s + s * s * s
        #expect(abs(e(x) - y) < 1e-9)
        #expect(Easing.linear(.nan) == 0)
    }

    @Test("a tween eases from → to over its duration, and retargets without a jump")
    func tween() {
        let t = Tween(from: 10, to: 20, start: 1, duration: 0.618)
        #expect(t.value(at: 0) == 10)
        #expect(t.value(at: 1 + 0.618) == 20)
        #expect(abs(t.value(at: 1 + 0.309) - 15) < 1e-9)
        let r = t.retargeted(to: 0, at: 1.2, duration: 0.3)
        #expect(abs(r.value(at: 1.2) - t.value(at: 1.2)) < 1e-12)
        #expect(Tween(from: 1, to: 2, start: 0, duration: -1).value(at: 0) == 2)
    }

    @Test("keyframes (100, 80, …, 0) in 0.2 s pass through evenly spaced values")
    func keyframes() {
        let k = Keyframes([100, 80, 60, 40, 20, 0], start: 0, duration: 0.2, easing: .linear)
        #expect(k.value(at: 0) == 100)
        #expect(abs(k.value(at: 0.04) - 80) < 1e-9)
        #expect(abs(k.value(at: 0.1) - 50) < 1e-9)
        #expect(k.value(at: 0.3) == 0)
        let eased = Keyframes([100, 0], start: 0, duration: 0.2, easing: .easeInOut)
        #expect(abs(eased.value(at: 0.1) - 50) < 1e-9)
    }

    @Test("the float cycle: 0 → +5 → 0 → −5 → 0 per second, periodic")
    func cycle() {
        let c = Cycle(period: 1, keys: [(0, 0), (0.25, 5), (0.5, 0), (0.75, -5), (1, 0)])
        #expect(c.value(at: 0.25) == 5)
        #expect(c.value(at: 0.75) == -5)
        #expect(abs(c.value(at: 1.125) - 2.5) < 1e-9)
        #expect(abs(c.value(at: -0.25) + 5) < 1e-9)
        #expect(c.value(at: .nan) == 0)
    }
}
