import ElasticCore

/// The bitmap as the compositor's opaque cover: the output pixels an opaque write later in the
/// frame covers whole, marked a bit a pixel at span rate (an opaque run's wholly covered spans,
/// thousands a frame), which the clear then skips: such a pixel's final value does not depend on
/// what lies under it, and clearing it first is wasted memory traffic.
extension RowBitmap {
    /// Marks every pixel of `rect` (clipped to the output).
    mutating func mark(_ rect: PixelRect) {
        write { $0.add(rect) }
    }

    /// Marks the wholly covered spans (alpha 255) of `spans` in `rows`: a run of an opaque colour
    /// stores its colour there.
    mutating func mark(whole spans: ArraySlice<CoverageSpan>, rows: Range<Int>) {
        let inRows = spans[RunSpans.indices(of: spans, rows: rows)]
        write { writer in
            for s in inRows where s.alpha == 255 { writer.add(y: Int(s.y), x0: Int(s.x0), x1: Int(s.x1)) }
        }
    }

    /// Sets the pixels of `area` that are not marked to `pixel`, in rows of 32-bit pixels from
    /// `base`, `pitch` bytes apart; `area` must lie inside the output.
    func fillUnmarked(_ area: PixelRect, base: UnsafeMutableRawPointer, pitch: Int, pixel: UInt32) {
        guard !area.isEmpty else { return }
        // Whole rows next to each other in memory, none marked, go in one fill: a few large
        // stores beat many short ones.
        let contiguous = area.x0 == 0 && area.width * 4 == pitch, fill = PixelRun.filler
        var y = area.y0
        while y < area.y1 {
            if contiguous, !isTouched(row: y) {
                var end = y + 1
                while end < area.y1, !isTouched(row: end) { end += 1 }
                let rows = (base + y * pitch).assumingMemoryBound(to: UInt32.self), count = (end - y) * area.width
                fill(rows, count: count, with: pixel)
                y = end
                continue
            }
            let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
            forEachUnmarked(y: y, x0: area.x0, x1: area.x1) { a, b in fill(row + a, count: b - a, with: pixel) }
            y += 1
        }
    }

    /// Calls `body(x0, x1)` for each stretch of `x0..<x1` in row `y` that is not marked, left to
    /// right (the whole of it on an unmarked row or outside the output).
    @inline(__always)
    func forEachUnmarked(y: Int, x0: Int, x1: Int, _ body: (Int, Int) -> Void) {
        guard x1 > x0 else { return }
        let output = self.output
        let scanned: Void? = withRow(y) { row, words in
            // Only the words holding marks are read; outside them (and the output) all is free.
            let ox = output.x0
            let a = max(x0, ox + words.lowerBound << 6) - ox
            let b = min(x1, min(ox + words.upperBound << 6, output.x1)) - ox
            guard b > a else { body(x0, x1); return }
            var open = x0  // where the free stretch being built starts
            // The next pixel from `x` (relative, below `b`) whose bit is `set`, or `b`: whole
            // words of the other kind are skipped with one compare each.
            func next(_ set: Bool, from x: Int) -> Int {
                var i = x >> 6
                var word = (set ? row[i] : ~row[i]) & (~UInt64(0) << UInt64(x & 63))
                while word == 0 {
                    i += 1
                    if i << 6 >= b { return b }
                    word = set ? row[i] : ~row[i]
                }
                return min(b, i << 6 + word.trailingZeroBitCount)
            }
            var x = a
            while x < b {
                let coveredFrom = next(true, from: x)
                if coveredFrom >= b { break }
                if open < ox + coveredFrom { body(open, ox + coveredFrom) }
                x = next(false, from: coveredFrom)
                open = ox + x
            }
            if open < x1 { body(open, x1) }
        }
        if scanned == nil { body(x0, x1) }
    }
}
