import CSDL2
import ElasticCore
import ElasticRaster

/// Reading the drawn frame back, before `present`: as bytes for the video, as a PNG for
/// screenshots.
enum SDLFrameCapture {
    /// The frame's pixels as B, G, R and an unused byte per pixel (XRGB8888 in a little-endian
    /// word, FFmpeg's `bgr0`). `surface()`: the surface the software renderer draws into (which
    /// holds the whole frame, partial updates included), whose rows are copied straight out; with
    /// none, `SDL_RenderReadPixels` reads them back.
    static func readPixels(_ renderer: OpaquePointer, size: (width: Int, height: Int),
                           surface: () -> UnsafeMutablePointer<SDL_Surface>?, into pixels: inout [UInt8]) -> Bool {
        let (w, h) = size
        let rowBytes = w * 4
        if pixels.count != rowBytes * h { pixels = [UInt8](repeating: 0, count: rowBytes * h) }
        return pixels.withUnsafeMutableBytes { out -> Bool in
            guard let base = out.baseAddress else { return false }
            if let surface = surface(), let format = surface.pointee.format, let source = surface.pointee.pixels {
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
    }

    /// Saves the frame as a PNG through SDL2_image.
    static func savePNG(_ renderer: OpaquePointer, size: (width: Int, height: Int), to path: String) throws {
        let (w, h) = size
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
