import TestRandom
import Testing
@testable import ElasticCore
@testable import ElasticRaster

/// `SpanBlend.apply` against a pixel-by-pixel oracle: each span's pixels written (with
/// `clippedTo:`, where some rectangle of the clip holds them), nowhere else.
@Suite struct SpanBlendClipTests {
    /// Rows of spans: some rows hold many one-pixel spans, scattered or side by side (a shallow
    /// edge's cells, blended eight at a time), some long ones.
    static func randomSpans(width: Int, height: Int, _ random: inout SplitMix64) -> [CoverageSpan] {
        var spans: [CoverageSpan] = []
        for y in 0..<height where random.next() % 3 != 0 {
            var x = Int(random.next() % 8)
            while x < width - 1 {
                if random.next() % 3 == 0 {  // a shallow edge: 1 to 30 cells with no gap
                    for _ in 0..<(1 + Int(random.next() % 30)) where x < width {
                        spans.append(CoverageSpan(y: Int32(y), x0: Int32(x), x1: Int32(x + 1), alpha: UInt8(random.next() % 256)))
                        x += 1
                    }
                } else {
                    let length = random.next() % 4 == 0 ? 1 + Int(random.next() % 30) : 1
                    let x1 = min(x + length, width)
                    spans.append(CoverageSpan(y: Int32(y), x0: Int32(x), x1: Int32(x1), alpha: UInt8(random.next() % 256)))
                    x = x1
                }
                x += Int(random.next() % 3)
            }
        }
        return spans
    }

    /// The spans blended into `pixels` one pixel at a time, where `inside(x, y)` allows.
    static func oracle(_ spans: [CoverageSpan], color: UInt32, opacity: UInt8, over pixels: [UInt32], width: Int,
                       inside: (Int, Int) -> Bool) -> [UInt32] {
        var expected = pixels
        for s in spans {
            let a = opacity == 255 ? UInt32(s.alpha) : SpanBlend.divide255(UInt32(s.alpha) * UInt32(opacity))
            for x in Int(s.x0)..<Int(s.x1) where inside(x, Int(s.y)) {
                let i = Int(s.y) * width + x
                if a == 255 { expected[i] = color } else if a > 0 { expected[i] = SpanBlend.blend(color, over: expected[i], alpha: a) }
            }
        }
        return expected
    }

    @Test("unclipped spans write exactly their pixels, one-pixel cells and long runs alike")
    func unclippedSpansWriteTheirPixels() {
        var random = SplitMix64(seed: 47)
        let width = 96, height = 40
        for trial in 0..<100 {
            let spans = Self.randomSpans(width: width, height: height, &random)
            let color = UInt32(truncatingIfNeeded: random.next()), opacity = UInt8(trial % 2 == 0 ? 255 : random.next() % 256)
            var got = (0..<(width * height)).map { _ in UInt32(truncatingIfNeeded: random.next()) }
            let expected = Self.oracle(spans, color: color, opacity: opacity, over: got, width: width) { _, _ in true }
            got.withUnsafeMutableBytes { SpanBlend.apply(spans, color: color, opacity: opacity, to: $0.baseAddress!, pitch: width * 4) }
            let wrong = zip(got, expected).filter { $0 != $1 }.count
            #expect(wrong == 0, "trial \(trial): \(wrong) pixels differ")
        }
    }

    @Test("clipped spans write exactly the pixels inside the rectangles, whatever the rows' span counts and the rectangles' order")
    func clippedSpansWriteExactlyInsideTheRectangles() {
        var random = SplitMix64(seed: 31)
        let width = 96, height = 40
        for trial in 0..<300 {
            let spans = Self.randomSpans(width: width, height: height, &random)
            // Disjoint rectangles: cells of a grid, some left out, shuffled.
            var rects: [PixelRect] = []
            for gy in stride(from: 0, to: height, by: 10) {
                for gx in stride(from: 0, to: width, by: 16) where random.next() % 2 == 0 {
                    rects.append(PixelRect(x0: gx + Int(random.next() % 4), y0: gy + Int(random.next() % 3),
                                           x1: gx + 16 - Int(random.next() % 4), y1: gy + 10 - Int(random.next() % 3)))
                }
            }
            rects.shuffle(using: &random)
            var clip = PixelRegion()
            clip.set(rects)
            let color = UInt32(truncatingIfNeeded: random.next()), opacity = UInt8(trial % 2 == 0 ? 255 : random.next() % 256)
            var got = (0..<(width * height)).map { _ in UInt32(truncatingIfNeeded: random.next()) }
            let expected = Self.oracle(spans, color: color, opacity: opacity, over: got, width: width) { x, y in
                rects.contains { $0.contains(x: x, y: y) }
            }
            got.withUnsafeMutableBytes { pixels in
                SpanBlend.apply(spans[...], clippedTo: clip, color: color, opacity: opacity, to: pixels.baseAddress!, pitch: width * 4)
            }
            let wrong = zip(got, expected).filter { $0 != $1 }.count
            #expect(wrong == 0, "trial \(trial): \(wrong) pixels differ")
        }
    }

    /// `color` over `under` at `alpha`, each byte rounded to nearest: written out here, not `SpanBlend.blend`.
    static func composite(_ color: UInt32, over under: UInt32, alpha: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: 0, through: 24, by: 8) {
            let s = color >> UInt32(shift) & 0xFF, d = under >> UInt32(shift) & 0xFF
            out |= ((2 * (s * alpha + d * (255 - alpha)) + 255) / 510) << UInt32(shift)
        }
        return out
    }

    @Test("spans over a pixel known beforehand give every pixel that pixel's composite, clipped or not")
    func spansOverAKnownPixel() {
        var random = SplitMix64(seed: 83)
        let width = 96, height = 40
        for trial in 0..<200 {
            let spans = Self.randomSpans(width: width, height: height, &random)
            let color = UInt32(truncatingIfNeeded: random.next()), under = UInt32(truncatingIfNeeded: random.next())
            let opacity = UInt8(trial % 2 == 0 ? 255 : random.next() % 256)
            let rect = PixelRect(x0: Int(random.next() % 20), y0: Int(random.next() % 10), x1: 60 + Int(random.next() % 36), y1: 25 + Int(random.next() % 15))
            let clipped = trial % 3 == 0
            var expected = [UInt32](repeating: under, count: width * height)
            for s in spans {
                let a = opacity == 255 ? UInt32(s.alpha) : (2 * UInt32(s.alpha) * UInt32(opacity) + 255) / 510
                for x in Int(s.x0)..<Int(s.x1) where !clipped || rect.contains(x: x, y: Int(s.y)) {
                    expected[Int(s.y) * width + x] = Self.composite(color, over: under, alpha: a)
                }
            }
            var got = [UInt32](repeating: under, count: width * height)
            got.withUnsafeMutableBytes { pixels in
                if clipped {
                    var clip = PixelRegion()
                    clip.set([rect])
                    SpanBlend.apply(spans[...], clippedTo: clip, color: color, opacity: opacity, to: pixels.baseAddress!, pitch: width * 4,
                                    under: under)
                } else {
                    SpanBlend.apply(spans[...], color: color, opacity: opacity, to: pixels.baseAddress!, pitch: width * 4, under: under)
                }
            }
            let wrong = zip(got, expected).filter { $0 != $1 }.count
            #expect(wrong == 0, "trial \(trial): \(wrong) pixels differ")
        }
    }
}
