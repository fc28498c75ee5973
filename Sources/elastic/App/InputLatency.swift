/// Input-to-present latency: for each frame, from the oldest input event it applied (its window
/// system timestamp, else the time it was read) to the return of its present.
///
/// Events are applied by `FrameDriver` at the first fixed step at or after the time they were
/// queued at, first in, first out; so after an advance, the events applied are the longest prefix
/// of the queue with times up to the last step's. Reused storage: no allocation per frame.
struct InputLatency {
    private var queueTimes: [Double] = []
    private var stamps: [UInt64] = []
    private var head = 0
    /// The oldest stamp among events applied and not yet presented.
    private(set) var appliedOldestNs: UInt64?

    init() {
        queueTimes.reserveCapacity(256)
        stamps.reserveCapacity(256)
    }

    /// An event was queued for the simulation at `time` (simulated seconds), stamped `stampNs`.
    mutating func queued(at time: Double, stampNs: UInt64) {
        queueTimes.append(time)
        stamps.append(stampNs)
    }

    /// After the driver's advance: `lastStepTime` is the start of the last fixed step it took (nil
    /// for none); `pendingLeft` whether the driver still holds queued input.
    mutating func advanced(lastStepTime: Double?, pendingLeft: Bool) {
        while head < queueTimes.count {
            if pendingLeft {
                guard let last = lastStepTime, queueTimes[head] <= last + 1e-9 else { break }
            }
            appliedOldestNs = min(appliedOldestNs ?? stamps[head], stamps[head])
            head += 1
        }
        if head == queueTimes.count, head > 0 {
            queueTimes.removeAll(keepingCapacity: true)
            stamps.removeAll(keepingCapacity: true)
            head = 0
        }
    }

    /// Input was applied and its effect is not on screen yet.
    var hasUnpresented: Bool { appliedOldestNs != nil }

    /// The present that shows the applied input returned at `presentNs`: its latency, if it had any.
    mutating func presented(atNs presentNs: UInt64) -> UInt64? {
        defer { appliedOldestNs = nil }
        guard let oldest = appliedOldestNs else { return nil }
        return presentNs > oldest ? presentNs - oldest : 0
    }

    /// The window was hidden: what was waiting would measure the hidden time, not a latency.
    mutating func reset() {
        queueTimes.removeAll(keepingCapacity: true)
        stamps.removeAll(keepingCapacity: true)
        head = 0
        appliedOldestNs = nil
    }
}
