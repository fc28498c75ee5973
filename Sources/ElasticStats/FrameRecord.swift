/// One presented frame, measured on the monotonic clock in nanoseconds (present to present).
///
/// `frameNs` is the time from the previous present to this one (PresentMon's MsBetweenPresents);
/// the parts are what this frame spent on each stage, so `frameNs` minus their sum is the time
/// spent elsewhere (waiting, the OS, the stats themselves).
public struct FrameRecord: Sendable, Equatable {
    /// Frame number, from 0 at the start of the run.
    public var frame: Int
    /// Time of this frame's present since the start of the run.
    public var timeNs: UInt64
    /// Time from the previous present to this one.
    public var frameNs: UInt64
    /// Polling and dispatching input events.
    public var inputNs: UInt64
    /// The fixed simulation steps run this frame (all of them).
    public var updateNs: UInt64
    /// How many fixed steps ran this frame.
    public var steps: Int
    /// Turning paths into triangles.
    public var tessellateNs: UInt64
    /// Building and sending the geometry to the renderer.
    public var submitNs: UInt64
    /// The present call itself (blocks for vsync).
    public var presentNs: UInt64
    /// The HUD overlay's own cost (0 when it is off).
    public var hudNs: UInt64
    public var vertices: Int
    public var triangles: Int
    /// Output pixels this frame redrew (the whole output when it redrew everything).
    public var damagedPixels: Int
    /// The scene on screen.
    public var scene: String
    public var inputLatencyNs: UInt64?

    public init(
        frame: Int, timeNs: UInt64, frameNs: UInt64,
        inputNs: UInt64 = 0, updateNs: UInt64 = 0, steps: Int = 0,
        tessellateNs: UInt64 = 0, submitNs: UInt64 = 0, presentNs: UInt64 = 0, hudNs: UInt64 = 0,
        vertices: Int = 0, triangles: Int = 0, damagedPixels: Int = 0, scene: String = "",
        inputLatencyNs: UInt64? = nil
    ) {
        self.frame = frame
        self.timeNs = timeNs
        self.frameNs = frameNs
        self.inputNs = inputNs
        self.updateNs = updateNs
        self.steps = steps
        self.tessellateNs = tessellateNs
        self.submitNs = submitNs
        self.presentNs = presentNs
        self.hudNs = hudNs
        self.vertices = vertices
        self.triangles = triangles
        self.damagedPixels = damagedPixels
        self.scene = scene
        self.inputLatencyNs = inputLatencyNs
    }
}
