import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a whole small file (a summary, a plot) with open/write, so that a failure says why in
/// the system's words ("No such file or directory", "Permission denied", …). The open never
/// waits: a FIFO with no reader is an error, not a hang; only a regular file or a character
/// device (/dev/null) is written.
enum WholeFileWriter {
    /// Throws "cannot write <what> to <path>: <reason>".
    static func write(_ data: Data, to path: String, what: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw StatsError("cannot write \(what) to \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, [S_IFREG, S_IFCHR].contains(info.st_mode & S_IFMT) else {
            throw StatsError("cannot write \(what) to \(path): it is not a regular file")
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw StatsError("cannot write \(what) to \(path): \(String(cString: strerror(errno)))")
                }
                offset += n
            }
        }
    }
}

/// write(2), named apart from the enum's own `write`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
