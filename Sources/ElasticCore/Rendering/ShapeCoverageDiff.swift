/// The pixels whose coverage differs between two versions of one shape, as row intervals.
///
/// Where the front end draws a shape of one colour with `CoverageRasterizer`, a pixel changes
/// only if its coverage does: the same rasteriser over the same triangles gives the same value
/// whatever the clip, so the pixels between a moving outline's old and new place are all that a
/// moved shape damages, not the box around both.
struct ShapeCoverageDiff: Sendable {
    private var rasterizer = CoverageRasterizer()

    /// The coverage of the triangles `points` (x, y pairs in output pixels, three points a
    /// triangle) inside `output`, appended to `spans`; nil, with nothing appended, when the
    /// rasteriser refuses a vertex (the front end then draws through SDL: compare boxes instead).
    mutating func coverage(of points: ArraySlice<Float>, output: PixelRect, into spans: inout [CoverageSpan]) -> Range<Int>? {
        rasterizer.reset()
        var k = points.startIndex
        while k + 6 <= points.endIndex {
            guard rasterizer.addTriangle(points[k], points[k + 1], points[k + 2], points[k + 3], points[k + 4], points[k + 5])
            else { return nil }
            k += 6
        }
        let start = spans.count
        let shown = rasterizer.bounds.intersection(output)
        guard !rasterizer.isEmpty, !shown.isEmpty else { return start..<start }
        rasterizer.sweep(clip: shown)
        spans.append(contentsOf: rasterizer.spans)
        return start..<spans.count
    }

    /// Adds to `region` every pixel whose coverage differs between `old` and `new` (each sorted
    /// by row, then column; a pixel in no span has coverage 0).
    static func diff(_ old: ArraySlice<CoverageSpan>, _ new: ArraySlice<CoverageSpan>, into region: inout DamageRegion) {
        var i = old.startIndex, j = new.startIndex
        while i < old.endIndex || j < new.endIndex {
            let y = min(i < old.endIndex ? old[i].y : .max, j < new.endIndex ? new[j].y : .max)
            var iEnd = i, jEnd = j
            while iEnd < old.endIndex, old[iEnd].y == y { iEnd += 1 }
            while jEnd < new.endIndex, new[jEnd].y == y { jEnd += 1 }
            diffRow(y: Int(y), old[i..<iEnd], new[j..<jEnd], into: &region)
            i = iEnd; j = jEnd
        }
    }

    /// One row: walks both span lists together, segment by segment.
    private static func diffRow(y: Int, _ a: ArraySlice<CoverageSpan>, _ b: ArraySlice<CoverageSpan>, into region: inout DamageRegion) {
        var i = a.startIndex, j = b.startIndex
        var x = min(i < a.endIndex ? a[i].x0 : .max, j < b.endIndex ? b[j].x0 : .max)
        var open: Int32 = -1  // start of the differing run being built
        while i < a.endIndex || j < b.endIndex {
            // Coverage of each at x, and where that value ends.
            var alphaA: UInt8 = 0, endA = Int32.max
            if i < a.endIndex { if a[i].x0 <= x { alphaA = a[i].alpha; endA = a[i].x1 } else { endA = a[i].x0 } }
            var alphaB: UInt8 = 0, endB = Int32.max
            if j < b.endIndex { if b[j].x0 <= x { alphaB = b[j].alpha; endB = b[j].x1 } else { endB = b[j].x0 } }
            let end = min(endA, endB)
            if alphaA != alphaB {
                if open < 0 { open = x }
            } else if open >= 0 {
                region.add(y: y, x0: Int(open), x1: Int(x)); open = -1
            }
            x = end
            if i < a.endIndex, a[i].x1 <= x { i += 1 }
            if j < b.endIndex, b[j].x1 <= x { j += 1 }
        }
        if open >= 0 { region.add(y: y, x0: Int(open), x1: Int(x)) }
    }
}
