import ElasticStats
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a finished encode must pass before the video is called written. FFmpeg's exit status is
/// not enough: it exits 0 when it could not write a file's end (a full disk: MP4 and WebM then
/// lack their index), saying so only in its log. So the log must be empty (FFmpeg runs at
/// `-loglevel error`) and the file must decode, by FFmpeg, to as many frames as were sent.
struct VideoCheck {
    let ffmpeg: String
    /// FFmpeg's standard error, shared by every pass of this video.
    let log: String

    /// Why `file` is not a video of `frames` frames, or nil.
    func problem(file: String, frames: Int) -> String? {
        if let text = logText() { return "ffmpeg reported: \(text)" }
        let counted: Int?
        do {
            counted = try decodedFrames(file)
        } catch {
            return "\(error)"
        }
        if let text = logText() { return "the file does not decode: \(text)" }
        guard let counted else { return "ffmpeg decoded the file but did not say how many frames it holds" }
        return counted == frames ? nil : "the file holds \(counted) frames of the \(frames) sent"
    }

    /// The frames FFmpeg decodes from `file` (its `-progress` report, read from a pipe so that a
    /// full temporary folder cannot hide it), or nil when it gave no count.
    private func decodedFrames(_ file: String) throws -> Int? {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw ValidationFailure("cannot make a pipe to ffmpeg: \(errnoText())") }
        // Only FFmpeg's standard output (a dup2, which drops the flag) keeps the write end open.
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let args = ["-hide_banner", "-loglevel", "error", "-nostats", "-nostdin", "-i", file, "-map", "0:v:0",
                    "-progress", "pipe:1", "-f", "null", "-"]
        let pid: pid_t
        do {
            pid = try VideoEncoder.spawn(ffmpeg, args, stdin: nil, stdout: fds[1], stderrPath: log)
        } catch {
            close(fds[0]); close(fds[1])
            throw error
        }
        close(fds[1])
        var report: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fds[0], &chunk, chunk.count)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            report += chunk[0..<n]
        }
        close(fds[0])
        let status = VideoEncoder.wait(pid)
        if status != 0 {
            throw ValidationFailure("the file does not decode (ffmpeg exited with status \(status))" + (logText().map { ": \($0)" } ?? ""))
        }
        // The last `frame=` line is the total (`-progress` repeats its block while it runs).
        let last = String(decoding: report, as: UTF8.self).split(separator: "\n").last { $0.hasPrefix("frame=") }
        return last.flatMap { Int($0.dropFirst("frame=".count).trimmingCharacters(in: .whitespaces)) }
    }

    /// The log's last lines, or nil when FFmpeg reported nothing.
    func logText() -> String? {
        guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return lines.isEmpty ? nil : lines.suffix(3).joined(separator: " / ")
    }

    /// "the disk is full" when FFmpeg said so or the disk holding `directory` has almost no room
    /// left; asked while the failed file still takes its room (removing it frees the disk again).
    static func fullDisk(directory: String, log: String?) -> String? {
        if let log, log.contains(String(cString: strerror(EDQUOT))) { return "the disk quota is used up" }
        var fs = statvfs()
        let free = statvfs(directory, &fs) == 0 ? UInt64(fs.f_bavail) * UInt64(fs.f_frsize) : nil
        // Less room than a muxer's last writes need: the end of the file could not fit.
        let nearlyFull = free.map { $0 < 1 << 20 } ?? false
        guard nearlyFull || (log?.contains(String(cString: strerror(ENOSPC))) ?? false) else { return nil }
        return "the disk is full" + (free.map { " (\(($0 + 1023) / 1024) KB free in \(quoted(directory)))" } ?? "")
    }
}
