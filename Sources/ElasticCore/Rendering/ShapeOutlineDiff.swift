/// Where two versions of a one-colour shape can differ, found from their outlines alone.
///
/// A pixel's coverage changes only where the old and the new shape differ, and that region is
/// bounded by the edges of the old triangles and the new ones that do not cancel (an edge both
/// have, like the screen's border or an unmoved side, drops out, as do edges two triangles of
/// one shape share). Inside a vertical strip of the output that region lies between the lowest
/// and highest point of those edges in the strip, so each strip damages only that band of rows:
/// the band between a moving outline's old and new place, without rasterising either.
struct ShapeOutlineDiff: Sendable {
    /// Strip width in output pixels.
    static let stripWidth = 2

    private struct Key: Hashable { var x0: UInt32, y0: UInt32, x1: UInt32, y1: UInt32 }
    private var net: [Key: Int32] = [:]
    /// Per strip: the rows each edge spans in it, and where edges cross the strip's middle
    /// (y, and +1 or -1 by direction), gathered flat, then sorted by strip.
    private struct Mark { var strip: Int32, y0: Float, y1: Float, crossing: Bool, sign: Int32 }
    private var marks: [Mark] = []
    private var sorted: [Mark] = []
    private var stripEnds: [Int] = []
    private var intervals: [(Float, Float)] = []

    /// Adds to `region` the strips' bands where the triangles `old` and `new` (x, y pairs in
    /// output pixels, three points a triangle) can differ.
    /// False, with nothing added, when a point is beyond the rasteriser's fixed point (the front
    /// end draws such triangles through SDL, which rounds them its own way).
    mutating func diff(old: ArraySlice<Float>, new: ArraySlice<Float>, output: PixelRect, into region: inout DamageRegion) -> Bool {
        let limit = CoverageRasterizer.coordinateLimit
        guard old.allSatisfy({ abs($0) <= limit }), new.allSatisfy({ abs($0) <= limit }) else { return false }
        net.removeAll(keepingCapacity: true)
        add(old, sign: 1)
        add(new, sign: -1)
        let strips = (output.width + Self.stripWidth - 1) / Self.stripWidth
        guard strips > 0 else { return true }
        marks.removeAll(keepingCapacity: true)
        for (key, count) in net where count != 0 {
            band(Float(bitPattern: key.x0), Float(bitPattern: key.y0), Float(bitPattern: key.x1), Float(bitPattern: key.y1),
                 count: count, output: output, strips: strips)
        }
        sortByStrip(strips)
        var begin = 0
        for strip in 0..<strips {
            let end = stripEnds[strip]
            defer { begin = end }
            guard end > begin else { continue }
            let x0 = output.x0 + strip * Self.stripWidth, x1 = min(x0 + Self.stripWidth, output.x1)
            // Every edge's own extent in the strip, and, along the strip's middle, the runs where
            // old and new winding differ (what lies between two edges without crossing either is
            // inside or outside as at the middle); gathered as intervals, then merged.
            intervals.removeAll(keepingCapacity: true)
            for i in begin..<end where !sorted[i].crossing { intervals.append((sorted[i].y0, sorted[i].y1)) }
            var k = begin
            while k < end, !sorted[k].crossing { k += 1 }
            insertionSortCrossings(k, end)
            var winding: Int32 = 0, from: Float = 0
            for i in k..<end {
                let before = winding
                winding += sorted[i].sign
                if before == 0, winding != 0 { from = sorted[i].y0 }
                if before != 0, winding == 0 { intervals.append((from, sorted[i].y0)) }
            }
            intervals.sort { $0.0 < $1.0 }
            var top = Float.nan, bottom = Float.nan
            func damage() {
                // A row is damaged when the band reaches into it (widened by 1/100 px: the
                // rasteriser rounds to 1/256 px).
                let r = PixelRect(x0: x0, y0: Int(max(top - 0.01, -1e6).rounded(.down)), x1: x1,
                                  y1: Int(min(bottom + 0.01, 1e6).rounded(.up)))
                region.add(r.intersection(output))
            }
            for (a, b) in intervals {
                if top.isNaN { (top, bottom) = (a, b); continue }
                if a <= bottom + 0.5 { bottom = max(bottom, b) } else { damage(); (top, bottom) = (a, b) }
            }
            if !top.isNaN { damage() }
        }
        return true
    }

    /// Crossings of one strip (sorted[from..<to], all crossings) by y.
    private mutating func insertionSortCrossings(_ from: Int, _ to: Int) {
        guard to - from > 1 else { return }
        for i in (from + 1)..<to {
            let m = sorted[i]
            var j = i
            while j > from, sorted[j - 1].y0 > m.y0 { sorted[j] = sorted[j - 1]; j -= 1 }
            sorted[j] = m
        }
    }

    /// Counting sort of `marks` by strip into `sorted`, extents before crossings within a strip;
    /// `stripEnds[s]` is where strip s ends.
    private mutating func sortByStrip(_ strips: Int) {
        if stripEnds.count < strips + 1 { stripEnds = Array(repeating: 0, count: strips + 1) }
        for k in 0...strips { stripEnds[k] = 0 }
        for m in marks { stripEnds[Int(m.strip) + 1] += 1 }
        for k in 0..<strips { stripEnds[k + 1] += stripEnds[k] }
        if sorted.count < marks.count { sorted = Array(repeating: Mark(strip: 0, y0: 0, y1: 0, crossing: false, sign: 0), count: marks.capacity) }
        for pass in [false, true] {
            for m in marks where m.crossing == pass {
                let k = Int(m.strip)
                sorted[stripEnds[k]] = m
                stripEnds[k] += 1
            }
        }
        // stripEnds[s] is now strip s's end; the two passes kept extents first in each strip.
    }

    private mutating func add(_ points: ArraySlice<Float>, sign: Int32) {
        var k = points.startIndex
        while k + 6 <= points.endIndex {
            let ax = points[k], ay = points[k + 1], bx = points[k + 2], by = points[k + 3], cx = points[k + 4], cy = points[k + 5]
            k += 6
            let cross = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
            guard cross != 0, cross.isFinite else { continue }
            // One orientation for every triangle, so shared edges cancel.
            if cross > 0 { edge(ax, ay, bx, by, sign); edge(bx, by, cx, cy, sign); edge(cx, cy, ax, ay, sign) }
            else { edge(ax, ay, cx, cy, sign); edge(cx, cy, bx, by, sign); edge(bx, by, ax, ay, sign) }
        }
    }

    private mutating func edge(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ sign: Int32) {
        // Stored one way round; the other direction counts negatively.
        let forward = (x0, y0) < (x1, y1)
        let key = forward ? Key(x0: x0.bitPattern, y0: y0.bitPattern, x1: x1.bitPattern, y1: y1.bitPattern)
                          : Key(x0: x1.bitPattern, y0: y1.bitPattern, x1: x0.bitPattern, y1: y0.bitPattern)
        net[key, default: 0] += forward ? sign : -sign
    }

    /// Records the segment's extent in each strip it crosses, and its crossing of each strip's
    /// middle with its direction in x.
    private mutating func band(_ ax: Float, _ ay: Float, _ bx: Float, _ by: Float, count: Int32, output: PixelRect, strips: Int) {
        // Crossing sign: the edge as stored runs (ax, ay) → (bx, by), `count` times (negative:
        // the other way); for a vertical line what counts is which way it runs in x.
        let rightwards: Int32 = bx > ax ? 1 : (bx < ax ? -1 : 0)
        let sign = rightwards * count
        var (x0, y0, x1, y1) = ax <= bx ? (ax, ay, bx, by) : (bx, by, ax, ay)
        let w = Float(Self.stripWidth), left = Float(output.x0)
        // Crossings of the middle use the exact segment; extents are widened by 1/100 px each
        // way, as the rasteriser rounds x to 1/256 px.
        if sign != 0, x1 > x0 {
            let first = max(Int(((x0 - left) / w - 0.5).rounded(.up)), 0)
            let last = min(Int(((x1 - left) / w - 0.5).rounded(.down)), strips - 1)
            if first <= last {
                for s in first...last {
                    let xm = left + (Float(s) + 0.5) * w
                    // Half-open in x, so an edge ending on the middle is counted once with its neighbour.
                    guard xm >= x0, xm < x1 else { continue }
                    let y = y0 + (xm - x0) / (x1 - x0) * (y1 - y0)
                    marks.append(Mark(strip: Int32(s), y0: y, y1: y, crossing: true, sign: sign))
                }
            }
        }
        if x1 > x0 {
            let d = (y1 - y0) / (x1 - x0) * 0.01
            x0 -= 0.01; y0 -= d; x1 += 0.01; y1 += d
        } else {
            x0 -= 0.01; x1 += 0.01
        }
        let first = max(Int(((x0 - left) / w).rounded(.down)), 0), last = min(Int(((x1 - left) / w).rounded(.down)), strips - 1)
        guard first <= last else { return }
        let vertical = x1 - x0 <= 0.02
        func y(at x: Float) -> Float { y0 + (x - x0) / (x1 - x0) * (y1 - y0) }
        for s in first...last {
            let sx0 = max(x0, left + Float(s) * w), sx1 = min(x1, left + Float(s + 1) * w)
            let ya = vertical ? y0 : y(at: sx0), yb = vertical ? y1 : y(at: sx1)
            marks.append(Mark(strip: Int32(s), y0: min(ya, yb), y1: max(ya, yb), crossing: false, sign: 0))
        }
    }
}
