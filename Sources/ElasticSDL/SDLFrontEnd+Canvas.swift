import CSDL2
import ElasticRaster

extension SDLFrontEnd {
    /// The surface the software renderer draws into, when it can be written directly: the
    /// presenter's canvas, or else the window surface (never asked of a window shown through a
    /// texture: SDL would make it a second framebuffer).
    func writableSurface() -> UnsafeMutablePointer<SDL_Surface>? {
        guard let presenter else { return windowSurface() }
        let canvas = presenter.canvas
        guard canvas.pointee.pixels != nil, Int(canvas.pointee.w) == outputSize.width,
              Int(canvas.pointee.h) == outputSize.height else { return nil }
        return canvas
    }

    /// The window surface, when it can be written directly: 32-bit pixels, no RLE, the size of
    /// the renderer's output.
    private func windowSurface() -> UnsafeMutablePointer<SDL_Surface>? {
        guard let surface = SDL_GetWindowSurface(window),
              let format = surface.pointee.format, format.pointee.BytesPerPixel == 4,
              surface.pointee.flags & UInt32(SDL_RLEACCEL) == 0, surface.pointee.pixels != nil,
              Int(surface.pointee.w) == outputSize.width, Int(surface.pointee.h) == outputSize.height
        else { return nil }
        return surface
    }

    /// After a resize or an output-scale change, the presenter's new canvas with a software
    /// renderer (and its text textures) drawing into it (`StreamingPresenter.resize`).
    func resizeCanvas() {
        guard let software = presenter?.resize(retiring: { text.close(); SDL_DestroyRenderer(renderer) }) else { return }
        renderer = software
        text = SDLText(renderer: software)
        invalidate()
    }

    /// Whether a clear through SDL lands in `writableSurface()`'s pixels, i.e. the software
    /// renderer draws into the surface the compositor's fills would write.
    func probeDirectFills() -> Bool {
        SDL_SetRenderDrawColor(renderer, 1, 2, 3, 255)
        SDL_RenderClear(renderer)
        SDL_RenderFlush(renderer)
        guard let surface = writableSurface(), let pixels = surface.pointee.pixels else { return false }
        let h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        let expected = SDL_MapRGBA(surface.pointee.format, 1, 2, 3, 255)
        // First and last pixel: the whole surface, not just its start.
        let first = pixels.load(as: UInt32.self)
        let last = pixels.load(fromByteOffset: (h - 1) * pitch + (Int(surface.pointee.w) - 1) * 4, as: UInt32.self)
        return first == expected && last == expected
    }
}
