import ElasticCore
import Testing

@Suite("Pacing policy: who paces the frames, said truthfully")
struct PacingPolicyTests {
    /// Feeds a check presents `intervalNs` apart; returns the median it reports.
    static func measure(intervalNs: UInt64) -> UInt64? {
        var check = VsyncCheck()
        var t: UInt64 = 1_000_000
        for _ in 0..<(VsyncCheck.skipped + VsyncCheck.needed + 5) {
            if let median = check.presented(atNs: t) { return median }
            t += intervalNs
        }
        return nil
    }

    @Test("Xvfb: software renderer, no refresh rate, SDL says vsync is on: a 60 Hz timer, never \"vsync (\"")
    func xvfbSoftware() {
        let r = DisplayReport(vsyncRequested: true, vsyncReported: true, vsyncSimulated: true, refreshHz: nil)
        let p = PacingPolicy.initial(r)
        #expect(p == .timer(hz: 60, reason: "refresh rate unknown, vsync not in effect"))
        #expect(p.description == "timer 60 Hz (refresh rate unknown, vsync not in effect)")
    }

    @Test("a display reporting 144 Hz whose presents come 6.94 ms apart: vsync (display 144 Hz)")
    func realVsync144() throws {
        let r = DisplayReport(vsyncRequested: true, vsyncReported: true, refreshHz: 144)
        #expect(PacingPolicy.initial(r) == .vsyncUnconfirmed(displayHz: 144))
        #expect(!PacingPolicy.initial(r).description.hasPrefix("vsync ("))
        let median = try #require(Self.measure(intervalNs: 6_944_444))
        #expect(median == 6_944_444)
        let p = PacingPolicy.afterCheck(r, medianIntervalNs: median)
        #expect(p.description == "vsync (display 144 Hz)")
    }

    @Test("a display reporting 60 Hz whose presents come 20 µs apart (vsync ignored): a 60 Hz timer")
    func vsyncIgnored() throws {
        let r = DisplayReport(vsyncRequested: true, vsyncReported: true, refreshHz: 60)
        let median = try #require(Self.measure(intervalNs: 20_000))
        let p = PacingPolicy.afterCheck(r, medianIntervalNs: median)
        #expect(p.timerHz == 60)
        #expect(p.description == "timer 60 Hz (display 60 Hz, but presents came every 20 µs: vsync not in effect)")
    }

    @Test("frames slower than the period (heavy work) still count as vsync holding, at the rate measured")
    func slowFramesHold() throws {
        let r = DisplayReport(vsyncRequested: true, vsyncReported: true, refreshHz: 60)
        let p = PacingPolicy.afterCheck(r, medianIntervalNs: 33_333_333)
        #expect(p.timerHz == nil)
        #expect(p.description == "vsync, presents measured at 30 Hz (display reports 60 Hz)")
    }

    @Test("presents a nested compositor paces at 45 Hz on a 60 Hz display: that rate is stated and budgeted; within 5 % the display's")
    func measuredRateStated() throws {
        let r = DisplayReport(vsyncRequested: true, vsyncReported: true, refreshHz: 60)
        let weston = PacingPolicy.afterCheck(r, medianIntervalNs: 22_000_000)
        #expect(weston.description == "vsync, presents measured at 45 Hz (display reports 60 Hz)")
        #expect(abs((weston.pacedHz ?? 0) - 1e9 / 22_000_000) < 1e-9)
        // 16.9 ms is 59.2 Hz, 1.4 % off: the display's rate, as reported.
        let close = PacingPolicy.afterCheck(r, medianIntervalNs: 16_900_000)
        #expect(close == .vsync(displayHz: 60) && close.pacedHz == 60)
        // 15.5 ms is 64.5 Hz, 7.5 % off.
        #expect(PacingPolicy.afterCheck(r, medianIntervalNs: 15_500_000).description
                == "vsync, presents measured at 65 Hz (display reports 60 Hz)")
    }

    @Test("the software renderer on a 75 Hz display: a 75 Hz timer (its vsync is SDL's whole-ms imitation)")
    func softwareKnownRate() {
        let r = DisplayReport(vsyncRequested: true, vsyncReported: true, vsyncSimulated: true, refreshHz: 75)
        #expect(PacingPolicy.initial(r) == .timer(hz: 75, reason: "display 75 Hz; this renderer has no vsync"))
    }

    @Test("--no-vsync stays unpaced; with --fps-limit it keeps the limit")
    func noVsync() {
        #expect(PacingPolicy.initial(DisplayReport(vsyncRequested: false, vsyncReported: false, refreshHz: 60)).description
                == "unpaced (--no-vsync)")
        #expect(PacingPolicy.initial(DisplayReport(vsyncRequested: false, vsyncReported: false, refreshHz: 60, fpsLimit: 30))
                .timerHz == 30)
    }

    @Test("--fps-limit below the display's rate is a timer; above it, vsync binds first")
    func fpsLimit() {
        let below = DisplayReport(vsyncRequested: true, vsyncReported: true, refreshHz: 144, fpsLimit: 30)
        #expect(PacingPolicy.initial(below) == .timer(hz: 30, reason: "--fps-limit"))
        let above = DisplayReport(vsyncRequested: true, vsyncReported: true, refreshHz: 144, fpsLimit: 240)
        #expect(PacingPolicy.initial(above) == .vsyncUnconfirmed(displayHz: 144))
        let unknownRate = DisplayReport(vsyncRequested: true, vsyncReported: true, vsyncSimulated: true, refreshHz: nil, fpsLimit: 90)
        #expect(PacingPolicy.initial(unknownRate).timerHz == 90)
        let softwareAbove = DisplayReport(vsyncRequested: true, vsyncReported: true, vsyncSimulated: true, refreshHz: 60, fpsLimit: 144)
        #expect(PacingPolicy.initial(softwareAbove).timerHz == 60)
    }

    @Test("headless runs are not paced: their clock is simulated")
    func headless() {
        let r = DisplayReport(headless: true, simulatedFPS: 60, vsyncRequested: false, vsyncReported: false, refreshHz: nil)
        #expect(PacingPolicy.initial(r) == .unpaced(reason: "headless: simulated display at 60 Hz"))
    }

    @Test("a gap (idle, hidden) is not measured as an interval")
    func gapNotMeasured() {
        var check = VsyncCheck()
        var t: UInt64 = 0
        var median: UInt64?
        for i in 0..<(VsyncCheck.skipped + VsyncCheck.needed + 3) {
            if i == VsyncCheck.skipped + 5 { check.gap(); t += 5_000_000_000 }
            median = check.presented(atNs: t) ?? median
            t += 16_666_667
        }
        #expect(median == 16_666_667)
    }

    @Test("rates print as people write them")
    func hzFormat() {
        #expect(Pacing.hz(60) == "60")
        #expect(Pacing.hz(59.94) == "59.94")
        #expect(Pacing.hz(143.856) == "143.856")
    }
}
