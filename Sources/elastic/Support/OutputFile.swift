import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file the app writes as it runs (trace, recorded input). Opened before the run starts so an
/// unwritable path is reported up front; a write failing later (disk full) is remembered, not fatal.
final class OutputFile {
    let path: String
    private var fd: Int32
    private(set) var error: String?
    private(set) var lostBytes = 0
    /// Bytes of whole writes in the file.
    private var committedBytes: off_t = 0

    init(path: String, purpose: String) throws {
        self.path = path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ValidationFailure("cannot write the \(purpose) to \(path): it is a directory")
        }
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 {
            throw ValidationFailure("cannot write the \(purpose) to \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes `text` (whole lines). After a failure nothing more is written (the lines would not
    /// follow on) and the bytes are counted as lost; a write that fails part-way is cut back so the
    /// file ends with the last whole write, never in half a line.
    func write(_ text: String) {
        guard !text.isEmpty else { return }
        guard fd >= 0, error == nil else { lostBytes += text.utf8.count; return }
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    error = "writing \(path) failed: \(String(cString: strerror(errno)))"
                    if offset > 0 { _ = ftruncate(fd, committedBytes) }
                    lostBytes += bytes.count
                    return
                }
                offset += n
            }
            committedBytes += off_t(bytes.count)
        }
    }

    /// What went wrong and what it cost, for the end-of-run message.
    var errorReport: String? {
        error.map { "\($0) (\(lostBytes) bytes lost; the file keeps the \(committedBytes) bytes written before)" }
    }

    func close() {
        if fd >= 0 { Glibc.close(fd); fd = -1 }
    }

    deinit { close() }
}

/// A user-facing error: printed as is, exit status 1.
struct ValidationFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
