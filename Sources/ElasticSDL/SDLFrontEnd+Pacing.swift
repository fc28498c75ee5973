import CSDL2
import ElasticCore
import Foundation

extension SDLFrontEnd {
    /// What the display and the presenting renderer report, for `PacingPolicy`. SDL sets the
    /// renderer's vsync flag even where it only imitates vsync with whole-millisecond delays: that
    /// is reported as simulated (`VsyncSource`). A software frame shown through a presenter is
    /// paced by the presenter's swap, with no timer on top.
    public func displayReport(fpsLimit: Double, headless: Bool, simulatedFPS: Double) -> DisplayReport {
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(presenter?.renderer ?? renderer, &info)
        let flag = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
        let simulated = VsyncSource.isSimulated(drawing: rendererName, videoDriver: videoDriver, presenter: presenter?.name,
                                                swapInterval: SDL_GL_GetSwapInterval())
        return DisplayReport(headless: headless, simulatedFPS: simulatedFPS, vsyncRequested: vsyncRequested,
                             vsyncReported: flag, vsyncSimulated: simulated, refreshHz: refreshRate, fpsLimit: fpsLimit)
    }

    /// The loop's timer paces from now on: SDL's own vsync (imitated, or not holding) must not add
    /// its whole-millisecond delays on top.
    public func stopRendererVsync() {
        SDL_RenderSetVSync(presenter?.renderer ?? renderer, 0)
    }
}

/// The app's waits: coarse ones in SDL's event wait (woken by input, which SDL then stamps as it
/// arrives, so the latency figures start when the input came, not when the frame read it), the
/// fine one an absolute `clock_nanosleep` on the monotonic clock (no whole-millisecond truncation).
public final class SDLPacingWaiter: PacingWaiter {
    public init() {}

    public func nowNs() -> UInt64 { MonotonicTimeSource.nanoseconds() }

    public func waitCoarse(untilNs deadline: UInt64) {
        let now = nowNs()
        guard deadline > now else { return }
        if SDL_HasEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == SDL_TRUE {
            // An event is already stamped and queued: waiting on SDL's queue would return at once.
            waitFine(untilNs: deadline)
            return
        }
        let ms = (deadline - now) / 1_000_000
        if ms == 0 { waitFine(untilNs: deadline); return }
        SDL_WaitEventTimeout(nil, Int32(min(ms, 1000)))
    }

    public func waitFine(untilNs deadline: UInt64) {
        var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }
}
