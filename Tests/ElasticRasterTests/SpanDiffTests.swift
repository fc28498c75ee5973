import TestRandom
import Testing
@testable import ElasticCore
@testable import ElasticRaster

/// `SpanDiff.damage` against a pixel-by-pixel oracle: both versions' spans painted into alpha
/// arrays, and the damage must be exactly the pixels whose alpha differs.
@Suite struct SpanDiffTests {
    static let width = 96, height = 40

    /// Each pixel's alpha (0 in gaps) from spans.
    static func alphas(_ spans: [CoverageSpan]) -> [UInt8] {
        var a = [UInt8](repeating: 0, count: width * height)
        for s in spans { for x in s.x0..<s.x1 { a[Int(s.y) * width + Int(x)] = s.alpha } }
        return a
    }

    /// A new version of `old`, row by row: the same, its cells' alphas changed here and there
    /// (so both sides' cells line up), shifted a pixel, or new.
    static func changed(_ old: [CoverageSpan], _ random: inout SplitMix64) -> [CoverageSpan] {
        let fresh = SpanBlendClipTests.randomSpans(width: width, height: height, &random)
        var new: [CoverageSpan] = []
        for y in 0..<Int32(height) {
            let row = old.filter { $0.y == y }
            switch random.next() % 4 {
            case 0:
                new += row
            case 1:
                new += row.map { s in
                    var s = s
                    if random.next() % 4 != 0 { s.alpha = UInt8(1 + random.next() % 255) }
                    return s
                }
            case 2:
                new += row.compactMap { s in
                    let x0 = min(s.x0 + 1, Int32(width)), x1 = min(s.x1 + 1, Int32(width))
                    return x1 > x0 ? CoverageSpan(y: y, x0: x0, x1: x1, alpha: s.alpha) : nil
                }
            default:
                new += fresh.filter { $0.y == y }
            }
        }
        return new
    }

    @Test("the damage is exactly the pixels whose coverage differs, long runs of cells and shifted rows included")
    func damageIsExactlyTheChangedPixels() {
        var random = SplitMix64(seed: 53)
        let output = PixelRect(x0: 0, y0: 0, x1: Self.width, y1: Self.height)
        for trial in 0..<300 {
            let old = SpanBlendClipTests.randomSpans(width: Self.width, height: Self.height, &random)
                .filter { $0.alpha > 0 }
            let new = Self.changed(old, &random).filter { $0.alpha > 0 }
            var damage = DamageRegion.RowWriter(output: output, joinGap: 0)
            old.withUnsafeBufferPointer { o in
                new.withUnsafeBufferPointer { n in SpanDiff.damage(old: o, new: n, into: &damage) }
            }
            damage.finish()
            var marked = [Bool](repeating: false, count: Self.width * Self.height)
            damage.rows.forEachBand { y0, y1, spans in
                for y in y0..<y1 { for s in spans { for x in s.x0..<s.x1 { marked[y * Self.width + Int(x)] = true } } }
            }
            #expect(damage.boxes.isEmpty, "trial \(trial): one diff writes its rows in order")
            let before = Self.alphas(old), after = Self.alphas(new)
            var wrong = 0, changed = 0
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    let differs = before[y * Self.width + x] != after[y * Self.width + x]
                    if differs { changed += 1 }
                    if differs != marked[y * Self.width + x] { wrong += 1 }
                }
            }
            #expect(wrong == 0, "trial \(trial): \(wrong) pixels wrongly damaged or missed of \(changed) changed")
        }
    }
}
