import ElasticCore
import Testing

/// A desktop's raw input as the scenes' input: the expected values are written here from what
/// each key types and from the documented units, not taken from the code.
@Suite("desktop input: keys by character, wheel notches, finger positions")
struct DesktopInputTests {
    @Test("every key the scenes take is typed by its character; other characters are no key")
    func keysByCharacter() {
        let typed: [Unicode.Scalar: Key] = [
            " ": .space, "\t": .tab, "\u{1B}": .escape, "1": .one, "2": .two, "3": .three, "4": .four, "5": .five,
            "s": .s, "f": .f, "r": .r, "w": .w, "[": .leftBracket, "]": .rightBracket, "-": .minus, "=": .equals,
        ]
        for (character, key) in typed { #expect(Key(character: character) == key, "\(character)") }
        // The keys no character types (the arrows, F1) are named by each front end.
        #expect(Set(typed.values).union([.left, .right, .up, .down, .f1]) == Set(Key.allCases))
        for other: Unicode.Scalar in ["a", "S", "6", "0", "\r", "\u{7F}", "é"] { #expect(Key(character: other) == nil, "\(other)") }
    }

    @Test("a wheel notch scrolls 40 points, about three 16 pt lines; a non-finite notch scrolls nothing")
    func wheelNotches() {
        #expect(InputEvent.wheel(notchesX: 0, notchesY: 1) == .wheel(Vec2(0, 40)))
        #expect(InputEvent.wheel(notchesX: -0.5, notchesY: -3) == .wheel(Vec2(-20, -120)))
        #expect(InputEvent.wheel(notchesX: .nan, notchesY: .infinity) == .wheel(Vec2(0, 0)))
    }

    @Test("finger positions: fractions of the window, pixels past 1, clamped, non-finite dropped")
    func fingerPositions() {
        let window = (width: 800, height: 600)
        #expect(TouchPosition.inWindow(x: 0.5, y: 0.25, windowSize: window) == Vec2(400, 150))
        #expect(TouchPosition.inWindow(x: 1, y: 1, windowSize: window) == Vec2(800, 600))
        #expect(TouchPosition.inWindow(x: 640, y: 300, windowSize: window) == Vec2(640, 300))
        #expect(TouchPosition.inWindow(x: 1000, y: 2000, windowSize: window) == Vec2(800, 600))
        #expect(TouchPosition.inWindow(x: -0.5, y: 0.5, windowSize: window) == Vec2(0, 300))
        #expect(TouchPosition.inWindow(x: .nan, y: 0.5, windowSize: window) == nil)
        #expect(TouchPosition.inWindow(x: 0.5, y: -.infinity, windowSize: window) == nil)
        // A window of no size yet places nothing outside a 1×1 one.
        #expect(TouchPosition.inWindow(x: 0.5, y: 0.5, windowSize: (0, 0)) == Vec2(0.5, 0.5))
    }
}
