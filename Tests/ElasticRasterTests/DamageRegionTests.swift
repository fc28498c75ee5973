import TestRandom
import Testing
@testable import ElasticCore
@testable import ElasticRaster

/// `DamageRegion` when its row intervals come in order (one shape's diff, the usual frame):
/// they are used as written, or united with rectangles row by row, without the bits. The rows
/// read back must be the marked pixels' runs, as rows of booleans give them.
@Suite struct DamageRegionTests {
    /// Up to 40 intervals in row order (a row's by their start; touching, overlapping and a
    /// pixel apart too), marked through `add`; returns the pixels they mark in `output`.
    static func markInOrder(_ output: PixelRect, _ random: inout SplitMix64, _ add: (Int, Int, Int) -> Void) -> [[Bool]] {
        var marked = Array(repeating: Array(repeating: false, count: output.x1), count: output.y1)
        var y = Int(random.next() % 4) - 2
        for _ in 0..<(random.next() % 40) {
            y += Int(random.next() % 3)  // the same row again, or a later one
            var x0 = Int(random.next() % UInt64(output.x1 + 10)) - 5
            let length = Int(random.next() % 3 == 0 ? 1 + random.next() % 3 : random.next() % 150)
            for _ in 0..<(1 + random.next() % 3) {  // a few in the row, each starting no earlier
                add(y, x0, x0 + length)
                if y >= output.y0, y < output.y1 {
                    for x in max(x0, output.x0)..<max(min(x0 + length, output.x1), max(x0, output.x0)) { marked[y][x] = true }
                }
                x0 += Int(random.next() % UInt64(length + 4))
            }
        }
        return marked
    }

    @Test("intervals written in order, with rectangles or without, read back as the marked pixels' runs")
    func orderedRowsReadBackAsTheRuns() {
        var random = SplitMix64(seed: 71)
        var region = DamageRegion()
        for trial in 0..<400 {
            let output = RowBitmapTests.randomOutput(&random)
            region.removeAll(output: output)
            var marked = region.addRows { writer in Self.markInOrder(output, &random) { writer.add(y: $0, x0: $1, x1: $2) } }
            let written = marked.contains { $0.contains(true) }  // else rectangles alone: kept as they are
            // The pieces of a core that moved; now and then more than a row's merge takes (bits then).
            for _ in 0..<(random.next() % 5 == 0 ? 9 + random.next() % 4 : random.next() % 3) {
                let r = PixelRect(x0: Int(random.next() % 80) - 4, y0: Int(random.next() % 28) - 2, x1: 20 + Int(random.next() % 200),
                                  y1: Int(random.next() % 34))
                region.add(r)
                let shown = r.intersection(output)
                if !shown.isEmpty { for y in shown.y0..<shown.y1 { for x in shown.x0..<shown.x1 { marked[y][x] = true } } }
            }
            var grouped = PixelRegion()
            region.grouped(in: output, slack: 1.25, maxRects: 256, into: &grouped)
            let rects = grouped.rects()
            RowBitmapTests.expectCoverOnce(rects, marked, output, "trial \(trial)")
            guard written else { continue }
            RowBitmapTests.expectRuns(region.rows, of: marked, in: output,
                                      gap: DamageRegion.joinGap, "trial \(trial)")
        }
    }
}
