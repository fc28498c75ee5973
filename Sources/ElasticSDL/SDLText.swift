import CSDL2
import ElasticCore
import ElasticRaster

/// Labels through SDL2_ttf, kept while they are drawn (`LabelCache`): as textures SDL draws, and
/// as the pixels the compositor blends into its buffer.
final class SDLText {
    private let renderer: OpaquePointer
    private var fonts: [Int: OpaquePointer] = [:]
    private var cache = LabelCache<Label>()
    private(set) var fontPath: String?
    private(set) var problem: String?

    /// The texture SDL's renderer draws, and the pixels it was made from, which the compositor
    /// blends itself when they are ARGB8888 (as SDL2_ttf's blended text is: `LabelBlend`).
    private struct Label {
        var texture: OpaquePointer
        var surface: UnsafeMutablePointer<SDL_Surface>
        var blendable: Bool
        func release() { SDL_DestroyTexture(texture); SDL_FreeSurface(surface) }
    }

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
        cache.removeAll { $0.release() }
        for font in fonts.values { TTF_CloseFont(font) }
        fonts.removeAll()
        if TTF_WasInit() != 0 { TTF_Quit() }
    }

    func beginFrame() { cache.beginFrame() }

    func endFrame() { cache.endFrame { $0.release() } }

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

    func render(_ item: TextItem, pixelScale: Double) {
        guard let (label, dst) = placed(item, pixelScale: pixelScale) else { return }
        var rect = dst
        SDL_SetTextureAlphaMod(label.texture, item.color.a)
        SDL_RenderCopyF(renderer, label.texture, nil, &rect)
    }

    /// The label's pixels where `render` blits them (unscaled: `points`) with a renderer of `scale`:
    /// none (an empty image) when they lie outside the `viewport` (output pixels), where SDL draws
    /// nothing; nil when it is not drawn.
    func image(_ item: TextItem, pixelScale: Double, scale: Float, viewport: (width: Int, height: Int)) -> LabelImage? {
        guard let (label, dst) = placed(item, pixelScale: pixelScale) else { return nil }
        let surface = label.surface.pointee
        guard label.blendable, let pixels = surface.pixels else { return nil }
        // As SDL_RenderCopyF and the software renderer's SW_QueueCopy place it: tested against the
        // viewport in points (first: outside it, SDL returns at once), then scaled in single
        // precision and truncated.
        var view = SDL_FRect(x: 0, y: 0, w: Float(Double(viewport.width) / Double(scale)), h: Float(Double(viewport.height) / Double(scale)))
        var placed = dst
        guard SDL_HasIntersectionF(&placed, &view) == SDL_TRUE else {
            return LabelImage(pixels: pixels.assumingMemoryBound(to: UInt32.self), width: 0, height: 0, pitch: 0, x: 0, y: 0, opacity: 0)
        }
        // C's (int) cast, refusing what it would not define.
        func truncated(_ v: Float) -> Int? { v > -2_147_483_648 && v < 2_147_483_648 ? Int(v) : nil }
        guard let x = truncated(dst.x * scale), let y = truncated(dst.y * scale),
              truncated(dst.w * scale) == Int(surface.w), truncated(dst.h * scale) == Int(surface.h) else { return nil }
        return LabelImage(pixels: pixels.assumingMemoryBound(to: UInt32.self), width: Int(surface.w), height: Int(surface.h),
                          pitch: Int(surface.pitch) / 4, x: x, y: y, opacity: item.color.a)
    }

    /// The label of `item` and where it is drawn, in points (the renderer scale maps points to
    /// pixels; the label is already in pixels).
    private func placed(_ item: TextItem, pixelScale: Double) -> (Label, SDL_FRect)? {
        guard !item.text.isEmpty, item.size.isFinite, item.size > 0, item.position.isFinite else { return nil }
        let px = TextItem.pixelSize(item.size, scale: pixelScale)
        let label = cache.label(for: .init(item, pixelSize: px)) { () -> Label? in
            guard let font = font(pixelSize: px) else { return nil }
            let color = SDL_Color(r: item.color.r, g: item.color.g, b: item.color.b, a: 255)
            guard let surface = TTF_RenderUTF8_Blended(font, item.text, color) else { return nil }
            guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else {
                SDL_FreeSurface(surface)
                return nil
            }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            return Label(texture: texture, surface: surface,
                         blendable: surface.pointee.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue)
        }
        guard let label else { return nil }
        let (pw, ph) = (label.surface.pointee.w, label.surface.pointee.h)
        let w = Double(pw) / pixelScale, h = Double(ph) / pixelScale
        return (label, SDL_FRect(x: Float(item.leftEdge(width: w)), y: Float(item.position.y - h / 2),
                                 w: SDLText.points(pw, scale: Float(pixelScale)), h: SDLText.points(ph, scale: Float(pixelScale))))
    }

    /// `pixels` in points, such that SDL's renderer turns them back into exactly `pixels`
    /// (`(int)(points · scale)` in single precision, as SW_QueueCopy sizes a copy): the quotient
    /// alone can land a hair under, and SDL would then squeeze the label by a pixel, dropping a
    /// column or a row of its glyphs.
    static func points(_ pixels: Int32, scale: Float) -> Float {
        var p = Float(pixels) / scale
        while p * scale < Float(pixels) { p = p.nextUp }
        return p
    }
}
