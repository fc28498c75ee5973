import ElasticCore
import ElasticSDL
import Foundation
import Testing
@testable import elastic

/// `play --video` in mp4 and webm: the colour tags ffprobe reads, and the flat colours of a frame
/// decoded as a player decodes it (BT.709, limited range, as the tags say) against the run's
/// screenshot of the same time. Skipped when ffmpeg is not installed.
@Suite("play --video colours", .serialized, .enabled(if: VideoEncoder.findFFmpeg() != nil, "ffmpeg is not installed: video colours are not tested"))
struct VideoColourTests {
    /// wave-balls' header bar in the spec (effects.md).
    static let headerBlue = RGBA(66, 132, 243)

    /// ffprobe's colour fields of the first video stream.
    static func colourTags(_ url: URL) throws -> [String: String] {
        try VideoExportTests.streamFields(url, "color_space,color_primaries,color_transfer,color_range")
    }

    /// Frame `index` converted to RGB with the BT.709 matrix and limited range given explicitly
    /// (what a player does with the tags; an untagged file is read the same way, as HD players do).
    static func frameAsPlayed(_ index: Int, of url: URL) throws -> [UInt8] {
        [UInt8](try VideoExportTests.tool("ffmpeg", [
            "-v", "error", "-i", url.path,
            "-vf", "select=eq(n\\,\(index)),scale=in_color_matrix=bt709:in_range=tv,format=rgb24",
            "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1",
        ]))
    }

    /// The screenshot's colours that fill whole 9×9 squares, with the centres of those squares
    /// (on a 4-pixel grid), most covered first: flat areas, where neither chroma subsampling nor
    /// the codec's edges blur the colour.
    static func flatColours(_ image: PNGImage) -> [(colour: RGBA, pixels: [(x: Int, y: Int)])] {
        var found: [RGBA: [(x: Int, y: Int)]] = [:]
        let r = 4
        for y in stride(from: r, to: image.height - r, by: 4) {
            for x in stride(from: r, to: image.width - r, by: 4) {
                let c = image.pixels[y * image.width + x]
                var flat = true
                for dy in -r...r where flat {
                    for dx in -r...r where image.pixels[(y + dy) * image.width + x + dx] != c { flat = false; break }
                }
                if flat { found[c, default: []].append((x, y)) }
            }
        }
        return found.map { ($0.key, $0.value) }.sorted { $0.pixels.count > $1.pixels.count }
    }

    @Test("mp4 and webm are tagged BT.709 (matrix, primaries, transfer, limited range); decoded so, wave-balls' main flat colours are within 3 levels of the screenshot",
          arguments: [("clip.mp4", "640x360"), ("clip.webm", "640x360"), ("odd.mp4", "321x181")])
    func bt709(name: String, window: String) async throws {
        let dir = try ElasticBinary.scratch("video-colour-\(name)")
        let video = dir.appendingPathComponent(name), shot = dir.appendingPathComponent("shot.png")
        let result = try await ElasticBinary.run(["play", "--headless", "--window", window, "--scene", "wave-balls", "--fps", "60", "--seconds", "1",
                                            "--video", video.path, "--screenshot", shot.path, "--screenshot-at", "0.5"])
        try #require(result.status == 0, "stderr: \(result.stderr)")
        let tags = try Self.colourTags(video)
        #expect(tags == ["color_space": "bt709", "color_primaries": "bt709", "color_transfer": "bt709", "color_range": "tv"], "\(tags)")

        let image = try PNGImage.load(dir.appendingPathComponent("shot-0.5s.png").path)
        let decoded = try Self.frameAsPlayed(30, of: video)
        // Lossy mp4 pads odd sizes to even (black on the right and bottom).
        let width = name.hasSuffix(".mp4") ? (image.width + 1) / 2 * 2 : image.width
        let height = name.hasSuffix(".mp4") ? (image.height + 1) / 2 * 2 : image.height
        try #require(decoded.count == width * height * 3)
        let main = Self.flatColours(image).prefix(3)
        #expect(main.contains { $0.colour == Self.headerBlue }, "the header bar's blue is not among \(main.map(\.colour))")
        for (colour, pixels) in main {
            var sums = [0.0, 0.0, 0.0]
            for (x, y) in pixels { for c in 0..<3 { sums[c] += Double(decoded[(y * width + x) * 3 + c]) } }
            let mean = sums.map { $0 / Double(pixels.count) }
            let expected = [Double(colour.r), Double(colour.g), Double(colour.b)]
            let worst = zip(mean, expected).map { abs($0 - $1) }.max()!
            #expect(worst <= 3, "\(colour) plays as \(mean.map { ($0 * 10).rounded() / 10 }) (\(pixels.count) samples)")
        }
    }
}
