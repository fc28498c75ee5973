import CSDL2
@testable import ElasticSDL
import Testing

/// A label's size in points must come back through SDL's renderer as exactly its pixels, or SDL
/// squeezes it by one, dropping a column of its glyphs. SDL itself is the oracle: each width is
/// copied by the software renderer at the scale, and every column must arrive, in order.
@Suite("label sizes in points")
struct LabelPointsTests {
    @Test("a label copied at its size in points lands unscaled: widths 1–300 at UI scales 0.75–3")
    func copiesUnscaled() throws {
        let target = try #require(SDL_CreateRGBSurfaceWithFormat(0, 320, 4, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(target) }
        let renderer = try #require(SDL_CreateSoftwareRenderer(target))
        defer { SDL_DestroyRenderer(renderer) }
        var squeezed: [String] = []
        for scale: Float in [0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3] {
            for width in Int32(1)...300 {
                let texture = try #require(SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                                            Int32(SDL_TEXTUREACCESS_STATIC.rawValue), width, 1))
                defer { SDL_DestroyTexture(texture) }
                var columns = (0..<Int(width)).map { UInt32(0xFF00_0000) | UInt32($0 + 1) }
                SDL_UpdateTexture(texture, nil, &columns, width * 4)
                SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
                SDL_RenderSetScale(renderer, 1, 1)
                SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
                SDL_RenderClear(renderer)
                SDL_RenderSetScale(renderer, scale, scale)
                var dst = SDL_FRect(x: 0, y: 0, w: SDLText.points(width, scale: scale), h: SDLText.points(1, scale: scale))
                SDL_RenderCopyF(renderer, texture, nil, &dst)
                SDL_RenderFlush(renderer)
                let row = target.pointee.pixels.assumingMemoryBound(to: UInt32.self)
                let landed = (0..<Int(width) + 1).map { row[$0] }
                if landed != columns + [0xFF00_0000] { squeezed.append("\(width) px at \(scale)") }
            }
        }
        #expect(squeezed.isEmpty, "squeezed or stretched: \(squeezed.prefix(10))")
    }
}
