import CSDL2
import ElasticCore
import ElasticRaster

/// The SDL shell around the pure-Swift core: one window, one renderer, the event pump, mesh
/// submission, text and screenshots. The only type in the program that talks to SDL.
public final class SDLFrontEnd: FrontEnd {
    let window: OpaquePointer
    /// The renderer on the window: it presents, and holds the vsync setting.
    let windowRenderer: OpaquePointer
    /// Shows the canvas where the video driver has no window framebuffer (Wayland).
    let presenter: StreamingPresenter?
    /// What draws: the software renderer on the presenter's canvas (replaced on resize), or else
    /// the window's renderer.
    var renderer: OpaquePointer { presenter?.software ?? windowRenderer }
    public let rendererName: String
    public let videoDriver: String
    public let vsyncRequested: Bool
    /// In Hz, when SDL knows it.
    public let refreshRate: Double?
    /// The desktop's size in its own coordinates, as SDL reported it at start.
    public let desktopSize: (width: Int, height: Int)
    public let rendererReason: String

    /// In window coordinates (what input and scenes use).
    public private(set) var windowSize: (width: Int, height: Int) = (0, 0)
    /// In pixels (larger than the window on HiDPI).
    public private(set) var outputSize: (width: Int, height: Int) = (0, 0)

    var text: SDLText
    /// SDL's software renderer truncates vertex positions to whole pixels: its vertices go
    /// through `halfPixel`.
    let truncatesVertices: Bool
    var halfPixel = HalfPixelShift()
    /// Draws frames into the surface the software renderer presents (`compositedTarget`).
    public let compositor = Compositor()
    var input = SDLInputTranslator()
    let glFinish: (@convention(c) () -> Void)?
    /// The compositor draws the frames (when the software renderer passed the start-up probe);
    /// else SDL's renderer does. Tests turn it off to compare against SDL's drawing.
    public var softwareCompositing = false
    /// Each frame redraws and uploads only what changed (`Compositor.partialUpdates`). Tests turn
    /// it off to compare against whole frames.
    public var partialUpdates: Bool {
        get { compositor.partialUpdates }
        set { compositor.partialUpdates = newValue }
    }
    var uploadRects: [SDL_Rect] = []

    public init(_ options: FrontEndOptions) throws {
        let video = try SDLVideo.start(options)
        var reason = video.reason
        videoDriver = video.driver
        let (desktop, refresh) = SDLVideo.desktopMode()
        refreshRate = refresh
        desktopSize = desktop
        let window = try SDLVideo.openWindow(options, desktop: desktop, videoDriver: videoDriver)
        let setup: RendererSetup
        do {
            setup = try RendererSetup.make(window: window, requested: options.renderer, choice: video.choice,
                                           vsync: options.vsync, videoDriver: videoDriver)
        } catch {
            SDL_DestroyWindow(window)
            SDL_Quit()
            throw error
        }
        if setup.choice != video.choice { reason += "; \(video.choice.rawValue) could not be made here, so \(setup.choice.rawValue)" }
        if let note = setup.note { reason += "; " + note }
        presenter = setup.presenter
        self.window = window
        windowRenderer = presenter?.renderer ?? setup.renderer
        rendererName = setup.name
        vsyncRequested = options.vsync
        rendererReason = reason
        truncatesVertices = rendererName == "software"
        glFinish = setup.glFinish
        text = SDLText(renderer: setup.renderer)
        refreshSizes()
        softwareCompositing = rendererName == "software" && probeSurface()
        partialUpdates = softwareCompositing && options.redraw == .damage
    }

    deinit {
        text.close()
        if let presenter { presenter.close() } else { SDL_DestroyRenderer(windowRenderer) }
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    /// Re-reads both sizes, on every size or HiDPI-scale change (SDL #2144).
    public func refreshSizes() {
        var w: Int32 = 0, h: Int32 = 0, ow: Int32 = 0, oh: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        resizeCanvas()
        SDL_GetRendererOutputSize(renderer, &ow, &oh)
        windowSize = (Int(max(w, 0)), Int(max(h, 0)))
        outputSize = (Int(max(ow, 0)), Int(max(oh, 0)))
    }

    /// The drawn frame's pixels, read before `present`; with the software renderer straight out
    /// of the surface it draws into.
    public func readPixels(into pixels: inout [UInt8]) -> (width: Int, height: Int)? {
        guard outputSize.width > 0, outputSize.height > 0 else { return nil }
        let surface = { self.rendererName == "software" ? self.writableSurface() : nil }
        return SDLFrameCapture.readPixels(renderer, size: outputSize, surface: surface, into: &pixels) ? outputSize : nil
    }

    /// Saves what has been drawn (call before `present`) as a PNG: the pixels `readPixels` reads.
    public func saveScreenshot(to path: String) throws {
        var pixels: [UInt8] = []
        guard let size = readPixels(into: &pixels) else { throw SDLError("cannot read back the \(outputSize.width)×\(outputSize.height) frame") }
        try PNGFile.write(pixels, width: size.width, height: size.height, to: path)
    }

    /// Why labels cannot be drawn, or nil when text works.
    public var textProblem: String? { text.problem }

    /// The next frame redraws and uploads everything (a scene switch).
    public func invalidate() { compositor.invalidate() }

    /// Output pixels per window coordinate (2 on most HiDPI displays).
    public var pixelScale: Double {
        guard windowSize.width > 0, outputSize.width > 0 else { return 1 }
        return Double(outputSize.width) / Double(windowSize.width)
    }

    /// Measured by SDL2_ttf at the pixel size `SDLText` draws at (`TextItem.measuredWidth`).
    public func textWidth(_ text: String, size: Double) -> Double? {
        TextItem.measuredWidth(text, size: size, scale: pixelScale, pixelWidth: self.text.width(of:pixelSize:))
    }

    /// Sleeps until an event arrives or `milliseconds` pass (a hidden window must not spin).
    public func waitForEvent(milliseconds: Int32) { SDL_WaitEventTimeout(nil, milliseconds) }
}
