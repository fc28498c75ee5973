/// Placeholder: the tessellation system (flattening, monotone ladders, ear clipping, AA fringe).
public struct Tessellator: Sendable {
    public var tolerance: Double
    public var antialias: Bool
    public init(tolerance: Double = 0.25, antialias: Bool = true) {
        self.tolerance = tolerance; self.antialias = antialias
    }
}
