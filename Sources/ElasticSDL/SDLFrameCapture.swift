import CSDL2
import ElasticCore
import ElasticRaster

/// Reading the drawn frame back, before `present`: bytes for the video, the bench and screenshots.
enum SDLFrameCapture {
    /// The frame as FFmpeg's `bgr0`: copied out of `surface()` (the software renderer's, which
    /// holds the whole frame, partial updates included) when it is laid out so, else read back
    /// (and converted) through SDL.
    static func readPixels(_ renderer: OpaquePointer, size: (width: Int, height: Int),
                           surface: () -> UnsafeMutablePointer<SDL_Surface>?, into pixels: inout [UInt8]) -> Bool {
        let (w, h) = size
        let rowBytes = w * 4
        if pixels.count != rowBytes * h { pixels = [UInt8](repeating: 0, count: rowBytes * h) }
        return pixels.withUnsafeMutableBytes { out -> Bool in
            guard let base = out.baseAddress else { return false }
            SDL_RenderFlush(renderer)
            // Alpha or padding in the top byte: plain row copies.
            if let buffer = surface().flatMap(PixelBuffer.init), [.argb8888, .xrgb8888].contains(buffer.format.layout) {
                buffer.copyRows(to: base, pitch: rowBytes)
                return true
            }
            SDL_RenderSetScale(renderer, 1, 1)
            return SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, base, Int32(rowBytes)) == 0
        }
    }
}
