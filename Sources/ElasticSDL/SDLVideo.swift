import CSDL2
import ElasticCore
import Foundation

/// Starting SDL's video and opening the window: the steps before a renderer exists, in the order
/// SDL needs them (hints before `SDL_Init`, the Wayland seat check before SDL's Wayland driver
/// starts, `--renderer auto`'s probe once video is up).
enum SDLVideo {
    /// Starts SDL's video and events and settles `--renderer auto`: the renderer to make, why, and
    /// the video driver.
    static func start(_ options: FrontEndOptions) throws -> (choice: RendererChoice, reason: String, driver: String) {
        var choice = options.renderer
        var reason = "requested with --renderer"
        if choice == .auto, let known = RendererPolicy.withoutGPUDevice() { (choice, reason) = known }

        if options.headless { setenv("SDL_VIDEODRIVER", VideoDriver.headless(for: choice), 1) }
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")            // the app handles SIGINT/SIGTERM itself
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")            // one touch is one drag, not also a mouse drag
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_RENDER_VSYNC, options.vsync ? "1" : "0")  // only read before the renderer exists (#3673)
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")

        if !options.headless, let (message, fellBack) = WaylandSeatProbe.guardAgainstMissingSeat() {
            guard fellBack else { throw SDLError(message: message) }
            FileHandle.standardError.write(Data((message + "\n").utf8))
        }
        var started = SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0
        if choice == .auto {
            (choice, reason) = RendererPolicy.choose(glRenderer: started ? RendererPolicy.probeGLRenderer() : nil)
            if options.headless, choice == .software {
                // Headless software draws on the dummy driver; offscreen was only for the probe.
                if started { SDL_Quit() }
                setenv("SDL_VIDEODRIVER", VideoDriver.headless(for: .software), 1)
                started = SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0
            }
        }
        guard started else {
            throw SDLError(options.headless ? "cannot start SDL's headless video driver" :
                "cannot open a display (no X11 or Wayland session?); try `elastic play --headless`")
        }
        let videoDriver = String(cString: SDL_GetCurrentVideoDriver())
        if !options.headless, let message = VideoDriver.invisibleFallback(videoDriver, environment: ProcessInfo.processInfo.environment) {
            SDL_Quit()
            throw SDLError(message: message)
        }
        return (choice, reason, videoDriver)
    }

    /// The desktop's size (1280×720 when SDL cannot tell) and refresh rate in Hz.
    static func desktopMode() -> (size: (width: Int, height: Int), refreshRate: Double?) {
        var mode = SDL_DisplayMode()
        guard SDL_GetDesktopDisplayMode(0, &mode) == 0 else { return ((1280, 720), nil) }
        return ((Int(mode.w), Int(mode.h)), mode.refresh_rate > 0 ? Double(mode.refresh_rate) : nil)
    }

    /// The window, full-screen at `desktop` size when no size is asked for. On failure SDL is
    /// shut down and the error says what else to try.
    static func openWindow(_ options: FrontEndOptions, desktop: (width: Int, height: Int), videoDriver: String) throws -> OpaquePointer {
        var flags = SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_RESIZABLE.rawValue
        // Full-screen made at the desktop mode's size, so the drawable is not clipped under Xvfb
        // without a window manager (fullscreen-desktop keeps the requested size there).
        let size = options.windowSize ?? desktop
        if options.windowSize == nil { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        let centered = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
        guard let window = SDL_CreateWindow(options.title, centered, centered, Int32(size.width), Int32(size.height), flags) else {
            let error = SDLError("cannot create a \(size.width)×\(size.height) window on the \(videoDriver) video driver")
                .adding("; try \(RendererPath.otherDrivers(than: videoDriver)) or --headless")
            SDL_Quit()
            throw error
        }
        return window
    }
}
