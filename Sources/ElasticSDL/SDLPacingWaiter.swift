import CSDL2
import ElasticCore

/// The app's waits: coarse ones in SDL's event wait (woken by input, which SDL stamps as it
/// arrives, so latency starts when the input came), the fine one an absolute monotonic sleep.
public final class SDLPacingWaiter: PacingWaiter {
    public init() {}

    public func nowNs() -> UInt64 { MonotonicTimeSource.nanoseconds() }

    public func waitCoarse(untilNs deadline: UInt64) {
        let now = nowNs()
        guard deadline > now else { return }
        let ms = (deadline - now) / 1_000_000
        // An event already stamped and queued would end SDL's wait at once.
        if ms == 0 || SDL_HasEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == SDL_TRUE {
            waitFine(untilNs: deadline)
            return
        }
        SDL_WaitEventTimeout(nil, Int32(min(ms, 1000)))
    }

    public func waitFine(untilNs deadline: UInt64) { MonotonicTimeSource.sleep(untilNs: deadline) }
}
