import CSDL2
import ElasticCore

extension SDLFrontEnd {
    /// What the display and the presenting renderer report, for `PacingPolicy`. SDL sets the vsync
    /// flag even where it only imitates vsync with millisecond delays (`VsyncSource`).
    public func displayReport(fpsLimit: Double, headless: Bool, simulatedFPS: Double) -> DisplayReport {
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(windowRenderer, &info)
        let flag = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
        let simulated = VsyncSource.isSimulated(drawing: rendererName, videoDriver: videoDriver, presenter: presenter?.name,
                                                swapInterval: SDL_GL_GetSwapInterval())
        return DisplayReport(headless: headless, simulatedFPS: simulatedFPS, vsyncRequested: vsyncRequested,
                             vsyncReported: flag, vsyncSimulated: simulated, refreshHz: refreshRate, fpsLimit: fpsLimit)
    }

    /// The loop's timer paces from now on: SDL's imitated vsync must not add its delays on top.
    public func stopRendererVsync() {
        SDL_RenderSetVSync(windowRenderer, 0)
    }
}
