import ElasticCore

/// The live loop's pacing: the decision (`PacingPolicy`), its check of the first presents when
/// vsync may hold, and the timer (`FramePacer`) when it does not. Headless runs are not paced.
final class PacingControl {
    let report: DisplayReport
    private(set) var pacing: Pacing
    private var pacer: FramePacer?
    private var check: VsyncCheck?
    private let waiter: (any PacingWaiter)?
    private let stopRendererVsync: () -> Void
    /// Called when the check of the first presents decides (vsync holds, or a timer takes over).
    var onChange: ((Pacing) -> Void)?

    /// `waiter` nil: nothing waits (headless, tests); the decision is still made and shown.
    init(report: DisplayReport, waiter: (any PacingWaiter)?, stopRendererVsync: @escaping () -> Void = {}) {
        self.report = report
        self.waiter = waiter
        self.stopRendererVsync = stopRendererVsync
        pacing = PacingPolicy.initial(report)
        if case .vsyncUnconfirmed = pacing { check = VsyncCheck() }
        adopt(pacing, vsyncFailed: false)
    }

    /// A loop that is not paced, saying why (headless runs, the soak).
    static func unpaced(_ reason: String) -> PacingControl {
        let control = PacingControl(report: DisplayReport(headless: true, vsyncRequested: false, vsyncReported: false, refreshHz: nil),
                                    waiter: nil)
        control.pacing = .unpaced(reason: reason)
        return control
    }

    /// What the timer keeps, or the display's rate under vsync: the frame budget people expect.
    var targetHz: Double? { pacing.pacedHz }

    /// Before a frame reads its input: waits for its deadline when the loop's timer paces.
    func waitForFrame() {
        guard let waiter else { return }
        pacer?.waitForNextFrame(waiter)
    }

    /// After the frame's present returned.
    func presented(atNs now: UInt64) {
        guard check != nil, let median = check?.presented(atNs: now) else { return }
        check = nil
        let decided = PacingPolicy.afterCheck(report, medianIntervalNs: median)
        pacing = decided
        adopt(decided, vsyncFailed: decided.timerHz != nil)
        onChange?(decided)
    }

    /// The loop did not present for a while (idle, hidden): no catch-up, no interval measured across it.
    func gap() {
        pacer?.restart()
        check?.gap()
    }

    private func adopt(_ p: Pacing, vsyncFailed: Bool) {
        guard let hz = p.timerHz else { return }
        pacer = FramePacer(hz: hz)
        // Real vsync under a lower --fps-limit stays on (no tearing); SDL's imitation, or a vsync
        // that did not hold, must not add its whole-millisecond delays to the timer's.
        let realVsync = report.vsyncReported && !report.vsyncSimulated && report.refreshHz != nil && !vsyncFailed
        if report.vsyncRequested, !realVsync { stopRendererVsync() }
    }
}
