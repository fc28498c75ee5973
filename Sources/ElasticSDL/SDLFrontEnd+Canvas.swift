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

extension PixelBuffer {
    /// The pixels of a 32-bit surface, for the compositor; nil for another pixel size or a palette.
    init?(_ surface: UnsafeMutablePointer<SDL_Surface>) {
        guard let f = surface.pointee.format?.pointee, f.BytesPerPixel == 4, f.palette == nil,
              let pixels = surface.pointee.pixels else { return nil }
        self.init(base: pixels, width: Int(surface.pointee.w), height: Int(surface.pointee.h), pitch: Int(surface.pointee.pitch),
                  format: PixelFormat(f))
    }
}

extension PixelFormat {
    /// SDL's description of a pixel format, which maps colours as `SDL_MapRGBA` does.
    init(_ f: SDL_PixelFormat) {
        self.init(layout: Self.layout(of: f.format), shifts: (UInt32(f.Rshift), UInt32(f.Gshift), UInt32(f.Bshift), UInt32(f.Ashift)),
                  losses: (UInt32(f.Rloss), UInt32(f.Gloss), UInt32(f.Bloss), UInt32(f.Aloss)), alphaMask: f.Amask)
    }

    /// The layout of the 32-bit formats window surfaces use; nil for anything else (those keep
    /// SDL's drawing).
    static func layout(of sdlFormat: UInt32) -> Layout? {
        switch sdlFormat {
        case SDL_PIXELFORMAT_XRGB8888.rawValue: .xrgb8888
        case SDL_PIXELFORMAT_ARGB8888.rawValue: .argb8888
        case SDL_PIXELFORMAT_XBGR8888.rawValue: .xbgr8888
        case SDL_PIXELFORMAT_ABGR8888.rawValue: .abgr8888
        case SDL_PIXELFORMAT_RGBX8888.rawValue: .rgbx8888
        case SDL_PIXELFORMAT_BGRX8888.rawValue: .bgrx8888
        case SDL_PIXELFORMAT_BGRA8888.rawValue: .bgra8888
        case SDL_PIXELFORMAT_RGBA8888.rawValue: .rgba8888
        default: nil
        }
    }
}
