/// Which kind of device a pointer comes from.
public enum PointerDevice: String, Sendable, Hashable, Codable {
    case mouse
    case touch
}

/// Keys the scenes and the app understand, named as replay scripts write them.
public enum Key: String, Sendable, Hashable, CaseIterable, Codable {
    case space, tab, escape, f1
    case one = "1", two = "2", three = "3", four = "4", five = "5"
    case left, right, up, down
    /// Letters used by scenes (sticky-refresh: s = next refresh succeeds, f = fails).
    case s, f, r
    /// Live spring tuning (the app's): duration −/+, damping ratio −/+, write the values.
    case leftBracket = "[", rightBracket = "]", minus = "-", equals = "=", w
}

/// One pointer: the mouse, or one finger of a touch screen.
public struct PointerID: Hashable, Sendable {
    public var device: PointerDevice
    public var id: Int64
    public init(device: PointerDevice, id: Int64 = 0) { self.device = device; self.id = id }
    public static let mouse = PointerID(device: .mouse)
}

/// Input as scenes see it: mouse and touch unified into pointer events in window coordinates.
public enum InputEvent: Sendable, Hashable {
    case pointerDown(PointerID, Vec2)
    case pointerMove(PointerID, Vec2)
    case pointerUp(PointerID, Vec2)
    /// The pointer went away without an up (focus lost, touch cancelled): treat as a release.
    case pointerCancel(PointerID)
    /// A scroll by (dx, dy) points (mouse wheel or trackpad); positive dy scrolls content down.
    case wheel(Vec2)
    case key(Key)
}

extension InputEvent {
    /// The event with its positions and wheel distance multiplied by `s` (window coordinates to
    /// scene points and back).
    public func scaled(by s: Double) -> InputEvent {
        switch self {
        case let .pointerDown(id, p): .pointerDown(id, p * s)
        case let .pointerMove(id, p): .pointerMove(id, p * s)
        case let .pointerUp(id, p): .pointerUp(id, p * s)
        case let .wheel(d): .wheel(d * s)
        case .pointerCancel, .key: self
        }
    }

    /// The event with x multiplied by `sx` and y by `sy` (a replay drawn for one window played in another).
    public func scaled(x sx: Double, y sy: Double) -> InputEvent {
        func scale(_ p: Vec2) -> Vec2 { Vec2(p.x * sx, p.y * sy) }
        return switch self {
        case let .pointerDown(id, p): .pointerDown(id, scale(p))
        case let .pointerMove(id, p): .pointerMove(id, scale(p))
        case let .pointerUp(id, p): .pointerUp(id, scale(p))
        case let .wheel(d): .wheel(scale(d))
        case .pointerCancel, .key: self
        }
    }
}
