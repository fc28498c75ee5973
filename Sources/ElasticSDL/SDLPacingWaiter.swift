import CSDL2
import ElasticCore

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

    public func waitFine(untilNs deadline: UInt64) { MonotonicTimeSource.sleep(untilNs: deadline) }
}
