import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The stats file, opened so that no path can hang the run, clobber another run's rows or leave
/// half a row behind:
/// - a regular file is locked (flock, exclusive, without waiting) before it is truncated, so a
///   second recorder on the same file is refused and leaves it untouched;
/// - a character device (/dev/null) takes the rows as they come;
/// - a FIFO is opened without blocking (no reader: an error at once, not a wait for one), written
///   in whole lines of at most PIPE_BUF bytes (each arrives whole or not at all), and a reader that
///   stops reading for `fifoStallLimitNs` or goes away ends the writing, not the run;
/// - anything else (a directory, a block device, a socket) is refused with the reason.
final class StatsOutput {
    enum Kind: Equatable {
        case regularFile, characterDevice, fifo

        /// How error messages and the elastic format's last line name it.
        var name: String {
            switch self {
            case .regularFile: return "a regular file"
            case .characterDevice: return "a character device"
            case .fifo: return "a FIFO"
            }
        }
    }

    let path: String
    private(set) var kind: Kind
    private var fd: Int32
    /// Bytes of whole lines in a regular file: a write cut short is cut back to a line end.
    private var committedBytes: off_t = 0
    /// How long a FIFO may accept nothing before writing to it stops.
    var fifoStallLimitNs: UInt64 = 2_000_000_000
    /// Largest write a pipe takes atomically (POSIX guarantees at least 512; Linux has 4096).
    static let atomicPipeWrite = 4096

    /// Opens (and for a regular file locks and truncates) `path`; throws a `StatsError` saying why not.
    init(path: String) throws {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        if fd < 0 { throw StatsError("cannot write stats to \(path): \(Self.whyOpenFailed(path, errno))") }
        var info = stat()
        let statted = fstat(fd, &info) == 0
        let type = info.st_mode & S_IFMT
        kind = type == S_IFCHR ? .characterDevice : type == S_IFIFO ? .fifo : .regularFile
        guard statted else { throw fail(errnoText()) }
        switch type {
        case S_IFREG:
            // Lock first: a refused recorder must not have truncated the file under the other one.
            // A file system without locks (some network mounts) is written unlocked.
            if flock(fd, LOCK_EX | LOCK_NB) != 0, errno == EWOULDBLOCK {
                throw fail("another recorder is writing it (the file is locked); "
                    + "wait for that run to end or choose another path")
            }
            guard ftruncate(fd, 0) == 0 else { throw fail(errnoText()) }
            setBlocking()
        case S_IFCHR:
            setBlocking()
        case S_IFIFO:
            break
        case S_IFBLK:
            throw fail("it is a block device; write stats to a regular file, a FIFO or /dev/null")
        default:
            throw fail("it is not a regular file, a FIFO or a character device")
        }
    }

    deinit { close() }

    var isOpen: Bool { fd >= 0 }

    func close() {
        if fd >= 0 { _ = systemClose(fd); fd = -1 }
    }

    /// Sends the following writes to another file (tests use /dev/full to fill the disk mid-run).
    func redirectForTesting(to otherPath: String) {
        let other = open(otherPath, O_WRONLY | O_CLOEXEC)
        guard other >= 0 else { return }
        close()
        fd = other
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFCHR { kind = .characterDevice }
    }

    /// Writes all of `bytes` (which ends at a line end). Returns how many bytes of whole lines are
    /// in the file or pipe, and the error that stopped the writing, if one did; then a regular
    /// file has been cut back to its last whole line.
    func write(_ bytes: UnsafeRawBufferPointer) -> (kept: Int, error: String?) {
        guard fd >= 0, let base = bytes.baseAddress else { return (0, nil) }
        let (written, error) = kind == .fifo ? writeToFIFO(base, bytes.count) : writeAll(base, bytes.count)
        guard error != nil else {
            committedBytes += off_t(written)
            return (written, nil)
        }
        var whole = written
        while whole > 0, bytes[whole - 1] != UInt8(ascii: "\n") { whole -= 1 }
        if kind == .regularFile, whole < written { _ = ftruncate(fd, committedBytes + off_t(whole)) }
        committedBytes += off_t(whole)
        return (whole, "cannot write stats to \(path): \(error!)")
    }

    // MARK: Writing

    private func writeAll(_ base: UnsafeRawPointer, _ count: Int) -> (Int, String?) {
        var written = 0
        while written < count {
            let n = systemWrite(fd, base + written, count - written)
            if n < 0 {
                if errno == EINTR { continue }
                return (written, errnoText())
            }
            written += n
        }
        return (written, nil)
    }

    private func writeToFIFO(_ base: UnsafeRawPointer, _ count: Int) -> (Int, String?) {
        var written = 0
        var lastProgress = Self.nowNs()
        while written < count {
            let chunk = Self.wholeLines(base + written, count - written, upTo: Self.atomicPipeWrite)
            let (n, code) = writeWithoutSIGPIPE(base + written, chunk)
            if n > 0 {
                written += n
                lastProgress = Self.nowNs()
                continue
            }
            switch code {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                let waited = Self.nowNs() &- lastProgress
                if waited >= fifoStallLimitNs {
                    return (written, "its reader has taken nothing for \(FrameSummary.format(Double(waited) / 1e9, 1)) s; "
                        + "the rest of the rows are left out")
                }
                // poll is not restarted after a signal: a SIGTERM ends this wait early, then the loop re-checks.
                var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&p, 1, Int32(min(100, (fifoStallLimitNs - waited) / 1_000_000 + 1)))
            case EPIPE:
                return (written, "its reader closed it; the rest of the rows are left out")
            default:
                return (written, String(cString: strerror(code)))
            }
        }
        return (written, nil)
    }

    /// The length of the longest run of whole lines from `base` that fits in `limit` bytes (a
    /// first line longer than that is taken whole: it cannot arrive atomically in any case).
    static func wholeLines(_ base: UnsafeRawPointer, _ count: Int, upTo limit: Int) -> Int {
        let bytes = UnsafeRawBufferPointer(start: base, count: count)
        if count <= limit { return count }
        var i = limit
        while i > 0, bytes[i - 1] != UInt8(ascii: "\n") { i -= 1 }
        if i > 0 { return i }
        return (bytes.firstIndex(of: UInt8(ascii: "\n")) ?? count - 1) + 1
    }

    /// write(2) with SIGPIPE held off in this thread: a reader closing the FIFO gives EPIPE
    /// instead of killing the process. A SIGPIPE this write raised is taken back, one that was
    /// already pending is left alone.
    private func writeWithoutSIGPIPE(_ base: UnsafeRawPointer, _ count: Int) -> (Int, Int32) {
        var pipeSignal = sigset_t(), old = sigset_t(), pending = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        sigpending(&pending)
        let wasPending = sigismember(&pending, SIGPIPE) == 1
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &old)
        let n = systemWrite(fd, base, count)
        let code = n < 0 ? errno : 0
        if code == EPIPE, !wasPending {
            var zero = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&pipeSignal, nil, &zero)
        }
        pthread_sigmask(SIG_SETMASK, &old, nil)
        return (n, code)
    }

    // MARK: Opening

    private func setBlocking() {
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
    }

    /// Closes the file and returns the error naming the path and `reason`.
    private func fail(_ reason: String) -> StatsError {
        close()
        return StatsError("cannot write stats to \(path): \(reason)")
    }

    /// The system's reason, or a clearer one for a FIFO nobody reads and a socket (both ENXIO).
    private static func whyOpenFailed(_ path: String, _ code: Int32) -> String {
        var info = stat()
        if code == ENXIO, stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFIFO:
                return "it is a FIFO that no process has open for reading (start the reader first, "
                    + "e.g. `cat \(path) > run.csv &`)"
            case S_IFSOCK:
                return "it is a socket; write stats to a regular file, a FIFO or /dev/null"
            case S_IFBLK:
                return "it is a block device; write stats to a regular file, a FIFO or /dev/null"
            default: break
            }
        }
        return String(cString: strerror(code))
    }


    static func nowNs() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }
}

/// close(2) and write(2), named apart from the class's own `close` and `write`.
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
