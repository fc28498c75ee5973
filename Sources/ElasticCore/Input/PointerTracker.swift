/// Keeps which pointers are down, so a focus loss can release them and a stray up (a button
/// released after the window gained focus) is dropped instead of confusing a scene.
public struct PointerTracker {
    public private(set) var down: [PointerID: Vec2] = [:]

    public init() {}

    public mutating func accept(_ event: InputEvent) -> InputEvent? {
        switch event {
        case let .pointerDown(id, p):
            if down[id] != nil { return .pointerMove(id, p) }
            down[id] = p
        case let .pointerMove(id, p):
            if id.device == .touch, down[id] == nil { return nil }
            if down[id] != nil { down[id] = p }
        case let .pointerUp(id, _), let .pointerCancel(id):
            if down.removeValue(forKey: id) == nil { return nil }
        case .wheel, .key:
            break
        }
        return event
    }

    /// Cancels every pointer still down (focus lost).
    public mutating func cancelAll() -> [InputEvent] {
        defer { down.removeAll() }
        return down.keys.sorted { ($0.device.rawValue, $0.id) < ($1.device.rawValue, $1.id) }.map { .pointerCancel($0) }
    }
}
