import CSDL2
import ElasticRaster

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
