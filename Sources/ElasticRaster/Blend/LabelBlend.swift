import ElasticCore

/// A rendered label, ready to be blended unscaled: 32-bit pixels with straight (not
/// premultiplied) alpha in the high byte and red, green, blue below it (SDL's ARGB8888), rows
/// `pitch` pixels apart, owned by the host until the frame ends.
public struct LabelImage {
    public var pixels: UnsafePointer<UInt32>
    public var width: Int, height: Int, pitch: Int
    /// Where its top-left pixel lands, in output pixels.
    public var x: Int, y: Int
    /// The whole label's opacity (SDL's alpha modulation; 255: none).
    public var opacity: UInt8

    public init(pixels: UnsafePointer<UInt32>, width: Int, height: Int, pitch: Int, x: Int, y: Int, opacity: UInt8) {
        (self.pixels, self.width, self.height, self.pitch) = (pixels, width, height, pitch)
        (self.x, self.y, self.opacity) = (x, y, opacity)
    }

    /// The output pixels it covers.
    public var bounds: PixelRect { PixelRect(x0: x, y0: y, x1: x + width, y1: y + height) }
}

/// Blends a label over an XRGB8888 buffer bit for bit as SDL 2's software renderer blits it
/// (SDL_blit_A.c and SDL_blit_auto.c, release-2.26), so labels look as they did when SDL drew
/// them, without SDL's per-call work and with the transparent pixels skipped:
/// - opaque label (no modulation): `BlitRGBtoRGBPixelAlphaMMX`. Each channel, the padding byte
///   too (its source weight 255), is `s·a >> 8 + d·(255 − a) >> 8`; a = 0 keeps the pixel,
///   a = 255 copies the source.
/// - translucent label: `SDL_Blit_ARGB8888_RGB888_Modulate_Blend`. a = a·m / 255, each colour
///   channel `s·a / 255 + (255 − a)·d / 255`, and the padding byte is cleared.
public enum LabelBlend {
    /// Whether labels blend into buffers of `format` here (else the compositor draws into none).
    public static func supports(_ format: PixelFormat) -> Bool { format.layout == .xrgb8888 }

    /// Blends `label` into `buffer` (XRGB8888: `supports`) inside `clip`.
    public static func blend(_ label: LabelImage, into buffer: PixelBuffer, clip: PixelRect) {
        let r = label.bounds.intersection(clip).intersection(buffer.bounds)
        guard !r.isEmpty else { return }
        for y in r.y0..<r.y1 {
            let source = label.pixels + (y - label.y) * label.pitch + (r.x0 - label.x)
            let target = (buffer.base + y * buffer.pitch).assumingMemoryBound(to: UInt32.self) + r.x0
            if label.opacity == 255 {
                opaqueRow(source, target, count: r.width)
            } else {
                modulatedRow(source, target, count: r.width, opacity: UInt32(label.opacity))
            }
        }
    }

    @inline(__always)
    private static func opaqueRow(_ source: UnsafePointer<UInt32>, _ target: UnsafeMutablePointer<UInt32>, count: Int) {
        var i = 0
        while i < count {
            // Most of a label is clear: eight pixels at a time are passed over when all are.
            let end = min(i + 8, count)
            if end - i == 8, clear(source + i) { i = end; continue }
            for k in i..<end {
                let s = source[k], a = s >> 24
                if a == 255 {
                    target[k] = s
                } else if a != 0 {
                    // Two channels a word, eight bits apart: each product fits its sixteen. The
                    // padding byte's source term, alpha × 255, is computed as 255 × alpha.
                    let d = target[k], inverse = 255 - a
                    let rb = ((s & 0x00FF_00FF) &* a) >> 8 & 0x00FF_00FF, xg = ((s >> 8 & 0xFF | 0x00FF_0000) &* a) >> 8 & 0x00FF_00FF
                    let rbUnder = ((d & 0x00FF_00FF) &* inverse) >> 8 & 0x00FF_00FF
                    let xgUnder = ((d >> 8 & 0x00FF_00FF) &* inverse) >> 8 & 0x00FF_00FF
                    target[k] = (rb &+ rbUnder) | (xg &+ xgUnder) << 8
                }
            }
            i = end
        }
    }

    @inline(__always)
    private static func modulatedRow(_ source: UnsafePointer<UInt32>, _ target: UnsafeMutablePointer<UInt32>, count: Int,
                                     opacity: UInt32) {
        var i = 0
        while i < count {
            let end = min(i + 8, count)
            if end - i == 8, clear(source + i) {
                for k in i..<end { target[k] &= 0x00FF_FFFF }  // the blit still clears the padding byte
                i = end
                continue
            }
            for k in i..<end {
                let s = source[k], d = target[k]
                let a = (s >> 24) &* opacity / 255
                if a == 0 { target[k] = d & 0x00FF_FFFF; continue }
                let inverse = 255 - a  // a < 255: the opacity is below 255
                // Red and blue a word, as in `opaqueRow`; each term is divided by 255 on its own.
                let rb = dividedBy255((s & 0x00FF_00FF) &* a) &+ dividedBy255((d & 0x00FF_00FF) &* inverse)
                let g = (s >> 8 & 0xFF) &* a / 255 &+ inverse &* (d >> 8 & 0xFF) / 255
                target[k] = rb | g << 8
            }
            i = end
        }
    }

    /// x / 255 in each of the two sixteen-bit halves of `w` (each at most 255 × 255): there
    /// (x + 1 + x >> 8) >> 8 is exactly x / 255, and no half carries into the other.
    @inline(__always)
    private static func dividedBy255(_ w: UInt32) -> UInt32 {
        (w &+ 0x0001_0001 &+ (w >> 8 & 0x00FF_00FF)) >> 8 & 0x00FF_00FF
    }

    /// Whether the eight pixels from `pixels` are all clear (alpha 0).
    @inline(__always)
    private static func clear(_ pixels: UnsafePointer<UInt32>) -> Bool {
        let at = UnsafeRawPointer(pixels)
        let any = at.loadUnaligned(as: UInt64.self) | at.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            | at.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | at.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
        return any & 0xFF00_0000_FF00_0000 == 0
    }
}
