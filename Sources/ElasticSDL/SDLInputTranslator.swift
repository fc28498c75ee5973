import CSDL2
import ElasticCore

/// SDL's input events as the scenes' input: mouse and touch unified into pointer events in window
/// coordinates, SDL's synthetic touch↔mouse duplicates dropped, and the pointers that are down
/// kept (`PointerTracker`) so a focus loss can release them. Window events are the front end's.
struct SDLInputTranslator {
    private var pointerTracker = PointerTracker()

    /// Appends the input `e` stands for, if it is input the scenes take; `windowSize` (window
    /// coordinates) places touches.
    mutating func translate(_ e: SDL_Event, windowSize: (width: Int, height: Int), into events: inout [PlatformEvent]) {
        func pointer(_ event: InputEvent?) {
            if let event, let accepted = pointerTracker.accept(event) { events.append(.input(accepted)) }
        }
        switch e.type {
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            let b = e.button
            guard b.which != Self.touchMouseID, b.button == UInt8(SDL_BUTTON_LEFT) else { return }
            let p = Vec2(Double(b.x), Double(b.y))
            pointer(e.type == SDL_MOUSEBUTTONDOWN.rawValue ? .pointerDown(.mouse, p) : .pointerUp(.mouse, p))
        case SDL_MOUSEMOTION.rawValue:
            let m = e.motion
            guard m.which != Self.touchMouseID else { return }
            pointer(.pointerMove(.mouse, Vec2(Double(m.x), Double(m.y))))
        case SDL_MOUSEWHEEL.rawValue:
            let w = e.wheel
            guard w.which != Self.touchMouseID else { return }
            // One notch scrolls about three lines of 16 pt; positive y means "away from the user".
            let notch = 40.0
            let dx = Double(w.preciseX.isFinite ? w.preciseX : Float(w.x)) * notch
            let dy = Double(w.preciseY.isFinite ? w.preciseY : Float(w.y)) * notch
            events.append(.input(.wheel(Vec2(dx, dy))))
        case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
            let f = e.tfinger
            guard let p = Self.fingerPosition(x: f.x, y: f.y, windowSize: windowSize) else { return }
            let id = PointerID(device: .touch, id: Int64(f.fingerId))
            switch e.type {
            case SDL_FINGERDOWN.rawValue: pointer(.pointerDown(id, p))
            case SDL_FINGERMOTION.rawValue: pointer(.pointerMove(id, p))
            default: pointer(.pointerUp(id, p))
            }
        case SDL_KEYDOWN.rawValue:
            guard e.key.repeat == 0, let key = Self.key(for: e.key.keysym.sym) else { return }
            events.append(.input(.key(key)))
        default:
            break
        }
    }

    /// Cancels every pointer still down (focus lost).
    mutating func cancelPointers(into events: inout [PlatformEvent]) {
        for cancel in pointerTracker.cancelAll() { events.append(.input(cancel)) }
    }

    /// SDL_TOUCH_MOUSEID, ((Uint32)-1): a mouse event SDL synthesised from a touch.
    static let touchMouseID = UInt32.max

    /// Finger coordinates are 0…1 of the window; some back ends sent pixels (SDL #4159, #4361):
    /// values past 1 are taken as pixels, non-finite ones dropped, the rest clamped to the window.
    static func fingerPosition(x: Float, y: Float, windowSize: (width: Int, height: Int)) -> Vec2? {
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
