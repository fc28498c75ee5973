import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The PNG writer does not report every failed write (a file-size limit or a full disk can cut a
/// screenshot short while it says it saved it), so each screenshot this run wrote is read back:
/// a PNG is complete when it ends with its IEND chunk.
enum ScreenshotCheck {
    static let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// The clock file timestamps come from (the coarse one, which can lag the precise clock by a
    /// tick: a file written just after a precise "now" could look older than it).
    static func now() -> timespec {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &ts)
        return ts
    }

    /// Paths among `paths` written since `since` that are not whole PNGs. They are removed (a
    /// truncated picture is worse than none) and returned as messages.
    static func incomplete(_ paths: [(shown: String, resolved: String)], writtenSince since: timespec) -> [String] {
        var problems: [String] = []
        for (shown, path) in paths {
            var st = stat()
            guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { continue }
            let m = st.st_mtim
            guard m.tv_sec > since.tv_sec || (m.tv_sec == since.tv_sec && m.tv_nsec >= since.tv_nsec) else { continue }
            if isCompletePNG(path, size: Int(st.st_size)) { continue }
            unlink(path)
            problems.append("the screenshot \(quoted(shown)) was cut short (\(st.st_size) bytes; disk full or a file-size limit?) and was removed")
        }
        return problems
    }

    static func isCompletePNG(_ path: String, size: Int) -> Bool {
        guard size >= 8 + iend.count, let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 8)).map(Array.init) ?? []
        guard head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return false }
        guard (try? handle.seek(toOffset: UInt64(size - iend.count))) != nil else { return false }
        return (try? handle.read(upToCount: iend.count)).map(Array.init) == iend
    }
}
