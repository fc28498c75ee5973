/// Outputs written whole by replacing the file (a temporary beside it, then a rename) must name a
/// regular file or nothing yet: a rename over a FIFO, socket or device node would destroy that
/// node and leave a plain file in its place, and its reader would get nothing.
enum ReplacedFileCheck {
    /// Throws, naming what the path is, unless it names a regular file or nothing yet.
    static func check(_ path: String, what: String) throws {
        // A path that does not resolve (no folder, a loop, …) is left to the writer's own checks.
        guard let id = try? FileIdentity.resolve(path) else { return }
        let kind: String
        switch id.kind {
        case .missing, .regular, .directory: return   // the writer's own checks name a folder
        case .fifo: kind = "a named pipe (FIFO)"
        case .characterDevice: kind = "a character device"
        case .blockDevice: kind = "a block device (a disk)"
        case .socket: kind = "a socket"
        case .other: kind = "a special file"
        }
        throw ValidationFailure("cannot write \(what) to \(quoted(path)): it is \(kind); \(what) is written whole by replacing "
                                + "the file, which would destroy it: give a regular file name")
    }
}
