import ElasticCore

extension PixelRegion {
    /// What a pixel's membership of the result is, from its membership of the two operands.
    enum Combine { case union, intersection, subtraction }

    /// Adds the pixels of `other`.
    public mutating func formUnion(_ other: PixelRegion) { combine(with: other, .union) }

    /// Keeps only the pixels `other` holds too.
    public mutating func formIntersection(_ other: PixelRegion) { combine(with: other, .intersection) }

    /// Removes the pixels of `other`.
    public mutating func subtract(_ other: PixelRegion) { combine(with: other, .subtraction) }

    /// Adds the pixels of `rect`.
    public mutating func formUnion(_ rect: PixelRect) { combine(with: rect, .union) }

    /// Keeps only the pixels inside `rect`.
    public mutating func formIntersection(_ rect: PixelRect) { combine(with: rect, .intersection) }

    /// Removes the pixels of `rect`.
    public mutating func subtract(_ rect: PixelRect) { combine(with: rect, .subtraction) }

    private mutating func combine(with rect: PixelRect, _ op: Combine) {
        if rect.isEmpty {
            if op == .intersection { removeAll() }
            return
        }
        // Quick answers that need no merge.
        switch op {
        case .union where isEmpty: set(rect); return
        case .intersection where isRect: set(bounds.intersection(rect)); return
        case .subtraction where bounds.intersection(rect).isEmpty: return
        case .subtraction where isRect: subtractFromRect(rect); return
        default: break
        }
        var band = Band(y0: Int32(truncatingIfNeeded: rect.y0), y1: Int32(truncatingIfNeeded: rect.y1), start: 0, end: 1)
        var span = Span(x0: Int32(truncatingIfNeeded: rect.x0), x1: Int32(truncatingIfNeeded: rect.x1))
        withUnsafePointer(to: &band) { b in
            withUnsafePointer(to: &span) { s in
                combine(UnsafeBufferPointer(start: b, count: 1), UnsafeBufferPointer(start: s, count: 1), op)
            }
        }
    }

    /// A rectangle less one that meets it (a card cut from a clear's area, the usual first cut):
    /// the rows above the cut, the cut's rows left and right of it, the rows below.
    private mutating func subtractFromRect(_ rect: PixelRect) {
        let r = bounds, cut = r.intersection(rect)
        removeAll()
        func add(_ y0: Int, _ y1: Int, _ x0: Int, _ x1: Int) {
            append(y0: Int32(truncatingIfNeeded: y0), y1: Int32(truncatingIfNeeded: y1),
                   x0: Int32(truncatingIfNeeded: x0), x1: Int32(truncatingIfNeeded: x1))
        }
        add(r.y0, cut.y0, r.x0, r.x1)
        add(cut.y0, cut.y1, r.x0, cut.x0)
        add(cut.y0, cut.y1, cut.x1, r.x1)
        add(cut.y1, r.y1, r.x0, r.x1)
        finishAppending()
    }

    private mutating func combine(with other: PixelRegion, _ op: Combine) {
        other.bands.withUnsafeBufferPointer { b in
            other.spans.withUnsafeBufferPointer { s in combine(b, s, op) }
        }
    }

    /// The band merge: the rows where either operand's bands begin or end cut both into slabs of
    /// rows alike in each; a slab's spans are the merge of the two operands' spans there, and a
    /// slab that matches the one above it joins it. The result is built in a copy of the arrays
    /// whose room stays with the region (one spare pair, swapped in).
    private mutating func combine(_ otherBands: UnsafeBufferPointer<Band>, _ otherSpans: UnsafeBufferPointer<Span>, _ op: Combine) {
        var out = PixelRegion()
        swap(&out.bands, &spareBands); swap(&out.spans, &spareSpans)
        out.removeAll()
        bands.withUnsafeBufferPointer { aBands in
            spans.withUnsafeBufferPointer { aSpans in
                Self.merge(aBands, aSpans, otherBands, otherSpans, op, into: &out)
            }
        }
        out.finishAppending()
        swap(&bands, &out.bands); swap(&spans, &out.spans)
        bounds = out.bounds
        swap(&out.bands, &spareBands); swap(&out.spans, &spareSpans)
    }

    private static func merge(_ aBands: UnsafeBufferPointer<Band>, _ aSpans: UnsafeBufferPointer<Span>,
                              _ bBands: UnsafeBufferPointer<Band>, _ bSpans: UnsafeBufferPointer<Span>,
                              _ op: Combine, into out: inout PixelRegion) {
        var i = 0, j = 0
        var y = Int32.min  // rows above y are done
        let none = UnsafeBufferPointer<Span>(start: nil, count: 0)
        while i < aBands.count || j < bBands.count {
            let aTop = i < aBands.count ? max(aBands[i].y0, y) : .max
            let bTop = j < bBands.count ? max(bBands[j].y0, y) : .max
            let top = min(aTop, bTop)
            let bottom: Int32
            let a: UnsafeBufferPointer<Span>, b: UnsafeBufferPointer<Span>
            if aTop > top {
                bottom = min(bBands[j].y1, aTop)
                a = none; b = UnsafeBufferPointer(rebasing: bSpans[Int(bBands[j].start)..<Int(bBands[j].end)])
            } else if bTop > top {
                bottom = min(aBands[i].y1, bTop)
                a = UnsafeBufferPointer(rebasing: aSpans[Int(aBands[i].start)..<Int(aBands[i].end)]); b = none
            } else {
                bottom = min(aBands[i].y1, bBands[j].y1)
                a = UnsafeBufferPointer(rebasing: aSpans[Int(aBands[i].start)..<Int(aBands[i].end)])
                b = UnsafeBufferPointer(rebasing: bSpans[Int(bBands[j].start)..<Int(bBands[j].end)])
            }
            mergeSpans(a, b, op, rows: top, bottom, into: &out)
            y = bottom
            if i < aBands.count, aBands[i].y1 <= y { i += 1 }
            if j < bBands.count, bBands[j].y1 <= y { j += 1 }
            // Past the operand that decides the rest: nothing more can be kept.
            if op != .union, i == aBands.count { break }
            if op == .intersection, j == bBands.count { break }
        }
    }

    /// One slab: walks both span lists' edges left to right, keeping the stretches `op` keeps.
    private static func mergeSpans(_ a: UnsafeBufferPointer<Span>, _ b: UnsafeBufferPointer<Span>, _ op: Combine,
                                   rows y0: Int32, _ y1: Int32, into out: inout PixelRegion) {
        if op != .union, a.isEmpty { return }
        if op == .intersection, b.isEmpty { return }
        // One side alone in these rows: its spans as they are.
        if b.isEmpty { out.appendBand(y0: y0, y1: y1, a); return }
        if a.isEmpty { out.appendBand(y0: y0, y1: y1, b); return }
        var i = 0, j = 0
        var x = min(a.isEmpty ? .max : a[0].x0, b.isEmpty ? .max : b[0].x0)
        while i < a.count || j < b.count {
            let inA = i < a.count && a[i].x0 <= x, inB = j < b.count && b[j].x0 <= x
            let nextA = i < a.count ? (inA ? a[i].x1 : a[i].x0) : .max
            let nextB = j < b.count ? (inB ? b[j].x1 : b[j].x0) : .max
            let next = min(nextA, nextB)
            let kept: Bool
            switch op {
            case .union: kept = inA || inB
            case .intersection: kept = inA && inB
            case .subtraction: kept = inA && !inB
            }
            if kept { out.append(y0: y0, y1: y1, x0: x, x1: next) }
            x = next
            if i < a.count, x >= a[i].x1 { i += 1 }
            if j < b.count, x >= b[j].x1 { j += 1 }
            if op != .union, i == a.count { break }
        }
    }
}
