import CSDL2
import ElasticCore
import ElasticRaster

/// Shows the software renderer's frame where the video driver gives no window framebuffer
/// (SDL 2's Wayland driver): the frame is drawn into a canvas of our own, exactly as into a window
/// surface, and each damaged rectangle of it is uploaded into a streaming texture of an
/// accelerated renderer on the window (GLES2 or OpenGL; llvmpipe without a GPU). SDL's own
/// fallback (`SDL_HINT_FRAMEBUFFER_ACCELERATION`) uploads one box around all the damage.
final class StreamingPresenter {
    /// The accelerated renderer on the window, and its SDL name (`opengles2`, `opengl`).
    let renderer: OpaquePointer
    let name: String
    /// What the software renderer draws into: output pixels, opaque 32-bit.
    private(set) var canvas: UnsafeMutablePointer<SDL_Surface>
    private var texture: OpaquePointer
    /// The software renderer on `canvas` (what the front end draws with).
    private(set) var software: OpaquePointer

    /// X8R8G8B8, the format of X11 window surfaces: the software renderer writes the same bytes
    /// as there, opaque whatever is in the padding byte.
    static let format = SDL_PIXELFORMAT_RGB888.rawValue

    /// An accelerated renderer of the driver named `driver` on `window`, and a canvas, texture and
    /// software renderer the size of its output.
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
        guard let buffers = Self.makeBuffers(renderer, width: w, height: h) else {
            let error = SDLError("cannot make a \(w)×\(h) canvas, \(driver) texture and software renderer")
            SDL_DestroyRenderer(renderer)
            throw error
        }
        (self.renderer, name) = (renderer, driver)
        (canvas, texture, software) = buffers
    }

    private var closed = false

    /// Frees the software renderer, texture, canvas and renderer (before the window and SDL go).
    func close() {
        guard !closed else { return }
        closed = true
        SDL_DestroyRenderer(software)
        SDL_DestroyTexture(texture)
        SDL_FreeSurface(canvas)
        SDL_DestroyRenderer(renderer)
    }

    deinit { close() }

    static func renderDriverIndex(_ name: String) -> Int32? {
        for i in 0..<max(SDL_GetNumRenderDrivers(), 0) {
            var info = SDL_RendererInfo()
            if SDL_GetRenderDriverInfo(i, &info) == 0, let n = info.name, String(cString: n) == name { return i }
        }
        return nil
    }

    private static func makeBuffers(_ renderer: OpaquePointer, width: Int32, height: Int32)
        -> (UnsafeMutablePointer<SDL_Surface>, OpaquePointer, OpaquePointer)? {
        let w = max(width, 1), h = max(height, 1)
        guard let canvas = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, format) else { return nil }
        guard let texture = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), w, h) else {
            SDL_FreeSurface(canvas)
            return nil
        }
        guard let software = SDL_CreateSoftwareRenderer(canvas) else {
            SDL_DestroyTexture(texture)
            SDL_FreeSurface(canvas)
            return nil
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        return (canvas, texture, software)
    }

    /// After a resize or an output-scale change: a canvas, texture and `software` renderer of the
    /// window's new size in output pixels. False when the size is unchanged or they cannot be
    /// made: the old ones stay and the frame is shown stretched. `retire` frees what the front end
    /// made with the old software renderer, before it goes.
    func resize(retiring retire: () -> Void) -> Bool {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        guard w > 0, h > 0, w != canvas.pointee.w || h != canvas.pointee.h,
              let buffers = Self.makeBuffers(renderer, width: w, height: h) else { return false }
        retire()
        SDL_DestroyRenderer(software)
        SDL_DestroyTexture(texture)
        SDL_FreeSurface(canvas)
        (canvas, texture, software) = buffers
        return true
    }

    /// Uploads `region` of the canvas (output pixels; nil: all of it) into the texture, one
    /// `SDL_UpdateTexture` a rectangle, and shows the texture. The whole texture is drawn on every
    /// present: the back buffer a swap hands over has no defined contents.
    func present(_ region: PixelRegion?) {
        let c = canvas.pointee
        if let region {
            region.forEachRect(in: PixelRect(x0: 0, y0: 0, x1: Int(c.w), y1: Int(c.h))) { clipped in
                guard let base = c.pixels else { return }
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
