import Foundation
import Testing

/// The moving replays are what `scripts/compare-peers.py` times (and what its table calls a
/// moving frame), so every frame it keeps of a held drag must really change: a frame with no new
/// input draws nothing, in Elastic and in the peers alike, and would stand in the percentiles as
/// a moving one. An event stamped on a frame's boundary can land in the next frame (a third of
/// the frames had none when the events sat on exact sixtieths); the replays put each mid-frame.
/// (gooey-menu's is Space every 0.7 s: the menu opens or closes, then rests a few frames.)
@Suite("moving replays", .serialized)
struct MovingReplayTests {
    @Test("every frame of a held drag's moving replay that compare-peers.py keeps damages pixels",
          arguments: ["wave-pull", "jelly-block", "sticky-refresh", "wave-balls"])
    func everyFrameChanges(scene: String) async throws {
        let dir = try ElasticBinary.scratch("moving-\(scene)")
        let replay = ElasticBinary.root.appendingPathComponent("assets/replays/\(scene)-moving.jsonl").path
        let csv = dir.appendingPathComponent("stats.csv")
        // compare-peers.py's run: 4 s headless, the first 5 frames left out.
        let r = try await ElasticBinary.run(["play", "--headless", "--renderer", "software", "--no-hint", "--scene", scene,
                                       "--replay", replay, "--seconds", "4", "--stats", csv.path])
        #expect(r.status == 0, "\(r.stderr)")
        let damaged = try RedrawAllTests.damagedPixels(csv)
        #expect(damaged.count >= 235, "\(scene): \(damaged.count) frames")
        let still = damaged.indices.dropFirst(5).filter { damaged[$0] <= 0 }
        #expect(still.isEmpty, "\(scene): frames \(still.prefix(12)) of \(damaged.count) damage nothing")
    }
}
