import TestRandom
import Testing
import TestSupport
@testable import ElasticCore
@testable import ElasticRaster

/// `TriangleClip` against the closed-form area of triangle ∩ box (`CoverageReference.triangleCover`
/// summed over the box's pixels), a supersampled centroid, and the cases it must treat whole:
/// inside, outside, not finite, far off.
@Suite struct TriangleClipTests {
    /// The polygon's corners.
    static func corners(_ piece: TriangleClip) -> [Vec2] { (0..<piece.count).map { piece[$0] } }

    /// The area of triangle `t` inside the whole-pixel box `box`, in closed form, row by row.
    static func exactArea(_ t: [Vec2], in box: PixelRect) -> Double {
        (box.y0..<box.y1).reduce(0) { sum, y in
            sum + CoverageReference.triangleCover(row: y, columns: box.x0..<box.x1, triangles: [t]).reduce(0, +)
        }
    }

    /// A point at random in a square of `size` around the origin, on a grid of `step` when given
    /// (corners then often fall on the box's sides and corners).
    static func point(_ random: inout SplitMix64, size: Double, step: Double? = nil) -> Vec2 {
        func v() -> Double {
            let d = random.double(in: -size...size)
            return step.map { (d / $0).rounded() * $0 } ?? d
        }
        return Vec2(v(), v())
    }

    @Test("random triangles cut to a box: the exact area of their overlap, corners inside the box, the triangle's orientation, at most 7 corners")
    func areaOfRandomCuts() {
        var random = SplitMix64(seed: 2024)
        var worst = 0.0
        for trial in 0..<600 {
            // Every third on a coarse grid: corners on the sides, edges through the box's corners.
            let step: Double? = trial % 3 == 0 ? 2 : nil
            let t = (0..<3).map { _ in Self.point(&random, size: 40, step: step) }
            let box = PixelRect(x0: -Int(random.next() % 30), y0: -Int(random.next() % 30),
                                x1: 1 + Int(random.next() % 30), y1: 1 + Int(random.next() % 30))
            let piece = TriangleClip(t[0], t[1], t[2], box: TriangleClip.Box(box))
            let cross = (t[1] - t[0]).cross(t[2] - t[0])
            let expected = Self.exactArea(t, in: box)
            let area = piece.areaAndCentroid().area
            worst = max(worst, abs(abs(area) - expected))
            #expect(abs(abs(area) - expected) < 1e-9 * max(1, expected), "trial \(trial): \(t) in \(box): area \(area), exact \(expected)")
            #expect(area == 0 || (area > 0) == (cross > 0), "trial \(trial): orientation flipped")
            #expect(piece.count <= TriangleClip.capacity && (piece.count == 0 || piece.count >= 3))
            for p in Self.corners(piece) {
                #expect(p.x >= Double(box.x0) && p.x <= Double(box.x1) && p.y >= Double(box.y0) && p.y <= Double(box.y1),
                        "trial \(trial): corner \(p) outside \(box)")
            }
        }
        print("TriangleClipTests: worst area error \(worst) px²")
    }

    @Test("a triangle cut to a pixel: its centroid is the covered samples' mean")
    func centroidOfPixelCuts() {
        var random = SplitMix64(seed: 99)
        let n = 512  // samples a side: the sampled centroid is good to about 1/n
        for trial in 0..<60 {
            let t = (0..<3).map { _ in Self.point(&random, size: 2.5) }
            let pixel = TriangleClip.Box(x0: 0, y0: 0, x1: 1, y1: 1)
            let (area, centroid) = TriangleClip(t[0], t[1], t[2], box: pixel).areaAndCentroid()
            var sum = Vec2.zero, count = 0
            let e = [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])]
            let sign = (t[1] - t[0]).cross(t[2] - t[0]) > 0 ? 1.0 : -1.0
            for j in 0..<n {
                for i in 0..<n {
                    let p = Vec2((Double(i) + 0.5) / Double(n), (Double(j) + 0.5) / Double(n))
                    if e.allSatisfy({ sign * ($0.1 - $0.0).cross(p - $0.0) >= 0 }) { sum += p; count += 1 }
                }
            }
            guard count > n * n / 50 else { continue }  // too little covered for the samples to say
            #expect(abs(abs(area) - Double(count) / Double(n * n)) < 4.0 / Double(n), "trial \(trial): area \(area)")
            let sampled = sum / Double(count)
            #expect(abs(centroid.x - sampled.x) < 0.01 && abs(centroid.y - sampled.y) < 0.01,
                    "trial \(trial): centroid \(centroid), sampled \(sampled)")
        }
    }

    @Test("a triangle inside the box comes back unchanged, in either orientation")
    func insideIsUnchanged() {
        let t = [Vec2(1.25, 2), Vec2(9, 3.5), Vec2(4, 8.75)]
        let box = TriangleClip.Box(x0: 1, y0: 2, x1: 9, y1: 9)  // touching it is inside
        #expect(Self.corners(TriangleClip(t[0], t[1], t[2], box: box)) == t)
        #expect(Self.corners(TriangleClip(t[2], t[1], t[0], box: box)) == [t[2], t[1], t[0]])
        let (area, centroid) = TriangleClip(t[0], t[1], t[2], box: box).areaAndCentroid()
        #expect(abs(area - (t[1] - t[0]).cross(t[2] - t[0]) / 2) < 1e-12)
        let mean = (t[0] + t[1] + t[2]) / 3
        #expect(abs(centroid.x - mean.x) < 1e-12 && abs(centroid.y - mean.y) < 1e-12)
    }

    @Test("a triangle outside the box is empty, also when its bounding box overlaps the box")
    func outsideIsEmpty() {
        let box = TriangleClip.Box(x0: 0, y0: 0, x1: 10.5, y1: 10.5)
        #expect(TriangleClip(Vec2(11, 0), Vec2(20, 0), Vec2(15, 5), box: box).isEmpty)
        // Beside the box's corner (10.5, 0): below the line y = x − 11 it never reaches.
        #expect(TriangleClip(Vec2(10, -1), Vec2(12, -1), Vec2(12, 1), box: box).isEmpty)
        #expect(TriangleClip(Vec2(10, -1), Vec2(12, -1), Vec2(12, 1), box: box).areaAndCentroid().area == 0)
    }

    @Test("a corner that is not finite gives an empty polygon")
    func notFiniteIsEmpty() {
        let box = TriangleClip.Box(x0: 0, y0: 0, x1: 10, y1: 10)
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(TriangleClip(Vec2(1, 1), Vec2(bad, 2), Vec2(5, 8), box: box).isEmpty)
            #expect(TriangleClip(Vec2(1, 1), Vec2(2, 2), Vec2(5, bad), box: box).isEmpty)
        }
    }

    @Test("a corner at 1e9 px: the exact area, and both the fan cut to the output grown by a pixel and the whole triangle (addTriangleCut) give the output its exact coverage")
    func farCornerIsCut() {
        let output = PixelRect(x0: 0, y0: 0, x1: 48, y1: 32)
        let triangles: [[Vec2]] = [
            [Vec2(5, 4), Vec2(1e9, 7), Vec2(6, 25)],
            [Vec2(-1e9, -1e9), Vec2(40, 3), Vec2(20.5, 30.25)],
            [Vec2(3, 3), Vec2(1e9, 1e9 + 2), Vec2(-1e9, 1e9)],  // covers the whole output and more
        ]
        for t in triangles {
            let piece = TriangleClip(t[0], t[1], t[2], box: TriangleClip.Box(output, grownBy: 1))
            #expect(abs(abs(piece.areaAndCentroid().area) - Self.exactArea(t, in: PixelRect(x0: -1, y0: -1, x1: output.x1 + 1, y1: output.y1 + 1))) < 1e-4, "\(t)")
            // The fan of the cut, and the whole triangle, which `addTriangleCut` cuts to the rasteriser's range.
            var fan = CoverageRasterizer(), whole = CoverageRasterizer()
            _ = fan.addTriangles(count: piece.count - 2) { k in
                let o = piece[0], p = piece[k + 1], q = piece[k + 2]
                return (Float(o.x), Float(o.y), Float(p.x), Float(p.y), Float(q.x), Float(q.y))
            }
            whole.addTriangleCut(Float(t[0].x), Float(t[0].y), Float(t[1].x), Float(t[1].y), Float(t[2].x), Float(t[2].y))
            for (name, rasterizer) in [("fan", fan), ("whole", whole)] {
                var rasterizer = rasterizer
                rasterizer.sweep(clip: output)
                var got = [Int](repeating: 0, count: output.area)
                for s in rasterizer.spans { for x in Int(s.x0)..<Int(s.x1) { got[Int(s.y) * output.width + x] = Int(s.alpha) } }
                var worst = 0
                for y in output.y0..<output.y1 {
                    let cover = CoverageReference.triangleCover(row: y, columns: output.x0..<output.x1, triangles: [t])
                    for (x, area) in cover.enumerated() { worst = max(worst, abs(got[y * output.width + x] - Int((min(area, 1) * 255).rounded()))) }
                }
                #expect(worst <= 1, "\(t), \(name): coverage off by \(worst)")
            }
        }
    }
}
