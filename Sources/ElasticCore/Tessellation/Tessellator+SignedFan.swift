extension Tessellator {
    /// Whether `polygon` is filled as a signed fan: with `signedFans`, and every point well inside
    /// the rasteriser's fixed point at `pixelScale` (a run with a point beyond it is drawn triangle
    /// by triangle, partly by SDL, which would not honour the fan's signs).
    func fansFit(_ polygon: [Vec2]) -> Bool {
        guard signedFans else { return false }
        let scale = pixelScale.isFinite && pixelScale > 0 ? pixelScale : 1
        let limit = Double(Mesh.coverageCoordinateLimit) / 2 / scale
        return polygon.allSatisfy { abs($0.x) <= limit && abs($0.y) <= limit }
    }
}
