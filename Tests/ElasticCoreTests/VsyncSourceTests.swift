import ElasticCore
import Testing

/// Whose vsync paces, with what SDL would report faked (no display here has a GPU's vsync):
/// the decision's inputs as each path reports them, and what the pacing policy then makes of them.
@Suite("vsync source: the presenting renderer's swap paces, not the drawing one's")
struct VsyncSourceTests {
    @Test("a software frame shown through a GLES2 presenter with a swap interval is paced by its vsync, no timer on top")
    func softwareThroughAPresenter() {
        let simulated = VsyncSource.isSimulated(drawing: "software", videoDriver: "wayland", presenter: "opengles2", swapInterval: 1)
        #expect(!simulated)
        let report = DisplayReport(vsyncRequested: true, vsyncReported: true, vsyncSimulated: simulated, refreshHz: 60)
        #expect(PacingPolicy.initial(report) == .vsyncUnconfirmed(displayHz: 60))
        // weston repainting at 45 Hz: vsync holds at the measured rate, still no timer.
        let settled = PacingPolicy.afterCheck(report, medianIntervalNs: 22_000_000)
        #expect(settled.timerHz == nil)
        #expect(settled.description == "vsync, presents measured at 45 Hz (display reports 60 Hz)")
    }

    @Test("SDL's imitations stay simulated: the software renderer itself, a GL swap interval of 0, headless drivers")
    func imitations() {
        #expect(VsyncSource.isSimulated(drawing: "software", videoDriver: "x11", presenter: nil, swapInterval: 1))
        #expect(VsyncSource.isSimulated(drawing: "software", videoDriver: "wayland", presenter: "opengles2", swapInterval: 0))
        #expect(VsyncSource.isSimulated(drawing: "opengl", videoDriver: "x11", presenter: nil, swapInterval: 0))
        #expect(VsyncSource.isSimulated(drawing: "opengl", videoDriver: "offscreen", presenter: nil, swapInterval: 1))
        #expect(!VsyncSource.isSimulated(drawing: "opengl", videoDriver: "x11", presenter: nil, swapInterval: 1))
        #expect(!VsyncSource.isSimulated(drawing: "opengles2", videoDriver: "wayland", presenter: nil, swapInterval: -1))
    }
}
