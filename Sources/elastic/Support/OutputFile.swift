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

    func write(_ text: String) {
        guard fd >= 0, !text.isEmpty else { return }
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    if error == nil { error = "writing \(path) failed: \(String(cString: strerror(errno)))" }
                    lostBytes += bytes.count - offset
                    return
                }
                offset += n
            }
        }
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
