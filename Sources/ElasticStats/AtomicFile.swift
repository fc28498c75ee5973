import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small file (a summary, a plot, the spring values) written whole or not at all: the bytes go
/// to a temporary file in the same folder (so the rename cannot cross file systems), are flushed
/// to disk, then renamed over the path (through a symlink, onto its target). A failure part-way
/// removes the temporary file and leaves any earlier file as it was. A character device
/// (/dev/null) is written in place; anything else that is not a regular file (a FIFO, which could
/// hang, a directory, a socket) is refused. Errors say why in the system's words:
/// "cannot write the <purpose> to <path>: <reason>".
public enum AtomicFile {
    /// Refuses up front a path that is a directory, a FIFO or socket, or whose folder does not exist.
    public static func checkWritable(_ path: String, purpose: String) throws {
        func failure(_ why: String) -> StatsError { StatsError("cannot write the \(purpose) to \(path): \(why)") }
        guard !path.isEmpty else { throw StatsError("the \(purpose) needs a file name") }
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG, S_IFCHR: return
            case S_IFDIR: throw failure("it is a directory")
            default: throw failure("it is not a regular file")
            }
        }
        var isDirectory: ObjCBool = false
        let folder = self.folder(of: path)
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw failure("no folder \(folder)")
        }
    }

    public static func write(_ text: String, to path: String, purpose: String) throws {
        try write(Data(text.utf8), to: path, purpose: purpose)
    }

    public static func write(_ data: Data, to path: String, purpose: String) throws {
        func failure(_ why: String) -> StatsError { StatsError("cannot write the \(purpose) to \(path): \(why)") }
        try checkWritable(path, purpose: purpose)
        var target = path
        if let resolved = realpath(path, nil) { target = String(cString: resolved); free(resolved) }
        var info = stat()
        if stat(target, &info) == 0, info.st_mode & S_IFMT == S_IFCHR {
            let fd = open(target, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { throw failure(errnoText()) }
            defer { close(fd) }
            if let problem = writeAll(fd, data) { throw failure(problem) }
            return
        }
        let name = (target as NSString).lastPathComponent
        let temporary = (folder(of: target) as NSString)
            .appendingPathComponent(".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(errnoText()) }
        var problem = writeAll(fd, data)
        if problem == nil, fsync(fd) != 0 { problem = errnoText() }
        if close(fd) != 0, problem == nil { problem = errnoText() }
        if problem == nil, rename(temporary, target) != 0 { problem = errnoText() }
        if let problem {
            unlink(temporary)
            throw failure(problem)
        }
    }

    /// write(2) until done; the reason on failure.
    private static func writeAll(_ fd: Int32, _ data: Data) -> String? {
        data.withUnsafeBytes { raw -> String? in
            var offset = 0
            while offset < raw.count {
                let n = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errnoText()
                }
                offset += n
            }
            return nil
        }
    }

    private static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }
}

/// The last system error in the system's words ("No such file or directory").
public func errnoText() -> String { String(cString: strerror(errno)) }
