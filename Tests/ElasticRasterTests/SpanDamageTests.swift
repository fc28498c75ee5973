import TestRandom
import Foundation
import Testing
@testable import ElasticCore
@testable import ElasticRaster

/// Damage with exact coverage: the tracker's runs carry their coverage spans and a changed run
/// damages the pixels whose coverage changed. The oracle is each triangle's exact area in each
/// pixel, computed here by clipping it to the pixel's square (`CoverageRasterizerTests.areaInPixel`).
@Suite("damage tracking with exact coverage")
struct SpanDamageTests {
    typealias Point = CoverageRasterizerTests.Point
    static let size = (width: 96, height: 72)

    /// A one-colour quad (two triangles sharing an edge), as a shape of the scenes is.
    struct Quad { var corners: [Vec2]; var color: RGBA }

    static func list(_ quads: [Quad]) -> DrawList {
        var list = DrawList()
        for q in quads {
            let v = q.corners.map { list.mesh.add(Vertex($0, q.color)) }
            list.mesh.triangle(v[0], v[1], v[2])
            list.mesh.triangle(v[0], v[2], v[3])
            list.commitTriangles(blend: .none)
        }
        return list
    }

    /// Each quad's exact coverage (0…1) per pixel at `scale`.
    static func coverage(_ quads: [Quad], scale: Double) -> [[Double]] {
        quads.map { q in
            let p = q.corners.map { Point($0.x * scale, $0.y * scale) }
            var c = [Double](repeating: 0, count: size.width * size.height)
            for y in 0..<size.height { for x in 0..<size.width {
                c[y * size.width + x] = min(1, CoverageRasterizerTests.areaInPixel([p[0], p[1], p[2]], x, y)
                                            + CoverageRasterizerTests.areaInPixel([p[0], p[2], p[3]], x, y))
            } }
            return c
        }
    }

    static func randomQuad(_ rng: inout SplitMix64) -> Quad {
        let c = Vec2(rng.double(in: 10...60), rng.double(in: 10...45)), r = rng.double(in: 4...14)
        let corners = (0..<4).map { k in c + Vec2(cos(Double(k) * .pi / 2 + 0.3), sin(Double(k) * .pi / 2 + 0.3)) * r * rng.double(in: 0.7...1) }
        return Quad(corners: corners, color: RGBA(UInt8(Int.random(in: 0...255, using: &rng)), 90, 200))
    }

    @Test("every pixel whose exact coverage changed is damaged, the damage stays near what changed, and the spans are exact",
          arguments: [1.0, 1.5])
    func changedCoverageIsDamaged(scale: Double) {
        var rng = SplitMix64(seed: 7)
        var quads = (0..<3).map { _ in SpanDamageTests.randomQuad(&rng) }
        var tracker = DamageTracker(), coverage = FrameCoverage()
        let (w, h) = SpanDamageTests.size
        var before = SpanDamageTests.coverage(quads, scale: scale)
        tracker.update(SpanDamageTests.list(quads), scale: scale, width: w, height: h, coverage: &coverage)
        var changedInAll = 0, damagedInAll = 0
        for _ in 0..<25 {
            // Some quads move by a fraction of a pixel to a few pixels; one sometimes turns.
            for k in quads.indices where Int.random(in: 0...2, using: &rng) > 0 {
                let d = Vec2(rng.double(in: -3...3), rng.double(in: -3...3))
                quads[k].corners = quads[k].corners.map { $0 + d }
            }
            let list = SpanDamageTests.list(quads)
            tracker.update(list, scale: scale, width: w, height: h, coverage: &coverage)
            let after = SpanDamageTests.coverage(quads, scale: scale)
            var missed: [(Int, Int)] = [], changed = 0
            for y in 0..<h { for x in 0..<w {
                let i = y * w + x
                let delta = zip(before, after).map { abs($0[i] - $1[i]) }.max() ?? 0
                if delta > 1e-9 { changed += 1 }
                // Beyond the 1/256-px rounding of the rasteriser's fixed point, an alpha changed.
                if delta >= 1.5 / 255, !tracker.region.contains(x: x, y: y) { missed.append((x, y)) }
            } }
            #expect(missed.count == 0, "\(missed.count) changed pixels outside the damage, first \(missed.prefix(5))")
            changedInAll += changed; damagedInAll += tracker.region.area
            // The runs' spans (kept or converted anew) are each quad's exact coverage.
            #expect(coverage.runs.count == quads.count)
            for (k, run) in coverage.runs.enumerated() {
                guard let range = run.spans else { Issue.record("run \(k) has no spans"); continue }
                var alpha = [Int](repeating: 0, count: w * h)
                for s in coverage.spans[range] { for x in s.x0..<s.x1 { alpha[Int(s.y) * w + Int(x)] = Int(s.alpha) } }
                let worst = alpha.indices.map { abs(Double(alpha[$0]) - after[k][$0] * 255) }.max() ?? 0
                #expect(worst <= 1.5, "run \(k): alpha off its exact coverage by \(worst)/255")
            }
            before = after
        }
        #expect(damagedInAll <= 2 * changedInAll, "damaged \(damagedInAll) px for \(changedInAll) that changed")
    }
}
