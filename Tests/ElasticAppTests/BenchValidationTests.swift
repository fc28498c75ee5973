import CSDL2
import ElasticCore
import Foundation
import Testing

/// `elastic bench --validate`: the shipped references match bit for bit at both sizes (off-screen
/// here; windowed-check.sh runs it on X11 and Wayland), a reference with one pixel changed fails
/// with that pixel named, and a missing one is named. The references' pixels themselves are held
/// to independent oracles elsewhere: the coverage tests against supersampling, and the headless
/// frames here against `play --headless` screenshots of the same moments.
@Suite("elastic bench --validate")
struct BenchValidationTests {
    static let references = ElasticBinary.root.appendingPathComponent("assets/bench")

    @Test("the default set validates off-screen, bit for bit", arguments: ["1280x720", "3840x2160"])
    func shippedReferencesMatch(window: String) async throws {
        let r = try await ElasticBinary.run(["bench", "--off-screen", "--validate", "--window", window], timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        let successes = r.stdout.split(separator: "\n").filter { $0.hasSuffix("Validation: Success (frames 30, 120, 210, bit for bit)") }
        #expect(successes.count == 11, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("window=\(window)"))
        #expect(!r.stdout.contains("Score"), "--validate times nothing")
    }

    @Test("a reference frame is play's own screenshot of that moment (frame 120 = 2 s), from another path through the app")
    func referenceIsPlaysScreenshot() async throws {
        let dir = try ElasticBinary.scratch("bench-vs-play")
        let shot = dir.appendingPathComponent("shot.png").path
        let r = try await ElasticBinary.run(["play", "--headless", "--scene", "jelly-block", "--no-hint", "--renderer", "software",
                                             "--replay", ElasticBinary.root.appendingPathComponent("assets/replays/jelly-block-moving.jsonl").path,
                                             "--screenshot", shot, "--screenshot-at", "2", "--seconds", "2.05"])
        #expect(r.status == 0, "\(r.stderr)")
        let played = try PNGImage.load(dir.appendingPathComponent("shot-2s.png").path)
        let reference = try PNGImage.load(Self.references.appendingPathComponent("jelly-block_jelly-block-moving_1280x720_scale1_frame120.png").path)
        #expect(played.width == reference.width && played.height == reference.height)
        let differing = zip(played.pixels, reference.pixels).filter { $0.r != $1.r || $0.g != $1.g || $0.b != $1.b }.count
        #expect(differing == 0, "\(differing) pixels differ")
    }

    /// A copy of the shipped references for jelly-block at 1280x720, one pixel of frame 120 set to
    /// red (this test's own SDL write).
    static func referencesWithOnePixelChanged(in dir: URL, x: Int, y: Int) throws -> (URL, original: RGBA) {
        let refs = dir.appendingPathComponent("refs")
        try FileManager.default.createDirectory(at: refs, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: references.path) where name.hasPrefix("jelly-block_") {
            try FileManager.default.copyItem(at: references.appendingPathComponent(name), to: refs.appendingPathComponent(name))
        }
        let path = refs.appendingPathComponent("jelly-block_jelly-block-moving_1280x720_scale1_frame120.png").path
        let image = try PNGImage.load(path)
        let original = image.pixels[y * image.width + x]
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(image.width), Int32(image.height), 32, SDL_PIXELFORMAT_ABGR8888.rawValue) else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer { SDL_FreeSurface(surface) }
        let base = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self), pitch = Int(surface.pointee.pitch)
        for py in 0..<image.height {
            for px in 0..<image.width {
                let p = image.pixels[py * image.width + px], q = base + py * pitch + px * 4
                (q[0], q[1], q[2], q[3]) = px == x && py == y ? (255, 0, 0, 255) : (p.r, p.g, p.b, 255)
            }
        }
        guard IMG_SavePNG(surface, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        return (refs, original)
    }

    @Test("one changed pixel fails: the benchmark, the frame, 1 pixel, its difference and place; the frame is written beside")
    func changedPixelFails() async throws {
        let dir = try ElasticBinary.scratch("bench-changed")
        let (refs, original) = try Self.referencesWithOnePixelChanged(in: dir, x: 100, y: 50)
        let r = try await ElasticBinary.run(["bench", "--off-screen", "--validate", "--reference-dir", refs.path, "-b", "jelly-block"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.contains("[jelly-block] window=1280x720 redraw=damage: Validation: Failure"), "\(r.stdout)")
        let largest = max(255 - Int(original.r), Int(original.g), Int(original.b))
        #expect(r.stderr.contains("elastic bench: jelly-block: frame 120: 1 pixel differs from"), "\(r.stderr)")
        #expect(r.stderr.contains("the largest difference \(largest) levels (first at x 100, y 50)"), "\(r.stderr)")
        let actual = refs.appendingPathComponent("jelly-block_jelly-block-moving_1280x720_scale1_frame120.actual.png")
        let written = try PNGImage.load(actual.path)
        #expect(written.pixels[50 * written.width + 100] == original, "the frame as drawn, beside the reference")
        #expect(!r.stderr.contains("frame 30:") && !r.stderr.contains("frame 210:"), "only the changed frame fails")
    }

    @Test("a missing reference is named, with how to make it")
    func missingReference() async throws {
        let dir = try ElasticBinary.scratch("bench-missing")
        let (refs, _) = try Self.referencesWithOnePixelChanged(in: dir, x: 0, y: 0)
        try FileManager.default.removeItem(at: refs.appendingPathComponent("jelly-block_jelly-block-moving_1280x720_scale1_frame30.png"))
        let r = try await ElasticBinary.run(["bench", "--off-screen", "--validate", "--reference-dir", refs.path, "-b", "jelly-block:window=1280x720"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("frame 30: no reference") && r.stderr.contains("jelly-block_jelly-block-moving_1280x720_scale1_frame30.png")
                && r.stderr.contains("scripts/make-bench-references.sh"), "\(r.stderr)")
        let other = try await ElasticBinary.run(["bench", "--off-screen", "--validate", "-b", "jelly-block:window=800x600"])
        #expect(other.status == 1 && other.stderr.contains("no reference") && other.stderr.contains("800x600"), "\(other.stderr)")
    }
}
