import CSDL2
import ElasticCore

/// Shows the software renderer's frame where the video driver gives no window framebuffer
/// (SDL 2's Wayland driver): the frame is drawn into a canvas surface of our own, exactly as into a
/// window surface, and each damaged rectangle of it is uploaded into a streaming texture of an
/// accelerated renderer on the window (GLES2 or OpenGL through EGL; llvmpipe without a GPU),
/// which then covers the window with that texture. Wayland takes the result as the window's buffer.
///
/// SDL's own fallback for a missing framebuffer (`SDL_HINT_FRAMEBUFFER_ACCELERATION`) uploads one
/// rectangle enclosing all the damage; this uploads each rectangle by itself.
final class StreamingPresenter {
    /// The accelerated renderer on the window.
    let renderer: OpaquePointer
    /// Its SDL name (`opengles2`, `opengl`).
    let name: String
    /// What the software renderer draws into: output pixels, opaque 32-bit.
    private(set) var canvas: UnsafeMutablePointer<SDL_Surface>
    private var texture: OpaquePointer

    /// The canvas format: X8R8G8B8, the format of X11 window surfaces, so the software renderer
    /// writes the same bytes as there, and opaque whatever is in the padding byte.
    static let format = SDL_PIXELFORMAT_RGB888.rawValue

    /// An accelerated renderer of the driver named `driver` on `window`, a canvas and a texture
    /// the size of its output.
    init(window: OpaquePointer, driver: String, vsync: Bool) throws {
        guard let index = Self.renderDriverIndex(driver) else {
            throw SDLError(message: "SDL has no \(driver) renderer")
        }
        var flags = SDL_RENDERER_ACCELERATED.rawValue
        if vsync { flags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
        guard let renderer = SDL_CreateRenderer(window, index, flags) else {
            throw SDLError("cannot create the \(driver) renderer to show it")
        }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        guard let (canvas, texture) = Self.makeBuffers(renderer, width: w, height: h) else {
            let error = SDLError("cannot make a \(w)×\(h) canvas and \(driver) texture")
            SDL_DestroyRenderer(renderer)
            throw error
        }
        self.renderer = renderer
        self.name = driver
        self.canvas = canvas
        self.texture = texture
    }

    private var closed = false

    /// Frees the texture, canvas and renderer (before the window and SDL go; the software renderer
    /// on the canvas must be gone already).
    func close() {
        guard !closed else { return }
        closed = true
        SDL_DestroyTexture(texture)
        SDL_FreeSurface(canvas)
        SDL_DestroyRenderer(renderer)
    }

    deinit { close() }

    /// The index of SDL's render driver called `name`, if SDL has it.
    static func renderDriverIndex(_ name: String) -> Int32? {
        for i in 0..<max(SDL_GetNumRenderDrivers(), 0) {
            var info = SDL_RendererInfo()
            if SDL_GetRenderDriverInfo(i, &info) == 0, let n = info.name, String(cString: n) == name { return i }
        }
        return nil
    }

    private static func makeBuffers(_ renderer: OpaquePointer, width: Int32, height: Int32)
        -> (UnsafeMutablePointer<SDL_Surface>, OpaquePointer)? {
        let w = max(width, 1), h = max(height, 1)
        guard let canvas = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, format) else { return nil }
        guard let texture = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), w, h) else {
            SDL_FreeSurface(canvas)
            return nil
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        return (canvas, texture)
    }

    /// After a resize or an output-scale change: a canvas and texture of the window's new size in
    /// output pixels (twice its size on a Wayland output of scale 2) and a software renderer drawing
    /// into the canvas. Nil when the size is unchanged, or when they cannot be made: then the old
    /// ones stay and the frame is shown stretched. `retire` frees what draws into the old canvas,
    /// before the canvas goes.
    func resize(retiring retire: () -> Void) -> OpaquePointer? {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        guard w > 0, h > 0, w != canvas.pointee.w || h != canvas.pointee.h,
              let (newCanvas, newTexture) = Self.makeBuffers(renderer, width: w, height: h) else { return nil }
        guard let software = SDL_CreateSoftwareRenderer(newCanvas) else {
            SDL_DestroyTexture(newTexture)
            SDL_FreeSurface(newCanvas)
            return nil
        }
        retire()
        SDL_DestroyTexture(texture)
        SDL_FreeSurface(canvas)
        (canvas, texture) = (newCanvas, newTexture)
        return software
    }

    /// Uploads `rects` of the canvas (output pixels; nil: all of it) into the texture, one
    /// `SDL_UpdateTexture` each, and shows the texture. The whole texture is drawn on every
    /// present: the back buffer a swap hands over has no defined contents.
    func present(_ rects: [PixelRect]?) {
        let c = canvas.pointee
        if let rects {
            for r in rects {
                let clipped = r.intersection(PixelRect(x0: 0, y0: 0, x1: Int(c.w), y1: Int(c.h)))
                guard !clipped.isEmpty, let base = c.pixels else { continue }
                var area = SDL_Rect(clipped)
                SDL_UpdateTexture(texture, &area, base + clipped.y0 * Int(c.pitch) + clipped.x0 * 4, c.pitch)
            }
        } else {
            SDL_UpdateTexture(texture, nil, c.pixels, c.pitch)
        }
        SDL_RenderCopy(renderer, texture, nil, nil)
        SDL_RenderPresent(renderer)
    }
}
