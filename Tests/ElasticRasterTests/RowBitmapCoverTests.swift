import TestRandom
import Testing
@testable import ElasticCore
@testable import ElasticRaster

/// `RowBitmap` as the opaque cover (`RowBitmap+Cover`) against a grid of booleans: what it reports uncovered, and what `fillUnmarked`
/// writes, is exactly the pixels no mark reached, whatever the marks' widths, overlaps and word
/// boundaries, frame after frame.
@Suite struct RowBitmapCoverTests {
    @Test("uncovered stretches are exactly the unmarked pixels, left to right, maximal, frame after frame")
    func uncoveredStretchesAreTheUnmarkedPixels() {
        var random = SplitMix64(seed: 57)
        var cover = RowBitmap()
        for trial in 0..<200 {
            // Outputs of a few sizes (not multiples of 64), offset sometimes; a reused cover.
            let width = [1, 63, 64, 65, 200, 333][trial % 6], height = 1 + Int(random.next() % 12)
            let output = PixelRect(x0: trial % 4 == 0 ? 10 : 0, y0: trial % 5 == 0 ? 3 : 0, x1: 0, y1: 0)
            let out = PixelRect(x0: output.x0, y0: output.y0, x1: output.x0 + width, y1: output.y0 + height)
            cover.reset(output: out)
            var grid = Array(repeating: false, count: width * height)
            for _ in 0..<Int(random.next() % 20) {
                // Marks of any length, some beyond the output, as single rows, spans or rectangles.
                let x0 = out.x0 - 5 + Int(random.next() % UInt64(width + 10))
                let x1 = x0 + Int(random.next() % 150)
                let y = out.y0 - 1 + Int(random.next() % UInt64(height + 2))
                let rows = random.next() % 3 == 0 ? y..<(y + 1 + Int(random.next() % 4)) : y..<(y + 1)
                if rows.count == 1, random.next() % 2 == 0 {
                    let span = CoverageSpan(y: Int32(y), x0: Int32(x0), x1: Int32(x1), alpha: random.next() % 2 == 0 ? 255 : 254)
                    cover.mark(whole: [span][...], rows: out.y0..<out.y1)
                    if span.alpha != 255 { continue }
                } else {
                    cover.mark(PixelRect(x0: x0, y0: rows.lowerBound, x1: x1, y1: rows.upperBound))
                }
                for yy in rows where yy >= out.y0 && yy < out.y1 {
                    for x in max(x0, out.x0)..<max(max(x0, out.x0), min(x1, out.x1)) { grid[(yy - out.y0) * width + x - out.x0] = true }
                }
            }
            // Every row, over a window reaching past the output on both sides.
            for y in (out.y0 - 1)...(out.y1) {
                let qx0 = out.x0 - 3 + Int(random.next() % 6), qx1 = out.x1 - 3 + Int(random.next() % 9)
                var want: [(Int, Int)] = []
                var x = qx0
                while x < qx1 {
                    func covered(_ x: Int) -> Bool {
                        y >= out.y0 && y < out.y1 && x >= out.x0 && x < out.x1 && grid[(y - out.y0) * width + x - out.x0]
                    }
                    if covered(x) { x += 1; continue }
                    let start = x
                    while x < qx1, !covered(x) { x += 1 }
                    want.append((start, x))
                }
                var got: [(Int, Int)] = []
                cover.forEachUnmarked(y: y, x0: qx0, x1: qx1) { got.append(($0, $1)) }
                #expect(got.map { [$0.0, $0.1] } == want.map { [$0.0, $0.1] }, "trial \(trial), row \(y) of \(out), \(qx0)..<\(qx1)")
            }
        }
    }

    @Test("fillUnmarked writes the unmarked pixels of the area and nothing else, contiguous rows in one go or not")
    func fillUnmarkedWritesOnlyTheUnmarkedPixels() {
        var random = SplitMix64(seed: 91)
        var cover = RowBitmap()
        for trial in 0..<100 {
            let width = [70, 128, 129][trial % 3], height = 2 + Int(random.next() % 20)
            let out = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
            cover.reset(output: out)
            var marked = Array(repeating: false, count: width * height)
            for _ in 0..<Int(random.next() % 6) {
                let r = PixelRect(x0: Int(random.next() % UInt64(width)), y0: Int(random.next() % UInt64(height)),
                                  x1: Int(random.next() % UInt64(width + 1)) + 1, y1: Int(random.next() % UInt64(height + 1)) + 1)
                cover.mark(r)
                for y in r.y0..<max(r.y0, min(r.y1, height)) {
                    for x in r.x0..<max(r.x0, min(r.x1, width)) { marked[y * width + x] = true }
                }
            }
            // Whole rows (the contiguous case) or an inner area.
            let area = trial % 2 == 0 ? out : PixelRect(x0: 3, y0: 1, x1: width - 5, y1: height - 1)
            var pixels = Array(repeating: UInt32(7), count: width * height)
            pixels.withUnsafeMutableBytes { cover.fillUnmarked(area, base: $0.baseAddress!, pitch: width * 4, pixel: 0xABCD) }
            for y in 0..<height {
                for x in 0..<width {
                    let inside = x >= area.x0 && x < area.x1 && y >= area.y0 && y < area.y1
                    let want: UInt32 = inside && !marked[y * width + x] ? 0xABCD : 7
                    #expect(pixels[y * width + x] == want, "trial \(trial): (\(x), \(y))")
                    if pixels[y * width + x] != want { return }
                }
            }
        }
    }
}
