/// The pixels whose coverage differs between two versions of a one-colour shape, from their
/// coverage spans: a merge of the two span lists, row by row, damaging where the coverage (0 in
/// a gap) differs. Equal coverage of one colour draws equal pixels, so that is all a redraw needs,
/// and the spans are the ones the frame draws anyway.
enum SpanDiff {
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
            var iEnd = i, jEnd = j
            while iEnd < oldEnd, old[iEnd].y == y { iEnd += 1 }
            while jEnd < newEnd, new[jEnd].y == y { jEnd += 1 }
            row(Int(y), old, i, iEnd, new, j, jEnd, into: &damage)
            i = iEnd; j = jEnd
        }
    }

    /// One row: old[a..<aEnd] against new[b..<bEnd].
    private static func row(_ y: Int, _ old: UnsafeBufferPointer<CoverageSpan>, _ a: Int, _ aEnd: Int,
                            _ new: UnsafeBufferPointer<CoverageSpan>, _ b: Int, _ bEnd: Int,
                            into damage: inout RowBitmap.Writer) {
        var a = a, b = b
        var x = min(a < aEnd ? old[a].x0 : .max, b < bEnd ? new[b].x0 : .max)
        var from: Int32 = -1  // start of the differing run being gathered (-1: none)
        while a < aEnd || b < bEnd {
            // Coverage at x on each side, and where either next changes.
            var next = Int32.max
            var va: UInt8 = 0, vb: UInt8 = 0
            if a < aEnd {
                if x >= old[a].x0 { va = old[a].alpha; next = old[a].x1 } else { next = old[a].x0 }
            }
            if b < bEnd {
                if x >= new[b].x0 { vb = new[b].alpha; next = min(next, new[b].x1) } else { next = min(next, new[b].x0) }
            }
            if va != vb {
                if from < 0 { from = x }
            } else if from >= 0 {
                damage.add(y: y, x0: Int(from), x1: Int(x)); from = -1
            }
            x = next
            if a < aEnd, x >= old[a].x1 { a += 1 }
            if b < bEnd, x >= new[b].x1 { b += 1 }
        }
        if from >= 0 { damage.add(y: y, x0: Int(from), x1: Int(x)) }
    }
}
