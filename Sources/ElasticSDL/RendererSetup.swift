import CSDL2
import ElasticCore

/// Makes the renderer a window draws with, trying the ways (`RendererPath`) in order, and says
/// what it tried when none works. Where the video driver has no window framebuffer (SDL 2's
/// Wayland), software draws into a canvas shown through a texture (`StreamingPresenter`).
struct RendererSetup {
    /// The software renderer on the presenter's canvas, or a renderer on the window.
    let renderer: OpaquePointer
    let presenter: StreamingPresenter?
    let choice: RendererChoice
    /// How the frame reaches the window when that is not the renderer's usual way.
    let note: String?
    let name: String
    /// Only for GL on the offscreen driver: its pbuffer swap neither flushes nor waits, so llvmpipe
    /// paid for many queued frames at once. Finishing makes each frame pay for its own drawing.
    let glFinish: (@convention(c) () -> Void)?

    private init(renderer: OpaquePointer, presenter: StreamingPresenter?, choice: RendererChoice, note: String?, videoDriver: String) {
        (self.renderer, self.presenter, self.choice, self.note) = (renderer, presenter, choice, note)
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        name = info.name.map { String(cString: $0) } ?? choice.rawValue
        let finish = videoDriver == "offscreen" && name.hasPrefix("opengl") ? SDL_GL_GetProcAddress("glFinish") : nil
        glFinish = finish.map { unsafeBitCast($0, to: (@convention(c) () -> Void).self) }
    }

    /// The first way to draw `choice` (settled from `requested`) that works on `window`. The error
    /// names each way tried with SDL's reason, and what else to try.
    static func make(window: OpaquePointer, requested: RendererChoice, choice: RendererChoice, vsync: Bool,
                     videoDriver: String) throws -> RendererSetup {
        var failures: [String] = []
        for path in requested == .auto ? RendererPath.autoPaths(preferring: choice) : RendererPath.paths(for: choice) {
            switch path {
            case let .direct(c):
                if let r = direct(window: window, choice: c, vsync: vsync) {
                    return RendererSetup(renderer: r, presenter: nil, choice: c, note: nil, videoDriver: videoDriver)
                }
            case let .softwareThrough(driver):
                do {
                    let presenter = try StreamingPresenter(window: window, driver: driver, vsync: vsync)
                    return RendererSetup(renderer: presenter.software, presenter: presenter, choice: .software,
                                         note: "shown through a streaming texture of the \(driver) renderer, damaged rectangles only: the \(videoDriver) driver has no window framebuffer",
                                         videoDriver: videoDriver)
                } catch {
                    failures.append("\(path.label): \(error)")
                    continue
                }
            }
            failures.append("\(path.label): \(String(cString: SDL_GetError()))")
        }
        throw SDLError(message: RendererPath.failureMessage(failures, videoDriver: videoDriver,
                                                            explicit: requested == .auto ? nil : choice))
    }

    /// A renderer of `choice` straight on the window. Software must draw into the window system's
    /// own framebuffer: left to itself, SDL backs the window surface with an OpenGL texture where
    /// it can (llvmpipe here) and uploads the box around all the rectangles on every update.
    private static func direct(window: OpaquePointer, choice: RendererChoice, vsync: Bool) -> OpaquePointer? {
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, choice.rawValue)
        var flags = choice == .software ? SDL_RENDERER_SOFTWARE.rawValue : SDL_RENDERER_ACCELERATED.rawValue
        if choice == .software { SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0") }
        if vsync { flags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
        return SDL_CreateRenderer(window, -1, flags)
    }
}
