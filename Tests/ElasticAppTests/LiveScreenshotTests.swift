import Foundation
import Testing

/// A live window at rest skips drawing; a screenshot asked for at a time it is at rest must still
/// be taken (the loop draws the frames that take them).
@Suite("live screenshots at rest", .serialized)
struct LiveScreenshotTests {
    @Test("a real window at rest takes --screenshot-at shots on time",
          .enabled(if: XvfbDragLatencyTests.tool("Xvfb") != nil, "needs Xvfb (scripts/install-deps.sh --tests)"))
    func screenshotAtRest() throws {
        let dir = try ElasticBinary.scratch("live-shot")
        let (xvfb, display) = try XvfbDragLatencyTests.startXvfb(in: dir)
        defer { kill(xvfb, SIGTERM); _ = ElasticBinary.wait(xvfb, timeout: 5) }
        let shot = dir.appendingPathComponent("rest.png")
        // --no-hint: nothing moves or fades, so the loop is idle from its second frame on.
        let r = try ElasticBinary.run(["play", "--window", "640x360", "--no-hint", "--seconds", "2",
                                       "--screenshot", shot.path, "--screenshot-at", "0.8", "--screenshot-at", "1.5"],
                                      environment: ["DISPLAY": display], timeout: 60)
        #expect(r.status == 0, "\(r.stderr)")
        for t in ["0.8", "1.5"] {
            let path = dir.appendingPathComponent("rest-\(t)s.png").path
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            #expect(size > 0, "no screenshot at \(t) s: \(r.stderr)")
        }
    }
}
