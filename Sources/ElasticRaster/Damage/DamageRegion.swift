import ElasticCore

/// Damaged pixels collected as row intervals, turned into few disjoint rectangles that waste
/// little: consecutive rows are grouped while the group's rectangles (the union of its rows'
/// intervals) hold at most `slack` times the pixels actually damaged in them.
///
/// A band between two outlines, a curve's moving edge, becomes a stack of short wide rectangles
/// where the edge is shallow and of thin ones where it is steep, instead of its bounding box.
/// Nothing allocates once the buffers have grown.
public struct DamageRegion: Sendable {
    /// Intervals closer than this (pixels) in a row are joined: a gap that small costs less to
    /// redraw than another rectangle.
    static let joinGap: Int32 = 1

    /// The damage as written, clipped to the output: row intervals in row order (rows rising, a
    /// row's by their start: one shape's diff) straight into a region, joined across gaps as
    /// `joinGap` says; whole rectangles, and the intervals that came out of order, as boxes,
    /// united with the rows when read.
    struct RowWriter {
        fileprivate(set) var rows = PixelRegion()
        fileprivate(set) var boxes: [PixelRect] = []
        fileprivate(set) var output: PixelRect
        let joinGap: Int32

        /// Whether nothing was written.
        var isEmpty: Bool { rows.isEmpty && boxes.isEmpty }

        /// Damages pixels x0..<x1 of row y.
        @inline(__always)
        mutating func add(y: Int, x0: Int, x1: Int) {
            guard y >= output.y0, y < output.y1 else { return }
            let a = Int32(truncatingIfNeeded: max(x0, output.x0)), b = Int32(truncatingIfNeeded: min(x1, output.x1))
            guard b > a else { return }
            let y32 = Int32(truncatingIfNeeded: y)
            if !rows.appendJoining(y0: y32, y1: y32 &+ 1, x0: a, x1: b, joinGap: joinGap) {
                boxes.append(PixelRect(x0: Int(a), y0: y, x1: Int(b), y1: y + 1))
            }
        }

        /// Ends writing: the region takes its banded form.
        mutating func finish() { rows.finishRows() }

        /// Forgets everything; what is written next is clipped to `output`.
        mutating func removeAll(output: PixelRect) {
            rows.removeAll()
            boxes.removeAll(keepingCapacity: true)
            self.output = output
        }
    }

    /// What was written. A few disjoint boxes alone are the answer as they are, without going
    /// through rows.
    private(set) var written = RowWriter(output: .empty, joinGap: DamageRegion.joinGap)
    private var mergedBoxes: [PixelRect] = []
    /// Damage united out of order: as bits, read back into `united`.
    private var marks = RowBitmap()
    private(set) var united = PixelRegion()
    /// Whether `rows` holds the damage added since `removeAll`: the rows written, or everything united.
    private(set) var rowsRead = false, readUnited = false
    /// Scratch for `group`: the group's spans and their union with the next row, each at least
    /// as long as the rows' spans (a union of some rows' spans has no more than they do).
    var clusters: [PixelRegion.Span] = []
    var merged: [PixelRegion.Span] = []

    public init() {}

    public var isEmpty: Bool { written.isEmpty && !(rowsRead && !rows.isEmpty) }

    /// Every damaged pixel, gaps of up to `joinGap` in a row joined, once `rectangles` has read them.
    var rows: PixelRegion { readUnited ? united : written.rows }

    /// Forgets all damage; what is added next is clipped to `output`.
    public mutating func removeAll(output: PixelRect) {
        written.removeAll(output: output)
        rowsRead = false; readUnited = false
    }

    /// Calls `body` with a writer that damages row intervals, for many at once.
    mutating func addRows<R>(_ body: (inout RowWriter) -> R) -> R {
        assert(!rowsRead, "damage added after its rectangles were read")
        return body(&written)
    }

    /// Damages every pixel of `rect`.
    public mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        assert(!rowsRead, "damage added after its rectangles were read")
        written.boxes.append(rect)
    }

    /// A region inside `output` holding every damaged pixel, in `region`: its rows grouped into
    /// rectangles (`group`), at most `maxRects` of them (groups are allowed more waste until
    /// they fit).
    public mutating func grouped(in output: PixelRect, slack: Double, maxRects: Int, into region: inout PixelRegion) {
        region.removeAll()
        guard !output.isEmpty else { return }
        if !rowsRead {
            guard !isEmpty else { return }
            if written.rows.isEmpty, written.boxes.count <= 4 * Self.fewBoxes, mergeBoxes(in: output, slack: slack) {
                region.set(mergedBoxes)
                return
            }
            readRows()
        }
        guard !rows.isEmpty else { return }
        var s = slack
        while true {
            group(slack: s, into: &region)
            if region.rectCount <= maxRects || s > 1e6 { return }
            region.removeAll()
            s *= 2
        }
    }

    /// Boxes kept as they are when no more than this many.
    static let fewBoxes = 8

    /// Merges the boxes (clipped to `output`) that overlap or touch into their bounding boxes,
    /// then the pairs that add the fewest pixels, down to `fewBoxes`, into `merged`: true when
    /// that wastes at most `slack` times the boxes' own pixels (far cheaper than going by rows).
    private mutating func mergeBoxes(in output: PixelRect, slack: Double) -> Bool {
        mergedBoxes.removeAll(keepingCapacity: true)
        var own = 0
        for r in written.boxes { let c = r.intersection(output); if !c.isEmpty { mergedBoxes.append(c); own += c.area } }
        var changed = true
        while changed {
            changed = false
            var i = 0
            while i < mergedBoxes.count {
                var j = i + 1
                while j < mergedBoxes.count {
                    if mergedBoxes[i].touches(mergedBoxes[j]) {
                        mergedBoxes[i] = mergedBoxes[i].union(mergedBoxes[j])
                        mergedBoxes.swapAt(j, mergedBoxes.count - 1)
                        mergedBoxes.removeLast()
                        changed = true
                    } else {
                        j += 1
                    }
                }
                i += 1
            }
            if !changed, mergedBoxes.count > Self.fewBoxes {
                var best = (i: 0, j: 1, cost: Int.max)
                for i in 0..<mergedBoxes.count {
                    for j in (i + 1)..<mergedBoxes.count {
                        let cost = mergedBoxes[i].union(mergedBoxes[j]).area - mergedBoxes[i].area - mergedBoxes[j].area
                        if cost < best.cost { best = (i, j, cost) }
                    }
                }
                mergedBoxes[best.i] = mergedBoxes[best.i].union(mergedBoxes[best.j])
                mergedBoxes.remove(at: best.j)
                changed = true
            }
        }
        return Double(mergedBoxes.reduce(0) { $0 + $1.area }) <= slack * Double(own)
    }

    /// Every damaged pixel, read once for every grouping tried: what was written in order as it
    /// is; with a few boxes, united with them band by band; otherwise all of it marked as bits and
    /// read back. Each way joins a row's intervals across gaps of up to `joinGap`.
    private mutating func readRows() {
        rowsRead = true
        // Read as it is, the rows take their banded form; united, they are read band by band and
        // the union is built in that form.
        guard !written.boxes.isEmpty else { written.finish(); return }
        readUnited = true
        united.removeAll()
        // A band's merge looks at every box: many go through the bits.
        if written.boxes.count <= Self.fewBoxes {
            // `mergedBoxes` (the boxes' merge, which did not fit) as scratch.
            mergedBoxes.removeAll(keepingCapacity: true)
            for b in written.boxes { let c = b.intersection(written.output); if !c.isEmpty { mergedBoxes.append(c) } }
            mergedBoxes.sort { $0.x0 < $1.x0 }
            if merged.count < written.rows.spans.count + mergedBoxes.count {
                merged = Array(repeating: PixelRegion.Span(x0: 0, x1: 0), count: written.rows.spans.count + mergedBoxes.count)
            }
            mergedBoxes.withUnsafeBufferPointer { boxes in
                merged.withUnsafeMutableBufferPointer { Self.unite(written.rows, boxes, line: $0.baseAddress!, into: &united) }
            }
        } else {
            marks.reset(output: written.output)
            marks.write { w in
                written.rows.forEachBand { y0, y1, spans in
                    for y in y0..<y1 { for s in spans { w.add(y: y, x0: Int(s.x0), x1: Int(s.x1)) } }
                }
                // An interval that came out of order is a one-row box: marked as an interval.
                for r in written.boxes { if r.height == 1 { w.add(y: r.y0, x0: r.x0, x1: r.x1) } else { w.add(r) } }
            }
            marks.readRows(joinGap: Self.joinGap, into: &united, scratch: &merged)
        }
        united.finishAppending()
    }

    /// The union of `rows` and `boxes` (inside the output, sorted by x0), joined across gaps as
    /// `RowWriter` joins them, appended to `out` a band at a time: from one row where a band or
    /// box begins or ends to the next, every row unites the same spans. A band is gathered in
    /// `line`, which has room for the most spans a band holds plus every box.
    private static func unite(_ rows: PixelRegion, _ boxes: UnsafeBufferPointer<PixelRect>,
                              line: UnsafeMutablePointer<PixelRegion.Span>, into out: inout PixelRegion) {
        rows.bands.withUnsafeBufferPointer { bands in
            rows.spans.withUnsafeBufferPointer { spans in
                var b = 0
                var y = bands.first.map { Int($0.y0) } ?? .max
                for box in boxes { y = min(y, box.y0) }
                while y != .max {
                    while b < bands.count, Int(bands[b].y1) <= y { b += 1 }
                    let inBand = b < bands.count && Int(bands[b].y0) <= y
                    // The next row where what lies on a row changes (or, past everything, none).
                    var next = b < bands.count ? Int(inBand ? bands[b].y1 : bands[b].y0) : .max
                    for box in boxes { next = min(next, box.y0 > y ? box.y0 : box.y1 > y ? box.y1 : .max) }
                    var k = inBand ? Int(bands[b].start) : 0
                    let end = inBand ? Int(bands[b].end) : 0
                    var i = 0, n = 0
                    while true {
                        while i < boxes.count, boxes[i].y0 > y || boxes[i].y1 <= y { i += 1 }
                        let piece: PixelRegion.Span
                        if k < end, i == boxes.count || Int(spans[k].x0) <= boxes[i].x0 {
                            piece = spans[k]; k += 1
                        } else if i < boxes.count {
                            piece = PixelRegion.Span(x0: Int32(truncatingIfNeeded: boxes[i].x0), x1: Int32(truncatingIfNeeded: boxes[i].x1))
                            i += 1
                        } else {
                            break
                        }
                        if n > 0, piece.x0 <= line[n &- 1].x1 &+ joinGap {
                            if piece.x1 > line[n &- 1].x1 { line[n &- 1].x1 = piece.x1 }
                        } else {
                            line[n] = piece; n &+= 1
                        }
                    }
                    out.appendRows(y0: Int32(truncatingIfNeeded: y), y1: Int32(truncatingIfNeeded: next),
                                   UnsafeBufferPointer(start: line, count: n))
                    y = next
                }
            }
        }
    }
}
