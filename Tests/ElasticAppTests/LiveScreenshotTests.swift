import ElasticSDL
import Foundation
import Testing

/// A live window at rest skips drawing; a screenshot asked for at a time it is at rest must still
/// be taken (the loop draws the frames that take them), showing that time.
@Suite("live screenshots at rest", .serialized)
struct LiveScreenshotTests {
    @Test("a real window at rest takes --screenshot-at shots on time: each equals the headless run's shot at that time",
          .enabled(if: XvfbDragLatencyTests.tool("Xvfb") != nil, "needs Xvfb (scripts/install-deps.sh --tests)"))
    func screenshotAtRest() async throws {
        let dir = try ElasticBinary.scratch("live-shot")
        let (xvfb, display) = try XvfbDragLatencyTests.startXvfb(in: dir)
        defer { ElasticBinary.stop(xvfb, signal: SIGTERM) }
        // The scene never moves; the hint shows until 4 s and is gone from 4.3 s, so the loop is at
        // rest at 1.5 s (hint shown) and at 5 s (hint gone): the two shots must differ as the
        // headless run's (drawn every frame) do.
        let common = ["play", "--window", "640x360", "--renderer", "software", "--seconds", "5.5",
                      "--screenshot-at", "1.5", "--screenshot-at", "5"]
        let live = dir.appendingPathComponent("live.png"), headless = dir.appendingPathComponent("headless.png")
        let r = try await ElasticBinary.run(common + ["--screenshot", live.path], environment: ["DISPLAY": display], timeout: 60)
        #expect(r.status == 0, "\(r.stderr)")
        let h = try await ElasticBinary.run(common + ["--headless", "--screenshot", headless.path], timeout: 60)
        #expect(h.status == 0, "\(h.stderr)")
        var shots: [PNGImage] = []
        for t in ["1.5", "5"] {
            let shot = try PNGImage.load(dir.appendingPathComponent("live-\(t)s.png").path)
            let reference = try PNGImage.load(dir.appendingPathComponent("headless-\(t)s.png").path)
            #expect(shot.width == 640 && shot.height == 360, "\(t) s")
            #expect(shot.width == reference.width && shot.pixels == reference.pixels, "the live shot at \(t) s is not the headless one")
            shots.append(shot)
        }
        #expect(shots.count == 2 && shots[0].pixels != shots[1].pixels, "the shots at 1.5 s and 5 s are the same picture")
    }
}
