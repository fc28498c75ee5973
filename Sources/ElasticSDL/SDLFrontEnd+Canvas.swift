import CSDL2

extension SDLFrontEnd {
    /// The surface the software renderer draws into, when it can be written directly: the
    /// presenter's canvas, or else the window surface (never asked of a window shown through a
    /// texture: SDL would make it a second framebuffer).
    func writableSurface() -> UnsafeMutablePointer<SDL_Surface>? {
        guard let presenter else { return SurfaceFill.writableSurface(of: window, outputSize: outputSize) }
        let canvas = presenter.canvas
        guard canvas.pointee.pixels != nil, Int(canvas.pointee.w) == outputSize.width,
              Int(canvas.pointee.h) == outputSize.height else { return nil }
        return canvas
    }

    /// After a resize or an output-scale change, a canvas of the window's new pixel size with a
    /// software renderer drawing into it (and text textures of that renderer). When they cannot be
    /// made the old ones stay and the frame is shown stretched.
    func resizeCanvas() {
        guard let presenter, presenter.needsResize, let buffers = presenter.makeBuffers() else { return }
        guard let software = SDL_CreateSoftwareRenderer(buffers.0) else {
            SDL_DestroyTexture(buffers.1)
            SDL_FreeSurface(buffers.0)
            return
        }
        text.close()
        SDL_DestroyRenderer(renderer)
        presenter.adopt(buffers)
        renderer = software
        text = SDLText(renderer: software)
        invalidate()
    }
}
