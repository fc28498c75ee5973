import Foundation
import Testing
@testable import ElasticCore
@testable import ElasticRaster

/// Fills as signed fans (`Tessellator.signedFans`): triangles of either sign from the first point,
/// whose signed sum is the polygon. The oracle is the polygon's exact area in each pixel, clipped
/// to the pixel's square here (`CoverageRasterizerTests.areaInPixel`), not any triangulation.
@Suite("signed fans: a fill's outline converted, not its triangulation")
struct SignedFanTests {
    typealias Point = CoverageRasterizerTests.Point
    static let clip = PixelRect(x0: 0, y0: 0, x1: 64, y1: 48)

    /// Non-convex polygons starting at a reflex point, so many of their fan's triangles are negative.
    static let polygons: [[Vec2]] = [
        // A twelve-pointed star from an inner point.
        (0..<24).map { k in
            let a = (Double(k) + 0.5) / 24 * 2 * Double.pi, r = k % 2 == 0 ? 6.3 : 17.9
            return Vec2(30.37 + r * cos(a), 24.61 + r * sin(a))
        },
        // A C from the inner corner of its upper arm.
        [Vec2(15.3, 12.9), Vec2(15.6, 30.2), Vec2(48.9, 31.3), Vec2(49.4, 40.8), Vec2(4.8, 41.5),
         Vec2(5.2, 5.3), Vec2(50.7, 6.1), Vec2(50.1, 12.4)],
    ]

    static func path(_ polygon: [Vec2]) -> Path {
        Path { p in
            p.move(to: polygon[0])
            for q in polygon.dropFirst() { p.line(to: q) }
            p.close()
        }
    }

    /// The list's one fill converted as the damage tracker does for the compositor (`FrameCoverage`), as
    /// alpha per pixel of `clip`.
    static func drawnAlphas(_ list: DrawList) -> [Int] {
        var tracker = DamageTracker(), coverage = FrameCoverage()
        tracker.update(list, scale: 1, width: clip.width, height: clip.height, coverage: &coverage)
        var out = Array(repeating: 0, count: clip.area)
        for run in coverage.runs {
            guard let spans = run.spans else { continue }
            for s in coverage.spans[spans] { for x in s.x0..<s.x1 { out[Int(s.y) * clip.width + Int(x)] = Int(s.alpha) } }
        }
        return out
    }

    @Test("a non-convex fill drawn from its signed fan has each pixel's exact area", arguments: [0, 1])
    func fanCoversThePolygonExactly(_ which: Int) {
        let polygon = Self.polygons[which]
        var tessellator = Tessellator(tolerance: 0.25, antialias: false)
        tessellator.signedFans = true
        var list = DrawList()
        tessellator.fill(Self.path(polygon), color: RGBA(40, 90, 200), into: &list)
        #expect(list.mesh.hasSignedFans)
        #expect(list.mesh.triangleCount == polygon.count - 2, "one fan, no triangulation")
        let got = Self.drawnAlphas(list), points = polygon.map { Point($0.x, $0.y) }
        var worst = 0.0
        for y in Self.clip.y0..<Self.clip.y1 {
            for x in Self.clip.x0..<Self.clip.x1 {
                let expected = CoverageRasterizerTests.areaInPixel(points, x, y) * 255
                worst = max(worst, abs(Double(got[y * Self.clip.width + x]) - expected))
            }
        }
        #expect(worst <= 2, "worst pixel off by \(worst) of 255")
    }

    @Test("the same fan's triangles all counted positive would cover what lies outside the polygon")
    func signsMatter() {
        var tessellator = Tessellator(tolerance: 0.25, antialias: false)
        tessellator.signedFans = true
        var mesh = Mesh()
        tessellator.fill(Self.path(Self.polygons[1]), color: .black, into: &mesh)
        var unsigned = CoverageRasterizer()
        let corners = { (k: Int) -> (Float, Float, Float, Float, Float, Float) in
            let a = mesh.vertices[Int(mesh.indices[3 * k])], b = mesh.vertices[Int(mesh.indices[3 * k + 1])]
            let c = mesh.vertices[Int(mesh.indices[3 * k + 2])]
            return (a.x, a.y, b.x, b.y, c.x, c.y)
        }
        let added = unsigned.addTriangles(count: mesh.triangleCount, corners)
        #expect(added)
        // Inside the C's mouth, which the polygon leaves empty.
        let mouth = (x: 40, y: 28)
        #expect(CoverageRasterizerTests.areaInPixel(Self.polygons[1].map { Point($0.x, $0.y) }, mouth.x, mouth.y) == 0)
        let alphas = CoverageRasterizerTests.alphas(&unsigned, clip: Self.clip)
        #expect(alphas[mouth.y * Self.clip.width + mouth.x] == 255)
    }

    @Test("without signedFans, or with a point far beyond the rasteriser's fixed point, fills stay positive triangles")
    func fansOnlyWhereTheyFit() {
        for (fans, far) in [(false, false), (true, true)] {
            var tessellator = Tessellator(tolerance: 0.25, antialias: false)
            tessellator.signedFans = fans
            tessellator.pixelScale = 2
            var polygon = Self.polygons[1]
            if far { polygon[3] = Vec2(Double(CoverageRasterizer.coordinateLimit) / 3, 40.8) }  // × 2 beyond half the limit
            var mesh = Mesh()
            tessellator.fill(Self.path(polygon), color: .black, into: &mesh)
            #expect(!mesh.hasSignedFans)
            for t in 0..<mesh.triangleCount {
                let i = mesh.indices[(3 * t)..<(3 * t + 3)].map { $0 }
                #expect(mesh.doubledArea(i[0], i[1], i[2]) > 0, "triangle \(t)")
            }
        }
    }
}
