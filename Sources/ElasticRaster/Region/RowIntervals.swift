import ElasticCore

/// Damaged row intervals as they are written, clipped to the output, in a list: row by row, a
/// row's intervals joined across gaps of up to `joinGap` pixels. While they come
/// in order (rows rising, a row's intervals by their start: one shape's diff, the usual frame),
/// the list is already what reading them back from bits would give, so it is used as it is;
/// otherwise the region marks them in its `RowBitmap` and reads those.
struct RowIntervals: Sendable {
    private(set) var lines: [DamageRegion.Interval] = []
    /// Whether every interval came in order.
    private(set) var ordered = true
    private var output = PixelRect.empty, joinGap: Int32 = 0

    var isEmpty: Bool { lines.isEmpty }

    /// Forgets the intervals; what is added next is clipped to `output`, and joined to the one
    /// before it in its row across a gap of up to `joinGap` pixels.
    mutating func removeAll(output: PixelRect, joinGap: Int32) {
        lines.removeAll(keepingCapacity: true)
        ordered = true
        self.output = output; self.joinGap = joinGap
    }

    /// Damages pixels x0..<x1 of row y.
    @inline(__always)
    mutating func add(y: Int, x0: Int, x1: Int) {
        guard y >= output.y0, y < output.y1 else { return }
        let a = Int32(truncatingIfNeeded: max(x0, output.x0)), b = Int32(truncatingIfNeeded: min(x1, output.x1))
        guard b > a else { return }
        let y32 = Int32(truncatingIfNeeded: y), last = lines.count &- 1
        if last >= 0, lines[last].y == y32, a >= lines[last].x0 {
            if a <= lines[last].x1 &+ joinGap {
                if b > lines[last].x1 { lines[last].x1 = b }
            } else {
                lines.append(DamageRegion.Interval(y: y32, x0: a, x1: b))
            }
            return
        }
        // A new row, or (out of order) an earlier row or start: kept, but no longer as it is.
        if last >= 0, lines[last].y >= y32 { ordered = false }
        lines.append(DamageRegion.Interval(y: y32, x0: a, x1: b))
    }

    /// Hands the intervals (which came in order) over by exchanging them with `other` (the
    /// region's read-back buffer), so none is copied, and each row's y and end into `rowEnds`
    /// (grown, never shrunk); is left empty, with the buffer's room. Returns the counts.
    mutating func moveLines(into other: inout [DamageRegion.Interval], rowEnds: inout [(y: Int32, end: Int)]) -> (lines: Int, rows: Int) {
        swap(&lines, &other)
        lines.removeAll(keepingCapacity: true)
        ordered = true
        let count = other.count
        if rowEnds.count < count { rowEnds = Array(repeating: (0, 0), count: max(count, 2 * rowEnds.count)) }
        var rows = 0
        other.withUnsafeBufferPointer { lines in
            rowEnds.withUnsafeMutableBufferPointer { ends in
                for k in 0..<count where k + 1 == count || lines[k + 1].y != lines[k].y {
                    ends[rows] = (lines[k].y, k + 1); rows += 1
                }
            }
        }
        return (count, rows)
    }

    /// The rows (which came in order) united with a few rectangles `boxes` (clipped to the output
    /// and sorted by x0 in `scratch`), joined across gaps as `add` joins them, into `out` and
    /// `outEnds`: what marking both as bits and reading them back gives, without the bits.
    /// Returns how many of `out` and `outEnds` it wrote (both are grown, never shrunk).
    func united(with boxes: [PixelRect], scratch: inout [PixelRect], into out: inout [DamageRegion.Interval],
                _ outEnds: inout [(y: Int32, end: Int)]) -> (lines: Int, rows: Int) {
        scratch.removeAll(keepingCapacity: true)
        for b in boxes { let c = b.intersection(output); if !c.isEmpty { scratch.append(c) } }
        scratch.sort { $0.x0 < $1.x0 }
        // Room: every written interval and one a box a row it covers, in as many rows.
        let boxRows = scratch.reduce(0) { $0 + $1.height }
        let room = lines.count + boxRows
        if out.count < room { out = Array(repeating: DamageRegion.Interval(y: 0, x0: 0, x1: 0), count: room) }
        if outEnds.count < room { outEnds = Array(repeating: (0, 0), count: room) }
        let joinGap = self.joinGap
        return lines.withUnsafeBufferPointer { lines in
            scratch.withUnsafeBufferPointer { boxes in
                out.withUnsafeMutableBufferPointer { out in
                    outEnds.withUnsafeMutableBufferPointer { outEnds in
                        Self.unite(lines, boxes, joinGap: joinGap, into: out, outEnds)
                    }
                }
            }
        }
    }

    /// `united`'s merge: row by row, from the first that anything lies on to the last.
    private static func unite(_ lines: UnsafeBufferPointer<DamageRegion.Interval>, _ boxes: UnsafeBufferPointer<PixelRect>,
                              joinGap: Int32, into out: UnsafeMutableBufferPointer<DamageRegion.Interval>,
                              _ outEnds: UnsafeMutableBufferPointer<(y: Int32, end: Int)>) -> (lines: Int, rows: Int) {
        var n = 0, rows = 0
        var y = lines.first.map { Int($0.y) } ?? .max
        for b in boxes { y = min(y, b.y0) }
        var taken = 0  // the written intervals before this row's
        while y != .max {
            // This row's intervals: its written ones and the boxes over it, both by start.
            var k = taken
            while taken < lines.count, Int(lines[taken].y) == y { taken += 1 }
            let boxesOnly = k == taken
            let y32 = Int32(truncatingIfNeeded: y), rowStart = n
            var b = 0
            while true {
                while b < boxes.count, boxes[b].y0 > y || boxes[b].y1 <= y { b += 1 }
                let piece: DamageRegion.Interval
                if k < taken, b == boxes.count || Int(lines[k].x0) <= boxes[b].x0 {
                    piece = lines[k]; k += 1
                } else if b < boxes.count {
                    piece = DamageRegion.Interval(y: y32, x0: Int32(truncatingIfNeeded: boxes[b].x0), x1: Int32(truncatingIfNeeded: boxes[b].x1))
                    b += 1
                } else {
                    break
                }
                if n > rowStart, piece.x0 <= out[n - 1].x1 &+ joinGap {
                    if piece.x1 > out[n - 1].x1 { out[n - 1].x1 = piece.x1 }
                } else {
                    out[n] = piece; n += 1
                }
            }
            if n > rowStart { outEnds[rows] = (y32, n); rows += 1 }
            if boxesOnly, n > rowStart {
                // The rows after it up to the next written row or box side are the same: copied.
                var until = taken < lines.count ? Int(lines[taken].y) : Int.max
                for box in boxes { until = min(until, box.y0 > y ? box.y0 : box.y1 > y ? box.y1 : .max) }
                let count = n &- rowStart
                while y + 1 < until {
                    y += 1
                    for i in 0..<count { out[n &+ i] = out[rowStart &+ i]; out[n &+ i].y = Int32(truncatingIfNeeded: y) }
                    n &+= count
                    outEnds[rows] = (Int32(truncatingIfNeeded: y), n); rows += 1
                }
            }
            // The next row anything lies on.
            var following = taken < lines.count ? Int(lines[taken].y) : Int.max
            for box in boxes where box.y1 > y + 1 { following = min(following, max(box.y0, y + 1)) }
            y = following
        }
        return (n, rows)
    }
}
