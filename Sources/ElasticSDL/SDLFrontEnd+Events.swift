import CSDL2
import ElasticCore

extension SDLFrontEnd: InputTimestamps {
    /// SDL2 stamps an event in whole milliseconds of `SDL_GetTicks` when it takes it from the
    /// window system (also while the pacer waits: `SDLPacingWaiter`); the stamp's age at the
    /// moment it is read dates it on the monotonic clock.
    public func pollEvents(into events: inout [PlatformEvent], oldestInputNs: inout UInt64?) {
        var e = SDL_Event()
        // Not SDL_PollEvent: it stops at the "poll sentinel" an earlier SDL_WaitEventTimeout left
        // before the events it pumped, which then wait a frame.
        SDL_PumpEvents()
        while SDL_PeepEvents(&e, 1, SDL_GETEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) > 0 {
            let before = events.count
            translate(e, into: &events)
            guard events.count > before, events[before...].contains(where: { if case .input = $0 { true } else { false } }) else { continue }
            let stamp = MonotonicTimeSource.nanoseconds(ofTickStamp: e.common.timestamp, nowMs: SDL_GetTicks(),
                                                        readNs: MonotonicTimeSource.nanoseconds())
            oldestInputNs = min(oldestInputNs ?? stamp, stamp)
        }
    }

    /// Window events change the front end (sizes, what must be redrawn); the rest is input.
    func translate(_ e: SDL_Event, into events: inout [PlatformEvent]) {
        switch e.type {
        case SDL_QUIT.rawValue:
            events.append(.quit)
        case SDL_WINDOWEVENT.rawValue:
            switch UInt32(e.window.event) {
            case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue, SDL_WINDOWEVENT_RESIZED.rawValue, SDL_WINDOWEVENT_DISPLAY_CHANGED.rawValue:
                refreshSizes()
                invalidate()
                events.append(.resized(width: windowSize.width, height: windowSize.height))
            case SDL_WINDOWEVENT_MINIMIZED.rawValue, SDL_WINDOWEVENT_HIDDEN.rawValue:
                events.append(.hidden)
            case SDL_WINDOWEVENT_RESTORED.rawValue, SDL_WINDOWEVENT_SHOWN.rawValue, SDL_WINDOWEVENT_EXPOSED.rawValue:
                // The window system may have lost what the window showed: the next frame is whole.
                invalidate()
                events.append(.shown)
            case SDL_WINDOWEVENT_FOCUS_LOST.rawValue:
                input.cancelPointers(into: &events)
                events.append(.focusLost)
            case SDL_WINDOWEVENT_CLOSE.rawValue:
                events.append(.quit)
            default:
                break
            }
        default:
            input.translate(e, windowSize: windowSize, into: &events)
        }
    }
}
