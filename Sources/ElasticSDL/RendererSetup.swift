import CSDL2
import ElasticCore

/// Makes the renderer a window draws with, trying the ways each `RendererChoice` can work on the
/// running video driver, and says what it tried when none does.
///
/// The software renderer draws into the window system's framebuffer where there is one (X11); SDL 2's
/// Wayland driver has none, so there it draws into a canvas shown through a streaming texture of
/// an accelerated renderer (`StreamingPresenter`).
struct RendererSetup {
    /// What draws (the software renderer on the presenter's canvas, or a renderer on the window).
    let renderer: OpaquePointer
    let presenter: StreamingPresenter?
    let choice: RendererChoice
    /// How the frame reaches the window when that is not the renderer's usual way.
    let note: String?

    /// One way to draw: a renderer, and for software, how its frames are shown.
    enum Path: Equatable {
        case direct(RendererChoice)
        case softwareThrough(String)

        var choice: RendererChoice {
            if case let .direct(c) = self { return c }
            return .software
        }

        var label: String {
            switch self {
            case .direct(.software): "software into the window framebuffer"
            case let .direct(c): c.rawValue
            case let .softwareThrough(d): "software shown through a texture of the \(d) renderer"
            }
        }
    }

    /// The ways to try for `choice`, in order: software first into the window's framebuffer, then
    /// through a texture of GLES2 (the lighter context) or OpenGL.
    static func paths(for choice: RendererChoice) -> [Path] {
        switch choice {
        case .software: [.direct(.software), .softwareThrough("opengles2"), .softwareThrough("opengl")]
        case .opengl, .opengles2: [.direct(choice)]
        case .auto: paths(for: .software) + [.direct(.opengl), .direct(.opengles2)]
        }
    }

    /// The ways `--renderer auto` tries after `preferred` (the policy's pick) fails: every other one.
    static func autoPaths(preferring preferred: RendererChoice) -> [Path] {
        let first = paths(for: preferred)
        return first + paths(for: .auto).filter { !first.contains($0) }
    }

    /// The first of `paths` that works on `window`. The error names each way tried with SDL's
    /// reason, and what else to try.
    static func make(window: OpaquePointer, paths: [Path], vsync: Bool, videoDriver: String,
                     explicit: RendererChoice?) throws -> RendererSetup {
        var failures: [String] = []
        for path in paths {
            switch path {
            case let .direct(c):
                if let r = direct(window: window, choice: c, vsync: vsync) {
                    return RendererSetup(renderer: r, presenter: nil, choice: c, note: nil)
                }
            case let .softwareThrough(driver):
                do {
                    let presenter = try StreamingPresenter(window: window, driver: driver, vsync: vsync)
                    guard let r = SDL_CreateSoftwareRenderer(presenter.canvas) else { throw SDLError("cannot create the software renderer on the canvas") }
                    return RendererSetup(renderer: r, presenter: presenter, choice: .software,
                                         note: "shown through a streaming texture of the \(driver) renderer, damaged rectangles only: the \(videoDriver) driver has no window framebuffer")
                } catch {
                    failures.append("\(path.label): \(error)")
                    continue
                }
            }
            failures.append("\(path.label): \(String(cString: SDL_GetError()))")
        }
        throw SDLError(message: failureMessage(failures, videoDriver: videoDriver, explicit: explicit))
    }

    /// Why no renderer could be made, and what is left to try.
    static func failureMessage(_ failures: [String], videoDriver: String, explicit: RendererChoice?) -> String {
        var text = "cannot draw on the \(videoDriver) video driver; tried " + failures.joined(separator: "; ")
        if let explicit {
            let others = paths(for: .auto).filter { $0.choice != explicit }.map(\.choice.rawValue)
            var seen: [String] = []
            for o in others where !seen.contains(o) { seen.append(o) }
            text += ". Try --renderer auto (tries \(seen.joined(separator: ", ")) too)"
            text += ", " + otherDrivers(than: videoDriver) + ", or --headless"
        } else {
            text += ". Try " + otherDrivers(than: videoDriver) + ", or --headless"
        }
        return text
    }

    /// The other windowing video driver to suggest.
    static func otherDrivers(than videoDriver: String) -> String {
        switch videoDriver {
        case "x11": "the Wayland video driver (SDL_VIDEODRIVER=wayland)"
        case "wayland": "the X11 video driver (SDL_VIDEODRIVER=x11)"
        default: "another video driver (SDL_VIDEODRIVER=x11 or wayland)"
        }
    }

    /// A renderer of `choice` straight on the window. The software renderer must draw into the
    /// window system's own framebuffer: left to itself, SDL backs the window surface with a texture
    /// of an OpenGL renderer where it can make one (llvmpipe, without a GPU) and uploads the box
    /// around all the rectangles on every update (read when the surface is made).
    private static func direct(window: OpaquePointer, choice: RendererChoice, vsync: Bool) -> OpaquePointer? {
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, choice.rawValue)
        var flags = choice == .software ? SDL_RENDERER_SOFTWARE.rawValue : SDL_RENDERER_ACCELERATED.rawValue
        if choice == .software { SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0") }
        if vsync { flags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
        return SDL_CreateRenderer(window, -1, flags)
    }
}
