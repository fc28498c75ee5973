/// A point or vector in scene coordinates (points; y grows downward).
public struct Vec2: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = Vec2(0, 0)

    @inlinable public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Vec2, s: Double) -> Vec2 { Vec2(a.x * s, a.y * s) }
    @inlinable public static func * (s: Double, a: Vec2) -> Vec2 { Vec2(a.x * s, a.y * s) }
    @inlinable public static func / (a: Vec2, s: Double) -> Vec2 { Vec2(a.x / s, a.y / s) }
    @inlinable public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    @inlinable public static func += (a: inout Vec2, b: Vec2) { a = a + b }
    @inlinable public static func -= (a: inout Vec2, b: Vec2) { a = a - b }

    @inlinable public func dot(_ o: Vec2) -> Double { x * o.x + y * o.y }
    /// z of the 3-D cross product: positive when `o` turns clockwise from `self` on a y-down screen.
    @inlinable public func cross(_ o: Vec2) -> Double { x * o.y - y * o.x }
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    @inlinable public func lerp(to o: Vec2, _ t: Double) -> Vec2 { Vec2(x + (o.x - x) * t, y + (o.y - y) * t) }

    public var description: String { "(\(x), \(y))" }
}

/// A width and height in points.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
}

/// An axis-aligned rectangle in points.
public struct Rect: Hashable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public func contains(_ p: Vec2) -> Bool { p.x >= x && p.x <= maxX && p.y >= y && p.y <= maxY }
}
