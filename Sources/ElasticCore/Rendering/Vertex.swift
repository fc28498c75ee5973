/// One mesh vertex, laid out exactly as `SDL_Vertex` (position: 2×Float, colour: 4×UInt8,
/// texture coordinate: 2×Float; 20 bytes), so the front end hands the buffer to
/// `SDL_RenderGeometry` without a copy. The core never imports SDL: the SDL module checks the
/// layouts agree at start-up.
@frozen
public struct Vertex: Hashable, Sendable {
    public var x: Float
    public var y: Float
    public var color: RGBA
    public var u: Float
    public var v: Float

    @inlinable
    public init(x: Float, y: Float, color: RGBA, u: Float = 0, v: Float = 0) {
        self.x = x; self.y = y; self.color = color; self.u = u; self.v = v
    }

    @inlinable
    public init(_ p: Vec2, _ color: RGBA) {
        self.init(x: Float(p.x), y: Float(p.y), color: color)
    }

    public var position: Vec2 { Vec2(Double(x), Double(y)) }
}
