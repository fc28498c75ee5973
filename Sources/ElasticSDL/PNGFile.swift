import CSDL2
import ElasticRaster

/// PNG files as frames in the layout `FrontEnd.readPixels` fills (B, G, R and an unused byte per
/// pixel, top row first), through SDL2_image: what `elastic bench --validate` compares.
public enum PNGFile {
    /// The image at `path`, converted to that layout; throws when it cannot be read as an image.
    public static func read(_ path: String) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        guard let loaded = IMG_Load(path) else { throw SDLError("cannot read the image \(path)") }
        defer { SDL_FreeSurface(loaded) }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGB888.rawValue, 0) else {
            throw SDLError("cannot convert the image \(path)")
        }
        defer { SDL_FreeSurface(surface) }
        guard let image = PixelBuffer(surface) else { throw SDLError(message: "the image \(path) has no pixels") }
        let (w, h) = (image.width, image.height)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        pixels.withUnsafeMutableBytes { if let out = $0.baseAddress { image.copyRows(to: out, pitch: w * 4) } }
        // The unused byte is whatever the conversion left: zero it, as readers compare three channels.
        for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 0 }
        return (w, h, pixels)
    }

    /// Writes `pixels` (width × height × 4 bytes in that layout) as an RGB PNG.
    public static func write(_ pixels: [UInt8], width: Int, height: Int, to path: String) throws {
        guard width > 0, height > 0, pixels.count == width * height * 4 else {
            throw SDLError(message: "cannot write a \(width)×\(height) image from \(pixels.count) bytes")
        }
        var copy = pixels
        try copy.withUnsafeMutableBytes { raw in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(raw.baseAddress, Int32(width), Int32(height), 32,
                                                                   Int32(width * 4), SDL_PIXELFORMAT_RGB888.rawValue) else {
                throw SDLError("cannot make a \(width)×\(height) image")
            }
            defer { SDL_FreeSurface(surface) }
            guard IMG_SavePNG(surface, path) == 0 else { throw SDLError("cannot write the image \(path)") }
        }
    }
}
