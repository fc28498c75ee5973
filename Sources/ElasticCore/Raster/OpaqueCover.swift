/// The output pixels that an opaque write later in the frame covers whole, a bit a pixel: the
/// clear skips them, since such a pixel's final value does not depend on what lies under it
/// (white cards over a grey clear, the stored veil, a sheet) and clearing it first is wasted
/// memory traffic.
///
/// Rows are marked between `reset` calls; only the rows marked since the last reset are zeroed
/// again.
public struct OpaqueCover: Sendable {
    private var bits: [UInt64] = []
    /// Per row (relative to `output`), the words holding a set bit: `from[k]..<to[k]`.
    private var from: [Int32] = [], to: [Int32] = []
    private var wordsPerRow = 0
    private var output = PixelRect.empty
    /// Rows (relative to `output`) marked since the last reset.
    private var marked: Range<Int> = 0..<0

    public init() {}

    /// Whether nothing is marked.
    public var isEmpty: Bool { marked.isEmpty }

    /// Empties the cover of `output` (pixel coordinates). Its storage (a bit a pixel) is made
    /// only for a frame that will `mark`; until then an unmarked cover costs nothing.
    public mutating func reset(output: PixelRect, marking: Bool = true) {
        let rows = max(output.height, 0)
        if output != self.output || (marking && from.count < rows) {
            self.output = output
            wordsPerRow = (max(output.width, 0) + 63) >> 6
            bits = marking ? Array(repeating: 0, count: wordsPerRow * rows) : []
            from = marking ? Array(repeating: 0, count: rows) : []
            to = from
        } else {
            let n = wordsPerRow
            bits.withUnsafeMutableBufferPointer { w in
                for k in marked where from[k] < to[k] {
                    (w.baseAddress! + k * n + Int(from[k])).update(repeating: 0, count: Int(to[k] - from[k]))
                    from[k] = 0; to[k] = 0
                }
            }
        }
        marked = 0..<0
    }

    /// Marks pixels `x0..<x1` of row `y` (clipped to the output) as covered.
    public mutating func mark(y: Int, x0: Int, x1: Int) {
        guard y >= output.y0, y < output.y1 else { return }
        let a = max(x0, output.x0) - output.x0, b = min(x1, output.x1) - output.x0
        let k = y - output.y0
        guard b > a, k < from.count else { return }  // no storage (not reset for marking): nothing is skipped
        marked = marked.isEmpty ? k..<k + 1 : min(marked.lowerBound, k)..<max(marked.upperBound, k + 1)
        let first = a >> 6, last = (b - 1) >> 6, row = k * wordsPerRow
        if from[k] == to[k] {
            from[k] = Int32(first); to[k] = Int32(last + 1)
        } else {
            from[k] = min(from[k], Int32(first)); to[k] = max(to[k], Int32(last + 1))
        }
        let head = ~UInt64(0) << UInt64(a & 63), tail = ~UInt64(0) >> UInt64(63 - ((b - 1) & 63))
        bits.withUnsafeMutableBufferPointer { w in
            if first == last { w[row + first] |= head & tail; return }
            w[row + first] |= head
            if last > first + 1 { (w.baseAddress! + row + first + 1).update(repeating: ~0, count: last - first - 1) }
            w[row + last] |= tail
        }
    }

    /// Marks every pixel of `rect`.
    public mutating func mark(_ rect: PixelRect) {
        let r = rect.intersection(output)
        guard !r.isEmpty else { return }
        for y in r.y0..<r.y1 { mark(y: y, x0: r.x0, x1: r.x1) }
    }

    /// Marks the wholly covered spans (alpha 255) of `spans` in `rows`: a run of an opaque colour
    /// stores its colour there.
    public mutating func mark(whole spans: ArraySlice<CoverageSpan>, rows: Range<Int>) {
        for s in spans[RunSpans.indices(of: spans, rows: rows)] where s.alpha == 255 {
            mark(y: Int(s.y), x0: Int(s.x0), x1: Int(s.x1))
        }
    }

    /// Sets the pixels of `area` that are not covered to `pixel`, in rows of 32-bit pixels from
    /// `base`, `pitch` bytes apart; `area` must lie inside the output.
    public func fillUncovered(_ area: PixelRect, base: UnsafeMutableRawPointer, pitch: Int, pixel: UInt32) {
        guard !area.isEmpty else { return }
        // Whole rows next to each other in memory, none marked, go in one fill: a few large
        // stores beat many short ones (docs/benchmarks.md §13).
        let contiguous = area.x0 == 0 && area.width * 4 == pitch
        var y = area.y0
        while y < area.y1 {
            if contiguous, !isMarked(row: y) {
                var end = y + 1
                while end < area.y1, !isMarked(row: end) { end += 1 }
                PixelRun.fill((base + y * pitch).assumingMemoryBound(to: UInt32.self), count: (end - y) * area.width, with: pixel)
                y = end
                continue
            }
            let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
            forEachUncovered(y: y, x0: area.x0, x1: area.x1) { a, b in PixelRun.fill(row + a, count: b - a, with: pixel) }
            y += 1
        }
    }

    /// Whether row `y` holds a covered pixel.
    @inline(__always)
    private func isMarked(row y: Int) -> Bool {
        let k = y - output.y0
        return marked.contains(k) && from[k] < to[k]
    }

    /// Calls `body(x0, x1)` for each stretch of `x0..<x1` in row `y` that is not covered, left to
    /// right (the whole of it on an unmarked row or outside the output).
    @inline(__always)
    public func forEachUncovered(y: Int, x0: Int, x1: Int, _ body: (Int, Int) -> Void) {
        guard x1 > x0 else { return }
        let k = y - output.y0
        guard marked.contains(k), from[k] < to[k] else { body(x0, x1); return }
        // Only the words holding marks are read; outside them (and the output) all is free.
        let a = max(x0, output.x0 + Int(from[k]) << 6) - output.x0
        let b = min(x1, min(output.x0 + Int(to[k]) << 6, output.x1)) - output.x0
        guard b > a else { body(x0, x1); return }
        var open = x0  // where the free stretch being built starts
        let ox = output.x0
        bits.withUnsafeBufferPointer { w in
            let row = w.baseAddress! + k * wordsPerRow
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
        }
        if open < x1 { body(open, x1) }
    }
}
