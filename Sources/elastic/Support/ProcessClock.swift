import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Time since this program started, for the start-up figure.
///
/// Measured from the moment `main` was entered (`markStart()`), which the program knows to be its
/// own. The kernel's process start time (/proc/self/stat) is the fork's: a shell that builds for
/// a while and then `exec`s the binary (scripts/demo.sh) would have its own run counted, and
/// Linux records no exec time to correct it by. The dynamic loader's work before `main` is not
/// counted.
enum ProcessClock {
    nonisolated(unsafe) private static var start: Double?

    /// Call first thing in `main`.
    static func markStart() {
        if start == nil { start = monotonicSeconds() }
    }

    /// Seconds since `markStart()`; nil when it was never called (the game loop run in-process by
    /// tests has no start of its own to measure from).
    static func secondsSinceStart() -> Double? {
        guard let start else { return nil }
        let value = monotonicSeconds() - start
        return value.isFinite && value >= 0 ? value : nil
    }

    static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
