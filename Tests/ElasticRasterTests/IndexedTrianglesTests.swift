import Testing
@testable import ElasticCore
@testable import ElasticRaster

/// Triangles added by index (`CoverageRasterizer.addTriangles(count:signed:_:)`): a fan's spokes
/// cancel before the edge table, and a point refused part way keeps what came before it whole.
/// Oracles: the polygon's own edges, counted here, and its exact area in each pixel.
@Suite("triangles by index: spokes cancel before the table")
struct IndexedTrianglesTests {
    typealias Point = CoverageRasterizerTests.Point

    /// Fan triangles (0, k, k + 1) over `points`.
    struct Fan: IndexedTriangles {
        var points: [Vec2]
        func triangle(_ k: Int) -> (Int32, Int32, Int32) { (0, Int32(k + 1), Int32(k + 2)) }
        func point(_ i: Int32) -> (Float, Float) { (Float(points[Int(i)].x), Float(points[Int(i)].y)) }
    }

    @Test("a signed fan leaves its polygon's edges in the table and nothing else", arguments: [0, 1])
    func spokesNeverReachTheTable(_ which: Int) {
        let polygon = SignedFanTests.polygons[which]
        var rasterizer = CoverageRasterizer()
        let added = rasterizer.addTriangles(count: polygon.count - 2, signed: true, Fan(points: polygon))
        #expect(added)
        let sides = polygon.indices.filter { polygon[$0].y != polygon[($0 + 1) % polygon.count].y }.count
        #expect(rasterizer.edgeCount == sides)
        let alphas = CoverageRasterizerTests.alphas(&rasterizer, clip: SignedFanTests.clip)
        let points = polygon.map { Point($0.x, $0.y) }
        var worst = 0.0
        for (k, alpha) in alphas.enumerated() {
            let exact = CoverageRasterizerTests.areaInPixel(points, k % SignedFanTests.clip.width, k / SignedFanTests.clip.width)
            worst = max(worst, abs(Double(alpha) - exact * 255))
        }
        #expect(worst <= 2, "worst pixel off by \(worst) of 255")
    }

    @Test("a point beyond the fixed point part way through a fan: the triangles before it are drawn whole")
    func refusalKeepsTheTrianglesBefore() {
        var polygon = SignedFanTests.polygons[1]
        polygon[5] = Vec2(1e6, 20)  // triangle 3 (0, 4, 5) is refused, and every one after it
        var rasterizer = CoverageRasterizer()
        let added = rasterizer.addTriangles(count: polygon.count - 2, signed: true, Fan(points: polygon))
        #expect(!added)
        let drawn = polygon[0...4].map { Point($0.x, $0.y) }  // triangles 0, 1, 2: the polygon 0…4
        let alphas = CoverageRasterizerTests.alphas(&rasterizer, clip: SignedFanTests.clip)
        var worst = 0.0
        for (k, alpha) in alphas.enumerated() {
            let exact = CoverageRasterizerTests.areaInPixel(drawn, k % SignedFanTests.clip.width, k / SignedFanTests.clip.width)
            worst = max(worst, abs(Double(alpha) - exact * 255))
        }
        #expect(worst <= 2, "worst pixel off by \(worst) of 255")
    }
}
