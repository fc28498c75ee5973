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
        let shifts = (UInt32(f.Rshift), UInt32(f.Gshift), UInt32(f.Bshift), UInt32(f.Ashift))
        let losses = (UInt32(f.Rloss), UInt32(f.Gloss), UInt32(f.Bloss), UInt32(f.Aloss))
        self.init(layout: f.BytesPerPixel == 4 ? Layout(shifts: shifts, losses: losses, alphaMask: f.Amask) : nil,
                  shifts: shifts, losses: losses, alphaMask: f.Amask)
    }
}
