import TestRandom
import Foundation
import Testing
@testable import ElasticCore
@testable import ElasticRaster

/// `CoverageRasterizer`'s spans against `ReferenceRasterizer`'s (the rasteriser before its cells
/// were summed in a dense grid by bands), span for span: the rewrite is meant to be bit-identical.
@Suite struct RasterizerReferenceTests {
    /// Adds the same triangles to both and compares the spans of each clip, in turn.
    /// `reused` (reset first) instead of a new rasteriser: buffers left by other runs and clips.
    static func compare(_ triangles: [[Float]], clips: [PixelRect], _ label: String, reusing reused: inout CoverageRasterizer) {
        reused.reset()
        var new = reused, old = ReferenceRasterizer()
        defer { reused = new }
        for t in triangles {
            let a = new.addTriangle(t[0], t[1], t[2], t[3], t[4], t[5])
            let b = old.addTriangle(t[0], t[1], t[2], t[3], t[4], t[5])
            #expect(a == b)
        }
        #expect(new.bounds == old.bounds)
        for clip in clips {
            new.sweep(clip: clip)
            old.sweep(clip: clip)
            let got = Array(new.spans), expected = old.spans
            #expect(got == expected, "\(label) clip \(clip): \(got.count) spans, expected \(expected.count)")
        }
    }

    static func randomClip(_ random: inout SplitMix64, width: Int, height: Int) -> PixelRect {
        let x0 = Int(random.next() % UInt64(width)) - 8, y0 = Int(random.next() % UInt64(height)) - 8
        return PixelRect(x0: x0, y0: y0, x1: x0 + 1 + Int(random.next() % UInt64(width)), y1: y0 + 1 + Int(random.next() % UInt64(height)))
    }

    @Test("loose and overlapping triangles, any clip")
    func looseTriangles() {
        var random = SplitMix64(seed: 11), reused = CoverageRasterizer()
        for run in 0..<150 {
            let count = 1 + Int(random.next() % 24)
            let triangles: [[Float]] = (0..<count).map { _ in
                (0..<3).flatMap { _ in [Float(random.double(in: -12...100)), Float(random.double(in: -12...80))] }
            }
            var clips = [PixelRect(x0: 0, y0: 0, x1: 90, y1: 70), PixelRect(x0: -20, y0: -20, x1: 120, y1: 100)]
            for _ in 0..<4 { clips.append(Self.randomClip(&random, width: 100, height: 80)) }
            Self.compare(triangles, clips: clips, "run \(run)", reusing: &reused)
        }
    }

    @Test("fans sharing edges (star polygons), on whole pixels, quarter pixels and anywhere")
    func fans() {
        var random = SplitMix64(seed: 12), reused = CoverageRasterizer()
        for run in 0..<120 {
            let cx = Float(random.double(in: 20...300)), cy = Float(random.double(in: 20...260))
            let n = 3 + Int(random.next() % 60)
            let grid: Float = [1, 4, 256][run % 3]
            let points: [(Float, Float)] = (0..<n).map { k in
                let angle = Float(k) / Float(n) * 2 * .pi, radius = Float(random.double(in: 2...250))
                return (((cx + radius * cos(angle)) * grid).rounded() / grid, ((cy + radius * sin(angle)) * grid).rounded() / grid)
            }
            let triangles = (0..<n).map { k in
                [cx, cy, points[k].0, points[k].1, points[(k + 1) % n].0, points[(k + 1) % n].1]
            }
            var clips = [PixelRect(x0: -300, y0: -300, x1: 700, y1: 600), PixelRect(x0: 0, y0: 0, x1: 3000, y1: 40)]
            for _ in 0..<4 { clips.append(Self.randomClip(&random, width: 520, height: 520)) }
            Self.compare(triangles, clips: clips, "fan \(run)", reusing: &reused)
        }
    }

    @Test("tall and wide shapes cross many bands; thin slivers and points on pixel corners")
    func tallWideAndThin() {
        var random = SplitMix64(seed: 13), reused = CoverageRasterizer()
        for run in 0..<60 {
            var triangles: [[Float]] = []
            for _ in 0..<(1 + Int(random.next() % 6)) {
                let x = Float(random.double(in: -50...4000)), y = Float(random.double(in: -50...2200))
                let w = Float(random.double(in: -4000...4000)), h = Float(random.double(in: -2200...2200))
                triangles.append([x, y, x + w, y + 0.25 * Float(random.double(in: -1...1)), x + 0.5 * w, y + h])
                triangles.append([x, y, x + 0.001 * w, y + h, x + 0.002, y + 0.5 * h])
                triangles.append([x.rounded(), y.rounded(), x.rounded() + 3, y.rounded(), x.rounded(), y.rounded() + 700])
            }
            var clips = [PixelRect(x0: 0, y0: 0, x1: 3840, y1: 2160), PixelRect(x0: 100, y0: 0, x1: 101, y1: 2160)]
            for _ in 0..<3 { clips.append(Self.randomClip(&random, width: 3900, height: 2200)) }
            Self.compare(triangles, clips: clips, "tall \(run)", reusing: &reused)
        }
    }
}
