/// A front end that knows when its input happened: the window system's own event timestamps,
/// converted to the monotonic clock (`MonotonicTimeSource.nanoseconds`).
public protocol InputTimestamps: AnyObject {
    /// As `FrontEnd.pollEvents`; also lowers `oldestInputNs` to the time of the oldest input event
    /// appended (left alone when none was).
    func pollEvents(into events: inout [PlatformEvent], oldestInputNs: inout UInt64?)
}
