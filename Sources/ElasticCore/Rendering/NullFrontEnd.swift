/// A front end with no window: events come from `send`, drawing and presenting do nothing but
/// count. `elastic soak` and the fault tests run the app's game loop on it.
public final class NullFrontEnd: FrontEnd {
    public let rendererName = "none"
    public let refreshRate: Double? = nil
    public private(set) var windowSize: (width: Int, height: Int)
    public let pixelScale = 1.0
    /// It draws nothing.
    public let damagedPixels = 0
    /// Frames rendered and presented so far.
    public private(set) var rendered = 0
    public private(set) var presented = 0
    private var queued: [PlatformEvent] = []

    public init(width: Int, height: Int) {
        windowSize = (max(width, 0), max(height, 0))
    }

    /// Queues events for the next `pollEvents`; a `.resized` event also changes `windowSize`.
    public func send(_ events: [PlatformEvent]) {
        for event in events {
            if case let .resized(w, h) = event { windowSize = (max(w, 0), max(h, 0)) }
        }
        queued.append(contentsOf: events)
    }

    public func pollEvents(into events: inout [PlatformEvent]) {
        events.append(contentsOf: queued)
        queued.removeAll(keepingCapacity: true)
    }

    public func waitForEvent(milliseconds: Int32) {}
    public func invalidate() {}
    public func render(_ list: DrawList, scale: Double) { rendered += 1 }
    public func present() { presented += 1 }

    /// No font: callers fall back to their estimate.
    public func textWidth(_ text: String, size: Double) -> Double? { nil }

    public func saveScreenshot(to path: String) throws {
        throw NullFrontEndError(description: "cannot save \(path): the null front end has no pixels")
    }
}

public struct NullFrontEndError: Error, CustomStringConvertible {
    public let description: String
}
