import ElasticCore

extension Rect {
    /// The output pixels a rectangle fill covers, rounded as SDL's software renderer rounds it:
    /// scaled in `Float`, each of x, y, width and height truncated toward zero, width and height
    /// at least one pixel (`SDL_RenderFillRectsF` then `SW_QueueFillRects`); nil when not finite.
    /// The compositor's fills use the same rule, so the damage tracker knows their pixels.
    public func filledPixels(scale: Float) -> PixelRect? {
        // C's cast of a float beyond Int32 is undefined, Swift's traps: clamp first (anything this
        // far out is clipped away anyway).
        func truncated(_ v: Double) -> Int? {
            let f = Float(v) * scale
            return f.isFinite ? Int(min(max(f, -1e9), 1e9)) : nil
        }
        guard let x0 = truncated(x), let y0 = truncated(y), let w = truncated(width), let h = truncated(height) else { return nil }
        return PixelRect(x0: x0, y0: y0, x1: x0 + max(w, 1), y1: y0 + max(h, 1))
    }
}
