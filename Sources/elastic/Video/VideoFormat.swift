import ArgumentParser
import Foundation

/// How faithful `--video` is: `lossless` keeps every pixel (H.264 in RGB at -qp 0, VP9 lossless
/// in RGB, FFV1), the others trade size for fidelity with FFmpeg's constant-quality modes.
enum VideoQuality: String, CaseIterable, ExpressibleByArgument {
    case lossless, high, medium, low
}

/// The container `--video FILE` writes, from its extension, and the FFmpeg arguments for it.
enum VideoFormat: String, CaseIterable {
    /// H.264 in MP4, yuv420p (what browsers play); lossless: libx264rgb at -qp 0, which keeps RGB
    /// exactly but few players other than FFmpeg's own open.
    case mp4
    /// VP9 in WebM (yuv420p; lossless: VP9's lossless mode in RGB, profile 1).
    case webm
    /// FFV1 in Matroska: always lossless, the archival choice.
    case mkv
    /// GIF with a 256-colour palette made from the whole clip (FFmpeg's palettegen, then
    /// paletteuse). GIF stores frame delays in hundredths of a second: at a rate that does not
    /// divide 100 (60 fps) the delays alternate so that the clip's length stays right.
    case gif

    init?(path: String) {
        self.init(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    static var extensions: String { allCases.map { "." + $0.rawValue }.joined(separator: ", ") }

    /// Why `quality` cannot be written as this format, if it cannot.
    func refusal(_ quality: VideoQuality) -> String? {
        self == .gif && quality == .lossless
            ? "a GIF has at most 256 colours, so it cannot be lossless: use .mkv, .mp4 or .webm with --video-quality lossless" : nil
    }

    /// The muxer FFmpeg writes the first pass with (the temporary file's name has no telling extension).
    var firstPassMuxer: String { self == .mp4 ? "mp4" : self == .webm ? "webm" : "matroska" }

    /// Arguments for FFmpeg reading raw `bgr0` frames of `width`×`height` at `fps` from standard
    /// input and writing `output` (the first pass: the GIF's goes to a lossless FFV1 file).
    /// `live`: x264's fastest preset (bigger files), so the encoder keeps up beside the running app.
    func encodeArguments(width: Int, height: Int, fps: Double, quality: VideoQuality, live: Bool = false, output: String) -> [String] {
        let preset = live ? "ultrafast" : "veryfast"
        var args = ["-hide_banner", "-loglevel", "error", "-nostats",
                    "-f", "rawvideo", "-pix_fmt", "bgr0", "-s", "\(width)x\(height)", "-framerate", VideoFormat.rate(fps),
                    "-i", "pipe:0", "-an"]
        let crf: [VideoQuality: (h264: Int, vp9: Int)] = [.high: (18, 28), .medium: (23, 34), .low: (28, 40)]
        switch (self, quality) {
        case (.mp4, .lossless):
            args += ["-c:v", "libx264rgb", "-qp", "0", "-preset", preset, "-pix_fmt", "bgr0"]
        case (.mp4, _):
            // yuv420p halves chroma, so odd sizes get one more row or column (black) to be legal.
            let pad = width % 2 == 1 || height % 2 == 1 ? "pad=ceil(iw/2)*2:ceil(ih/2)*2," : ""
            args += ["-vf", pad + VideoFormat.toBT709, "-c:v", "libx264", "-preset", preset, "-crf", "\(crf[quality]!.h264)",
                     "-pix_fmt", "yuv420p", "-movflags", "+faststart"] + VideoFormat.bt709Tags
        case (.webm, .lossless):
            args += ["-c:v", "libvpx-vp9", "-lossless", "1", "-pix_fmt", "gbrp", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1"]
        case (.webm, _):
            args += ["-vf", VideoFormat.toBT709, "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "\(crf[quality]!.vp9)", "-pix_fmt", "yuv420p",
                     "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1"] + VideoFormat.bt709Tags
        case (.mkv, _), (.gif, _):
            // Slices let FFV1 encode on every core.
            args += ["-c:v", "ffv1", "-level", "3", "-slices", "4", "-pix_fmt", "bgr0"]
        }
        return args + ["-f", firstPassMuxer, "-y", output]
    }

    /// RGB to limited-range yuv420p with the BT.709 matrix, by the filter itself: left to the
    /// conversion FFmpeg inserts, swscale would use BT.601, which HD players do not assume.
    static let toBT709 = "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"

    /// What the yuv420p frames are, written into the stream, so every player decodes them with the
    /// matrix they were made with (untagged, players guess by size). The frames are sRGB, whose
    /// primaries are BT.709's.
    static let bt709Tags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]

    /// The GIF's two further passes over the first pass's lossless file: the palette, then the frames.
    static func gifPasses(source: String, palette: String, output: String, quality: VideoQuality) -> [[String]] {
        let colours = quality == .low ? 64 : quality == .medium ? 128 : 256
        let dither = quality == .high ? "sierra2_4a" : "bayer:bayer_scale=3"
        let quiet = ["-hide_banner", "-loglevel", "error", "-nostats", "-nostdin"]
        return [
            quiet + ["-i", source, "-vf", "palettegen=max_colors=\(colours):stats_mode=full", "-f", "image2", "-y", palette],
            quiet + ["-i", source, "-i", palette, "-lavfi", "paletteuse=dither=\(dither):diff_mode=rectangle", "-f", "gif", "-y", output],
        ]
    }

    /// The frame rate as FFmpeg parses it: whole rates as integers, others as a fraction over 1000.
    static func rate(_ fps: Double) -> String {
        fps == fps.rounded() ? "\(Int(fps))" : "\(Int((fps * 1000).rounded()))/1000"
    }
}
