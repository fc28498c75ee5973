/// Which SDL renderer to draw with.
public enum RendererChoice: String, CaseIterable, Sendable {
    /// The measured default for this kind of machine (`RendererPolicy`).
    case auto
    case software, opengl, opengles2
}

/// What each frame redraws: what changed (`damage`, the default) or every output pixel (`all`: the
/// software path's damage tracking off, every frame drawn and presented as a first frame is), for
/// benchmarks of whole frames and to check damage against.
public enum RedrawChoice: String, CaseIterable, Sendable {
    case damage, all
}

/// How the front end opens its window.
public struct FrontEndOptions: Sendable {
    /// Window size in window coordinates; nil means full-screen desktop.
    public var windowSize: (width: Int, height: Int)?
    /// No display: SDL's dummy (software) or offscreen (OpenGL through EGL) video driver.
    public var headless: Bool
    public var renderer: RendererChoice
    public var vsync: Bool
    public var title: String
    public var redraw: RedrawChoice

    public init(windowSize: (width: Int, height: Int)?, headless: Bool, renderer: RendererChoice, vsync: Bool, title: String = "Elastic",
                redraw: RedrawChoice = .damage) {
        self.windowSize = windowSize; self.headless = headless; self.renderer = renderer; self.vsync = vsync; self.title = title
        self.redraw = redraw
    }
}
