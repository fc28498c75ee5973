import ElasticCore

/// A frame as the buffer's owner asks for it: one buffer it may draw into, and afterwards what
/// the frame redrew and so what a present must show.
extension Compositor {
    /// Whether triangles of one colour drawn into `target` get exact coverage (so the tessellator
    /// should add no fringe): coverage is on and `CoverageWriter` can write the buffer's format.
    public func drawsExactCoverage(into target: PixelBuffer?) -> Bool { exactTarget(target) != nil }

    private func exactTarget(_ target: PixelBuffer?) -> PixelBuffer? {
        guard coverage.enabled, let target, CoverageWriter.supports(target.format) else { return nil }
        return target
    }

    /// Diff and plan of `list` at `scale` (scene points to output pixels; 1 when it is not a
    /// positive number) into `target`, the buffer the host draws into (nil: it has none the
    /// compositor may write): exact coverage where the buffer allows it, and with `directFills` the
    /// clear and opaque rectangles straight into it. False when there is nothing to draw (`begin`).
    public func begin(_ list: DrawList, scale: Double, output: (width: Int, height: Int), target: PixelBuffer?,
                      directFills: Bool) -> Bool {
        let s = Float(scale.isFinite && scale > 0 ? scale : 1)
        return begin(list, scale: s, output: output, exactTarget: exactTarget(target), fills: directFills ? target : nil)
    }

    /// How many pixels the last frame redrew.
    public var damagedPixels: Int { frameRects.reduce(0) { $0 + $1.area } }

    /// The rectangles (output pixels) a present of the last frame must show, or nil for all of
    /// the output: only with `partialUpdates`, and not when the frame redrew everything.
    public var presentRects: [PixelRect]? { partialUpdates && !redrawsWholeOutput ? frameRects : nil }
}
