import ElasticCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole input file (`--springs`, `--replay`) after checking what its path names, so each
/// wrong kind of file gets a message saying what is wrong, and nothing can block: only regular
/// files are read (a FIFO with no writer would wait forever, a device like /dev/zero never ends),
/// opened non-blocking and read up to a size limit.
enum InputFile {
    struct Problem: Error, CustomStringConvertible {
        /// What is wrong, e.g. "it is a folder, not a file".
        let reason: String
        /// The path does not exist (some callers fall back to defaults then).
        let isMissing: Bool
        var description: String { reason }
    }

    /// The file's bytes; throws a `Problem` naming what is wrong. `what` names the file's role in
    /// messages ("springs file"), `limit` is the largest size accepted, in bytes.
    static func read(_ path: String, what: String, limit: Int) throws -> Data {
        guard !path.isEmpty else { throw Problem(reason: "an empty path names no \(what)", isMissing: false) }
        var st = stat()
        guard stat(path, &st) == 0 else { throw pathProblem(errno, what: what) }
        if let reason = kindProblem(st, path: path, what: what) { throw Problem(reason: reason, isMissing: false) }
        if let reason = sizeProblem(Int(st.st_size), what: what, limit: limit, exact: true) { throw Problem(reason: reason, isMissing: false) }
        // Non-blocking: if the name was swapped for a FIFO since the stat, opening still returns.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == EACCES {
                let mode = String(format: "%03o", Int(st.st_mode & 0o777))
                throw Problem(reason: "permission denied: it cannot be read by this user (its mode is \(mode), owner uid \(st.st_uid))", isMissing: false)
            }
            throw pathProblem(code, what: what)
        }
        defer { close(fd) }
        guard fstat(fd, &st) == 0 else { throw Problem(reason: text(errno), isMissing: false) }
        if let reason = kindProblem(st, path: path, what: what) { throw Problem(reason: reason, isMissing: false) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Problem(reason: "reading it failed: \(text(errno))", isMissing: false)
            }
            if n == 0 { break }
            data.append(contentsOf: buffer[0..<n])
            // The file grew since the stat: the limit still holds.
            if let reason = sizeProblem(data.count, what: what, limit: limit, exact: false) { throw Problem(reason: reason, isMissing: false) }
        }
        return data
    }

    /// Why the path cannot be followed or opened.
    static func pathProblem(_ code: Int32, what: String) -> Problem {
        switch code {
        case ENOENT: Problem(reason: "no such file", isMissing: true)
        case ENOTDIR: Problem(reason: "a part of the path before the name is a file, not a folder", isMissing: false)
        case EACCES: Problem(reason: "permission denied: a folder on the path cannot be searched by this user", isMissing: false)
        case ELOOP: Problem(reason: "its symbolic links loop (or nest too deep)", isMissing: false)
        case ENAMETOOLONG: Problem(reason: "the path is too long", isMissing: false)
        default: Problem(reason: text(code), isMissing: false)
        }
    }

    /// Why a file of this kind is not read as a `what`, or nil for a regular file.
    static func kindProblem(_ st: stat, path: String, what: String) -> String? {
        switch st.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "it is a directory (a folder), not a \(what)"
        case S_IFIFO:
            return "it is a named pipe (FIFO), not a \(what): pipes are not read (with no writer, reading would wait "
                + "forever); save it to a regular file and give that"
        case S_IFCHR:
            var null = stat()
            if stat("/dev/null", &null) == 0, null.st_rdev == st.st_rdev, null.st_mode & S_IFMT == S_IFCHR {
                return "it is /dev/null, the null device, which is always empty: give a \(what)"
            }
            return "it is a device (a character device, like /dev/zero or a terminal), not a \(what): devices are not read"
        case S_IFBLK: return "it is a block device (a disk), not a \(what): devices are not read"
        case S_IFSOCK: return "it is a socket, not a \(what)"
        default: return "it is a special file, not a \(what)"
        }
    }

    static func sizeProblem(_ size: Int, what: String, limit: Int, exact: Bool) -> String? {
        guard size > limit else { return nil }
        return "it is \(describe(bytes: size))\(exact ? "" : " or more"), more than any \(what) needs (at most \(describe(bytes: limit))): is it the right file?"
    }

    static func describe(bytes: Int) -> String {
        if bytes < 1 << 10 { return "\(bytes) bytes" }
        if bytes < 1 << 20 { return "\(bytes >> 10) KiB" }
        return String(format: "%.1f MiB", Double(bytes) / Double(1 << 20))
    }

    private static func text(_ code: Int32) -> String { String(cString: strerror(code)) }
}

extension ReplayScript {
    /// Largest replay file read: an hour of recorded mouse motion takes about 20 MiB.
    static let maxFileBytes = 64 << 20

    /// The replay file at `path`, checked as `InputFile` checks paths, opened for a run (its
    /// first events read, the rest as the run reaches them).
    static func load(_ path: String) throws -> Opened {
        let data: Data
        do { data = try InputFile.read(path, what: "replay file", limit: maxFileBytes) } catch let problem as InputFile.Problem {
            throw ReplayError(line: 0, reason: problem.isMissing ? "no such replay file: \(path)" : problem.reason)
        }
        return try open(data)
    }
}
