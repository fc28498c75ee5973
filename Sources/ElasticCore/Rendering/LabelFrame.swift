/// Where a rendered label goes: its rectangle in points, in single precision as SDL 2's renderer
/// takes a copy's destination, and what SDL 2.26 then does with it. The compositor blends a label
/// where SDL's software renderer would copy it, so both must place it alike.
public struct LabelFrame: Sendable, Equatable {
    public var x: Float, y: Float, width: Float, height: Float

    public init(x: Float, y: Float, width: Float, height: Float) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// `pixels` in points, such that SDL's renderer turns them back into exactly `pixels`
    /// (`(int)(points · scale)` in single precision, as SW_QueueCopy sizes a copy): the quotient
    /// alone can land a hair under, and SDL would then squeeze the label by a pixel, dropping a
    /// column or a row of its glyphs.
    public static func points(_ pixels: Int, scale: Float) -> Float {
        var p = Float(pixels) / scale
        while p * scale < Float(pixels) { p = p.nextUp }
        return p
    }

    /// Whether SDL_RenderCopyF draws it at all: it returns at once unless the frame meets the
    /// viewport of `viewport` output pixels at `scale` (in points: RenderGetViewportSize, the
    /// double quotient narrowed to float), as SDL_HasIntersectionF decides (SDL_rect_impl.h).
    public func meetsViewport(_ viewport: (width: Int, height: Int), scale: Float) -> Bool {
        let viewWidth = Float(Double(viewport.width) / Double(scale)), viewHeight = Float(Double(viewport.height) / Double(scale))
        // An empty rectangle meets nothing; a NaN size is not empty there.
        if width <= 0 || height <= 0 || viewWidth <= 0 || viewHeight <= 0 { return false }
        return Self.overlaps(x, width, 0, viewWidth) && Self.overlaps(y, height, 0, viewHeight)
    }

    /// SDL_HasIntersectionF along one axis, step for step (so NaN goes through as SDL lets it).
    private static func overlaps(_ aMin: Float, _ aLength: Float, _ bMin: Float, _ bLength: Float) -> Bool {
        var low = aMin, high = aMin + aLength
        let bMax = bMin + bLength
        if bMin > low { low = bMin }
        if bMax < high { high = bMax }
        return !(high <= low)
    }

    /// Its top-left output pixel as SDL's software renderer copies it at `scale` (SW_QueueCopy:
    /// scaled in single precision, each coordinate truncated by C's (int) cast), when the copy is
    /// the label's `width` × `height` pixels unscaled; nil when SDL would stretch it or a
    /// coordinate is one the cast leaves undefined.
    public func pixelOrigin(scale: Float, width pixelWidth: Int, height pixelHeight: Int) -> (x: Int, y: Int)? {
        func truncated(_ v: Float) -> Int? { v > -2_147_483_648 && v < 2_147_483_648 ? Int(v) : nil }
        guard let px = truncated(x * scale), let py = truncated(y * scale),
              truncated(width * scale) == pixelWidth, truncated(height * scale) == pixelHeight else { return nil }
        return (px, py)
    }
}
