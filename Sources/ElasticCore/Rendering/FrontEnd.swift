/// What a game loop needs from the platform: events in, a draw list rendered, a present, the
/// window's sizes and a screenshot. `SDLFrontEnd` is the real one; `NullFrontEnd` renders nothing, for soaks
/// and tests that drive the app's loop without SDL.
public protocol FrontEnd: AnyObject {
    /// The renderer's name, as the HUD and the stats preamble show it.
    var rendererName: String { get }
    /// The display's refresh rate in Hz, when known.
    var refreshRate: Double? { get }
    /// Window size in window coordinates (what input and scenes use).
    var windowSize: (width: Int, height: Int) { get }
    /// Output pixels per window coordinate (1 on ordinary displays, 2 on most HiDPI ones).
    var pixelScale: Double { get }
    /// Whether `render` gives filled triangles their exact area coverage itself, so the tessellator
    /// must not add its anti-aliasing fringe.
    var rendersExactCoverage: Bool { get }

    /// Output pixels the last `render` redrew (the whole output when it redrew everything).
    var damagedPixels: Int { get }

    /// The next `render` redraws and shows everything, whatever changed (a scene switch).
    func invalidate()

    /// Appends the events that arrived since the last call.
    func pollEvents(into events: inout [PlatformEvent])
    /// Sleeps until an event arrives or `milliseconds` pass (a hidden or idle window must not spin).
    func waitForEvent(milliseconds: Int32)
    /// Clears and renders a frame (rasterises the list into pixels; "draw" is what scenes do into
    /// the list); `scale` maps scene points to output pixels.
    func render(_ list: DrawList, scale: Double)
    /// Shows what was drawn.
    func present()
    /// Saves what has been drawn (before `present`) as a PNG.
    func saveScreenshot(to path: String) throws
    /// How wide `text` is drawn at font size `size`, both in window coordinates, measured with the
    /// font labels are drawn with; nil when there is no font to measure (callers estimate).
    func textWidth(_ text: String, size: Double) -> Double?
    /// Copies what has been drawn (call before `present`) into `pixels`, resized to width × height
    /// × 4 bytes only when the size changed, as rows of B, G, R and an unused byte per pixel (FFmpeg's
    /// `bgr0`), top row first; returns the size in output pixels, or nil when the front end has no pixels to read.
    func readPixels(into pixels: inout [UInt8]) -> (width: Int, height: Int)?
}

extension FrontEnd {
    public var rendersExactCoverage: Bool { false }
    public func readPixels(into pixels: inout [UInt8]) -> (width: Int, height: Int)? { nil }
}
