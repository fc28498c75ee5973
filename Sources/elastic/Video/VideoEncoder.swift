import ElasticCore
import ElasticStats
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `--video FILE`: every drawn frame, read back from the front end, piped raw to an `ffmpeg`
/// process that encodes it (see VideoFormat); the frames the loop did not redraw are repeated, so
/// frame n of the video shows the run at time n / fps.
///
/// FFmpeg writes a hidden temporary file beside FILE, renamed to FILE only once it passed the
/// checks (see VideoCheck): a failed or interrupted encode never leaves a half-written file under
/// the final name.
final class VideoEncoder {
    let path: String
    let format: VideoFormat
    let quality: VideoQuality
    let fps: Double
    let width: Int, height: Int
    private let ffmpeg: String
    private let temporary: String
    private let log: String
    private let check: VideoCheck
    private var pid: pid_t = 0
    private let pipe: FramePipe
    /// The next video frame's index (frames are numbered from the first drawn frame's time).
    private var nextIndex = 0
    private var firstIndex: Int?
    /// Live runs: the loop's time minus the monotonic clock, to pad the idle tail at the end.
    private var liveClockOffset: Double?
    private let live: Bool
    private var sizeWarned = false
    /// Live: the video slot whose frame found no free buffer (a later frame of the slot may still fill it).
    private var failedSlot: Int?
    /// Video frames that show the frame before because the encoder was still busy.
    private var repeatedForLag = 0
    private var progress: VideoProgress?

    /// Starts FFmpeg. `totalFrames`: the frames a headless run will draw (for the progress bar).
    init(path: String, format: VideoFormat, quality: VideoQuality, ffmpeg: String, width: Int, height: Int,
         fps: Double, live: Bool, totalFrames: Int?) throws {
        self.path = path; self.format = format; self.quality = quality; self.ffmpeg = ffmpeg
        self.width = width; self.height = height; self.fps = fps; self.live = live
        let url = URL(fileURLWithPath: path)
        let stem = ".\(url.lastPathComponent).partial-\(getpid())"
        temporary = url.deletingLastPathComponent().appendingPathComponent(stem).path
        log = FileManager.default.temporaryDirectory.appendingPathComponent("elastic-ffmpeg-\(getpid()).log").path
        check = VideoCheck(ffmpeg: ffmpeg, log: log)
        let args = format.encodeArguments(width: width, height: height, fps: fps, quality: quality, live: live, output: temporary)
        var fds: [Int32] = [0, 0]
        guard Glibc.pipe(&fds) == 0 else { throw ValidationFailure("cannot make a pipe to ffmpeg: \(errnoText())") }
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        // A frame is megabytes: a 1 MiB pipe (Linux's default limit) takes it in a few writes, not dozens.
        _ = fcntl(fds[1], 1031 /* F_SETPIPE_SZ, not exported by Glibc's module */, 1 << 20)
        do {
            pid = try VideoEncoder.spawn(ffmpeg, args, stdin: fds[0], stderrPath: log)
        } catch {
            Glibc.close(fds[0]); Glibc.close(fds[1])
            throw error
        }
        // Only FFmpeg holds the read end: if it exits, writes fail (EPIPE) instead of blocking.
        Glibc.close(fds[0])
        pipe = FramePipe(fd: fds[1], frameBytes: width * height * 4, waitWhenFull: !live)
        if !live, let totalFrames, isatty(2) == 1 { progress = VideoProgress(total: totalFrames) }
    }

    /// `ffmpeg` on PATH, or nil.
    static func findFFmpeg(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        for dir in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/ffmpeg"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Hands over the frame drawn for time `now` (before it is presented).
    func capture(from frontEnd: any FrontEnd, at now: Double) {
        if live, liveClockOffset == nil { liveClockOffset = now - VideoEncoder.monotonic() }
        let index = Int((now * fps).rounded())
        if firstIndex == nil { firstIndex = index }
        let slot = index - firstIndex!
        // Two frames in one slot of the video (a frame came early): the first one stands.
        guard slot >= nextIndex || nextIndex == 0 else { return }
        guard var buffer = pipe.takeBuffer() else {
            if failedSlot != slot { if failedSlot != nil { repeatedForLag += 1 }; failedSlot = slot }
            return
        }
        if let failed = failedSlot { if failed != slot { repeatedForLag += 1 }; failedSlot = nil }
        guard let size = frontEnd.readPixels(into: &buffer) else { pipe.giveBack(buffer); return }
        if size != (width, height) { buffer = fit(buffer, size) }
        pipe.send(buffer, repeatsBefore: max(0, slot - nextIndex))
        nextIndex = max(slot, nextIndex) + 1
        progress?.update(done: nextIndex)
    }

    /// The window changed size: the video keeps its first size, the frame is cropped or padded (top left).
    private func fit(_ pixels: [UInt8], _ size: (width: Int, height: Int)) -> [UInt8] {
        if !sizeWarned {
            sizeWarned = true
            printError("elastic: video: the window is now \(size.width)×\(size.height); the video stays \(width)×\(height) (cropped or padded)")
        }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let rowBytes = min(width, size.width) * 4
        for y in 0..<min(height, size.height) {
            out.withUnsafeMutableBytes { o in
                pixels.withUnsafeBytes { p in
                    (o.baseAddress! + y * width * 4).copyMemory(from: p.baseAddress! + y * size.width * 4, byteCount: rowBytes)
                }
            }
        }
        return out
    }

    /// Finishes the video: a live run's idle tail is filled up to now, FFmpeg's input closed and
    /// its exit awaited, the GIF's palette passes run, the file checked and renamed into place.
    /// Returns what went wrong (its cause named when the disk is full; the temporary file
    /// removed), or nil.
    func finish() -> String? {
        if live, let offset = liveClockOffset, let first = firstIndex {
            let end = Int(((VideoEncoder.monotonic() + offset) * fps).rounded()) - first
            pipe.repeatLast(end - nextIndex)
        }
        pipe.close()
        progress?.finish()
        if failedSlot != nil { repeatedForLag += 1 }
        // Once FFmpeg stopped reading, frames are lost for that reason, reported below.
        if repeatedForLag > 0, pipe.failure == nil {
            printError("elastic: video: \(repeatedForLag) frames repeat the one before: the encoder was still busy with earlier frames")
        }
        var problem = pipe.failure
        let status = VideoEncoder.wait(pid)
        if status != 0 { problem = "ffmpeg exited with status \(status)" + logTail() }
        if problem == nil, pipe.written == 0 { problem = "no frame was drawn" }
        if problem == nil, format == .gif { problem = makeGIF() }
        if problem == nil { problem = check.problem(file: temporary, frames: pipe.written) }
        if let failure = problem, let cause = VideoCheck.fullDisk(directory: directory, log: check.logText()) {
            problem = "\(cause); \(failure)"
        }
        if problem == nil, rename(temporary, path) != 0 { problem = "cannot move the video into place: \(errnoText())" }
        unlink(temporary)
        unlink(log)
        if let problem { return "the video \(quoted(path)) was not written: \(problem)" }
        let padded = format == .mp4 && quality != .lossless && (width % 2 == 1 || height % 2 == 1) ? " (padded to even)" : ""
        printError("video: \(path) (\(format.rawValue), \(width)×\(height)\(padded), \(ReplayScript.format(fps)) fps, \(pipe.written) frames)")
        return nil
    }

    /// Stops FFmpeg and removes its file: the run never started.
    func discard() {
        kill(pid, SIGKILL)
        pipe.close()
        _ = VideoEncoder.wait(pid)
        unlink(temporary)
        unlink(log)
    }

    /// The GIF: a palette from the whole clip, then the clip through it, from the lossless first pass.
    private func makeGIF() -> String? {
        let palette = temporary + ".palette.png", gif = temporary + ".gif"
        defer { unlink(palette); unlink(gif) }
        for args in VideoFormat.gifPasses(source: temporary, palette: palette, output: gif, quality: quality) {
            do {
                let status = VideoEncoder.wait(try VideoEncoder.spawn(ffmpeg, args, stdin: nil, stderrPath: log))
                if status != 0 { return "ffmpeg's GIF pass exited with status \(status)" + logTail() }
            } catch {
                return "\(error)"
            }
        }
        return rename(gif, temporary) == 0 ? nil : "cannot move the GIF: \(errnoText())"
    }

    private func logTail() -> String { check.logText().map { ": \($0)" } ?? "" }

    /// The folder the video is written in (where its temporary file takes room).
    private var directory: String { URL(fileURLWithPath: path).deletingLastPathComponent().path }

    private static func monotonic() -> Double { Double(MonotonicTimeSource.nanoseconds()) / 1e9 }

    /// Starts ffmpeg in its own process group (Ctrl-C reaches the app, which then finishes the
    /// video, not FFmpeg mid-file), standard output to `stdout` (or discarded), standard error to `stderrPath`.
    static func spawn(_ program: String, _ arguments: [String], stdin: Int32?, stdout: Int32? = nil, stderrPath: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdin { posix_spawn_file_actions_adddup2(&actions, stdin, 0) } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if let stdout { posix_spawn_file_actions_adddup2(&actions, stdout, 1) } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, program, &actions, &attributes, argv, environ)
        guard rc == 0 else { throw ValidationFailure("cannot start \(program): \(String(cString: strerror(rc)))") }
        return pid
    }

    /// The exit status (128 + the signal when a signal ended it).
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 { if errno != EINTR { return -1 } }
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
