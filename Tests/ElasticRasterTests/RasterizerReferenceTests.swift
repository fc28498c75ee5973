import TestRandom
import Foundation
import Testing
@testable import ElasticCore
@testable import ElasticRaster
import TestSupport

/// `CoverageRasterizer`'s spans against the exact area the triangles cover in each pixel (the
/// shared oracle's closed form, `CoverageReference.triangleCover`, overlaps adding and saturating
/// at full): every pixel of sampled rows of each clip, within one 8-bit step. The rasteriser takes
/// its vertices to 1/256 px, so the oracle is given them so rounded.
@Suite struct RasterizerReferenceTests {
    /// Rows of a clip checked pixel by pixel: all of a short clip, else 8 at random and its edges.
    static let rowsChecked = 8

    /// Adds the triangles and compares the spans of each clip, in turn, with the exact coverage.
    /// `reused` (reset first) instead of a new rasteriser: buffers left by other runs and clips.
    static func compare(_ triangles: [[Float]], clips: [PixelRect], _ label: String, reusing reused: inout CoverageRasterizer,
                        random: inout SplitMix64) {
        reused.reset()
        func snapped(_ v: Float) -> Double { (Double(v) * 256).rounded() / 256 }
        var exact: [[Vec2]] = []
        var bounds = PixelRect.empty
        for t in triangles {
            let added = reused.addTriangle(t[0], t[1], t[2], t[3], t[4], t[5])
            #expect(added, "\(label): \(t) refused")
            let p = stride(from: 0, to: 6, by: 2).map { Vec2(snapped(t[$0]), snapped(t[$0 + 1])) }
            guard (p[1] - p[0]).cross(p[2] - p[0]) != 0 else { continue }
            exact.append(p)
            let xs = p.map { Int($0.x.rounded(.down)) }, ys = p.map { Int($0.y.rounded(.down)) }
            bounds = bounds.union(PixelRect(x0: xs.min()!, y0: ys.min()!, x1: xs.max()! + 1, y1: ys.max()! + 1))
        }
        #expect(reused.bounds == bounds, "\(label)")
        for clip in clips {
            reused.sweep(clip: clip)
            guard !clip.isEmpty else { #expect(reused.spans.isEmpty); continue }
            var rows = Set([clip.y0, clip.y1 - 1])
            if clip.height <= Self.rowsChecked + 2 { rows.formUnion(clip.y0..<clip.y1) } else {
                while rows.count < Self.rowsChecked + 2 { rows.insert(clip.y0 + Int(random.next() % UInt64(clip.height))) }
            }
            // The rasteriser's alpha per pixel of those rows (absent: 0), each pixel once.
            var drawn: [Int: [Int16]] = [:]
            for y in rows { drawn[y] = [Int16](repeating: -1, count: clip.width) }
            for span in reused.spans {
                #expect(clip.contains(x: Int(span.x0), y: Int(span.y)) && Int(span.x1) <= clip.x1 && span.x0 < span.x1,
                        "\(label) clip \(clip): span \(span) outside")
                guard rows.contains(Int(span.y)) else { continue }
                for x in Int(span.x0)..<min(Int(span.x1), clip.x1) {
                    #expect(drawn[Int(span.y)]![x - clip.x0] < 0, "\(label): (\(x), \(span.y)) twice")
                    drawn[Int(span.y)]![x - clip.x0] = Int16(span.alpha)
                }
            }
            var worst = 0, reported = 0
            for y in rows.sorted() {
                let cover = CoverageReference.triangleCover(row: y, columns: clip.x0..<clip.x1, triangles: exact)
                for (i, area) in cover.enumerated() {
                    let expected = Int((min(area, 1) * 255).rounded())
                    let got = max(Int(drawn[y]![i]), 0)
                    worst = max(worst, abs(got - expected))
                    if abs(got - expected) > 1, reported < 3 { reported += 1; Issue.record("\(label) clip \(clip): (\(clip.x0 + i), \(y)) alpha \(got), exact \(expected)") }
                }
            }
            #expect(worst <= 1, "\(label) clip \(clip): off by \(worst)")
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
            Self.compare(triangles, clips: clips, "run \(run)", reusing: &reused, random: &random)
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
            Self.compare(triangles, clips: clips, "fan \(run)", reusing: &reused, random: &random)
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
            Self.compare(triangles, clips: clips, "tall \(run)", reusing: &reused, random: &random)
        }
    }
}
