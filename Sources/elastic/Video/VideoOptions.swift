import ArgumentParser
import ElasticCore
import Foundation

/// `play`'s video options: `--video FILE` and `--video-quality`.
struct VideoOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Record the run as a video (\(VideoFormat.extensions)) at the run's frame rate and the window's pixel size; needs ffmpeg.",
                               valueName: "FILE"))
    var video: String?

    @Option(name: .customLong("video-quality"),
            help: "Video quality: \(VideoQuality.allCases.map(\.rawValue).joined(separator: ", ")) (lossless keeps every pixel: RGB H.264 at -qp 0 in .mp4, lossless VP9 in .webm; .mkv is always lossless FFV1).")
    var videoQuality: VideoQuality = .high

    /// ffmpeg's path, found when the options were checked.
    var ffmpeg: String? { video == nil ? nil : VideoEncoder.findFFmpeg() }

    func validate() throws {
        guard let video else {
            if videoQuality != .high { throw ValidationError("--video-quality needs --video FILE") }
            return
        }
        guard let format = VideoFormat(path: video) else {
            throw ValidationError("--video writes \(VideoFormat.extensions): give a path ending in one of them (got \(video))")
        }
        if let refusal = format.refusal(videoQuality) { throw ValidationError("--video-quality lossless: \(refusal)") }
        var st = stat()
        if stat(video, &st) == 0, st.st_mode & S_IFMT != S_IFREG {
            throw ValidationError("--video \(quoted(video)): not a regular file (the video is written beside it and renamed into place)")
        }
        if VideoEncoder.findFFmpeg() == nil {
            throw ValidationError("--video needs ffmpeg, which is not on PATH (Debian: apt-get install ffmpeg)")
        }
    }

    /// Starts the encoder for a run on `frontEnd`: headless at `fps`, live at `pacedHz`, the rate
    /// the loop paces at (60 when the loop is unpaced, said so).
    func makeEncoder(frontEnd: any FrontEnd, headless: Bool, fps: Double, frames: Int?, pacedHz: Double?) throws -> VideoEncoder? {
        guard let video, let format = VideoFormat(path: video) else { return nil }
        guard let ffmpeg else { throw ValidationFailure("--video needs ffmpeg, which is not on PATH") }
        var pixels: [UInt8] = []
        guard let size = frontEnd.readPixels(into: &pixels) else {
            throw ValidationFailure("--video: the \(frontEnd.rendererName) front end cannot read its pixels back")
        }
        let rate = headless ? fps : (pacedHz ?? 60)
        if !headless {
            printError("elastic: video at \(ReplayScript.format(rate)) fps, \(pacedHz == nil ? "an assumed rate (the loop is unpaced)" : "the rate the loop is paced at")")
        }
        return try VideoEncoder(path: video, format: format, quality: videoQuality, ffmpeg: ffmpeg, width: size.width,
                                height: size.height, fps: rate, live: !headless, totalFrames: frames)
    }
}
