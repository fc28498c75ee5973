/// The pixels whose coverage differs between two versions of a one-colour shape, from their
/// coverage spans: a merge of the two span lists, row by row, damaging where the coverage (0 in
/// a gap) differs. Equal coverage of one colour draws equal pixels, so that is all a redraw needs,
/// and the spans are the ones the frame draws anyway.
enum SpanDiff {
    /// Stands for "no more spans in this row" on one side: it starts beyond every pixel, so the
    /// merge needs no end-of-row test per step.
    private static let none = CoverageSpan(y: 0, x0: .max, x1: .max, alpha: 0)

    /// Adds to `damage` the pixels where `old` and `new` (each sorted by row, then column, spans
    /// of a row disjoint) differ.
    static func damage(old: UnsafeBufferPointer<CoverageSpan>, new: UnsafeBufferPointer<CoverageSpan>,
                       into damage: inout RowBitmap.Writer) {
        // Spans both have at the same place cover alike: skip the common head and tail (most of
        // a shape that moved only in part).
        var i = 0, j = 0, oldEnd = old.count, newEnd = new.count
        while i < oldEnd, j < newEnd, old[i] == new[j] { i += 1; j += 1 }
        while oldEnd > i, newEnd > j, old[oldEnd - 1] == new[newEnd - 1] { oldEnd -= 1; newEnd -= 1 }
        while i < oldEnd || j < newEnd {
            let y = min(i < oldEnd ? old[i].y : .max, j < newEnd ? new[j].y : .max)
            row(y, old, &i, oldEnd, new, &j, newEnd, into: &damage)
        }
    }

    /// One row: old's spans of row `y` from `a` against new's from `b`, each index left past them.
    @inline(__always)
    private static func row(_ y: Int32, _ old: UnsafeBufferPointer<CoverageSpan>, _ a: inout Int, _ aEnd: Int,
                            _ new: UnsafeBufferPointer<CoverageSpan>, _ b: inout Int, _ bEnd: Int,
                            into damage: inout RowBitmap.Writer) {
        @inline(__always) func span(_ spans: UnsafeBufferPointer<CoverageSpan>, _ k: Int, _ end: Int) -> CoverageSpan {
            k < end && spans[k].y == y ? spans[k] : none
        }
        var o = span(old, a, aEnd), n = span(new, b, bEnd)
        var x = min(o.x0, n.x0)
        var from: Int32 = -1  // start of the differing run being gathered (-1: none)
        while true {
            // Coverage at x on each side, and where either next changes.
            let va: UInt8, vb: UInt8, nextA: Int32, nextB: Int32
            if x >= o.x0 { va = o.alpha; nextA = o.x1 } else { va = 0; nextA = o.x0 }
            if x >= n.x0 { vb = n.alpha; nextB = n.x1 } else { vb = 0; nextB = n.x0 }
            if va != vb {
                if from < 0 { from = x }
            } else if from >= 0 {
                damage.add(y: Int(y), x0: Int(from), x1: Int(x)); from = -1
            }
            let next = min(nextA, nextB)
            if next == .max { break }  // both sides past their last span
            x = next
            if x >= o.x1 { a += 1; o = span(old, a, aEnd) }
            if x >= n.x1 { b += 1; n = span(new, b, bEnd) }
        }
    }
}
