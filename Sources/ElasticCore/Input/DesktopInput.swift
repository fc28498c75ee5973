/// What a desktop's raw input means to the scenes, whatever library delivers it: keys by the
/// character they type, wheel notches as a distance, finger positions in the window.
extension Key {
    /// The key that types `character` (a library's key code for a printable key, Tab or Escape is
    /// that character's code), or nil for a key the scenes do not take.
    public init?(character: Unicode.Scalar) {
        switch character {
        case " ": self = .space
        case "\t": self = .tab
        case "\u{1B}": self = .escape
        default: self.init(rawValue: String(character))
        }
    }
}

extension InputEvent {
    /// One wheel notch scrolls about three lines of 16 pt.
    public static let pointsPerWheelNotch = 40.0

    /// A wheel turned by (`x`, `y`) notches; positive y means "away from the user", which scrolls
    /// content down. Non-finite notches count as none.
    public static func wheel(notchesX x: Double, notchesY y: Double) -> InputEvent {
        .wheel(Vec2(x.isFinite ? x : 0, y.isFinite ? y : 0) * pointsPerWheelNotch)
    }
}

/// Where a finger touches, in window coordinates.
public enum TouchPosition {
    /// Finger coordinates are 0…1 of the window; some back ends send pixels (SDL #4159, #4361):
    /// values past 1 are taken as pixels, non-finite ones dropped, the rest clamped to the window.
    public static func inWindow(x: Float, y: Float, windowSize: (width: Int, height: Int)) -> Vec2? {
        guard x.isFinite, y.isFinite else { return nil }
        let w = Double(max(windowSize.width, 1)), h = Double(max(windowSize.height, 1))
        var px = Double(x), py = Double(y)
        if abs(px) <= 1.0001, abs(py) <= 1.0001 { px *= w; py *= h }
        return Vec2(min(max(px, 0), w), min(max(py, 0), h))
    }
}
