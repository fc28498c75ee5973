import CPixman
import ElasticCore

/// Exact anti-aliased coverage on the CPU, written straight into the compositor's pixel buffer.
///
/// A run of consecutive triangles of one colour (one shape, or touching shapes of one colour) is
/// scan-converted once by `CoverageRasterizer` into spans of exact area coverage, which are
/// blended into the buffer: opaque wholly covered spans are plain stores, the rest a blend of the
/// run's colour by the span's coverage. Pieces of a shape share one run, so their joins cannot
/// seam, and every edge pixel gets its covered fraction, so the tessellator adds no fringe.
/// Translucent rectangles (gooey-menu's veil) are blended by pixman's vectorised OVER.
///
/// Nothing here allocates per frame once the rasteriser's buffers have grown: the image wrapping
/// the buffer is made once per buffer, the solid colour is one reused 1×1 pixel.
public final class CoverageWriter {
    /// The output pixels a composite may write (the damaged rectangles, or the whole output): a
    /// pixel inside gets exactly the value a whole-frame draw gives it. Each run is swept once over
    /// the region's box and its spans cut to the region.
    var region = PixelRegion()
    var clip: PixelRect { region.bounds }

    private var rasterizer = CoverageRasterizer()
    private var target: OpaquePointer?
    /// What `target` wraps: a new buffer (resize) means a new image.
    private var targetKey: (pixels: UnsafeMutableRawPointer?, width: Int, height: Int, pitch: Int, format: PixelFormat.Layout?)
        = (nil, 0, 0, 0, nil)
    private var buffer: PixelBuffer?
    private let solid: OpaquePointer
    private let solidPixel: UnsafeMutablePointer<UInt32>
    private var runColor = RGBA(0, 0, 0, 0)
    private var lastComposed: (key: (RGBA, RGBA, PixelFormat.Layout), pixel: UInt32)?
    /// The 1×1 image `composed` composites into, in the buffer's layout (made once per layout).
    private var composeImage: (image: OpaquePointer, layout: PixelFormat.Layout)?

    init() {
        // A 1×1 repeating image is pixman's "solid" source: its fast paths read the one pixel.
        solid = pixman_image_create_bits(PIXMAN_a8r8g8b8, 1, 1, nil, 4)
        pixman_image_set_repeat(solid, PIXMAN_REPEAT_NORMAL)
        solidPixel = pixman_image_get_data(solid)
    }

    deinit {
        if let target { pixman_image_unref(target) }
        if let composeImage { pixman_image_unref(composeImage.image) }
        pixman_image_unref(solid)
    }

    /// Whether a buffer of `format` can be drawn into.
    public static func supports(_ format: PixelFormat) -> Bool { format.pixman != nil }

    /// Readies a frame drawn into `buffer` (wrapping it for pixman again only when the buffer or
    /// its size changed). False when the buffer cannot be drawn into.
    func begin(_ buffer: PixelBuffer) -> Bool {
        self.buffer = nil
        rasterizer.reset()
        guard let format = buffer.format.pixman, buffer.width > 0, buffer.height > 0 else { return false }
        let layout = buffer.format.layout
        if target == nil || targetKey.pixels != buffer.base || targetKey.width != buffer.width || targetKey.height != buffer.height
            || targetKey.pitch != buffer.pitch || targetKey.format != layout {
            if let target { pixman_image_unref(target) }
            target = pixman_image_create_bits(format, Int32(buffer.width), Int32(buffer.height),
                                              buffer.base.assumingMemoryBound(to: UInt32.self), Int32(buffer.pitch))
            targetKey = (buffer.base, buffer.width, buffer.height, buffer.pitch, layout)
        }
        guard target != nil else { return false }
        self.buffer = buffer
        return true
    }

    /// Adds a triangle (points × `scale` = output pixels) of one colour to the current run,
    /// compositing the run first when its colour differs. `signed`: as it is oriented
    /// (`CoverageRasterizer.addTriangles`).
    func add(_ a: Vertex, _ b: Vertex, _ c: Vertex, scale: Float, signed: Bool = false) {
        if !rasterizer.isEmpty, a.color != runColor { flush() }
        rasterizer.addTriangle(a.x * scale, a.y * scale, b.x * scale, b.y * scale, c.x * scale, c.y * scale, signed: signed)
        runColor = a.color
    }

    /// Blends the current run (if any) into the buffer.
    func flush() {
        defer { rasterizer.reset() }
        guard !rasterizer.isEmpty, let buffer else { return }
        let shown = rasterizer.bounds.intersection(clip).intersection(buffer.bounds)
        guard !shown.isEmpty else { return }
        let c = runColor
        let pixel = buffer.format.pixel(RGBA(c.r, c.g, c.b, 255))
        rasterizer.sweep(clip: shown)
        if region.isRect {
            SpanBlend.apply(rasterizer.spans, color: pixel, opacity: c.a, to: buffer.base, pitch: buffer.pitch)
        } else {
            SpanBlend.apply(rasterizer.spans[...], clippedTo: region, color: pixel, opacity: c.a, to: buffer.base, pitch: buffer.pitch)
        }
    }

    /// Blends spans found ahead (`DamageTracker.spans`: inside the output) of one colour into the
    /// buffer, inside `region`. `under`: the pixel all of them lie over, when known
    /// (`SpanBlend.apply`).
    func blend(_ spans: ArraySlice<CoverageSpan>, color c: RGBA, under: UInt32? = nil) {
        guard let buffer else { return }
        let clip = region.bounds
        // Spans are sorted by row: only the rows the region holds.
        let rows = RunSpans.indices(of: spans, rows: clip.y0..<clip.y1)
        guard !rows.isEmpty else { return }
        let pixel = buffer.format.pixel(RGBA(c.r, c.g, c.b, 255))
        if region.isRect, clip.x0 <= 0, clip.x1 >= buffer.width {
            // Whole rows (a full frame): the rows are the cut, each span is drawn whole.
            SpanBlend.apply(spans[rows], color: pixel, opacity: c.a, to: buffer.base, pitch: buffer.pitch, under: under)
        } else {
            // Taken out of self while read: handed on from self, it would be copied (a retain an array).
            var region = PixelRegion()
            swap(&region, &self.region)
            defer { swap(&region, &self.region) }
            SpanBlend.apply(spans[rows], clippedTo: region, color: pixel, opacity: c.a, to: buffer.base, pitch: buffer.pitch,
                            under: under)
        }
    }

    /// Blends `color` over the output pixels of `rect` (inside `clip`): a translucent rectangle
    /// (gooey-menu's veil) with pixman's vectorised OVER.
    func fill(_ rect: PixelRect, color: RGBA) {
        guard let target, let buffer else { return }
        let shown = rect.intersection(clip).intersection(buffer.bounds)
        guard !shown.isEmpty, color.a > 0 else { return }
        setSolid(color)
        pixman_image_composite32(PIXMAN_OP_OVER, solid, nil, target, 0, 0, 0, 0,
                                 Int32(shown.x0), Int32(shown.y0), Int32(shown.width), Int32(shown.height))
    }

    /// What `fill` makes of a pixel holding only `clear`: `color` composited over it by the same
    /// pixman OVER, into a 1×1 image of the buffer's layout. Pixels under a translucent rectangle
    /// that nothing but the clear lies beneath take it as a plain store (gooey-menu's veil).
    func composed(_ color: RGBA, over clear: RGBA) -> UInt32? {
        guard let buffer, let layout = buffer.format.layout, let code = buffer.format.pixman else { return nil }
        let key = (color, clear, layout)
        if let last = lastComposed, last.key == key { return last.pixel }
        if composeImage?.layout != layout {
            if let old = composeImage { pixman_image_unref(old.image) }
            composeImage = pixman_image_create_bits(code, 1, 1, nil, 4).map { ($0, layout) }
        }
        guard let image = composeImage?.image, let data = pixman_image_get_data(image) else { return nil }
        data.pointee = buffer.format.pixel(RGBA(clear.r, clear.g, clear.b, 255))
        setSolid(color)
        pixman_image_composite32(PIXMAN_OP_OVER, solid, nil, image, 0, 0, 0, 0, 0, 0, 1, 1)
        lastComposed = (key, data.pointee)
        return data.pointee
    }

    /// The solid source's one pixel: `color`, premultiplied as pixman wants it.
    private func setSolid(_ c: RGBA) {
        let a = UInt32(c.a)
        func premultiplied(_ v: UInt8) -> UInt32 { (UInt32(v) * a + 127) / 255 }
        solidPixel.pointee = a << 24 | premultiplied(c.r) << 16 | premultiplied(c.g) << 8 | premultiplied(c.b)
    }
}
