import ElasticCore
import ElasticSDL
import Foundation
import Testing

/// `play --redraw all` redraws every output pixel every frame, and damage-only drawing (the
/// default) ends on the very same picture: the whole redraw is an oracle the damage code did not
/// write, run through the real binary.
@Suite("elastic play --redraw", .serialized)
struct RedrawAllTests {
    /// `damaged_px` of every row of a --stats file.
    static func damagedPixels(_ csv: URL) throws -> [Int] {
        let lines = try String(contentsOf: csv, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false),
              let column = header.firstIndex(of: "damaged_px") else { return [] }
        return lines.dropFirst().map { Int($0.split(separator: ",", omittingEmptySubsequences: false)[column]) ?? -1 }
    }

    static func play(scene: String, redraw: String, in dir: URL) async throws -> (damaged: [Int], shot: PNGImage) {
        let replay = ElasticBinary.root.appendingPathComponent("assets/replays/\(scene)-moving.jsonl").path
        let csv = dir.appendingPathComponent("\(redraw).csv"), shot = dir.appendingPathComponent("\(redraw).png")
        let r = try await ElasticBinary.run(["play", "--headless", "--renderer", "software", "--scene", scene, "--replay", replay,
                                       "--seconds", "2.5", "--redraw", redraw, "--stats", csv.path, "--screenshot", shot.path])
        #expect(r.status == 0, "\(r.stderr)")
        return (try damagedPixels(csv), try PNGImage.load(shot.path))
    }

    @Test("--redraw all damages the whole output every frame of a moving replay and ends on the --redraw damage run's picture",
          arguments: ["wave-pull", "gooey-menu"])
    func wholeFramesMatchDamagedOnes(scene: String) async throws {
        let dir = try ElasticBinary.scratch("redraw-all-\(scene)")
        let all = try await RedrawAllTests.play(scene: scene, redraw: "all", in: dir)
        let damage = try await RedrawAllTests.play(scene: scene, redraw: "damage", in: dir)
        let whole = 1280 * 720
        #expect(all.damaged.count > 140, "\(scene): \(all.damaged.count) rows")
        #expect(all.damaged.count == damage.damaged.count)
        #expect(all.damaged.allSatisfy { $0 == whole }, "\(scene): \(all.damaged.filter { $0 != whole }.prefix(5))")
        // The damage run really drew less (else the comparison below would prove nothing).
        #expect(damage.damaged.filter { $0 < whole }.count * 2 > damage.damaged.count, "\(scene): \(damage.damaged.prefix(10))")
        #expect(all.shot.width == 1280 && all.shot.height == 720)
        #expect(damage.shot.width == all.shot.width && damage.shot.height == all.shot.height)
        let differing = zip(all.shot.pixels, damage.shot.pixels).filter { $0.0 != $0.1 }.count
        #expect(differing == 0, "\(scene): \(differing) pixels differ between whole and damaged redraws")
    }

    @Test("--redraw takes only all or damage")
    func refusesOtherValues() async throws {
        let r = try await ElasticBinary.run(["play", "--headless", "--frames", "2", "--redraw", "some"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("--redraw"), "\(r.stderr)")
    }
}
