import ElasticCore
import Testing

/// Event stamps in whole milliseconds of a wrapping 32-bit tick count, dated on the monotonic clock.
@Suite("tick stamps on the monotonic clock")
struct TickStampTests {
    @Test("an event stamped k ms before the read happened k ms before it, across the tick count's wrap")
    func age() {
        let read: UInt64 = 5_000_000_000
        #expect(MonotonicTimeSource.nanoseconds(ofTickStamp: 1_000, nowMs: 1_000, readNs: read) == read)
        #expect(MonotonicTimeSource.nanoseconds(ofTickStamp: 993, nowMs: 1_000, readNs: read) == read - 7_000_000)
        #expect(MonotonicTimeSource.nanoseconds(ofTickStamp: UInt32.max - 2, nowMs: 4, readNs: read) == read - 7_000_000)
    }

    @Test("a stamp after the read (the tick count truncated) is new; an age past the clock's start is clamped to it")
    func edges() {
        let read: UInt64 = 5_000_000_000
        #expect(MonotonicTimeSource.nanoseconds(ofTickStamp: 1_001, nowMs: 1_000, readNs: read) == read)
        #expect(MonotonicTimeSource.nanoseconds(ofTickStamp: 0, nowMs: 9_000, readNs: read) == 0)
    }
}
