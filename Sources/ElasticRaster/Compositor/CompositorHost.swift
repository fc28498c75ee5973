import ElasticCore

/// What draws the commands the compositor cannot (text, triangles of several colours or out of
/// its fixed point's range, everything when it has no buffer): the owner of the buffer, through
/// its own renderer. Called in painter's order; `areas` are the frame's rectangles (output
/// pixels), each a clip, and `whole` says the frame redraws the whole output (drawn unclipped).
public protocol CompositorHost: AnyObject {
    /// Lands whatever the host still queues in the buffer: it lies under what the compositor writes next.
    func flush()
    /// Fills the frame's areas with the clear colour (there is no buffer to clear).
    func clear(_ color: RGBA, areas: [PixelRect], whole: Bool)
    /// Draws `count` indices from `first` of the list's mesh, blended by `blend`.
    func drawTriangles(first: Int, count: Int, blend: BlendMode, areas: [PixelRect], whole: Bool)
    /// Draws a text item, clipped to the areas that meet `box`.
    func drawText(_ item: TextItem, box: PixelRect, areas: [PixelRect], whole: Bool)
    /// Fills a rectangle (scene points) with `color`, blended when it is translucent.
    func fillRect(_ rect: Rect, color: RGBA, areas: [PixelRect], whole: Bool)
}
