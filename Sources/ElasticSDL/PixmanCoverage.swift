import CPixman
import CSDL2
import ElasticCore

/// Exact anti-aliased coverage on the CPU, with pixman, for SDL's software renderer.
///
/// A run of consecutive triangles of one colour (one shape, or touching shapes of one colour) is
/// rasterised as area coverage into one A8 mask, which is composited once (OVER, the run's colour)
/// into the window surface, then cleared. Pieces of a shape share one mask, so their joins cannot
/// seam, and every edge pixel gets its covered fraction, so the tessellator adds no fringe.
///
/// Nothing here allocates per frame: the mask and the image wrapping the window surface are made
/// once per output size, the solid colour is one reused 1×1 repeating pixel, and triangles are
/// split into trapezoids in a reused buffer (`pixman_add_triangles` would allocate on every call).
final class PixmanCoverage {
    /// Whether the front end may use it (tests turn it off to compare with SDL's own drawing).
    var enabled = true
    /// The output pixels a composite may write (a damaged rectangle, or the whole output): a pixel
    /// inside gets exactly the value a whole-frame draw gives it.
    var clip = PixelRect.empty

    /// Output pixels beyond which a vertex goes to SDL instead: pixman's coordinates are 16.16
    /// fixed point, and its edge walkers need headroom.
    static let coordinateLimit: Float = 16_384

    private var mask: OpaquePointer?
    private var maskSize = (width: 0, height: 0)
    private var target: OpaquePointer?
    /// What `target` wraps: a new window surface (resize) means a new image.
    private var targetKey: (pixels: UnsafeMutableRawPointer?, width: Int32, height: Int32, pitch: Int32, format: UInt32)
        = (nil, 0, 0, 0, 0)
    private let solid: OpaquePointer
    private let solidPixel: UnsafeMutablePointer<UInt32>
    private var renderer: OpaquePointer?

    private var traps: [pixman_trapezoid_t] = []
    private var runColor = RGBA(0, 0, 0, 0)
    private var minX = Int32.max, minY = Int32.max, maxX = Int32.min, maxY = Int32.min

    init() {
        // A 1×1 repeating image is pixman's "solid" source: its fast paths read the one pixel.
        solid = pixman_image_create_bits(PIXMAN_a8r8g8b8, 1, 1, nil, 4)
        pixman_image_set_repeat(solid, PIXMAN_REPEAT_NORMAL)
        solidPixel = pixman_image_get_data(solid)
    }

    deinit {
        if let mask { pixman_image_unref(mask) }
        if let target { pixman_image_unref(target) }
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

    /// Readies the images for a frame drawn into `surface` (recreating them only when the surface
    /// or its size changed). False when the surface cannot be drawn into.
    func begin(surface: UnsafeMutablePointer<SDL_Surface>, renderer: OpaquePointer) -> Bool {
        self.renderer = renderer
        traps.removeAll(keepingCapacity: true)
        resetBounds()
        let s = surface.pointee
        guard let sdlFormat = s.format?.pointee.format, let format = Self.pixmanFormat(sdlFormat),
              let pixels = s.pixels, s.w > 0, s.h > 0 else { return false }
        if target == nil || targetKey.pixels != pixels || targetKey.width != s.w || targetKey.height != s.h
            || targetKey.pitch != s.pitch || targetKey.format != sdlFormat {
            if let target { pixman_image_unref(target) }
            target = pixman_image_create_bits(format, s.w, s.h, pixels.assumingMemoryBound(to: UInt32.self), s.pitch)
            targetKey = (pixels, s.w, s.h, s.pitch, sdlFormat)
        }
        if mask == nil || maskSize != (Int(s.w), Int(s.h)) {
            if let mask { pixman_image_unref(mask) }
            mask = pixman_image_create_bits(PIXMAN_a8, s.w, s.h, nil, 0)  // zeroed
            maskSize = (Int(s.w), Int(s.h))
        }
        return target != nil && mask != nil
    }

    /// Adds a triangle (points × `scale` = output pixels) of one colour to the current run,
    /// compositing the run first when its colour differs. False, with nothing added, when a vertex
    /// is not finite or too far out for pixman's fixed point.
    func add(_ a: Vertex, _ b: Vertex, _ c: Vertex, scale: Float) -> Bool {
        guard let p1 = Self.fixed(a, scale), let p2 = Self.fixed(b, scale), let p3 = Self.fixed(c, scale) else { return false }
        if !traps.isEmpty, a.color != runColor { flush() }
        runColor = a.color
        minX = min(minX, p1.x, p2.x, p3.x); maxX = max(maxX, p1.x, p2.x, p3.x)
        minY = min(minY, p1.y, p2.y, p3.y); maxY = max(maxY, p1.y, p2.y, p3.y)
        appendTrapezoids(p1, p2, p3)
        return true
    }

    /// Composites the current run (if any) and clears the part of the mask it used.
    func flush() {
        defer { traps.removeAll(keepingCapacity: true); resetBounds() }
        guard !traps.isEmpty, let mask, let target, let maskBase = pixman_image_get_data(mask) else { return }
        // Pixels the run touches, clipped to the output (pixman clips its rasterising the same way).
        let x0 = max(Int(minX >> 16), 0), y0 = max(Int(minY >> 16), 0)
        let x1 = min(Int((Int64(maxX) + 0xFFFF) >> 16), maskSize.width), y1 = min(Int((Int64(maxY) + 0xFFFF) >> 16), maskSize.height)
        guard x1 > x0, y1 > y0 else { return }
        let shown = PixelRect(x0: x0, y0: y0, x1: x1, y1: y1).intersection(clip)
        guard !shown.isEmpty else { return }
        traps.withUnsafeBufferPointer { pixman_add_trapezoids(mask, 0, 0, Int32($0.count), $0.baseAddress) }
        setSolid(runColor)
        // Whatever SDL still queues (text, SDL-drawn triangles) lies underneath: painter's order.
        if let renderer { SDL_RenderFlush(renderer) }
        pixman_image_composite32(PIXMAN_OP_OVER, solid, mask, target, 0, 0, Int32(shown.x0), Int32(shown.y0),
                                 Int32(shown.x0), Int32(shown.y0), Int32(shown.width), Int32(shown.height))
        let stride = Int(pixman_image_get_stride(mask))
        let bytes = UnsafeMutableRawPointer(maskBase)
        for y in y0..<y1 {
            (bytes + y * stride + x0).initializeMemory(as: UInt8.self, repeating: 0, count: x1 - x0)
        }
    }

    /// Blends `color` over the output pixels of `rect` (inside `clip`): a translucent rectangle
    /// (gooey-menu's veil) with pixman's vectorised OVER instead of SDL's per-pixel blend.
    func fill(_ rect: PixelRect, color: RGBA) {
        guard let target else { return }
        let shown = rect.intersection(clip).intersection(PixelRect(x0: 0, y0: 0, x1: maskSize.width, y1: maskSize.height))
        guard !shown.isEmpty, color.a > 0 else { return }
        setSolid(color)
        if let renderer { SDL_RenderFlush(renderer) }
        pixman_image_composite32(PIXMAN_OP_OVER, solid, nil, target, 0, 0, 0, 0,
                                 Int32(shown.x0), Int32(shown.y0), Int32(shown.width), Int32(shown.height))
    }

    /// The solid source's one pixel: `color`, premultiplied as pixman wants it.
    private func setSolid(_ c: RGBA) {
        let a = UInt32(c.a)
        func premultiplied(_ v: UInt8) -> UInt32 { (UInt32(v) * a + 127) / 255 }
        solidPixel.pointee = a << 24 | premultiplied(c.r) << 16 | premultiplied(c.g) << 8 | premultiplied(c.b)
    }

    private func resetBounds() {
        minX = .max; minY = .max; maxX = .min; maxY = .min
    }

    private static func fixed(_ v: Vertex, _ scale: Float) -> pixman_point_fixed_t? {
        let x = v.x * scale, y = v.y * scale
        guard abs(x) <= coordinateLimit, abs(y) <= coordinateLimit else { return nil }  // NaN fails too
        return pixman_point_fixed_t(x: Int32((x * 65536).rounded()), y: Int32((y * 65536).rounded()))
    }

    /// pixman's own split of a triangle (`triangle_to_trapezoids` in pixman-trap.c): a trapezoid
    /// from the top vertex down to the higher of the other two, then one down to the lower. Shared
    /// edges of neighbouring triangles become the same lines, so their samples are counted once.
    private func appendTrapezoids(_ p1: pixman_point_fixed_t, _ p2: pixman_point_fixed_t, _ p3: pixman_point_fixed_t) {
        func below(_ a: pixman_point_fixed_t, _ b: pixman_point_fixed_t) -> Bool { a.y == b.y ? a.x > b.x : a.y > b.y }
        var top = p1, left = p2, right = p3
        if below(top, left) { swap(&top, &left) }
        if below(top, right) { swap(&top, &right) }
        // pixman's `clockwise(top, right, left)`: then `right` lies left of `left`.
        let ad = (x: Int64(right.x - top.x), y: Int64(right.y - top.y))
        let bd = (x: Int64(left.x - top.x), y: Int64(left.y - top.y))
        if bd.y * ad.x - ad.y * bd.x < 0 { swap(&left, &right) }

        let first = pixman_trapezoid_t(top: top.y, bottom: min(left.y, right.y),
                                       left: pixman_line_fixed_t(p1: top, p2: left),
                                       right: pixman_line_fixed_t(p1: top, p2: right))
        var second = first
        if right.y < left.y {
            second.top = right.y; second.bottom = left.y
            second.right = pixman_line_fixed_t(p1: right, p2: left)
        } else {
            second.top = left.y; second.bottom = right.y
            second.left = pixman_line_fixed_t(p1: left, p2: right)
        }
        if Self.isValid(first) { traps.append(first) }
        if Self.isValid(second) { traps.append(second) }
    }

    /// `pixman_trapezoid_valid`: a height and no horizontal side.
    private static func isValid(_ t: pixman_trapezoid_t) -> Bool {
        t.left.p1.y != t.left.p2.y && t.right.p1.y != t.right.p2.y && t.bottom > t.top
    }
}
