import TestRandom
import Foundation
import Testing
@testable import ElasticCore
@testable import ElasticRaster

/// `CoverageRasterizer` against the exact area of the triangles in each pixel, computed here by
/// clipping each triangle to the pixel's square (Sutherland–Hodgman) in doubles.
@Suite struct CoverageRasterizerTests {
    struct Point: Sendable, CustomStringConvertible {
        var x: Double, y: Double
        init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
        var description: String { "(\(x), \(y))" }
    }

    /// The area of `polygon` inside the unit square at (px, py).
    static func areaInPixel(_ polygon: [Point], _ px: Int, _ py: Int) -> Double {
        var poly = polygon
        let x0 = Double(px), y0 = Double(py), x1 = x0 + 1, y1 = y0 + 1
        func clip(_ inside: (Point) -> Bool, _ cut: (Point, Point) -> Point) {
            var out: [Point] = []
            for k in poly.indices {
                let a = poly[k], b = poly[(k + 1) % poly.count]
                if inside(a) { out.append(a) }
                if inside(a) != inside(b) { out.append(cut(a, b)) }
            }
            poly = out
        }
        func atX(_ x: Double) -> (Point, Point) -> Point { { a, b in Point(x, a.y + (x - a.x) / (b.x - a.x) * (b.y - a.y)) } }
        func atY(_ y: Double) -> (Point, Point) -> Point { { a, b in Point(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x), y) } }
        clip({ $0.x >= x0 }, atX(x0)); clip({ $0.x <= x1 }, atX(x1))
        clip({ $0.y >= y0 }, atY(y0)); clip({ $0.y <= y1 }, atY(y1))
        guard poly.count >= 3 else { return 0 }
        var twice = 0.0
        for k in poly.indices {
            let a = poly[k], b = poly[(k + 1) % poly.count]
            twice += a.x * b.y - b.x * a.y
        }
        return abs(twice) / 2
    }

    /// The rasteriser's alpha per pixel of `clip`, from its spans.
    static func alphas(_ r: inout CoverageRasterizer, clip: PixelRect) -> [Int] {
        r.sweep(clip: clip)
        var out = Array(repeating: 0, count: clip.area)
        var lastRow = Int32.min, lastEnd = Int32.min
        for s in r.spans {
            #expect(s.y >= clip.y0 && s.y < clip.y1 && s.x0 >= clip.x0 && s.x1 <= clip.x1 && s.x0 < s.x1, "span \(s) outside \(clip)")
            #expect(s.y > lastRow || s.x0 >= lastEnd, "spans out of order or overlapping")
            lastRow = s.y; lastEnd = s.x1
            for x in s.x0..<s.x1 { out[(Int(s.y) - clip.y0) * clip.width + Int(x) - clip.x0] = Int(s.alpha) }
        }
        return out
    }

    @Test("a triangle's every pixel gets its exact covered area, whichever way round it is given")
    func singleTrianglesMatchExactArea() {
        var random = SplitMix64(seed: 7)
        let clip = PixelRect(x0: 0, y0: 0, x1: 40, y1: 30)
        for _ in 0..<60 {
            let t: [Point] = (0..<3).map { _ in Point(random.double(in: -6...46), random.double(in: -6...36)) }
            for order in [[0, 1, 2], [0, 2, 1]] {
                var r = CoverageRasterizer()
                let p = order.map { t[$0] }
                let added = r.addTriangle(Float(p[0].x), Float(p[0].y), Float(p[1].x), Float(p[1].y), Float(p[2].x), Float(p[2].y))
                #expect(added)
                let got = Self.alphas(&r, clip: clip)
                var worst = 0
                for y in 0..<clip.height {
                    for x in 0..<clip.width {
                        // The vertices go through Float and 1/256 px steps: 2/255 covers both.
                        let expected = Self.areaInPixel(p, x, y) * 255
                        worst = max(worst, Int(abs(Double(got[y * clip.width + x]) - expected).rounded(.up)))
                    }
                }
                #expect(worst <= 2, "triangle \(p): worst pixel off by \(worst)/255")
            }
        }
    }

    @Test("a fan of triangles covers its polygon exactly: no seam along shared edges, interior pixels full",
          arguments: [(Point(20.3, 15.7), PixelRect(x0: 0, y0: 0, x1: 40, y1: 32)),
                      (Point(3_000.3, 2_000.7), PixelRect(x0: 0, y0: 0, x1: 3_840, y1: 2_160))])
    func sharedEdgesLeaveNoSeam(center c: Point, clip: PixelRect) {
        // A 23-gon fanned from its centre, so 23 edges are shared; in a small output and far into a
        // 4K one (whose rows and columns take more passes to sort).
        let ring: [Point] = (0..<23).map { k in
            let a = Double(k) / 23 * 2 * Double.pi
            return Point(c.x + 13.1 * cos(a), c.y + 11.4 * sin(a))
        }
        var r = CoverageRasterizer()
        for k in ring.indices {
            let a = ring[k], b = ring[(k + 1) % ring.count]
            let added = r.addTriangle(Float(c.x), Float(c.y), Float(a.x), Float(a.y), Float(b.x), Float(b.y))
            #expect(added)
        }
        r.sweep(clip: clip)
        var got: [Int: Int] = [:]
        for s in r.spans { for x in s.x0..<s.x1 { got[Int(s.y) * clip.width + Int(x)] = Int(s.alpha) } }
        let box = PixelRect(x0: Int(c.x) - 15, y0: Int(c.y) - 13, x1: Int(c.x) + 16, y1: Int(c.y) + 14)
        #expect(got.keys.allSatisfy { box.contains(x: $0 % clip.width, y: $0 / clip.width) }, "coverage outside the polygon")
        for y in box.y0..<box.y1 {
            for x in box.x0..<box.x1 {
                let expected = Self.areaInPixel(ring, x, y) * 255, value = got[y * clip.width + x] ?? 0
                #expect(abs(Double(value) - expected) <= 2, "pixel \(x),\(y): \(value) vs \(expected)")
            }
        }
    }

    @Test("triangles reaching far beyond the clip, up to the coordinate limit, still give each shown pixel its exact area")
    func farReachingTriangles() {
        let clip = PixelRect(x0: 100, y0: 50, x1: 140, y1: 80)
        let triangles: [[Point]] = [
            [Point(-16_000, 40.3), Point(16_000, 60.7), Point(120.2, 90.9)],       // long shallow edges across the clip
            [Point(-16_384, -16_384), Point(16_384, 16_000), Point(-16_384, 16_384)], // the clip inside, two edges through it
            [Point(139.5, -10_000), Point(16_000, 10_000), Point(139.9, 10_000)],    // a sliver along the right side
        ]
        for t in triangles {
            var r = CoverageRasterizer()
            let added = r.addTriangle(Float(t[0].x), Float(t[0].y), Float(t[1].x), Float(t[1].y), Float(t[2].x), Float(t[2].y))
            #expect(added)
            let got = Self.alphas(&r, clip: clip)
            for y in clip.y0..<clip.y1 {
                for x in clip.x0..<clip.x1 {
                    // Float keeps 1/1024 px at 16,000: a shallow edge's y moves by more over 16,000 px.
                    let expected = Self.areaInPixel(t, x, y) * 255
                    #expect(abs(Double(got[(y - clip.y0) * clip.width + x - clip.x0]) - expected) <= 4, "\(t) pixel \(x),\(y)")
                }
            }
        }
    }

    @Test("a pixel's value does not depend on the clip: any part of the output gets what the whole does")
    func clipDoesNotChangePixels() {
        var r = CoverageRasterizer()
        let first = r.addTriangle(-30.2, 3.7, 70.9, 12.1, 10.4, 45.6)
        let second = r.addTriangle(70.9, 12.1, 10.4, 45.6, 60.3, 50.2)
        #expect(first && second)
        let whole = PixelRect(x0: 0, y0: 0, x1: 64, y1: 48)
        let all = Self.alphas(&r, clip: whole)
        for part in [PixelRect(x0: 0, y0: 0, x1: 7, y1: 48), PixelRect(x0: 20, y0: 10, x1: 33, y1: 21),
                     PixelRect(x0: 50, y0: 30, x1: 64, y1: 48), PixelRect(x0: 63, y0: 0, x1: 64, y1: 1)] {
            let some = Self.alphas(&r, clip: part)
            for y in part.y0..<part.y1 {
                for x in part.x0..<part.x1 {
                    #expect(some[(y - part.y0) * part.width + x - part.x0] == all[y * whole.width + x], "pixel \(x),\(y) in \(part)")
                }
            }
        }
    }

    @Test("overlapping triangles of one run add up and saturate; refused vertices add nothing")
    func overlapsSaturateAndBadVerticesAreRefused() {
        let t = [Point(2.25, 1.5), Point(17.5, 4.75), Point(6.0, 13.0)]
        var once = CoverageRasterizer(), twice = CoverageRasterizer()
        _ = once.addTriangle(2.25, 1.5, 17.5, 4.75, 6.0, 13.0)
        for _ in 0..<2 { _ = twice.addTriangle(2.25, 1.5, 17.5, 4.75, 6.0, 13.0) }
        let clip = PixelRect(x0: 0, y0: 0, x1: 20, y1: 16)
        let a = Self.alphas(&once, clip: clip), b = Self.alphas(&twice, clip: clip)
        for y in 0..<clip.height {
            for x in 0..<clip.width {
                let exact = Self.areaInPixel(t, x, y)
                #expect(abs(Double(b[y * clip.width + x]) - min(1, 2 * exact) * 255) <= 2)
                #expect(b[y * clip.width + x] >= a[y * clip.width + x])
            }
        }
        // Forty thousand copies of one triangle: its edges' winding outgrows 32-bit cell sums.
        var many = CoverageRasterizer()
        for _ in 0..<40_000 { _ = many.addTriangle(2.25, 1.5, 17.5, 4.75, 6.0, 13.0) }
        let crowded = Self.alphas(&many, clip: clip)
        for k in crowded.indices { #expect(crowded[k] == (a[k] > 0 ? 255 : 0), "pixel \(k % clip.width),\(k / clip.width)") }
        var bad = CoverageRasterizer()
        let notANumber = bad.addTriangle(.nan, 1, 2, 3, 4, 5)
        let tooFar = bad.addTriangle(0, 0, 1e6, 0, 0, 1)
        #expect(!notANumber && !tooFar)
        #expect(bad.isEmpty)
    }
}

@Suite struct SpanBlendTests {
    @Test("every byte is blended as (s·a + d·(255 − a)) / 255, rounded, and whole spans are stored")
    func blendMatchesTheFormula() {
        var random = SplitMix64(seed: 3)
        for _ in 0..<2_000 {
            let s = UInt32(truncatingIfNeeded: random.next()), d = UInt32(truncatingIfNeeded: random.next())
            let a = UInt32(random.next() % 256)
            let got = SpanBlend.blend(s, over: d, alpha: a)
            for shift in stride(from: 0, to: 32, by: 8) {
                let sb = Double((s >> UInt32(shift)) & 255), db = Double((d >> UInt32(shift)) & 255)
                let expected = UInt32(((sb * Double(a) + db * Double(255 - a)) / 255).rounded())
                #expect((got >> UInt32(shift)) & 255 == expected, "s \(s) d \(d) a \(a) byte \(shift / 8)")
            }
        }
        var pixels = [UInt32](repeating: 0xFF10_2030, count: 8)
        let spans = [CoverageSpan(y: 0, x0: 1, x1: 4, alpha: 255), CoverageSpan(y: 0, x0: 5, x1: 6, alpha: 128)]
        pixels.withUnsafeMutableBytes { SpanBlend.apply(spans, color: 0xFFF0_E0D0, opacity: 255, to: $0.baseAddress!, pitch: 32) }
        #expect(pixels[0] == 0xFF10_2030 && pixels[1] == 0xFFF0_E0D0 && pixels[3] == 0xFFF0_E0D0 && pixels[4] == 0xFF10_2030)
        #expect(pixels[5] == SpanBlend.blend(0xFFF0_E0D0, over: 0xFF10_2030, alpha: 128) && pixels[6] == 0xFF10_2030)
    }

    @Test("a run (translucent rectangles) gives every byte, pixel byte and alpha the formula's value, rounded to the nearest level")
    func runMatchesTheFormulaEverywhere() {
        // Row d holds the byte d in every pixel's four bytes; 259 pixels: the 8-wide lanes and the tail.
        var row = [UInt32](repeating: 0, count: 259)
        var wrong = 0
        for a in 0...255 as ClosedRange<UInt32> {
            for s in 0...255 as ClosedRange<UInt32> {
                for d in 0...255 as ClosedRange<UInt32> {
                    let expected = UInt32(((Double(s) * Double(a) + Double(d) * Double(255 - a)) / 255).rounded())
                    row[0] = d &* 0x0101_0101
                    row.withUnsafeMutableBufferPointer { SpanBlend.blendRun($0.baseAddress! + 0, count: 1, color: s &* 0x0101_0101, alpha: a) }
                    if row[0] != expected &* 0x0101_0101 { wrong += 1 }
                }
                for k in row.indices { row[k] = UInt32(k % 256) &* 0x0101_0101 }
                row.withUnsafeMutableBufferPointer { SpanBlend.blendRun($0.baseAddress!, count: $0.count, color: s &* 0x0101_0101, alpha: a) }
                for k in row.indices {
                    let d = Double(k % 256)
                    let expected = UInt32(((Double(s) * Double(a) + d * Double(255 - a)) / 255).rounded())
                    if row[k] != expected &* 0x0101_0101 { wrong += 1 }
                }
            }
        }
        #expect(wrong == 0, "\(wrong) blends off the formula")
    }
}
