import Foundation
import ElasticStats
#if canImport(Glibc)
import Glibc
#endif

/// A file the app writes as it runs (trace, recorded input).
///
/// - Opened before the run without truncating: a file that existed keeps its contents until
///   `start()` (the run really begins); one this run created is removed by `discard()` when the
///   run never starts.
/// - Opened non-blocking: a FIFO without a reader is an error at once (ENXIO), not a hang. A
///   reader that is slow is waited for in poll(2), which a signal interrupts, so SIGINT/SIGTERM
///   still end the run; a reader that stops reading for `stallLimit` seconds costs the output.
/// - A write failing later (disk full, file-size limit, reader gone) is remembered, not fatal.
final class OutputFile {
    let path: String
    /// Where it was opened (folder resolved, symlinks followed): what `discard()` removes.
    let openedPath: String
    private var fd: Int32
    private(set) var error: String?
    private(set) var lostBytes = 0
    /// Lines (newline-terminated) lost after a failure.
    private(set) var lostLines = 0
    /// Bytes and lines in the file: a failed write is cut back to its last whole line.
    private(set) var keptBytes: off_t = 0
    private(set) var keptLines = 0
    /// A regular file (not a FIFO, terminal or /dev/null): it can be cut back and emptied.
    let isRegular: Bool
    private let created: Bool
    private var started = false
    static let stallLimit = 10.0

    /// Opens `path` (at `resolvedPath` when the run's checks resolved it) for writing.
    init(path: String, purpose: String, resolvedPath: String? = nil) throws {
        self.path = path
        let target = resolvedPath ?? path
        openedPath = target
        func failure(_ reason: String) -> ValidationFailure {
            ValidationFailure("cannot write the \(purpose) to \(quoted(path)): \(reason)")
        }
        var made = true
        fd = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NONBLOCK | O_CLOEXEC, 0o644)
        if fd < 0, errno == EEXIST {
            made = false
            fd = open(target, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        }
        if fd < 0 {
            let e = errno
            throw failure(e == ENXIO ? "it is a FIFO and no process is reading it (start the reader first)"
                          : e == EISDIR ? "Is a directory" : String(cString: strerror(e)))
        }
        created = made
        var st = stat()
        fstat(fd, &st)
        isRegular = st.st_mode & S_IFMT == S_IFREG
        if st.st_mode & S_IFMT == S_IFBLK || st.st_mode & S_IFMT == S_IFDIR {
            Glibc.close(fd); fd = -1
            throw failure("not a file to write")
        }
    }

    /// The run begins: a file that existed is emptied now (not at open, so a run refused before
    /// this point leaves it as it was).
    func start() {
        guard !started else { return }
        started = true
        if fd >= 0, isRegular, !created, ftruncate(fd, 0) != 0 {
            error = "emptying \(quoted(path)) failed: \(errnoText())"
        }
    }

    /// The run never started: closes, and removes the file if this run created it (and it is
    /// still the file opened, not something put in its place since).
    func discard() {
        guard fd >= 0 else { return }
        if created, !started {
            var mine = stat(), there = stat()
            if fstat(fd, &mine) == 0, lstat(openedPath, &there) == 0, mine.st_dev == there.st_dev, mine.st_ino == there.st_ino {
                unlink(openedPath)
            }
        }
        close()
    }

    /// Writes `text` (whole lines). After a failure nothing more is written (the lines would not
    /// follow on) and what is dropped is counted; a write that fails part-way is cut back to the
    /// last whole line, so the file never ends in half a line.
    func write(_ text: String) {
        guard !text.isEmpty else { return }
        start()
        guard fd >= 0, error == nil else { lose(text.utf8); return }
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            var stalledSince: Double?
            while offset < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n >= 0 { offset += n; stalledSince = nil; continue }
                let e = errno
                if e == EINTR { continue }
                if e == EAGAIN, let reason = waitForReader(since: &stalledSince) {
                    fail(reason, bytes, written: offset); return
                }
                if e != EAGAIN { fail(String(cString: strerror(e)), bytes, written: offset); return }
            }
            keptBytes += off_t(bytes.count)
            keptLines += OutputFile.newlines(bytes[...])
        }
    }

    /// A FIFO or terminal is full: waits for room. Returns why to give up, or nil to try again.
    private func waitForReader(since: inout Double?) -> String? {
        let now = ProcessClock.monotonicSeconds()
        if since == nil { since = now }
        if SignalTrap.received != 0 { return "stopped by \(SignalTrap.signalName ?? "a signal") while its reader was not reading" }
        if now - since! > OutputFile.stallLimit {
            return "its reader read nothing for \(Int(OutputFile.stallLimit)) s"
        }
        var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = poll(&p, 1, 100)
        return nil
    }

    private func fail(_ reason: String, _ bytes: UnsafeBufferPointer<UInt8>, written: Int) {
        error = "writing \(quoted(path)) failed: \(reason)"
        var keep = written
        if isRegular, written > 0 {
            // Back to the last newline that reached the file.
            keep = bytes[..<written].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            if keep < written { _ = ftruncate(fd, keptBytes + off_t(keep)) }
        }
        keptBytes += off_t(keep)
        keptLines += OutputFile.newlines(bytes[..<keep])
        lose(bytes[keep...])
    }

    private func lose<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        lostBytes += bytes.count
        lostLines += OutputFile.newlines(bytes)
    }

    private static func newlines<C: Collection>(_ bytes: C) -> Int where C.Element == UInt8 {
        bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    /// What went wrong and what it cost, for the end-of-run message.
    var errorReport: String? {
        guard let error else { return nil }
        let kept = isRegular ? "; the file keeps the \(keptLines) whole lines (\(keptBytes) bytes) written before" : ""
        return "\(error) (\(lostLines) lines, \(lostBytes) bytes lost\(kept))"
    }

    func close() {
        if fd >= 0 { Glibc.close(fd); fd = -1 }
    }

    deinit { close() }
}

/// A user-facing error: printed as is.
struct ValidationFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
