import ElasticCore

extension SDLFrontEnd {
    /// The output-pixel rectangles the last `draw` cleared and redrew, each with every command
    /// clipped to it (one rectangle, the whole output, when it redrew everything): the damage
    /// `--trace-draw` records so that other rasterizers can redraw exactly these pixels.
    public var drawnRects: [PixelRect] { frameRects }
}
