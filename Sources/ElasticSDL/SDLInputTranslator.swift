import CSDL2
import ElasticCore

/// SDL's input events as the scenes' input: mouse and touch as pointer events in window
/// coordinates, SDL's synthetic touch↔mouse duplicates dropped, the pointers that are down kept
/// so a focus loss can release them.
struct SDLInputTranslator {
    private var pointerTracker = PointerTracker()

    /// Appends the input `e` stands for, if the scenes take it; `windowSize` places touches.
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
            events.append(.input(.wheel(notchesX: Double(w.preciseX), notchesY: Double(w.preciseY))))
        case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
            let f = e.tfinger
            guard let p = TouchPosition.inWindow(x: f.x, y: f.y, windowSize: windowSize) else { return }
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

    mutating func cancelPointers(into events: inout [PlatformEvent]) {
        for cancel in pointerTracker.cancelAll() { events.append(.input(cancel)) }
    }

    /// SDL_TOUCH_MOUSEID, ((Uint32)-1): a mouse event SDL synthesised from a touch.
    static let touchMouseID = UInt32.max

    /// Printable keys, Tab and Escape: SDL's key code is the character.
    static func key(for sym: SDL_Keycode) -> Key? {
        switch UInt32(bitPattern: sym) {
        case SDLK_F1.rawValue: .f1
        case SDLK_LEFT.rawValue: .left
        case SDLK_RIGHT.rawValue: .right
        case SDLK_UP.rawValue: .up
        case SDLK_DOWN.rawValue: .down
        case let code: Unicode.Scalar(code).flatMap(Key.init(character:))
        }
    }
}
