/// How a pacer reads the time and waits. The app's waits are the window's (woken by input, so
/// events are stamped as they arrive) and an absolute `clock_nanosleep`; tests move a fake clock.
public protocol PacingWaiter: AnyObject {
    /// Now, in nanoseconds on the monotonic clock.
    func nowNs() -> UInt64
    /// Sleeps until about `deadlineNs`, or less (input may wake it early); never much past it.
    func waitCoarse(untilNs deadlineNs: UInt64)
    /// Sleeps precisely until `deadlineNs`.
    func waitFine(untilNs deadlineNs: UInt64)
}

/// Keeps frames on an absolute schedule at `hz`: frame k starts at anchor + k·period (computed from
/// k, so no rounding piles up), waits coarsely to about a millisecond before its deadline, then
/// finely to it. A frame that starts late (up to a period) keeps the schedule, so the next one
/// catches up; one later than that (a stall, an idle or hidden window) re-anchors the schedule at
/// now instead of running a burst of frames to catch up.
public struct FramePacer: Sendable {
    public let hz: Double
    public let periodNs: Double
    /// How long before a deadline the coarse wait stops.
    public static let fineMarginNs: UInt64 = 1_000_000

    private var anchorNs: UInt64?
    private var index: UInt64 = 0
    /// Times the schedule was re-anchored because a frame started more than a period late.
    public private(set) var reanchors = 0

    public init(hz: Double) {
        precondition(hz.isFinite && hz > 0, "a pacer needs a positive rate")
        self.hz = hz
        periodNs = 1e9 / hz
    }

    /// The deadline of the frame about to start, if the schedule has one.
    public var nextDeadlineNs: UInt64? {
        anchorNs.map { $0 &+ UInt64((Double(index + 1) * periodNs).rounded()) }
    }

    /// Waits until the next frame's deadline (the first frame, and one after `restart`, start at
    /// once and anchor the schedule). Returns the time the frame starts.
    @discardableResult
    public mutating func waitForNextFrame(_ waiter: any PacingWaiter) -> UInt64 {
        let now = waiter.nowNs()
        guard let deadline = nextDeadlineNs else {
            anchorNs = now
            index = 0
            return now
        }
        if now > deadline, now - deadline > UInt64(periodNs) {
            reanchors += 1
            anchorNs = now
            index = 0
            return now
        }
        index += 1
        guard now < deadline else { return now }
        var t = now
        while t < deadline, deadline - t > FramePacer.fineMarginNs {
            waiter.waitCoarse(untilNs: deadline - FramePacer.fineMarginNs)
            let after = waiter.nowNs()
            if after <= t { break }   // a waiter that does not move the clock must not hang the loop
            t = after
        }
        if t < deadline { waiter.waitFine(untilNs: deadline) }
        return waiter.nowNs()
    }

    /// The loop stopped presenting (idle, hidden): the next frame starts at once, anew.
    public mutating func restart() { anchorNs = nil }
}
