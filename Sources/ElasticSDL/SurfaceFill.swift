import CSDL2
import ElasticCore

/// Opaque fills (the clear and the rectangle cores) written straight into the software
/// renderer's window surface with ordinary (cached) stores, at memset speed (`PixelRun`).
///
/// SDL 2.26 fills with non-temporal SSE stores (`SDL_FillRect4SSE`), which bypass the cache,
/// although the window surface stays in L3 from frame to frame: cached stores fill it several
/// times faster (docs/benchmarks.md).
///
/// Used only where it writes the very pixels SDL would: `SDLFrontEnd` probes at start-up that a
/// clear through SDL shows in `SDL_GetWindowSurface`'s pixels, and `pixelRect` rounds exactly as
/// the software renderer does, so the result is identical to `SDL_RenderFillRectF`'s (tested).
enum SurfaceFill {
    /// The window surface the software renderer draws into, when it can be written directly:
    /// 32-bit pixels, no RLE, the size of the renderer's output.
    static func writableSurface(of window: OpaquePointer, outputSize: (width: Int, height: Int)) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let surface = SDL_GetWindowSurface(window),
              let format = surface.pointee.format, format.pointee.BytesPerPixel == 4,
              surface.pointee.flags & UInt32(SDL_RLEACCEL) == 0, surface.pointee.pixels != nil,
              Int(surface.pointee.w) == outputSize.width, Int(surface.pointee.h) == outputSize.height
        else { return nil }
        return surface
    }

    /// `rect` (scene points) in output pixels as SDL's software renderer rounds it
    /// (`Rect.filledPixels`); nil when non-finite.
    static func pixelRect(_ rect: Rect, scale: Float) -> (x: Int, y: Int, width: Int, height: Int)? {
        rect.filledPixels(scale: scale).map { ($0.x0, $0.y0, $0.width, $0.height) }
    }

    /// `pixelRect` as a `PixelRect`.
    static func pixels(_ rect: Rect, scale: Float) -> PixelRect? { rect.filledPixels(scale: scale) }

    /// Fills a pixel rectangle, clipped to the surface, with `color`.
    static func fill(_ surface: UnsafeMutablePointer<SDL_Surface>,
                     _ rect: (x: Int, y: Int, width: Int, height: Int), color: RGBA) {
        fill(surface, PixelRect(x0: rect.x, y0: rect.y, x1: rect.x + rect.width, y1: rect.y + rect.height),
             pixel: SDL_MapRGBA(surface.pointee.format, color.r, color.g, color.b, color.a))
    }

    /// Fills a pixel rectangle, clipped to the surface, with a pixel value in the surface's format.
    static func fill(_ surface: UnsafeMutablePointer<SDL_Surface>, _ rect: PixelRect, pixel: UInt32) {
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        let x0 = max(rect.x0, 0), y0 = max(rect.y0, 0)
        let x1 = min(rect.x1, w), y1 = min(rect.y1, h)
        guard x1 > x0, y1 > y0, let base = surface.pointee.pixels else { return }
        if x0 == 0, x1 == w, w * 4 == pitch {  // whole rows, next to each other: one fill
            PixelRun.fill((base + y0 * pitch).assumingMemoryBound(to: UInt32.self), count: (y1 - y0) * w, with: pixel)
            return
        }
        let fill = PixelRun.filler
        for y in y0..<y1 {
            fill((base + y * pitch).assumingMemoryBound(to: UInt32.self) + x0, count: x1 - x0, with: pixel)
        }
    }
}
