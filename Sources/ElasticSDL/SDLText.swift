import CSDL2
import ElasticCore

/// Labels through SDL2_ttf, rendered once per (text, size, colour) and kept as textures while
/// they are drawn; a texture unused for a few seconds' worth of frames is freed.
final class SDLText {
    private let renderer: OpaquePointer
    private var fonts: [Int: OpaquePointer] = [:]
    private var cache: [Key: Entry] = [:]
    private var frame = 0
    private(set) var fontPath: String?
    private(set) var problem: String?

    private struct Key: Hashable { var text: String; var pixelSize: Int; var color: RGBA }
    private struct Entry { var texture: OpaquePointer; var width: Int32; var height: Int32; var lastUsed: Int }

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
        for entry in cache.values { SDL_DestroyTexture(entry.texture) }
        cache.removeAll()
        for font in fonts.values { TTF_CloseFont(font) }
        fonts.removeAll()
        if TTF_WasInit() != 0 { TTF_Quit() }
    }

    func beginFrame() { frame += 1 }

    func endFrame() {
        guard frame % 120 == 0 else { return }
        for (key, entry) in cache where frame - entry.lastUsed > 120 {
            SDL_DestroyTexture(entry.texture)
            cache.removeValue(forKey: key)
        }
    }

    private func font(pixelSize: Int) -> OpaquePointer? {
        if let f = fonts[pixelSize] { return f }
        guard let path = fontPath, let f = TTF_OpenFont(path, Int32(pixelSize)) else { return nil }
        fonts[pixelSize] = f
        return f
    }

    /// Width in pixels of `text` in the font drawn at `pixelSize`, or nil without a font.
    func width(of text: String, pixelSize: Int) -> Int? {
        guard let font = font(pixelSize: pixelSize) else { return nil }
        var w: Int32 = 0, h: Int32 = 0
        guard TTF_SizeUTF8(font, text, &w, &h) == 0 else { return nil }
        return Int(w)
    }

    func draw(_ item: TextItem, pixelScale: Double) {
        guard !item.text.isEmpty, item.size.isFinite, item.size > 0, item.position.isFinite else { return }
        let px = TextItem.pixelSize(item.size, scale: pixelScale)
        // Alpha is applied per draw (SDL_SetTextureAlphaMod), so a fading label keeps one texture.
        let key = Key(text: item.text, pixelSize: px, color: RGBA(item.color.r, item.color.g, item.color.b, 255))
        var entry = cache[key]
        if entry == nil {
            guard let font = font(pixelSize: px) else { return }
            let color = SDL_Color(r: item.color.r, g: item.color.g, b: item.color.b, a: 255)
            guard let surface = TTF_RenderUTF8_Blended(font, item.text, color) else { return }
            defer { SDL_FreeSurface(surface) }
            guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            entry = Entry(texture: texture, width: surface.pointee.w, height: surface.pointee.h, lastUsed: frame)
        }
        guard var e = entry else { return }
        e.lastUsed = frame
        cache[key] = e
        SDL_SetTextureAlphaMod(e.texture, item.color.a)
        // The renderer scale maps points to pixels; the texture is already in pixels.
        let w = Double(e.width) / pixelScale, h = Double(e.height) / pixelScale
        var dst = SDL_FRect(x: Float(item.leftEdge(width: w)), y: Float(item.position.y - h / 2), w: Float(w), h: Float(h))
        SDL_RenderCopyF(renderer, e.texture, nil, &dst)
    }
}
