/// For a renderer that truncates vertex coordinates to whole pixels ((int)(x * scale), as SDL
/// 2.26's software renderer does), which collapses the AA fringe's outer edge on one side: the
/// vertices it draws are shifted by half a pixel so truncation rounds to the nearest pixel instead.
public struct HalfPixelShift {
    /// Reused from frame to frame.
    private var shifted: [Vertex] = []

    public init() {}

    /// `vertices` moved half an output pixel right and down at `scale` (output pixels per point).
    public mutating func apply(to vertices: [Vertex], scale: Float) -> [Vertex] {
        let half = Float(0.5) / scale
        shifted.removeAll(keepingCapacity: true)
        for var v in vertices {
            v.x += half; v.y += half
            shifted.append(v)
        }
        return shifted
    }
}
