import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written as a run goes (the stats rows, the trace, the recorded input), opened so that no
/// path can hang the run, clobber another run's file or leave half a line behind:
/// - opened without blocking: a FIFO with no reader is an error at once, not a wait for one; a
///   directory, block device or socket is refused with the reason;
/// - `Policy.lockAndEmptyAtOpen` (the stats file): a regular file is locked (flock, exclusive,
///   without waiting) before it is truncated, so a second recorder is refused and leaves it alone;
///   otherwise a file that existed is emptied only at `start()`, and `discard()` removes one this
///   run created when the run never starts;
/// - a FIFO (or a terminal) is written in whole lines of at most PIPE_BUF bytes (each arrives whole
///   or not at all), waiting in poll(2) for a slow reader; a reader that takes nothing for
///   `stallLimitNs`, goes away (EPIPE, no SIGPIPE) or a signal (`interruption`) ends the writing,
///   not the run;
/// - a write failing part-way is cut back to its last whole line in a regular file.
public final class OutputFile {
    public enum Kind: Equatable, Sendable {
        case regularFile, characterDevice, fifo

        /// How messages and the elastic format's last line name it.
        public var name: String {
            switch self {
            case .regularFile: return "a regular file"
            case .characterDevice: return "a character device"
            case .fifo: return "a FIFO"
            }
        }
    }

    public struct Policy {
        /// Names the file in messages: "cannot write <what> to <path>: …" ("stats", "the trace").
        public var what: String
        /// The path as messages show it.
        public var displayPath: String?
        public var lockAndEmptyAtOpen: Bool
        /// How long a FIFO or terminal may take nothing before writing to it stops.
        public var stallLimitNs: UInt64
        /// Turns a message into the error the caller throws.
        public var error: (String) -> Error

        public init(what: String, displayPath: String? = nil, lockAndEmptyAtOpen: Bool, stallLimitNs: UInt64,
                    error: @escaping (String) -> Error = { StatsError($0) }) {
            self.what = what; self.displayPath = displayPath; self.lockAndEmptyAtOpen = lockAndEmptyAtOpen
            self.stallLimitNs = stallLimitNs; self.error = error
        }

        public static var stats: Policy { Policy(what: "stats", lockAndEmptyAtOpen: true, stallLimitNs: 2_000_000_000) }
    }

    /// Why to stop waiting for a reader now (the app: a SIGINT or SIGTERM arrived), or nil.
    nonisolated(unsafe) public static var interruption: (() -> String?)?

    public let path: String
    /// Where it was opened (symlinks followed when the caller resolved them): what `discard()` removes.
    public let openedPath: String
    public private(set) var kind: Kind
    public var isRegular: Bool { kind == .regularFile }
    private(set) var fd: Int32
    private let created: Bool
    private let policy: Policy
    private var started = false
    /// How long a FIFO may accept nothing before writing to it stops.
    public var fifoStallLimitNs: UInt64
    /// Largest write a pipe takes atomically (POSIX guarantees at least 512; Linux has 4096).
    static let atomicPipeWrite = 4096

    // What `write(_ text:)` kept and lost (whole lines).
    public private(set) var error: String?
    public private(set) var keptBytes: off_t = 0
    public private(set) var keptLines = 0
    public private(set) var lostBytes = 0
    public private(set) var lostLines = 0

    public init(path: String, openAt resolvedPath: String? = nil, policy: Policy) throws {
        self.path = path
        self.policy = policy
        fifoStallLimitNs = policy.stallLimitNs
        let target = resolvedPath ?? path
        openedPath = target
        let shown = policy.displayPath ?? path
        func failure(_ reason: String) -> Error { policy.error("cannot write \(policy.what) to \(shown): \(reason)") }
        var made = true
        fd = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NONBLOCK | O_CLOEXEC, 0o644)
        if fd < 0, errno == EEXIST {
            made = false
            fd = open(target, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        }
        if fd < 0 { throw failure(Self.whyOpenFailed(target, errno)) }
        created = made
        var info = stat()
        let statted = fstat(fd, &info) == 0
        let type = info.st_mode & S_IFMT
        kind = type == S_IFCHR ? .characterDevice : type == S_IFIFO ? .fifo : .regularFile
        func refuse(_ reason: String) -> Error { close(); return failure(reason) }
        guard statted else { throw refuse(errnoText()) }
        switch type {
        case S_IFREG:
            setBlocking()
            guard policy.lockAndEmptyAtOpen else { break }
            // Lock first: a refused recorder must not have truncated the file under the other one.
            // A file system without locks (some network mounts) is written unlocked.
            if flock(fd, LOCK_EX | LOCK_NB) != 0, errno == EWOULDBLOCK {
                throw refuse("another recorder is writing it (the file is locked); "
                    + "wait for that run to end or choose another path")
            }
            guard ftruncate(fd, 0) == 0 else { throw refuse(errnoText()) }
            started = true
        case S_IFCHR, S_IFIFO:
            break
        case S_IFBLK:
            throw refuse("it is a block device; write to a regular file, a FIFO or /dev/null")
        case S_IFDIR:
            throw refuse("Is a directory")
        default:
            throw refuse("it is not a regular file, a FIFO or a character device")
        }
    }

    deinit { close() }

    public var isOpen: Bool { fd >= 0 }

    public func close() {
        if fd >= 0 { _ = systemClose(fd); fd = -1 }
    }

    /// The run begins: a file that existed is emptied now (not at open, so a run refused before
    /// this point leaves it as it was).
    public func start() {
        guard !started else { return }
        started = true
        if fd >= 0, isRegular, !created, ftruncate(fd, 0) != 0 {
            error = "emptying \(policy.displayPath ?? path) failed: \(errnoText())"
        }
    }

    /// The run never started: closes, and removes the file if this run created it (and it is
    /// still the file opened, not something put in its place since).
    public func discard() {
        guard fd >= 0 else { return }
        if created, !started {
            var mine = stat(), there = stat()
            if fstat(fd, &mine) == 0, lstat(openedPath, &there) == 0, mine.st_dev == there.st_dev, mine.st_ino == there.st_ino {
                unlink(openedPath)
            }
        }
        close()
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

    /// Writes `text` (whole lines), counting what is kept and lost. After a failure nothing more is
    /// written (the lines would not follow on); `error` says "writing <path> failed: <reason>".
    public func write(_ text: String) {
        guard !text.isEmpty else { return }
        start()
        var text = text
        text.withUTF8 { bytes in
            let newlines = { (part: Slice<UnsafeBufferPointer<UInt8>>) in part.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }
            guard fd >= 0, error == nil else {
                lostBytes += bytes.count; lostLines += newlines(bytes[...]); return
            }
            let (kept, reason) = writeLines(UnsafeRawBufferPointer(bytes))
            keptBytes += off_t(kept); keptLines += newlines(bytes[..<kept])
            lostBytes += bytes.count - kept; lostLines += newlines(bytes[kept...])
            if let reason { error = "writing \(policy.displayPath ?? path) failed: \(reason)" }
        }
    }

    /// Writes all of `bytes` (which ends at a line end). Returns how many bytes of whole lines are
    /// in the file or pipe, and "cannot write <what> to <path>: <reason>" if writing stopped; then a
    /// regular file has been cut back to its last whole line.
    public func write(_ bytes: UnsafeRawBufferPointer) -> (kept: Int, error: String?) {
        let (kept, reason) = writeLines(bytes)
        return (kept, reason.map { "cannot write \(policy.what) to \(policy.displayPath ?? path): \($0)" })
    }

    private var committedBytes: off_t = 0

    private func writeLines(_ bytes: UnsafeRawBufferPointer) -> (kept: Int, reason: String?) {
        guard fd >= 0, let base = bytes.baseAddress else { return (0, nil) }
        let (written, reason) = writeWaiting(base, bytes.count)
        guard reason != nil else {
            committedBytes += off_t(written)
            return (written, nil)
        }
        var whole = written
        while whole > 0, bytes[whole - 1] != UInt8(ascii: "\n") { whole -= 1 }
        if kind == .regularFile, whole < written { _ = ftruncate(fd, committedBytes + off_t(whole)) }
        committedBytes += off_t(whole)
        return (whole, reason)
    }

    /// Writes in whole-line chunks a pipe takes atomically, waiting for a slow reader.
    private func writeWaiting(_ base: UnsafeRawPointer, _ count: Int) -> (Int, String?) {
        var written = 0
        var lastProgress = Self.nowNs()
        while written < count {
            let chunk = kind == .regularFile ? count - written : Self.wholeLines(base + written, count - written, upTo: Self.atomicPipeWrite)
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
                if let reason = Self.interruption?() { return (written, reason) }
                let waited = Self.nowNs() &- lastProgress
                if waited >= fifoStallLimitNs {
                    return (written, "its reader has taken nothing for \(FrameSummary.format(Double(waited) / 1e9, 1)) s; "
                        + "the rest is left out")
                }
                // poll is not restarted after a signal: a SIGTERM ends this wait early, then the loop re-checks.
                var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&p, 1, Int32(min(100, (fifoStallLimitNs - waited) / 1_000_000 + 1)))
            case EPIPE:
                return (written, "its reader closed it; the rest is left out")
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
}
