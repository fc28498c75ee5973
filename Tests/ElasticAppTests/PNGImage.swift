import CSDL2
import ElasticCore
import ElasticSDL

/// A decoded picture (through SDL2_image), for checking screenshots' pixels: the tests' reader,
/// not part of the front end.
struct PNGImage: Sendable {
    let width: Int
    let height: Int
    /// Row-major RGBA.
    let pixels: [RGBA]

    static func load(_ path: String) throws -> PNGImage {
        guard let loaded = IMG_Load(path) else { throw SDLError("cannot load \(path)") }
        defer { SDL_FreeSurface(loaded) }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
            throw SDLError("cannot convert \(path)")
        }
        defer { SDL_FreeSurface(surface) }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        let base = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        var pixels: [RGBA] = []
        pixels.reserveCapacity(w * h)
        for y in 0..<h {
            for x in 0..<w {
                let p = base + y * pitch + x * 4  // ABGR8888 is R, G, B, A in memory order
                pixels.append(RGBA(p[0], p[1], p[2], p[3]))
            }
        }
        return PNGImage(width: w, height: h, pixels: pixels)
    }

    func pixel(_ x: Int, _ y: Int) -> RGBA {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
        return pixels[y * width + x]
    }
}
