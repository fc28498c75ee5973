/// A front end that knows when its input happened: the window system's own event timestamps,
/// converted to the monotonic clock (`MonotonicTimeSource.nanoseconds`).
public protocol InputTimestamps: AnyObject {
    /// As `FrontEnd.pollEvents`; also lowers `oldestInputNs` to the time of the oldest input event
    /// appended (left alone when none was).
    func pollEvents(into events: inout [PlatformEvent], oldestInputNs: inout UInt64?)
}

extension FrontEnd where Self: InputTimestamps {
    public func pollEvents(into events: inout [PlatformEvent]) {
        var oldest: UInt64?
        pollEvents(into: &events, oldestInputNs: &oldest)
    }
}

extension MonotonicTimeSource {
    /// When an event stamped `eventMs` on a wrapping millisecond tick count happened, on the
    /// monotonic clock, given that the tick count read `nowMs` at `readNs`. A stamp "in the
    /// future" is the tick count's truncation: the event is new.
    public static func nanoseconds(ofTickStamp eventMs: UInt32, nowMs: UInt32, readNs: UInt64) -> UInt64 {
        let age = nowMs &- eventMs
        return readNs - (age > UInt32.max / 2 ? 0 : min(UInt64(age) * 1_000_000, readNs))
    }
}
