import CSDL2
import ElasticCore
import ElasticRaster

/// Labels through SDL2_ttf, kept while they are drawn (`LabelCache`): as textures SDL draws, and
/// as the pixels the compositor blends into its buffer.
final class SDLText {
    private let renderer: OpaquePointer
    private var fonts: [Int: OpaquePointer] = [:]
    private var cache = LabelCache<Label>()
    private var fontPath: String?
    private(set) var problem: String?

    /// The pixels SDL2_ttf rendered, which the compositor blends itself (`image`), and the texture
    /// SDL's renderer draws, made only when SDL's renderer first draws the label (`render`).
    private final class Label {
        let surface: UnsafeMutablePointer<SDL_Surface>
        var texture: OpaquePointer?
        init(_ surface: UnsafeMutablePointer<SDL_Surface>) { self.surface = surface }
        func release() {
            if let texture { SDL_DestroyTexture(texture) }
            SDL_FreeSurface(surface)
        }
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
        guard let (label, frame) = placed(item, scale: pixelScale) else { return }
        if label.texture == nil, let texture = SDL_CreateTextureFromSurface(renderer, label.surface) {
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            label.texture = texture
        }
        guard let texture = label.texture else { return }
        var rect = SDL_FRect(x: frame.x, y: frame.y, w: frame.width, h: frame.height)
        SDL_SetTextureAlphaMod(texture, item.color.a)
        SDL_RenderCopyF(renderer, texture, nil, &rect)
    }

    /// The label's pixels where `render` blits them with a renderer of `scale` (`LabelFrame`):
    /// none (an empty image) when they lie outside the `viewport` (output pixels), where SDL draws
    /// nothing; nil when it is not drawn, or not in the ARGB8888 the compositor blends (`LabelBlend`).
    func image(_ item: TextItem, scale: Float, viewport: (width: Int, height: Int)) -> LabelImage? {
        guard let (label, frame) = placed(item, scale: Double(scale)) else { return nil }
        let surface = label.surface.pointee
        guard surface.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue,
              let pixels = surface.pixels?.assumingMemoryBound(to: UInt32.self) else { return nil }
        guard frame.meetsViewport(viewport, scale: scale) else {
            return LabelImage(pixels: pixels, width: 0, height: 0, pitch: 0, x: 0, y: 0, opacity: 0)
        }
        guard let (x, y) = frame.pixelOrigin(scale: scale, width: Int(surface.w), height: Int(surface.h)) else { return nil }
        return LabelImage(pixels: pixels, width: Int(surface.w), height: Int(surface.h),
                          pitch: Int(surface.pitch) / 4, x: x, y: y, opacity: item.color.a)
    }

    /// The label of `item` rendered at `scale` output pixels per point, and where it is drawn.
    private func placed(_ item: TextItem, scale: Double) -> (Label, LabelFrame)? {
        guard item.isDrawable else { return nil }
        let px = TextItem.pixelSize(item.size, scale: scale)
        let label = cache.label(for: .init(item, pixelSize: px)) { () -> Label? in
            guard let font = font(pixelSize: px) else { return nil }
            let color = SDL_Color(r: item.color.r, g: item.color.g, b: item.color.b, a: 255)
            return TTF_RenderUTF8_Blended(font, item.text, color).map(Label.init)
        }
        guard let label else { return nil }
        return (label, item.labelFrame(width: Int(label.surface.pointee.w), height: Int(label.surface.pointee.h), scale: scale))
    }
}
