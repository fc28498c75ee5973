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

    struct Interval { var y: Int32, x0: Int32, x1: Int32 }

    /// Row intervals as written, and (when they did not come in order) as bits.
    private var written = RowIntervals()
    private var marks = RowBitmap()
    /// Whole rectangles added while no row interval was: a few disjoint ones are the answer as
    /// they are, without going through rows.
    private var boxes: [PixelRect] = []
    private var mergedBoxes: [PixelRect] = []
    /// The touched rows' intervals (the first `lineCount`) and each row's y and end (the first
    /// `rowCount`), from `readRows`.
    var lines: [Interval] = []
    var rowEnds: [(y: Int32, end: Int)] = []
    var lineCount = 0, rowCount = 0
    /// Whether `lines` and `rowEnds` hold the damage added since `removeAll`.
    private var rowsRead = false
    /// Scratch for `group`: the group's intervals and their union with the next row, each at
    /// least `lineCount` long (a union of some rows' intervals has no more than they do).
    var clusters: [Interval] = []
    var merged: [Interval] = []

    public init() {}

    public var isEmpty: Bool { written.isEmpty && marks.isEmpty && boxes.isEmpty && !(rowsRead && lineCount > 0) }

    /// Forgets all damage; what is added next is clipped to `output`.
    public mutating func removeAll(output: PixelRect) {
        written.removeAll(output: output, joinGap: Self.joinGap)
        rowsRead = false
        lineCount = 0; rowCount = 0
        marks.reset(output: output)
        boxes.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with a writer that damages row intervals, for many at once.
    mutating func addRows<R>(_ body: (inout RowIntervals) -> R) -> R {
        assert(!rowsRead, "damage added after its rectangles were read")
        return body(&written)
    }

    /// Damages every pixel of `rect`.
    public mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        assert(!rowsRead, "damage added after its rectangles were read")
        boxes.append(rect)
    }

    /// Disjoint rectangles inside `output` covering every damaged pixel, appended to `rects`;
    /// at most `maxRects` (groups are allowed more waste until they fit).
    public mutating func rectangles(in output: PixelRect, slack: Double, maxRects: Int, into rects: inout [PixelRect]) {
        let start = rects.count
        guard !output.isEmpty else { return }
        if !rowsRead {
            guard !isEmpty else { return }
            if written.isEmpty, marks.isEmpty, boxes.count <= 4 * Self.fewBoxes, mergeBoxes(in: output, slack: slack) {
                rects.append(contentsOf: mergedBoxes)
                return
            }
            readRows()
        }
        guard lineCount > 0 else { return }
        var s = slack
        while true {
            group(slack: s, into: &rects)
            if rects.count - start <= maxRects || s > 1e6 { return }
            rects.removeSubrange(start...)
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
        for r in boxes { let c = r.intersection(output); if !c.isEmpty { mergedBoxes.append(c); own += c.area } }
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

    /// Every touched row's intervals, read once for every grouping tried: `lines`, row by row,
    /// each row's y and end in `rowEnds`. Intervals written in order are those rows already;
    /// otherwise they, and the boxes, are marked as bits and read back.
    private mutating func readRows() {
        rowsRead = true
        // A row's merge looks at every box: many go through the bits.
        if written.ordered, marks.isEmpty, boxes.count <= Self.fewBoxes {
            if boxes.isEmpty {
                (lineCount, rowCount) = written.moveLines(into: &lines, rowEnds: &rowEnds)
            } else {
                // `mergedBoxes` (the boxes' merge, which did not fit) as scratch.
                (lineCount, rowCount) = written.united(with: boxes, scratch: &mergedBoxes, into: &lines, &rowEnds)
            }
            return
        }
        marks.write { w in
            written.lines.withUnsafeBufferPointer { listed in
                for line in listed { w.add(y: Int(line.y), x0: Int(line.x0), x1: Int(line.x1)) }
            }
            for r in boxes { w.add(r) }
        }
        marks.readRows(joinGap: Self.joinGap, into: &lines, lineCount: &lineCount, rowEnds: &rowEnds, rowCount: &rowCount)
    }
}
