import CSDL2
import ElasticCore
import ElasticRaster

extension SDLFrontEnd {
    /// The surface the software renderer draws into (the presenter's canvas, or else the window
    /// surface) when it can be written directly: 32-bit pixels, no RLE, the renderer's output size.
    /// A window shown through a texture is never asked for its surface: SDL would make it a second framebuffer.
    func writableSurface() -> UnsafeMutablePointer<SDL_Surface>? {
        guard let surface = presenter?.canvas ?? SDL_GetWindowSurface(window), surface.pointee.pixels != nil,
              surface.pointee.format?.pointee.BytesPerPixel == 4, surface.pointee.flags & UInt32(SDL_RLEACCEL) == 0,
              Int(surface.pointee.w) == outputSize.width, Int(surface.pointee.h) == outputSize.height
        else { return nil }
        return surface
    }

    /// After a resize or an output-scale change, the presenter's new canvas and software renderer.
    func resizeCanvas() {
        guard let presenter, presenter.resize(retiring: { text.close() }) else { return }
        text = SDLText(renderer: renderer)
        invalidate()
    }

    /// Whether a clear through SDL lands in `writableSurface()`, where the compositor would write.
    func probeSurface() -> Bool {
        SDL_SetRenderDrawColor(renderer, 1, 2, 3, 255)
        SDL_RenderClear(renderer)
        SDL_RenderFlush(renderer)
        guard let buffer = writableSurface().flatMap(PixelBuffer.init) else { return false }
        return buffer.holdsAtBothEnds(RGBA(1, 2, 3, 255))
    }
}
