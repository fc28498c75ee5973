/// Placeholder: the tessellation system (flattening, monotone ladders, ear clipping, AA fringe).
public struct Tessellator: Sendable {
    public var tolerance: Double
    public var antialias: Bool
    public init(tolerance: Double = 0.25, antialias: Bool = true) {
        self.tolerance = tolerance; self.antialias = antialias
    }
}

// Signatures the tessellation work fills in (kept here so scenes build meanwhile).
extension Tessellator {
    public mutating func fill(_ path: Path, color: RGBA, into list: inout DrawList) {}
    public mutating func fill(_ path: Path, color: RGBA, into mesh: inout Mesh) {}
    public mutating func stroke(_ path: Path, width: Double, color: RGBA, into list: inout DrawList) {}
    public mutating func fillRect(_ rect: Rect, color: RGBA, into list: inout DrawList) {}
}
