import ElasticCore

/// The pixels whose coverage differs between two versions of a one-colour shape, from their
/// coverage spans: a merge of the two span lists, row by row, damaging where the coverage (0 in
/// a gap) differs. Equal coverage of one colour draws equal pixels, so that is all a redraw needs,
/// and the spans are the ones the frame draws anyway.
enum SpanDiff {
    /// Adds to `damage` the pixels where `old` and `new` (each sorted by row, then column, spans
    /// of a row disjoint) differ.
    static func damage(old: UnsafeBufferPointer<CoverageSpan>, new: UnsafeBufferPointer<CoverageSpan>,
                       into damage: inout DamageRegion.RowWriter) {
        // Spans both have at the same place cover alike: skip the common head and tail (most of
        // a shape that moved only in part).
        var i = 0, j = 0, oldEnd = old.count, newEnd = new.count
        while i < oldEnd, j < newEnd, old[i] == new[j] { i += 1; j += 1 }
        while oldEnd > i, newEnd > j, old[oldEnd - 1] == new[newEnd - 1] { oldEnd -= 1; newEnd -= 1 }
        while i < oldEnd || j < newEnd {
            let y = min(i < oldEnd ? old[i].y : .max, j < newEnd ? new[j].y : .max)
            var iEnd = i, jEnd = j
            // Rows are sorted: when the span eight on is still in row y, so are those before it.
            while iEnd + 8 <= oldEnd, old[iEnd + 7].y == y { iEnd += 8 }
            while iEnd < oldEnd, old[iEnd].y == y { iEnd += 1 }
            while jEnd + 8 <= newEnd, new[jEnd + 7].y == y { jEnd += 8 }
            while jEnd < newEnd, new[jEnd].y == y { jEnd += 1 }
            row(Int(y), old, i, iEnd, new, j, jEnd, into: &damage)
            i = iEnd; j = jEnd
        }
    }

    /// One row: old[a..<aEnd] against new[b..<bEnd]. Each side is a run of pieces of constant
    /// coverage (its spans and the gaps between); the side whose piece reaches further holds
    /// still while the other's pieces under it are walked, so a long span over a moved edge's
    /// one-pixel cells costs one comparison per cell.
    private static func row(_ y: Int, _ old: UnsafeBufferPointer<CoverageSpan>, _ a: Int, _ aEnd: Int,
                            _ new: UnsafeBufferPointer<CoverageSpan>, _ b: Int, _ bEnd: Int,
                            into damage: inout DamageRegion.RowWriter) {
        var a = a, b = b
        var x = min(a < aEnd ? old[a].x0 : .max, b < bEnd ? new[b].x0 : .max)
        var from: Int32 = -1  // start of the differing run being gathered (-1: none)
        while a < aEnd || b < bEnd {
            if from >= 0 {
                // Inside a differing run, cells both sides start and end together and still
                // differ in only move x.
                while a < aEnd, b < bEnd, old[a].x0 == x, new[b].x0 == x, old[a].x1 == new[b].x1,
                      old[a].alpha != new[b].alpha {
                    x = old[a].x1; a += 1; b += 1
                }
                guard a < aEnd || b < bEnd else { break }
            }
            let (va, endA) = piece(old, a, aEnd, at: x), (vb, endB) = piece(new, b, bEnd, at: x)
            if endA >= endB {
                walk(new, &b, bEnd, against: va, until: endA, x: &x, from: &from, y: y, into: &damage)
                if a < aEnd, x >= old[a].x1 { a += 1 }
            } else {
                walk(old, &a, aEnd, against: vb, until: endB, x: &x, from: &from, y: y, into: &damage)
                if b < bEnd, x >= new[b].x1 { b += 1 }
            }
        }
        if from >= 0 { damage.add(y: y, x0: Int(from), x1: Int(x)) }
    }

    /// The coverage at `x` of the side whose next span is spans[k] (none when k == end), and
    /// where it next changes (`.max`: never).
    @inline(__always)
    private static func piece(_ spans: UnsafeBufferPointer<CoverageSpan>, _ k: Int, _ end: Int, at x: Int32) -> (UInt8, Int32) {
        guard k < end else { return (0, .max) }
        return x >= spans[k].x0 ? (spans[k].alpha, spans[k].x1) : (0, spans[k].x0)
    }

    /// Steps one side's pieces from `x` to `limit`, where the other side's coverage is `value`,
    /// gathering the differing runs; stops early if both sides have ended.
    @inline(__always)
    private static func walk(_ spans: UnsafeBufferPointer<CoverageSpan>, _ k: inout Int, _ end: Int,
                             against value: UInt8, until limit: Int32, x: inout Int32, from: inout Int32,
                             y: Int, into damage: inout DamageRegion.RowWriter) {
        while true {
            if from >= 0 {
                // Inside a differing run, spans that follow on without a gap and still differ
                // only move x (a moved edge's cells under a long span).
                while k < end, spans[k].x0 == x, spans[k].x1 < limit, spans[k].alpha != value {
                    x = spans[k].x1; k += 1
                }
                if k < end, spans[k].x0 == x, spans[k].x1 == limit, spans[k].alpha != value {
                    x = limit; k += 1
                    return
                }
            }
            let (v, pieceEnd) = piece(spans, k, end, at: x)
            if pieceEnd == .max, limit == .max { return }
            if v != value {
                if from < 0 { from = x }
            } else if from >= 0 {
                damage.add(y: y, x0: Int(from), x1: Int(x)); from = -1
            }
            let stop = min(pieceEnd, limit)
            x = stop
            if k < end, x >= spans[k].x1 { k += 1 }
            if stop == limit { return }
        }
    }
}
