import CSDL2
import ElasticCore
import Testing
import TestRandom

/// Where the compositor blends a label (`LabelFrame`) must be where SDL's renderer copies it. SDL
/// itself is the oracle: its rectangle test, and its software renderer copying textures.
@Suite("label placement: as SDL's renderer places a copy")
struct LabelPlacementTests {
    /// A software renderer on a 32-bit ARGB surface of `width` × `height`, handed to `body`.
    private func withRenderer(width: Int32, height: Int32, _ body: (OpaquePointer, UnsafeMutablePointer<SDL_Surface>) throws -> Void) throws {
        let target = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(target) }
        let renderer = try #require(SDL_CreateSoftwareRenderer(target))
        defer { SDL_DestroyRenderer(renderer) }
        try body(renderer, target)
    }

    /// A texture `width` × 1 whose columns are 1, 2, … (opaque), copied without blending.
    private func columns(_ renderer: OpaquePointer, width: Int32) throws -> (OpaquePointer, [UInt32]) {
        let texture = try #require(SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                                    Int32(SDL_TEXTUREACCESS_STATIC.rawValue), width, 1))
        var columns = (0..<Int(width)).map { UInt32(0xFF00_0000) | UInt32($0 + 1) }
        SDL_UpdateTexture(texture, nil, &columns, width * 4)
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        return (texture, columns)
    }

    private func clear(_ renderer: OpaquePointer, scale: Float) {
        SDL_RenderSetScale(renderer, 1, 1)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        SDL_RenderSetScale(renderer, scale, scale)
    }

    /// A label's size in points must come back through SDL's renderer as exactly its pixels, or SDL
    /// squeezes it by one, dropping a column of its glyphs: every column must arrive, in order.
    @Test("a label copied at its size in points lands unscaled: widths 1–300 at UI scales 0.75–3")
    func copiesUnscaled() throws {
        try withRenderer(width: 320, height: 4) { renderer, target in
            var squeezed: [String] = []
            for scale: Float in [0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3] {
                for width in Int32(1)...300 {
                    let (texture, columns) = try self.columns(renderer, width: width)
                    defer { SDL_DestroyTexture(texture) }
                    clear(renderer, scale: scale)
                    var dst = SDL_FRect(x: 0, y: 0, w: LabelFrame.points(Int(width), scale: scale), h: LabelFrame.points(1, scale: scale))
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

    @Test("a label lands at the pixel `pixelOrigin` names: random fractional places at UI scales 0.75–3")
    func landsAtOrigin() throws {
        var random = SplitMix64(seed: 7)
        try withRenderer(width: 96, height: 48) { renderer, target in
            let (texture, columns) = try self.columns(renderer, width: 5)
            defer { SDL_DestroyTexture(texture) }
            var misplaced: [String] = []
            for scale: Float in [0.75, 1, 1.25, 1.5, 2, 3] {
                for _ in 0..<200 {
                    let frame = LabelFrame(x: Float(random.double(in: 0...60)) / scale, y: Float(random.double(in: 0...40)) / scale,
                                           width: LabelFrame.points(5, scale: scale), height: LabelFrame.points(1, scale: scale))
                    guard let (x, y) = frame.pixelOrigin(scale: scale, width: 5, height: 1) else {
                        misplaced.append("\(frame) at \(scale): no origin"); continue
                    }
                    clear(renderer, scale: scale)
                    var dst = SDL_FRect(x: frame.x, y: frame.y, w: frame.width, h: frame.height)
                    SDL_RenderCopyF(renderer, texture, nil, &dst)
                    SDL_RenderFlush(renderer)
                    let pixels = target.pointee.pixels.assumingMemoryBound(to: UInt32.self), pitch = Int(target.pointee.pitch) / 4
                    let landed = (x..<x + 5).map { pixels[y * pitch + $0] }
                    let painted = (0..<pitch * 48).filter { pixels[$0] != 0xFF00_0000 }.count
                    if landed != columns || painted != 5 { misplaced.append("\(frame) at \(scale): not at (\(x), \(y))") }
                }
            }
            #expect(misplaced.isEmpty, "\(misplaced.count) misplaced: \(misplaced.prefix(5))")
        }
    }

    @Test("a frame meets the viewport exactly when SDL_HasIntersectionF says so: random, edge-aligned, empty, infinite and NaN frames")
    func meetsAsSDL() {
        var random = SplitMix64(seed: 19)
        let specials: [Float] = [0, -0.0, 1, -1, 100, -100, .infinity, -.infinity, .nan, .ulpOfOne, -.leastNonzeroMagnitude, 1e30]
        func value(_ range: ClosedRange<Double>) -> Float {
            random.next() % 5 == 0 ? specials[Int(random.next() % UInt64(specials.count))] : Float(random.double(in: range))
        }
        var differing: [String] = []
        for _ in 0..<20_000 {
            let viewport = (width: Int(random.next() % 400), height: Int(random.next() % 300))
            let scale: Float = [0.75, 1, 1.5, 2, 3][Int(random.next() % 5)]
            var frame = LabelFrame(x: value(-300...500), y: value(-300...400), width: value(-10...300), height: value(-10...100))
            // Edges that touch the viewport's: the boundary cases of the test.
            switch random.next() % 4 {
            case 0: frame.x = -frame.width
            case 1: frame.x = Float(Double(viewport.width) / Double(scale))
            default: break
            }
            var dst = SDL_FRect(x: frame.x, y: frame.y, w: frame.width, h: frame.height)
            var view = SDL_FRect(x: 0, y: 0, w: Float(Double(viewport.width) / Double(scale)), h: Float(Double(viewport.height) / Double(scale)))
            let sdl = SDL_HasIntersectionF(&dst, &view) == SDL_TRUE
            if frame.meetsViewport(viewport, scale: scale) != sdl { differing.append("\(frame) in \(viewport) at \(scale): SDL says \(sdl)") }
        }
        #expect(differing.isEmpty, "\(differing.count) differ: \(differing.prefix(5))")
    }
}
