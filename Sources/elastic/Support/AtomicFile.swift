import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file written whole or not at all: the text goes to a temporary file in the same folder
/// (so the rename cannot cross file systems), is flushed to disk, then renamed over `path`.
/// A failure part-way removes the temporary file and leaves any earlier file at `path` as it was.
enum AtomicFile {
    /// Refuses up front a path that is a directory or whose folder does not exist.
    static func checkWritable(_ path: String, purpose: String) throws {
        guard !path.isEmpty else { throw ValidationFailure("the \(purpose) needs a file name") }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ValidationFailure("cannot write the \(purpose) to \(path): it is a directory")
        }
        let folder = self.folder(of: path)
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationFailure("cannot write the \(purpose) to \(path): no folder \(folder)")
        }
    }

    static func write(_ text: String, to path: String, purpose: String) throws {
        try checkWritable(path, purpose: purpose)
        let name = (path as NSString).lastPathComponent
        let temporary = (folder(of: path) as NSString)
            .appendingPathComponent(".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        func failure(_ what: String) -> ValidationFailure {
            ValidationFailure("cannot write the \(purpose) to \(path): \(what)")
        }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(String(cString: strerror(errno))) }
        var problem: String?
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    problem = String(cString: strerror(errno)); return
                }
                offset += n
            }
        }
        if problem == nil, fsync(fd) != 0 { problem = String(cString: strerror(errno)) }
        if close(fd) != 0, problem == nil { problem = String(cString: strerror(errno)) }
        if problem == nil, rename(temporary, path) != 0 { problem = String(cString: strerror(errno)) }
        if let problem {
            unlink(temporary)
            throw failure(problem)
        }
    }

    private static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }
}
