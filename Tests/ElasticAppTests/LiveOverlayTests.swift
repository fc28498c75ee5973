import CSDL2
import ElasticCore
@testable import ElasticSDL
import Foundation
import Testing
@testable import elastic

// In the window-fault suite because SDL is process-global: one front end at a time (serialized).
extension WindowFaultTests {
    /// A live run (monotonic time, idle waits) of a scene at rest for `seconds`; returns the last
    /// drawn frame's pixels and how many frames were drawn.
    static func liveRun(showHint: Bool, seconds: Double, in dir: URL) throws -> (PNGImage, Int) {
        let front = try WindowFaultTests.frontEnd()
        let shot = dir.appendingPathComponent("live-\(showHint).png").path
        let config = RunConfiguration(
            sceneName: "gooey-menu", frontEnd: FrontEndOptions(windowSize: (1280, 720), headless: false, renderer: .software, vsync: false),
            uiScale: .auto, stepRate: 240, tolerance: 0.25, antialias: true, showHint: showHint, fps: 60, frameLimit: nil,
            timeLimit: seconds, replay: [], screenshotPath: shot, screenshotTimes: [])
        let loop = try GameLoop(config: config, frontEnd: front, outputs: RunOutputs())
        loop.announceFirstFrame = false
        loop.beforeFrame = { _ in Thread.sleep(forTimeInterval: 1.0 / 60) }
        _ = loop.run()
        #expect(loop.outputFailures.isEmpty, "\(loop.outputFailures)")
        return (try PNGImage.load(shot), loop.frame)
    }

    @Test("live, a scene at rest: the idle loop still draws the hint's fade to its end, then sleeps again")
    func liveHintFadesWhileIdle() throws {
        let dir = try ElasticBinary.scratch("live-fade")
        let (withHint, drawn) = try Self.liveRun(showHint: true, seconds: 4.8, in: dir)
        let (without, drawnWithout) = try Self.liveRun(showHint: false, seconds: 1, in: dir)
        // The last frame drawn is the fade's end: the picture is the scene alone.
        let differing = zip(withHint.pixels, without.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) pixels differ: the hint was left part-drawn")
        // Idle outside the fade: far fewer frames than 4.8 s at 60 Hz, but the fade's 0.3 s drawn.
        #expect(drawn < 100 && drawn >= 10, "\(drawn) frames drawn (\(drawnWithout) without the hint)")
    }
}
