import ElasticCore

/// The plain pixels the compositor draws into: 32-bit pixels of `format`, rows `pitch` bytes apart.
/// Whoever owns the memory (the SDL shell's window surface) keeps it alive while a frame is drawn.
public struct PixelBuffer {
    public var base: UnsafeMutableRawPointer
    public var width: Int, height: Int, pitch: Int
    public var format: PixelFormat

    public init(base: UnsafeMutableRawPointer, width: Int, height: Int, pitch: Int, format: PixelFormat) {
        (self.base, self.width, self.height, self.pitch, self.format) = (base, width, height, pitch, format)
    }

    /// All of its pixels.
    public var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }

    /// Fills a pixel rectangle, clipped to the buffer, with a pixel value in its format, with
    /// ordinary (cached) stores at memset speed (`PixelRun`): the buffer stays in the last-level
    /// cache from frame to frame, which SDL's non-temporal fills bypass.
    public func fill(_ rect: PixelRect, pixel: UInt32) {
        let x0 = max(rect.x0, 0), y0 = max(rect.y0, 0)
        let x1 = min(rect.x1, width), y1 = min(rect.y1, height)
        guard x1 > x0, y1 > y0 else { return }
        if x0 == 0, x1 == width, width * 4 == pitch {  // whole rows, next to each other: one fill
            PixelRun.fill((base + y0 * pitch).assumingMemoryBound(to: UInt32.self), count: (y1 - y0) * width, with: pixel)
            return
        }
        let fill = PixelRun.filler
        for y in y0..<y1 {
            fill((base + y * pitch).assumingMemoryBound(to: UInt32.self) + x0, count: x1 - x0, with: pixel)
        }
    }

    /// Fills a pixel rectangle, clipped to the buffer, with `color`.
    public func fill(_ rect: PixelRect, color: RGBA) { fill(rect, pixel: format.pixel(color)) }

    /// Whether its first and last pixels hold `color`: a fill of the whole buffer reached it.
    public func holdsAtBothEnds(_ color: RGBA) -> Bool {
        guard width > 0, height > 0 else { return false }
        let pixel = format.pixel(color)
        return base.load(as: UInt32.self) == pixel
            && base.load(fromByteOffset: (height - 1) * pitch + (width - 1) * 4, as: UInt32.self) == pixel
    }

    /// Copies its rows, `width` pixels each, to `destination`, rows `destinationPitch` bytes apart.
    public func copyRows(to destination: UnsafeMutableRawPointer, pitch destinationPitch: Int) {
        let rowBytes = width * 4
        for y in 0..<height { (destination + y * destinationPitch).copyMemory(from: base + y * pitch, byteCount: rowBytes) }
    }
}
