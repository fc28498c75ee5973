import CSDL2
import ElasticCore
import ElasticRaster
import Testing
import TestRandom
@testable import ElasticSDL

/// The compositor blends labels itself; SDL's own blit of the same pixels (what its software
/// renderer does with a label's texture) is the oracle, bit for bit.
@Suite("label blend: SDL's software blit, bit for bit")
struct LabelBlendTests {
    @Test("random labels over random XRGB8888 pixels, opaque and at every kind of opacity, clipped and partly off the buffer")
    func matchesSDLBlit() throws {
        var random = SplitMix64(seed: 41)
        let (w, h) = (64, 48), (lw, lh) = (37, 23)
        for opacity: UInt8 in [255, 254, 200, 128, 1, 0] {
            for (x, y, clip) in [(5, 7, PixelRect(x0: 0, y0: 0, x1: w, y1: h)), (-9, -4, PixelRect(x0: 3, y0: 2, x1: 30, y1: 15)),
                                 (40, 30, PixelRect(x0: 41, y0: 0, x1: 60, y1: 48))] {
                let label = try #require(SDL_CreateRGBSurfaceWithFormat(0, Int32(lw), Int32(lh), 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
                let target = try #require(SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, SDL_PIXELFORMAT_XRGB8888.rawValue))
                defer { SDL_FreeSurface(label); SDL_FreeSurface(target) }
                // Alphas of 0 and 255 are most of a label; the rest anything.
                fill(label) { _ in
                    let v = random.next()
                    let alpha: UInt32 = switch v % 4 { case 0: 0; case 1: 255; default: UInt32(v >> 8 & 0xFF) }
                    return alpha << 24 | UInt32(truncatingIfNeeded: v >> 16) & 0xFF_FFFF
                }
                fill(target) { _ in UInt32(truncatingIfNeeded: random.next() >> 7) }
                let before = pixels(of: target)

                // SDL: the texture's blend mode and alpha modulation, the renderer's clip rectangle.
                SDL_SetSurfaceBlendMode(label, SDL_BLENDMODE_BLEND)
                SDL_SetSurfaceAlphaMod(label, opacity)
                var sdlClip = SDL_Rect(x: Int32(clip.x0), y: Int32(clip.y0), w: Int32(clip.width), h: Int32(clip.height))
                SDL_SetClipRect(target, &sdlClip)
                var at = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(lw), h: Int32(lh))
                #expect(SDL_UpperBlit(label, nil, target, &at) == 0)
                let sdl = pixels(of: target)

                var ours = before
                ours.withUnsafeMutableBytes { buffer in
                    let format = PixelFormat(target.pointee.format.pointee)
                    #expect(LabelBlend.supports(format))
                    let into = PixelBuffer(base: buffer.baseAddress!, width: w, height: h, pitch: 4 * w, format: format)
                    let image = LabelImage(pixels: label.pointee.pixels.assumingMemoryBound(to: UInt32.self), width: lw, height: lh,
                                           pitch: Int(label.pointee.pitch) / 4, x: x, y: y, opacity: opacity)
                    LabelBlend.blend(image, into: into, clip: clip)
                }
                let differing = zip(ours, sdl).filter { $0 != $1 }.count
                #expect(differing == 0, "opacity \(opacity) at \(x), \(y): \(differing) pixels differ")
                #expect(sdl != before || opacity == 0, "the blit changed nothing: the test would not see a wrong blend")
            }
        }
    }

    @Test("only XRGB8888 buffers take labels: others are left to SDL")
    func formats() throws {
        for format in [SDL_PIXELFORMAT_ARGB8888, SDL_PIXELFORMAT_XBGR8888, SDL_PIXELFORMAT_RGBA8888] {
            let sdl = try #require(SDL_AllocFormat(format.rawValue))
            defer { SDL_FreeFormat(sdl) }
            #expect(!LabelBlend.supports(PixelFormat(sdl.pointee)))
        }
    }

    private func fill(_ surface: UnsafeMutablePointer<SDL_Surface>, _ value: (Int) -> UInt32) {
        let s = surface.pointee
        for y in 0..<Int(s.h) {
            let row = (s.pixels + y * Int(s.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(s.w) { row[x] = value(x) }
        }
    }

    private func pixels(of surface: UnsafeMutablePointer<SDL_Surface>) -> [UInt32] {
        let s = surface.pointee
        var out: [UInt32] = []
        for y in 0..<Int(s.h) {
            let row = (s.pixels + y * Int(s.pitch)).assumingMemoryBound(to: UInt32.self)
            out.append(contentsOf: UnsafeBufferPointer(start: row, count: Int(s.w)))
        }
        return out
    }
}
