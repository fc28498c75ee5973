import TestRandom
import Testing
@testable import ElasticCore
@testable import ElasticRaster

/// `RowBitmap` and the `DamageRegion` built on it, against rows of booleans: intervals (and
/// rectangles) marked at random, some across whole words, some outside the output.
@Suite struct RowBitmapTests {
    /// Marks up to 40 random intervals through `add` and returns the pixels they mark in `output`.
    static func markRandom(_ output: PixelRect, _ random: inout SplitMix64, _ add: (Int, Int, Int) -> Void) -> [[Bool]] {
        var marked = Array(repeating: Array(repeating: false, count: output.x1), count: output.y1)
        for _ in 0..<(random.next() % 40) {
            let y = Int(random.next() % UInt64(output.y1 + 4)) - 2
            let x0 = Int(random.next() % UInt64(output.x1 + 10)) - 5
            let length: Int
            switch random.next() % 3 {
            case 0: length = 1 + Int(random.next() % 3)
            case 1: length = Int(random.next() % 200)
            default: length = 64 + Int(random.next() % 130)
            }
            add(y, x0, x0 + length)
            guard y >= output.y0, y < output.y1 else { continue }
            for x in max(x0, output.x0)..<max(min(x0 + length, output.x1), max(x0, output.x0)) { marked[y][x] = true }
        }
        return marked
    }

    /// Each row's runs of marked pixels, joined across gaps of up to `gap` pixels, and each
    /// row's y and end among them: what reading the rows back must give.
    static func runs(_ marked: [[Bool]], in output: PixelRect, gap: Int32) -> (lines: [(Int32, Int32, Int32)], ends: [(Int32, Int)]) {
        var expected: [(Int32, Int32, Int32)] = [], expectedEnds: [(Int32, Int)] = []
        for y in output.y0..<output.y1 {
            var runs: [(Int, Int)] = [], x = output.x0
            while x < output.x1 {
                guard marked[y][x] else { x += 1; continue }
                let start = x
                while x < output.x1, marked[y][x] { x += 1 }
                if let last = runs.last, start - last.1 <= Int(gap) { runs[runs.count - 1].1 = x } else { runs.append((start, x)) }
            }
            expected += runs.map { (Int32(y), Int32($0.0), Int32($0.1)) }
            if !runs.isEmpty { expectedEnds.append((Int32(y), expected.count)) }
        }
        return (expected, expectedEnds)
    }

    /// Checks that `region`'s rows are the runs of `marked`, joined across gaps of up to `gap`
    /// pixels, and that it is in its one banded form (touching bands that hold the same spans
    /// are one).
    static func expectRuns(_ region: PixelRegion, of marked: [[Bool]], in output: PixelRect, gap: Int32, _ label: String) {
        let (expected, _) = runs(marked, in: output, gap: gap)
        var got: [(Int32, Int32, Int32)] = []
        region.forEachBand { y0, y1, spans in
            for y in y0..<y1 { for s in spans { got.append((Int32(y), s.x0, s.x1)) } }
        }
        #expect(got.elementsEqual(expected) { $0 == $1 }, "\(label): \(got) against \(expected)")
        for (a, b) in zip(region.bands, region.bands.dropFirst()) where a.y1 == b.y0 {
            #expect(!region.spans[Int(a.start)..<Int(a.end)].elementsEqual(region.spans[Int(b.start)..<Int(b.end)]),
                    "\(label): bands \(a) and \(b) are one")
        }
    }

    /// Checks that `rects` lie in `output`, hold every marked pixel and no pixel twice, and
    /// waste little.
    static func expectCoverOnce(_ rects: [PixelRect], _ marked: [[Bool]], _ output: PixelRect, _ label: String) {
        var count = Array(repeating: Array(repeating: 0, count: output.x1), count: output.y1), markedCount = 0
        for r in rects {
            #expect(r.intersection(output) == r, "\(label): \(r) outside \(output)")
            let shown = r.intersection(output)
            for y in shown.y0..<shown.y1 { for x in shown.x0..<shown.x1 { count[y][x] += 1 } }
        }
        var missed = 0, twice = 0
        for y in output.y0..<output.y1 { for x in output.x0..<output.x1 {
            if marked[y][x] { markedCount += 1; if count[y][x] == 0 { missed += 1 } }
            if count[y][x] > 1 { twice += 1 }
        } }
        #expect(missed == 0 && twice == 0, "\(label): \(missed) marked pixels outside, \(twice) in two rectangles")
        // Gaps of a pixel are joined, so a group may hold up to twice the marks before its slack.
        let area = rects.reduce(0) { $0 + $1.area }
        #expect(Double(area) <= 2 * 1.25 * Double(markedCount), "\(label): \(area) px for \(markedCount) marked")
    }

    static func randomOutput(_ random: inout SplitMix64) -> PixelRect {
        PixelRect(x0: Int(random.next() % 5), y0: Int(random.next() % 3), x1: 60 + Int(random.next() % 200), y1: 30)
    }

    @Test("rows read back as the marked pixels' runs, in order, joined across gaps of up to joinGap")
    func readRowsGivesTheMarkedRuns() {
        var random = SplitMix64(seed: 61)
        var bitmap = RowBitmap()
        for trial in 0..<400 {
            let output = Self.randomOutput(&random)
            bitmap.reset(output: output)
            let marked = bitmap.write { writer in Self.markRandom(output, &random) { writer.add(y: $0, x0: $1, x1: $2) } }
            for gap in [Int32(0), 1] {
                var region = PixelRegion(), scratch: [PixelRegion.Span] = []
                bitmap.readRows(joinGap: gap, into: &region, scratch: &scratch)
                region.finishRows()
                Self.expectRuns(region, of: marked, in: output, gap: gap, "trial \(trial), gap \(gap)")
            }
        }
    }

    @Test("the damage's rectangles hold every marked pixel once, lie in the output and waste little")
    func rectanglesCoverTheMarksOnce() {
        var random = SplitMix64(seed: 67)
        var region = DamageRegion()
        for trial in 0..<300 {
            let output = Self.randomOutput(&random)
            region.removeAll(output: output)
            var marked = region.addRows { writer in Self.markRandom(output, &random) { writer.add(y: $0, x0: $1, x1: $2) } }
            if random.next() % 2 == 0 {  // a rectangle's pieces too (a core that moved)
                let r = PixelRect(x0: Int(random.next() % 80), y0: Int(random.next() % 20), x1: 80 + Int(random.next() % 100),
                                  y1: 20 + Int(random.next() % 15))
                region.add(r)
                let shown = r.intersection(output)
                for y in shown.y0..<shown.y1 { for x in shown.x0..<shown.x1 { marked[y][x] = true } }
            }
            var grouped = PixelRegion()
            region.grouped(in: output, slack: 1.25, maxRects: 256, into: &grouped)
            let rects = grouped.rects()
            Self.expectCoverOnce(rects, marked, output, "trial \(trial)")
        }
    }
}
