import Foundation

/// Where the game loop's time comes from, in seconds from an arbitrary origin.
public protocol TimeSource {
    mutating func now() -> Double
}

/// Wall time on the monotonic clock (CLOCK_MONOTONIC: never jumps with the date).
public struct MonotonicTimeSource: TimeSource {
    public init() {}
    public func now() -> Double { Double(MonotonicTimeSource.nanoseconds()) / 1e9 }

    /// Nanoseconds on CLOCK_MONOTONIC, for measuring (frame statistics use this directly).
    public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// Sleeps until `deadline` on CLOCK_MONOTONIC (`nanoseconds()`): an absolute sleep, so
    /// neither a signal nor the time spent setting up shortens or lengthens it.
    public static func sleep(untilNs deadline: UInt64) {
        var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }
}

/// A display that refreshes exactly `fps` times per simulated second: frame n is at n / fps.
/// Headless runs and tests use it, so the same inputs give the same output, bit for bit.
public struct SimulatedDisplayClock: TimeSource {
    public let fps: Double
    public private(set) var frame: Int = 0

    public init(fps: Double) {
        precondition(fps.isFinite && fps > 0, "fps must be positive")
        self.fps = fps
    }

    /// The time of the current frame.
    public var time: Double { Double(frame) / fps }

    /// Returns the current frame's time and moves on to the next frame.
    public mutating func now() -> Double {
        defer { frame += 1 }
        return time
    }
}
