import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a whole small file (a summary, a plot) with open/write, so that a failure says why in
/// the system's words ("No such file or directory", "Permission denied", …).
enum WholeFileWriter {
    /// Throws "cannot write <what> to <path>: <reason>".
    static func write(_ data: Data, to path: String, what: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw StatsError("cannot write \(what) to \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
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
