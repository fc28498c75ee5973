/// An indexed triangle list: vertices plus 32-bit indices (SDL_RenderGeometry takes `int`).
/// Reused frame to frame: `removeAll()` keeps the capacity, so a steady state allocates nothing.
public struct Mesh: Sendable {
    public var vertices: [Vertex] = []
    public var indices: [Int32] = []
    /// Holds signed fans (`Tessellator.signedFans`): triangles of either orientation whose signed
    /// sum is the shape, which only exact coverage (`CoverageRasterizer`, signed) draws right.
    public var hasSignedFans = false
    /// Coordinates (output pixels) beyond which exact coverage's fixed point refuses a vertex: the
    /// tessellator keeps signed fans inside it, the rasteriser (`CoverageRasterizer`) enforces it.
    public static let coverageCoordinateLimit: Float = 16_384

    public init() {}

    public mutating func removeAll() {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        hasSignedFans = false
    }

    public var triangleCount: Int { indices.count / 3 }

    /// Appends a vertex and returns its index.
    @inlinable @discardableResult
    public mutating func add(_ v: Vertex) -> Int32 {
        vertices.append(v)
        return Int32(vertices.count - 1)
    }

    @inlinable
    public mutating func triangle(_ a: Int32, _ b: Int32, _ c: Int32) {
        indices.append(a); indices.append(b); indices.append(c)
    }
}
