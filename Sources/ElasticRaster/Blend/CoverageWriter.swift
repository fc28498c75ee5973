import ElasticCore

/// Exact anti-aliased coverage on the CPU, written straight into the compositor's pixel buffer.
///
/// A run of consecutive triangles of one colour (one shape, or touching shapes of one colour) is
/// scan-converted once by `CoverageRasterizer` into spans of exact area coverage, which are
/// blended into the buffer: opaque wholly covered spans are plain stores, the rest a blend of the
/// run's colour by the span's coverage. Pieces of a shape share one run, so their joins cannot
/// seam, and every edge pixel gets its covered fraction, so the tessellator adds no fringe.
/// Translucent rectangles (gooey-menu's veil) are blended by the same rule (`SpanBlend`), so one
/// rounding holds for every blend of a frame.
///
/// Nothing here allocates per frame once the rasteriser's buffers have grown.
public final class CoverageWriter {
    /// The output pixels a composite may write (the damaged rectangles, or the whole output): a
    /// pixel inside gets exactly the value a whole-frame draw gives it. Each run is swept once over
    /// the region's box and its spans cut to the region.
    var region = PixelRegion()
    var clip: PixelRect { region.bounds }

    private var rasterizer = CoverageRasterizer()
    private var buffer: PixelBuffer?
    private var runColor = RGBA(0, 0, 0, 0)

    init() {}

    /// Whether a buffer of `format` can be drawn into: 32-bit pixels of a known byte order, so a
    /// colour can be put in it and every byte blended alike (`SpanBlend`).
    public static func supports(_ format: PixelFormat) -> Bool { format.layout != nil }

    /// Readies a frame drawn into `buffer`. False when the buffer cannot be drawn into.
    func begin(_ buffer: PixelBuffer) -> Bool {
        self.buffer = nil
        rasterizer.reset()
        guard Self.supports(buffer.format), buffer.width > 0, buffer.height > 0 else { return false }
        self.buffer = buffer
        return true
    }

    /// Adds a triangle (points × `scale` = output pixels) of one colour to the current run,
    /// compositing the run first when its colour differs; cut to the rasteriser's range when it
    /// reaches beyond it (`CoverageRasterizer.addTriangleCut`). `signed`: as it is oriented
    /// (`CoverageRasterizer.addTriangles`).
    func add(_ a: Vertex, _ b: Vertex, _ c: Vertex, scale: Float, signed: Bool = false) {
        if !rasterizer.isEmpty, a.color != runColor { flush() }
        rasterizer.addTriangleCut(a.x * scale, a.y * scale, b.x * scale, b.y * scale, c.x * scale, c.y * scale, signed: signed)
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

    /// Blends spans found ahead (`DamageTracker.spans`: inside the output) of one colour into
    /// `buffer`, inside `clip`. `under`: the pixel all of them lie over, when known
    /// (`SpanBlend.apply`). Reads nothing else: both cores call it, each with its own clip.
    static func blend(_ spans: ArraySlice<CoverageSpan>, color c: RGBA, under: UInt32? = nil, clip region: PixelRegion,
                      into buffer: PixelBuffer) {
        let clip = region.bounds
        // Spans are sorted by row: only the rows the region holds.
        let rows = RunSpans.indices(of: spans, rows: clip.y0..<clip.y1)
        guard !rows.isEmpty else { return }
        let pixel = buffer.format.pixel(RGBA(c.r, c.g, c.b, 255))
        if region.isRect, clip.x0 <= 0, clip.x1 >= buffer.width {
            // Whole rows (a full frame, a band of one): the rows are the cut, each span is drawn whole.
            SpanBlend.apply(spans[rows], color: pixel, opacity: c.a, to: buffer.base, pitch: buffer.pitch, under: under)
        } else {
            SpanBlend.apply(spans[rows], clippedTo: region, color: pixel, opacity: c.a, to: buffer.base, pitch: buffer.pitch,
                            under: under)
        }
    }

    /// Blends `color` over the output pixels of `rect` inside `clip`: a translucent rectangle
    /// (gooey-menu's veil), each pixel as a span of full coverage would be.
    static func fill(_ rect: PixelRect, color: RGBA, clip: PixelRect, into buffer: PixelBuffer) {
        let shown = rect.intersection(clip).intersection(buffer.bounds)
        guard !shown.isEmpty, color.a > 0 else { return }
        let pixel = buffer.format.pixel(RGBA(color.r, color.g, color.b, 255))
        for y in shown.y0..<shown.y1 {
            let row = (buffer.base + y * buffer.pitch).assumingMemoryBound(to: UInt32.self)
            SpanBlend.blendRun(row + shown.x0, count: shown.width, color: pixel, alpha: UInt32(color.a))
        }
    }

    /// What `fill` makes of a pixel holding only `clear`. Pixels under a translucent rectangle
    /// that nothing but the clear lies beneath take it as a plain store (gooey-menu's veil).
    func composed(_ color: RGBA, over clear: RGBA) -> UInt32? {
        guard let buffer else { return nil }
        let format = buffer.format
        return SpanBlend.blend(format.pixel(RGBA(color.r, color.g, color.b, 255)), over: format.pixel(RGBA(clear.r, clear.g, clear.b, 255)),
                               alpha: UInt32(color.a))
    }
}
