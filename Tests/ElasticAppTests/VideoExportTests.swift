import ElasticCore
import ElasticSDL
import Foundation
import Testing
@testable import elastic

/// `play --video`: the files ffprobe (FFmpeg's own reader, not ours) describes, and decoded frames
/// against the run's own screenshot of the same time. Skipped when ffmpeg is not installed.
@Suite("play --video", .serialized, .enabled(if: VideoEncoder.findFFmpeg() != nil, "ffmpeg is not installed: video export is not tested"))
struct VideoExportTests {
    let replay = ElasticBinary.root.appendingPathComponent("assets/replays/wave-pull-center.jsonl").path

    /// 2 s at `fps` of a replayed drag, 640×360, with a screenshot at t = 1 s (frame `fps`).
    func export(_ name: String, in dir: URL, fps: Int = 60, extra: [String] = []) async throws -> (video: URL, shot: URL) {
        let video = dir.appendingPathComponent(name), shot = dir.appendingPathComponent("shot.png")
        let result = try await ElasticBinary.run(["play", "--headless", "--window", "640x360", "--replay", replay, "--fps", "\(fps)",
                                            "--seconds", "2", "--video", video.path, "--screenshot", shot.path, "--screenshot-at", "1"] + extra)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        return (video, dir.appendingPathComponent("shot-1s.png"))
    }

    static func tool(_ name: String, _ args: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: VideoEncoder.findFFmpeg()!).deletingLastPathComponent().appendingPathComponent(name)
        process.arguments = args
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// ffprobe's codec_name, pix_fmt, width, height, r_frame_rate and nb_read_frames.
    static func probe(_ url: URL) throws -> [String: String] {
        try streamFields(url, "codec_name,pix_fmt,width,height,r_frame_rate,nb_read_frames", options: ["-count_frames"])
    }

    /// ffprobe's `entries` (comma-separated stream fields) of the first video stream.
    static func streamFields(_ url: URL, _ entries: String, options: [String] = []) throws -> [String: String] {
        let text = String(decoding: try tool("ffprobe", ["-v", "error"] + options + ["-select_streams", "v:0", "-show_entries",
                                                          "stream=\(entries)", "-of", "default=noprint_wrappers=1", url.path]), as: UTF8.self)
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }

    /// A decoded 640×360 RGB24 frame's size.
    static let frameBytes = 640 * 360 * 3

    /// Frame `index` decoded by ffmpeg to RGB bytes.
    static func frame(_ index: Int, of url: URL) throws -> [UInt8] {
        [UInt8](try tool("ffmpeg", ["-v", "error", "-i", url.path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1",
                                    "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"]))
    }

    /// PSNR over R, G and B in dB (infinite when identical).
    static func psnr(_ decoded: [UInt8], _ image: PNGImage) -> Double {
        var squares = 0.0
        for (i, p) in image.pixels.enumerated() {
            for (c, v) in [p.r, p.g, p.b].enumerated() {
                let d = Double(decoded[i * 3 + c]) - Double(v)
                squares += d * d
            }
        }
        let mse = squares / Double(image.pixels.count * 3)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    @Test("mp4: H.264 yuv420p at the run's rate and size, one frame per frame, frame 60 = the screenshot at 1 s (PSNR ≥ 35 dB)")
    func mp4() async throws {
        let dir = try ElasticBinary.scratch("video-mp4")
        let (video, shot) = try await export("clip.mp4", in: dir)
        let info = try Self.probe(video)
        #expect(info["codec_name"] == "h264" && info["pix_fmt"] == "yuv420p")
        #expect(info["width"] == "640" && info["height"] == "360" && info["r_frame_rate"] == "60/1")
        #expect(info["nb_read_frames"] == "121")  // frames 0…120: 2 s at 60 fps, both ends drawn
        let image = try PNGImage.load(shot.path)
        let decoded = try Self.frame(60, of: video)
        try #require(decoded.count == Self.frameBytes)
        let db = Self.psnr(decoded, image)
        #expect(db >= 35, "PSNR \(db) dB")
        // The frame before differs more: the match is of the same time, not any frame.
        #expect(Self.psnr(try Self.frame(50, of: video), image) < db)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["clip.mp4", "shot-1s.png"])
    }

    @Test("lossless exports decode to exactly the screenshot's pixels", arguments: ["clip.mkv", "clip.mp4", "clip.webm"])
    func lossless(name: String) async throws {
        let dir = try ElasticBinary.scratch("video-lossless-\(name)")
        let (video, shot) = try await export(name, in: dir, extra: ["--video-quality", "lossless"])
        let info = try Self.probe(video)
        #expect(info["codec_name"] == ["clip.mkv": "ffv1", "clip.mp4": "h264", "clip.webm": "vp9"][name])
        #expect(info["nb_read_frames"] == "121" && info["r_frame_rate"] == "60/1")
        let image = try PNGImage.load(shot.path)
        let decoded = try Self.frame(60, of: video)
        try #require(decoded.count == Self.frameBytes)
        let mismatched = image.pixels.indices.filter { i in
            let p = image.pixels[i]
            return decoded[i * 3] != p.r || decoded[i * 3 + 1] != p.g || decoded[i * 3 + 2] != p.b
        }
        #expect(mismatched.isEmpty, "\(mismatched.count) pixels differ")
    }

    @Test("webm: VP9 at 30 fps; gif: palette from the clip at 25 fps; both frame for frame")
    func webmAndGIF() async throws {
        let dir = try ElasticBinary.scratch("video-webm-gif")
        let webm = try await Self.probe(try export("clip.webm", in: dir, fps: 30).video)
        #expect(webm["codec_name"] == "vp9" && webm["r_frame_rate"] == "30/1" && webm["nb_read_frames"] == "61")
        #expect(webm["width"] == "640" && webm["height"] == "360")
        let (gifURL, shot) = try await export("clip.gif", in: dir, fps: 25)
        let gif = try Self.probe(gifURL)
        #expect(gif["codec_name"] == "gif" && gif["r_frame_rate"] == "25/1" && gif["nb_read_frames"] == "51")
        #expect(gif["width"] == "640" && gif["height"] == "360")
        // 256 colours from the clip: close to the screenshot, not exact.
        #expect(Self.psnr(try Self.frame(25, of: gifURL), try PNGImage.load(shot.path)) >= 30)
    }

    @Test("no ffmpeg on PATH: refused before the run, nothing written")
    func missingFFmpeg() async throws {
        let dir = try ElasticBinary.scratch("video-no-ffmpeg")
        let video = dir.appendingPathComponent("clip.mp4")
        let result = try await ElasticBinary.run(["play", "--headless", "--frames", "3", "--video", video.path], environment: ["PATH": dir.path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--video needs ffmpeg"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: video.path))
    }

    @Test("an encoder that fails: non-zero exit, the file that was there is untouched, no temporary left")
    func failedEncode() async throws {
        let dir = try ElasticBinary.scratch("video-fails")
        let fake = dir.appendingPathComponent("ffmpeg")
        try "#!/bin/sh\necho 'pretend failure' >&2\nexit 3\n".write(to: fake, atomically: true, encoding: .utf8)
        chmod(fake.path, 0o755)
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let video = out.appendingPathComponent("clip.mp4")
        try Data("old".utf8).write(to: video)
        let result = try await ElasticBinary.run(["play", "--headless", "--frames", "30", "--video", video.path],
                                           environment: ["PATH": "\(dir.path):/usr/bin:/bin"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("was not written"), "\(result.stderr)")
        #expect(try Data(contentsOf: video) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["clip.mp4"])
    }

    @Test("bad --video arguments are refused", arguments: [
        (["--video", "clip.avi"], "give a path ending in"),
        (["--video", "clip.gif", "--video-quality", "lossless"], "cannot be lossless"),
        (["--video-quality", "low"], "--video-quality needs --video"),
    ])
    func refused(args: [String], message: String) async throws {
        let result = try await ElasticBinary.run(["play", "--headless", "--frames", "2"] + args)
        #expect(result.status == 64 && result.stderr.contains(message), "\(result.stderr)")
    }
}
