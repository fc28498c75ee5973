import ElasticCore

/// What draws the commands the compositor cannot (labels it is not handed as pixels, triangles
/// of several colours or out of its fixed point's range, everything when it has no buffer): the
/// owner of the buffer, through its own renderer. Called in painter's order, once for each of the frame's rectangles a
/// command meets, clipped to it (`Compositor.forEachArea`).
public protocol CompositorHost: AnyObject {
    /// Lands whatever the host still queues in the buffer: it lies under what the compositor writes next.
    func flush()
    /// Clips what the host draws next to `area` (output pixels).
    func clip(to area: PixelRect)
    /// Fills `area` with `color` (the opaque clear: there is no buffer to clear); nil: the whole output.
    func clear(_ color: RGBA, area: PixelRect?)
    /// Draws `count` indices from `first` of the list's mesh, blended by `blend`.
    func drawTriangles(first: Int, count: Int, blend: BlendMode)
    func drawText(_ item: TextItem)
    /// The label `drawText` would draw, as pixels the compositor blends itself into its buffer
    /// (nil: the host draws it; an empty image: it lies wholly outside the output, nothing is drawn).
    func labelImage(_ item: TextItem) -> LabelImage?
    /// Fills a rectangle (scene points) with `color`, blended when it is translucent.
    func fillRect(_ rect: Rect, color: RGBA)
}

extension Compositor {
    /// Runs `draw` once for each of the frame's rectangles that meets `box`, with the host clipped
    /// to it; once, unclipped and given nil, when the frame redraws the whole output.
    func forEachArea(_ host: CompositorHost, meeting box: PixelRect? = nil, _ draw: (PixelRect?) -> Void) {
        if redrawsWholeOutput { draw(nil); return }
        for area in frameRects {
            if let box, box.intersection(area).isEmpty { continue }
            host.clip(to: area)
            draw(area)
        }
    }
}
