/// Writes coverage spans of one colour into 32-bit pixels.
///
/// Every byte of a pixel is blended alike (d ← (s·a + d·(255 − a)) / 255, rounded), so the pixel
/// layout does not matter as long as `color` is already in it with its alpha byte (if any) full.
public enum SpanBlend {
    /// `color` at `opacity` (0…255) times each span's coverage, over the pixels at `base` (rows
    /// `pitch` bytes apart). Spans must lie inside the pixels.
    public static func apply(_ spans: [CoverageSpan], color: UInt32, opacity: UInt8, to base: UnsafeMutableRawPointer, pitch: Int) {
        apply(spans[...], color: color, opacity: opacity, to: base, pitch: pitch)
    }

    /// `apply` on a slice of spans (the rasteriser's).
    public static func apply(_ spans: ArraySlice<CoverageSpan>, color: UInt32, opacity: UInt8, to base: UnsafeMutableRawPointer, pitch: Int) {
        let opacity = UInt32(opacity)
        spans.withUnsafeBufferPointer { spans in
            for span in spans {
                let row = (base + Int(span.y) * pitch).assumingMemoryBound(to: UInt32.self)
                let a = opacity == 255 ? UInt32(span.alpha) : divide255(UInt32(span.alpha) * opacity)
                let x0 = Int(span.x0), count = Int(span.x1 - span.x0)
                if a == 255 {
                    PixelRun.fill(row + x0, count: count, with: color)
                } else if a > 0 {
                    for x in x0..<(x0 + count) { row[x] = blend(color, over: row[x], alpha: a) }
                }
            }
        }
    }

    /// `apply` with every span cut to the pixels `clip` allows.
    public static func apply(_ spans: ArraySlice<CoverageSpan>, clippedTo clip: RowClip, color: UInt32, opacity: UInt8,
                             to base: UnsafeMutableRawPointer, pitch: Int) {
        let opacity = UInt32(opacity)
        spans.withUnsafeBufferPointer { spans in
            for span in spans {
                let row = (base + Int(span.y) * pitch).assumingMemoryBound(to: UInt32.self)
                let a = opacity == 255 ? UInt32(span.alpha) : divide255(UInt32(span.alpha) * opacity)
                clip.forEachPart(y: Int(span.y), x0: span.x0, x1: span.x1) { x0, x1 in
                    if a == 255 {
                        PixelRun.fill(row + Int(x0), count: Int(x1 - x0), with: color)
                    } else if a > 0 {
                        for x in Int(x0)..<Int(x1) { row[x] = blend(color, over: row[x], alpha: a) }
                    }
                }
            }
        }
    }

    /// `s` over `d` at `alpha` (0…255), each of the four bytes alike.
    @inline(__always)
    public static func blend(_ s: UInt32, over d: UInt32, alpha a: UInt32) -> UInt32 {
        let na = 255 - a
        let rb = divide255Lanes((s & 0x00FF_00FF) &* a &+ (d & 0x00FF_00FF) &* na)
        let ag = divide255Lanes(((s >> 8) & 0x00FF_00FF) &* a &+ ((d >> 8) & 0x00FF_00FF) &* na)
        return rb | ag << 8
    }

    /// x / 255 rounded, for x ≤ 255·255.
    @inline(__always)
    static func divide255(_ x: UInt32) -> UInt32 { (x + 128 + ((x + 128) >> 8)) >> 8 }

    /// `divide255` on the two 16-bit lanes of `x` at once.
    @inline(__always)
    static func divide255Lanes(_ x: UInt32) -> UInt32 {
        let t = x &+ 0x0080_0080
        return ((t &+ ((t >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    }
}
