import Foundation
import ElasticStats
#if canImport(Glibc)
import Glibc
#endif

/// Every file one `play` run reads or writes, checked together before any output is opened:
/// no output may be an input, another output or the binary itself (compared as files, not
/// strings), and each output must be something that can safely be written.
struct RunFiles {
    enum Use {
        /// Read before the run (--replay).
        case input
        /// Written as the run goes by OutputFile: trace, recorded input.
        case stream
        /// Written whole by the PNG writer at a frame.
        case screenshot
        /// Written by the stats recorder (its FIFO handling is its own).
        case stats
    }

    struct Entry {
        /// The option as the user gave it, e.g. "--trace", or "--stats (its summary)".
        let option: String
        /// What it is, for "cannot write the trace to …".
        let what: String
        let use: Use
        let identity: FileIdentity
    }

    private(set) var entries: [Entry] = []

    /// Resolves one path; throws (the message names the option) when it cannot be resolved.
    mutating func add(_ option: String, _ what: String, _ path: String, use: Use) throws {
        if use != .input, path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) {
            // Messages and the stats file's comment lines name the file: a newline would garble both.
            throw ValidationFailure("\(option) \(quoted(path)): names with control characters (newline, tab, …) are not accepted")
        }
        do {
            entries.append(Entry(option: option, what: what, use: use, identity: try FileIdentity.resolve(path)))
        } catch let failure as ValidationFailure {
            throw ValidationFailure(use == .input ? "\(option) \(failure)" : "cannot write \(what) to \(failure)")
        }
    }

    /// Throws the first problem: two names for one file, then an output that cannot be written.
    func check() throws {
        var files = entries.map { ($0.option, $0.identity, $0.use) }
        if let binary = FileIdentity.executable { files.append(("the elastic binary", binary, .input)) }
        for i in files.indices {
            for j in files.indices where j > i {
                let (a, b) = (files[i], files[j])
                guard a.2 != .input || b.2 != .input, a.1.isSameFile(as: b.1) else { continue }
                // /dev/null (and the other allowed devices) can take any number of writers.
                if a.1.kind == .characterDevice { continue }
                let reason = a.2 == .input || b.2 == .input
                    ? "writing \(a.2 == .input ? b.0 : a.0) would destroy \(a.2 == .input ? a.0 : b.0)"
                    : "one would overwrite the other"
                throw ValidationFailure("\(a.0) and \(b.0) name the same file (\(quoted(a.1.resolvedPath))): \(reason)")
            }
        }
        for entry in entries where entry.use != .input { try checkWritable(entry) }
    }

    private func checkWritable(_ entry: Entry) throws {
        let id = entry.identity
        func refuse(_ reason: String) -> ValidationFailure {
            ValidationFailure("cannot write \(entry.what) to \(quoted(id.path)): \(reason)")
        }
        if id.onKernelFileSystem { throw refuse("it is on a kernel file system (/proc, /sys, …), not storage") }
        switch id.kind {
        case .missing:
            // Create the very name and remove it again: finds a read-only or full file system, a
            // folder without write permission and a name too long, before anything else is written.
            let fd = open(id.resolvedPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd < 0, errno != EEXIST { throw refuse(errnoText()) }
            if fd >= 0 { close(fd); unlink(id.resolvedPath) }
        case .regular:
            // Opened without O_TRUNC and closed: nothing in it changes.
            let fd = open(id.resolvedPath, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if fd < 0 { throw refuse(errno == ETXTBSY ? "it is a running program" : errnoText()) }
            close(fd)
        case .directory:
            throw refuse("Is a directory (give a file name)")
        case .characterDevice:
            guard RunFiles.isHarmlessDevice(id) else {
                throw refuse("it is a device; only /dev/null, /dev/zero, /dev/full or a terminal can take an output")
            }
        case .fifo:
            if entry.use == .screenshot { throw refuse("it is a FIFO; the PNG writer needs a regular file") }
            // Streams open FIFOs non-blocking when the run's files are opened; the stats recorder
            // handles its own.
        case .blockDevice:
            throw refuse("it is a block device (a disk); refusing to write over it")
        case .socket, .other:
            throw refuse("it is a socket or other special file, not a file to write")
        }
    }

    /// Devices that writing a CSV or PNG into cannot harm: the null/zero/full sinks (major 1,
    /// minors 3, 5, 7) and terminals (majors 4 and 5, pseudo-terminals 136–143).
    static func isHarmlessDevice(_ id: FileIdentity) -> Bool {
        guard let d = id.deviceNumber, id.kind == .characterDevice else { return false }
        if d.major == 1 { return [3, 5, 7].contains(d.minor) }
        return d.major == 4 || d.major == 5 || (136...143).contains(d.major)
    }

    /// The resolved path of an output, to open it where the checks looked.
    func resolvedPath(of option: String) -> String? {
        entries.first { $0.option == option }?.identity.resolvedPath
    }
}
