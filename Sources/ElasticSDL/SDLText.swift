import CSDL2
import ElasticCore

/// Labels through SDL2_ttf, kept as textures while they are drawn (`LabelCache`).
final class SDLText {
    private let renderer: OpaquePointer
    private var fonts: [Int: OpaquePointer] = [:]
    private var cache = LabelCache<Label>()
    private(set) var fontPath: String?
    private(set) var problem: String?

    private struct Label { var texture: OpaquePointer; var width: Int32; var height: Int32 }

    init(renderer: OpaquePointer) {
        self.renderer = renderer
        guard TTF_Init() == 0 else {
            problem = "SDL2_ttf failed to start (\(String(cString: SDL_GetError()))): labels are not drawn"
            return
        }
        let search = FontSearch()
        (fontPath, problem) = (search.path, search.problem)
    }

    func close() {
        cache.removeAll { SDL_DestroyTexture($0.texture) }
        for font in fonts.values { TTF_CloseFont(font) }
        fonts.removeAll()
        if TTF_WasInit() != 0 { TTF_Quit() }
    }

    func beginFrame() { cache.beginFrame() }

    func endFrame() { cache.endFrame { SDL_DestroyTexture($0.texture) } }

    private func font(pixelSize: Int) -> OpaquePointer? {
        if let f = fonts[pixelSize] { return f }
        guard let path = fontPath, let f = TTF_OpenFont(path, Int32(pixelSize)) else { return nil }
        fonts[pixelSize] = f
        return f
    }

    /// In pixels; nil without a font.
    func width(of text: String, pixelSize: Int) -> Int? {
        guard let font = font(pixelSize: pixelSize) else { return nil }
        var w: Int32 = 0, h: Int32 = 0
        guard TTF_SizeUTF8(font, text, &w, &h) == 0 else { return nil }
        return Int(w)
    }

    func draw(_ item: TextItem, pixelScale: Double) {
        guard !item.text.isEmpty, item.size.isFinite, item.size > 0, item.position.isFinite else { return }
        let px = TextItem.pixelSize(item.size, scale: pixelScale)
        let label = cache.label(for: .init(item, pixelSize: px)) { () -> Label? in
            guard let font = font(pixelSize: px) else { return nil }
            let color = SDL_Color(r: item.color.r, g: item.color.g, b: item.color.b, a: 255)
            guard let surface = TTF_RenderUTF8_Blended(font, item.text, color) else { return nil }
            defer { SDL_FreeSurface(surface) }
            guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            return Label(texture: texture, width: surface.pointee.w, height: surface.pointee.h)
        }
        guard let e = label else { return }
        SDL_SetTextureAlphaMod(e.texture, item.color.a)
        // The renderer scale maps points to pixels; the texture is already in pixels.
        let w = Double(e.width) / pixelScale, h = Double(e.height) / pixelScale
        var dst = SDL_FRect(x: Float(item.leftEdge(width: w)), y: Float(item.position.y - h / 2), w: Float(w), h: Float(h))
        SDL_RenderCopyF(renderer, e.texture, nil, &dst)
    }
}
