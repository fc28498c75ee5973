import CPixman
import CSDL2
import ElasticCore

/// Exact anti-aliased coverage on the CPU, written straight into the software renderer's window
/// surface.
///
/// A run of consecutive triangles of one colour (one shape, or touching shapes of one colour) is
/// scan-converted once by `CoverageRasterizer` into spans of exact area coverage, which are
/// blended into the surface: opaque wholly covered spans are plain stores, the rest a blend of the
/// run's colour by the span's coverage. Pieces of a shape share one run, so their joins cannot
/// seam, and every edge pixel gets its covered fraction, so the tessellator adds no fringe.
/// Translucent rectangles (gooey-menu's veil) are blended by pixman's vectorised OVER.
///
/// Nothing here allocates per frame once the rasteriser's buffers have grown: the image wrapping
/// the window surface is made once per surface, the solid colour is one reused 1×1 pixel.
final class SurfaceCoverage {
    /// Whether the front end may use it (tests turn it off to compare with SDL's own drawing).
    var enabled = true
    /// The output pixels a composite may write (the damaged rectangles, or the whole output): a
    /// pixel inside gets exactly the value a whole-frame draw gives it. Each run is swept once over
    /// the rectangles' box and its spans cut to the rectangles.
    var region = RowClip()
    var clip: PixelRect { region.bounds }

    private var rasterizer = CoverageRasterizer()
    private var target: OpaquePointer?
    /// What `target` wraps: a new window surface (resize) means a new image.
    private var targetKey: (pixels: UnsafeMutableRawPointer?, width: Int32, height: Int32, pitch: Int32, format: UInt32)
        = (nil, 0, 0, 0, 0)
    private var surface: UnsafeMutablePointer<SDL_Surface>?
    private let solid: OpaquePointer
    private let solidPixel: UnsafeMutablePointer<UInt32>
    private var renderer: OpaquePointer?
    private var runColor = RGBA(0, 0, 0, 0)
    private var lastComposed: (key: (RGBA, RGBA, UInt32), pixel: UInt32)?
    /// The 1×1 image `composed` composites into, in the surface's format (made once per format).
    private var composeImage: (image: OpaquePointer, format: UInt32)?

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

    /// The pixman format with the same memory layout as an SDL pixel format, for the ones window
    /// surfaces use; nil for anything else (those keep SDL's drawing).
    static func pixmanFormat(_ sdlFormat: UInt32) -> pixman_format_code_t? {
        switch sdlFormat {
        case SDL_PIXELFORMAT_XRGB8888.rawValue: PIXMAN_x8r8g8b8
        case SDL_PIXELFORMAT_ARGB8888.rawValue: PIXMAN_a8r8g8b8
        case SDL_PIXELFORMAT_XBGR8888.rawValue: PIXMAN_x8b8g8r8
        case SDL_PIXELFORMAT_ABGR8888.rawValue: PIXMAN_a8b8g8r8
        case SDL_PIXELFORMAT_RGBX8888.rawValue: PIXMAN_r8g8b8x8
        case SDL_PIXELFORMAT_BGRX8888.rawValue: PIXMAN_b8g8r8x8
        case SDL_PIXELFORMAT_BGRA8888.rawValue: PIXMAN_b8g8r8a8
        case SDL_PIXELFORMAT_RGBA8888.rawValue: PIXMAN_r8g8b8a8
        default: nil
        }
    }

    /// Whether `surface` can be drawn into.
    static func supports(_ surface: UnsafeMutablePointer<SDL_Surface>) -> Bool {
        guard let format = surface.pointee.format else { return false }
        return pixmanFormat(format.pointee.format) != nil
    }

    /// Readies a frame drawn into `surface` (wrapping it for pixman again only when the surface
    /// or its size changed). False when the surface cannot be drawn into.
    func begin(surface: UnsafeMutablePointer<SDL_Surface>, renderer: OpaquePointer) -> Bool {
        self.renderer = renderer
        self.surface = nil
        rasterizer.reset()
        let s = surface.pointee
        guard let sdlFormat = s.format?.pointee.format, let format = Self.pixmanFormat(sdlFormat),
              let pixels = s.pixels, s.w > 0, s.h > 0 else { return false }
        if target == nil || targetKey.pixels != pixels || targetKey.width != s.w || targetKey.height != s.h
            || targetKey.pitch != s.pitch || targetKey.format != sdlFormat {
            if let target { pixman_image_unref(target) }
            target = pixman_image_create_bits(format, s.w, s.h, pixels.assumingMemoryBound(to: UInt32.self), s.pitch)
            targetKey = (pixels, s.w, s.h, s.pitch, sdlFormat)
        }
        guard target != nil else { return false }
        self.surface = surface
        return true
    }

    /// Adds a triangle (points × `scale` = output pixels) of one colour to the current run,
    /// compositing the run first when its colour differs. False, with nothing added, when a vertex
    /// is not finite or too far out for the rasteriser's fixed point. `signed`: as it is oriented
    /// (`CoverageRasterizer.addTriangles`).
    func add(_ a: Vertex, _ b: Vertex, _ c: Vertex, scale: Float, signed: Bool = false) -> Bool {
        if !rasterizer.isEmpty, a.color != runColor { flush() }
        guard rasterizer.addTriangle(a.x * scale, a.y * scale, b.x * scale, b.y * scale, c.x * scale, c.y * scale,
                                     signed: signed) else { return false }
        runColor = a.color
        return true
    }

    /// Blends the current run (if any) into the surface.
    func flush() {
        defer { rasterizer.reset() }
        guard !rasterizer.isEmpty, let surface, let base = surface.pointee.pixels, let format = surface.pointee.format else { return }
        let output = PixelRect(x0: 0, y0: 0, x1: Int(surface.pointee.w), y1: Int(surface.pointee.h))
        let shown = rasterizer.bounds.intersection(clip).intersection(output)
        guard !shown.isEmpty else { return }
        let c = runColor
        let pixel = SDL_MapRGBA(format, c.r, c.g, c.b, 255)
        let pitch = Int(surface.pointee.pitch)
        rasterizer.sweep(clip: shown)
        // Whatever SDL still queues (text, SDL-drawn triangles) lies underneath: painter's order.
        if let renderer { SDL_RenderFlush(renderer) }
        if region.isSingleRect {
            SpanBlend.apply(rasterizer.spans, color: pixel, opacity: c.a, to: base, pitch: pitch)
        } else {
            SpanBlend.apply(rasterizer.spans[...], clippedTo: region, color: pixel, opacity: c.a, to: base, pitch: pitch)
        }
    }

    /// Blends spans found ahead (`DamageTracker.spans`: inside the output) of one colour into the
    /// surface, inside `region`. `under`: the pixel all of them lie over, when known
    /// (`SpanBlend.apply`).
    func blend(_ spans: ArraySlice<CoverageSpan>, color c: RGBA, under: UInt32? = nil) {
        guard let surface, let base = surface.pointee.pixels, let format = surface.pointee.format else { return }
        let clip = region.bounds
        // Spans are sorted by row: only the rows the region holds.
        let rows = RunSpans.indices(of: spans, rows: clip.y0..<clip.y1)
        guard !rows.isEmpty else { return }
        let pixel = SDL_MapRGBA(format, c.r, c.g, c.b, 255)
        // Whatever SDL still queues (text, SDL-drawn triangles) lies underneath: painter's order.
        if let renderer { SDL_RenderFlush(renderer) }
        let pitch = Int(surface.pointee.pitch)
        if region.isSingleRect, clip.x0 <= 0, clip.x1 >= Int(surface.pointee.w) {
            // Whole rows (a full frame): the rows are the cut, each span is drawn whole.
            SpanBlend.apply(spans[rows], color: pixel, opacity: c.a, to: base, pitch: pitch, under: under)
        } else {
            // Taken out of self while read: handed on from self, it would be copied (a retain an array).
            var region = RowClip()
            swap(&region, &self.region)
            defer { swap(&region, &self.region) }
            SpanBlend.apply(spans[rows], clippedTo: region, color: pixel, opacity: c.a, to: base, pitch: pitch, under: under)
        }
    }

    /// Blends `color` over the output pixels of `rect` (inside `clip`): a translucent rectangle
    /// (gooey-menu's veil) with pixman's vectorised OVER instead of SDL's per-pixel blend.
    func fill(_ rect: PixelRect, color: RGBA) {
        guard let target, let surface else { return }
        let output = PixelRect(x0: 0, y0: 0, x1: Int(surface.pointee.w), y1: Int(surface.pointee.h))
        let shown = rect.intersection(clip).intersection(output)
        guard !shown.isEmpty, color.a > 0 else { return }
        setSolid(color)
        if let renderer { SDL_RenderFlush(renderer) }
        pixman_image_composite32(PIXMAN_OP_OVER, solid, nil, target, 0, 0, 0, 0,
                                 Int32(shown.x0), Int32(shown.y0), Int32(shown.width), Int32(shown.height))
    }

    /// What `fill` makes of a pixel holding only `clear`: `color` composited over it by the same
    /// pixman OVER, into a 1×1 image of the surface's format. Pixels under a translucent rectangle
    /// that nothing but the clear lies beneath take it as a plain store (gooey-menu's veil).
    func composed(_ color: RGBA, over clear: RGBA) -> UInt32? {
        guard let surface, let format = surface.pointee.format, let code = Self.pixmanFormat(format.pointee.format) else { return nil }
        let key = (color, clear, format.pointee.format)
        if let last = lastComposed, last.key == key { return last.pixel }
        if composeImage?.format != format.pointee.format {
            if let old = composeImage { pixman_image_unref(old.image) }
            composeImage = pixman_image_create_bits(code, 1, 1, nil, 4).map { ($0, format.pointee.format) }
        }
        guard let image = composeImage?.image, let data = pixman_image_get_data(image) else { return nil }
        data.pointee = SDL_MapRGBA(format, clear.r, clear.g, clear.b, 255)
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
