import ElasticCore

/// A set of output pixels as one bit each, row by row (the damage marked out of order, and the
/// opaque cover: `RowBitmap+Cover`): marking an interval sets bits (no
/// list to sort), and reading a row back gives its intervals sorted and joined. Each row keeps the
/// span of words it touched, so reading and clearing cost what was marked, not the output's width.
struct RowBitmap: Sendable {
    private(set) var output = PixelRect.empty
    private var wordsPerRow = 0
    private var bits: [UInt64] = []
    /// Per row: the first word touched and one past the last (equal: untouched).
    private var wordFrom: [Int32] = []
    private var wordTo: [Int32] = []
    /// The rows touched lie in firstRow...lastRow (none when firstRow > lastRow).
    private(set) var firstRow = Int.max, lastRow = Int.min

    var isEmpty: Bool { firstRow > lastRow }

    /// Clears what was marked; what is marked next is clipped to `output`.
    mutating func reset(output: PixelRect) {
        if firstRow <= lastRow {
            let rows = (firstRow - self.output.y0)...(lastRow - self.output.y0), wordsPerRow = self.wordsPerRow
            bits.withUnsafeMutableBufferPointer { bits in
                wordFrom.withUnsafeMutableBufferPointer { from in
                    wordTo.withUnsafeMutableBufferPointer { to in
                        for k in rows where from[k] < to[k] {
                            let row = bits.baseAddress! + k * wordsPerRow + Int(from[k])
                            row.update(repeating: 0, count: Int(to[k] - from[k]))
                            from[k] = 0; to[k] = 0
                        }
                    }
                }
            }
        }
        firstRow = .max; lastRow = .min
        guard output != self.output else { return }
        self.output = output
        wordsPerRow = (max(output.width, 0) + 63) / 64
        let words = wordsPerRow * max(output.height, 0)
        if bits.count < words { bits = Array(repeating: 0, count: words) }
        if wordFrom.count < output.height {
            wordFrom = Array(repeating: 0, count: output.height); wordTo = Array(repeating: 0, count: output.height)
        }
    }

    /// Whether row `y` may hold a mark.
    @inline(__always)
    func isTouched(row y: Int) -> Bool {
        guard y >= firstRow, y <= lastRow else { return false }
        let k = y - output.y0
        return wordFrom[k] < wordTo[k]
    }

    /// Calls `body` with row `y`'s words and the range of them that may hold marks; nil (and no
    /// call) for an untouched row.
    @inline(__always)
    func withRow<R>(_ y: Int, _ body: (UnsafePointer<UInt64>, Range<Int>) -> R) -> R? {
        guard isTouched(row: y) else { return nil }
        let k = y - output.y0, words = Int(wordFrom[k])..<Int(wordTo[k]), wordsPerRow = self.wordsPerRow
        return bits.withUnsafeBufferPointer { body($0.baseAddress! + k * wordsPerRow, words) }
    }

    /// Marks through pointers: no uniqueness or bounds check per interval.
    struct Writer {
        fileprivate let bits: UnsafeMutablePointer<UInt64>, from: UnsafeMutablePointer<Int32>, to: UnsafeMutablePointer<Int32>
        fileprivate let output: PixelRect, wordsPerRow: Int
        fileprivate var firstRow: Int, lastRow: Int

        /// Marks pixels x0..<x1 of row y (clipped to the output).
        @inline(__always)
        mutating func add(y: Int, x0: Int, x1: Int) {
            guard y >= output.y0, y < output.y1 else { return }
            let a = max(x0, output.x0) - output.x0, b = min(x1, output.x1) - output.x0
            guard b > a else { return }
            let first = a >> 6, last = (b - 1) >> 6
            let head = ~UInt64(0) << UInt64(a & 63), tail = ~UInt64(0) >> UInt64(63 - ((b - 1) & 63))
            set(row: y - output.y0, first, last, head, tail)
            if y < firstRow { firstRow = y }
            if y > lastRow { lastRow = y }
        }
    }

    /// Calls `body` with a writer that marks intervals.
    mutating func write<R>(_ body: (inout Writer) -> R) -> R {
        let output = self.output, wordsPerRow = self.wordsPerRow
        var (first, last) = (firstRow, lastRow)
        let result = bits.withUnsafeMutableBufferPointer { bits in
            wordFrom.withUnsafeMutableBufferPointer { from in
                wordTo.withUnsafeMutableBufferPointer { to in
                    var writer = Writer(bits: bits.baseAddress!, from: from.baseAddress!, to: to.baseAddress!,
                                        output: output, wordsPerRow: wordsPerRow, firstRow: first, lastRow: last)
                    defer { (first, last) = (writer.firstRow, writer.lastRow) }
                    return body(&writer)
                }
            }
        }
        (firstRow, lastRow) = (first, last)
        return result
    }

    /// Every touched row's marked pixels as intervals, sorted and joined across gaps of up to
    /// `joinGap` pixels, appended to `region` row by row (below what it holds); a row is
    /// gathered in `scratch` (grown, never shrunk) and added whole.
    func readRows(joinGap: Int32, into region: inout PixelRegion, scratch: inout [PixelRegion.Span]) {
        guard firstRow <= lastRow else { return }
        let x0 = output.x0, y0 = output.y0, wordsPerRow = self.wordsPerRow
        // Room for a row's intervals: no more than one per two bits.
        let room = 32 &* wordsPerRow &+ 1
        if scratch.count < room { scratch = Array(repeating: PixelRegion.Span(x0: 0, x1: 0), count: room) }
        scratch.withUnsafeMutableBufferPointer { scratch in
            let line = scratch.baseAddress!
            bits.withUnsafeBufferPointer { bits in
                wordFrom.withUnsafeBufferPointer { wordFrom in
                    wordTo.withUnsafeBufferPointer { wordTo in
                        var read = Int.min  // the last row read
                        for y in firstRow...lastRow {
                            let k = y - y0
                            let from = Int(wordFrom[k]), to = Int(wordTo[k])
                            guard from < to else { continue }
                            let row = bits.baseAddress! + k * wordsPerRow, y32 = Int32(truncatingIfNeeded: y)
                            defer { read = y }
                            // A row marked as the one above it (a rectangle's): its band grows a row.
                            if read == y &- 1, Int(wordFrom[k &- 1]) == from, Int(wordTo[k &- 1]) == to,
                               Self.sameWords(row, row - wordsPerRow, from, to) {
                                region.extendLastBand(to: y32 &+ 1)
                                continue
                            }
                            let n = Self.runs(row, from, to, x0: Int32(truncatingIfNeeded: x0), joinGap: joinGap, into: line)
                            region.appendRows(y0: y32, y1: y32 &+ 1, UnsafeBufferPointer(start: line, count: n))
                        }
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func sameWords(_ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, _ from: Int, _ to: Int) -> Bool {
        var w = from
        while w < to, a[w] == b[w] { w &+= 1 }
        return w == to
    }

    /// Writes the runs of marks in words from..<to of `row` (columns offset by `x0`), joined
    /// across gaps of up to `joinGap`, into `line`; returns how many.
    @inline(__always)
    private static func runs(_ row: UnsafePointer<UInt64>, _ from: Int, _ to: Int, x0: Int32, joinGap: Int32,
                             into line: UnsafeMutablePointer<PixelRegion.Span>) -> Int {
        if let (a, b) = singleRun(row, from, to) {  // the usual row: one interval
            line[0] = PixelRegion.Span(x0: x0 &+ Int32(truncatingIfNeeded: a), x1: x0 &+ Int32(truncatingIfNeeded: b))
            return 1
        }
        var n = 0
        var open = false, start: Int32 = 0, end: Int32 = 0  // the run being gathered
        var w = from
        while true {
            while w < to, row[w] == 0 { w += 1 }  // most words between a row's marks are empty
            guard w < to else { break }
            var word = row[w]
            let wordX = x0 &+ Int32(truncatingIfNeeded: w &* 64)
            w += 1
            if word == ~0, open, end == wordX { end &+= 64; continue }  // a run through a whole word
            var offset: Int32 = 0
            while word != 0 {
                let zeros = word.trailingZeroBitCount
                word >>= UInt64(zeros)
                let ones = (~word).trailingZeroBitCount
                let a = wordX &+ offset &+ Int32(truncatingIfNeeded: zeros), b = a &+ Int32(truncatingIfNeeded: ones)
                if open, a <= end &+ joinGap {
                    end = b
                } else {
                    if open { line[n] = PixelRegion.Span(x0: start, x1: end); n &+= 1 }
                    (open, start, end) = (true, a, b)
                }
                offset &+= Int32(truncatingIfNeeded: zeros &+ ones)
                word >>= UInt64(ones)
            }
        }
        if open { line[n] = PixelRegion.Span(x0: start, x1: end); n &+= 1 }
        return n
    }
}

extension RowBitmap {
    /// The columns a..<b (from the row's start) when words from..<to of `row` hold one run of
    /// marks: ones from some bit of the first word through whole words to some bit of the last.
    @inline(__always)
    fileprivate static func singleRun(_ row: UnsafePointer<UInt64>, _ from: Int, _ to: Int) -> (Int, Int)? {
        let head = row[from], tail = row[to &- 1]
        guard head != 0, tail != 0 else { return nil }
        let a = from &* 64 &+ head.trailingZeroBitCount
        if to &- from == 1 {
            let ones = head &>> UInt64(head.trailingZeroBitCount)
            return ones & (ones &+ 1) == 0 ? (a, a &+ head.nonzeroBitCount) : nil
        }
        guard head == ~0 &<< UInt64(head.trailingZeroBitCount), tail & (tail &+ 1) == 0 else { return nil }
        var w = from &+ 1
        while w < to &- 1 {
            guard row[w] == ~0 else { return nil }
            w &+= 1
        }
        return (a, (to &- 1) &* 64 &+ tail.nonzeroBitCount)
    }
}

extension RowBitmap.Writer {
    /// Sets words first...last of row k (the end words through their masks) and widens the row's
    /// touched words.
    @inline(__always)
    fileprivate func set(row k: Int, _ first: Int, _ last: Int, _ head: UInt64, _ tail: UInt64) {
        let row = bits + k * wordsPerRow
        if first == last {
            row[first] |= head & tail
        } else {
            row[first] |= head
            var w = first + 1
            while w < last { row[w] = ~0; w += 1 }
            row[last] |= tail
        }
        if from[k] == to[k] {
            from[k] = Int32(first); to[k] = Int32(last + 1)
        } else {
            from[k] = min(from[k], Int32(first)); to[k] = max(to[k], Int32(last + 1))
        }
    }

    /// Marks every pixel of `rect` (clipped to the output), its rows' masks found once.
    mutating func add(_ rect: PixelRect) {
        let y0 = max(rect.y0, output.y0), y1 = min(rect.y1, output.y1)
        let a = max(rect.x0, output.x0) - output.x0, b = min(rect.x1, output.x1) - output.x0
        guard y1 > y0, b > a else { return }
        let first = a >> 6, last = (b - 1) >> 6
        let head = ~UInt64(0) << UInt64(a & 63), tail = ~UInt64(0) >> UInt64(63 - ((b - 1) & 63))
        for k in (y0 - output.y0)..<(y1 - output.y0) { set(row: k, first, last, head, tail) }
        firstRow = min(firstRow, y0); lastRow = max(lastRow, y1 - 1)
    }
}
