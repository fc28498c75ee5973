/// An 8-bit-per-channel colour, straight (not premultiplied) alpha, laid out as SDL_Color.
public struct RGBA: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    public static let white = RGBA(255, 255, 255)
    public static let black = RGBA(0, 0, 0)
    public static let clear = RGBA(0, 0, 0, 0)

    public var isOpaque: Bool { a == 255 }

    /// The same colour with its alpha multiplied by `opacity` (clamped to 0…1; NaN counts as 0).
    public func withOpacity(_ opacity: Double) -> RGBA {
        let o = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        return RGBA(r, g, b, UInt8((Double(a) * o).rounded()))
    }
}
