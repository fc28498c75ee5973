import CSDL2
import ElasticCore

extension SDLFrontEnd: InputTimestamps {
    /// Drains SDL's queue into platform events: mouse and touch unified into pointer events in
    /// window coordinates, SDL's synthetic touch↔mouse duplicates dropped, window changes reported.
    public func pollEvents(into events: inout [PlatformEvent]) {
        var oldest: UInt64?
        pollEvents(into: &events, oldestInputNs: &oldest)
    }

    /// SDL2 stamps an event in whole milliseconds of `SDL_GetTicks` when it takes it from the
    /// window system (also while the pacer waits: `SDLPacingWaiter`); the stamp's age at the
    /// moment it is read dates it on the monotonic clock.
    public func pollEvents(into events: inout [PlatformEvent], oldestInputNs: inout UInt64?) {
        var e = SDL_Event()
        // Not SDL_PollEvent: it stops at the "poll sentinel" an earlier SDL_WaitEventTimeout (the
        // pacer's, the idle wait's) left in the queue before the events it pumped, which then wait a
        // frame. Pump once, then take every event there is.
        SDL_PumpEvents()
        while SDL_PeepEvents(&e, 1, SDL_GETEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) > 0 {
            let before = events.count
            translate(e, into: &events)
            guard events.count > before, events[before...].contains(where: { if case .input = $0 { true } else { false } }) else { continue }
            let readNs = MonotonicTimeSource.nanoseconds()
            let age = SDL_GetTicks() &- e.common.timestamp
            // A stamp "in the future" is the tick count's truncation: the event is new.
            let ageNs = age > UInt32.max / 2 ? 0 : min(UInt64(age) * 1_000_000, readNs)
            let stamp = readNs - ageNs
            oldestInputNs = min(oldestInputNs ?? stamp, stamp)
        }
    }

    func translate(_ e: SDL_Event, into events: inout [PlatformEvent]) {
        func pointer(_ event: InputEvent?) {
            if let event, let accepted = pointerTracker.accept(event) { events.append(.input(accepted)) }
        }
        switch e.type {
        case SDL_QUIT.rawValue:
            events.append(.quit)
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            let b = e.button
            guard b.which != SDLFrontEnd.touchMouseID, b.button == UInt8(SDL_BUTTON_LEFT) else { return }
            let p = Vec2(Double(b.x), Double(b.y))
            pointer(e.type == SDL_MOUSEBUTTONDOWN.rawValue ? .pointerDown(.mouse, p) : .pointerUp(.mouse, p))
        case SDL_MOUSEMOTION.rawValue:
            let m = e.motion
            guard m.which != SDLFrontEnd.touchMouseID else { return }
            pointer(.pointerMove(.mouse, Vec2(Double(m.x), Double(m.y))))
        case SDL_MOUSEWHEEL.rawValue:
            let w = e.wheel
            guard w.which != SDLFrontEnd.touchMouseID else { return }
            // One notch scrolls about three lines of 16 pt; positive y means "away from the user".
            let notch = 40.0
            let dx = Double(w.preciseX.isFinite ? w.preciseX : Float(w.x)) * notch
            let dy = Double(w.preciseY.isFinite ? w.preciseY : Float(w.y)) * notch
            events.append(.input(.wheel(Vec2(dx, dy))))
        case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
            let f = e.tfinger
            guard let p = fingerPosition(x: f.x, y: f.y) else { return }
            let id = PointerID(device: .touch, id: Int64(f.fingerId))
            switch e.type {
            case SDL_FINGERDOWN.rawValue: pointer(.pointerDown(id, p))
            case SDL_FINGERMOTION.rawValue: pointer(.pointerMove(id, p))
            default: pointer(.pointerUp(id, p))
            }
        case SDL_KEYDOWN.rawValue:
            guard e.key.repeat == 0, let key = SDLFrontEnd.key(for: e.key.keysym.sym) else { return }
            events.append(.input(.key(key)))
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
            case SDL_WINDOWEVENT_FOCUS_LOST.rawValue, SDL_WINDOWEVENT_LEAVE.rawValue:
                if UInt32(e.window.event) == SDL_WINDOWEVENT_FOCUS_LOST.rawValue {
                    for cancel in pointerTracker.cancelAll() { events.append(.input(cancel)) }
                    events.append(.focusLost)
                }
            case SDL_WINDOWEVENT_CLOSE.rawValue:
                events.append(.quit)
            default:
                break
            }
        default:
            break
        }
    }

    /// SDL_TOUCH_MOUSEID, ((Uint32)-1): a mouse event SDL synthesised from a touch.
    static let touchMouseID = UInt32.max

    /// Finger coordinates are 0…1 of the window; some back ends sent pixels (SDL #4159, #4361):
    /// values past 1 are taken as pixels, non-finite ones dropped, the rest clamped to the window.
    func fingerPosition(x: Float, y: Float) -> Vec2? {
        guard x.isFinite, y.isFinite else { return nil }
        let w = Double(max(windowSize.width, 1)), h = Double(max(windowSize.height, 1))
        var px = Double(x), py = Double(y)
        if abs(px) <= 1.0001, abs(py) <= 1.0001 { px *= w; py *= h }
        return Vec2(min(max(px, 0), w), min(max(py, 0), h))
    }

    static func key(for sym: SDL_Keycode) -> Key? {
        switch UInt32(bitPattern: sym) {
        case SDLK_SPACE.rawValue: return .space
        case SDLK_TAB.rawValue: return .tab
        case SDLK_ESCAPE.rawValue: return .escape
        case SDLK_F1.rawValue: return .f1
        case SDLK_1.rawValue: return .one
        case SDLK_2.rawValue: return .two
        case SDLK_3.rawValue: return .three
        case SDLK_4.rawValue: return .four
        case SDLK_5.rawValue: return .five
        case SDLK_LEFT.rawValue: return .left
        case SDLK_RIGHT.rawValue: return .right
        case SDLK_UP.rawValue: return .up
        case SDLK_DOWN.rawValue: return .down
        case SDLK_s.rawValue: return .s
        case SDLK_f.rawValue: return .f
        case SDLK_r.rawValue: return .r
        case SDLK_LEFTBRACKET.rawValue: return .leftBracket
        case SDLK_RIGHTBRACKET.rawValue: return .rightBracket
        case SDLK_MINUS.rawValue: return .minus
        case SDLK_EQUALS.rawValue: return .equals
        case SDLK_w.rawValue: return .w
        default: return nil
        }
    }
}
