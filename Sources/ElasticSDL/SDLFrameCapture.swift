import CSDL2
import ElasticCore
import ElasticRaster

extension SDLFrontEnd {
    /// The drawn frame's pixels as B, G, R and an unused byte per pixel (XRGB8888 in a
    /// little-endian word, FFmpeg's `bgr0`),
    /// read before `present`: with the software renderer the rows are copied straight out of the
    /// window surface it draws into (which holds the whole frame, partial updates included); any
    /// other renderer reads them back with `SDL_RenderReadPixels`.
    public func readPixels(into pixels: inout [UInt8]) -> (width: Int, height: Int)? {
        let (w, h) = outputSize
        guard w > 0, h > 0 else { return nil }
        let rowBytes = w * 4
        if pixels.count != rowBytes * h { pixels = [UInt8](repeating: 0, count: rowBytes * h) }
        let ok = pixels.withUnsafeMutableBytes { out -> Bool in
            guard let base = out.baseAddress else { return false }
            if rendererName == "software", let surface = writableSurface(),
               let format = surface.pointee.format, let source = surface.pointee.pixels {
                SDL_RenderFlush(renderer)
                // Same layout in memory (alpha or padding in the top byte): plain row copies.
                if let buffer = PixelBuffer(surface), buffer.format.layout == .argb8888 || buffer.format.layout == .xrgb8888 {
                    buffer.copyRows(to: base, pitch: rowBytes)
                    return true
                }
                return SDL_ConvertPixels(Int32(w), Int32(h), format.pointee.format, source, surface.pointee.pitch,
                                         SDL_PIXELFORMAT_ARGB8888.rawValue, base, Int32(rowBytes)) == 0
            }
            SDL_RenderSetScale(renderer, 1, 1)
            return SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, base, Int32(rowBytes)) == 0
        }
        return ok ? (w, h) : nil
    }
}

extension SDLFrontEnd {
    /// Saves what has been drawn (call before `present`) as a PNG through SDL2_image.
    public func saveScreenshot(to path: String) throws {
        let (w, h) = outputSize
        guard w > 0, h > 0 else { throw SDLError(message: "cannot take a screenshot of a \(w)×\(h) window") }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLError("cannot allocate a \(w)×\(h) screenshot")
        }
        defer { SDL_FreeSurface(surface) }
        SDL_RenderSetScale(renderer, 1, 1)
        guard SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, surface.pointee.pixels, surface.pointee.pitch) == 0 else {
            throw SDLError("cannot read the frame back")
        }
        guard IMG_SavePNG(surface, path) == 0 else {
            throw SDLError("cannot write the screenshot \(path)")
        }
    }
}
