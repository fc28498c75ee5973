import ElasticCore

extension DamageRegion {
    /// Groups consecutive rows of the damage (`rows`) into rectangles (see the type's comment),
    /// appended to `region` (empty, or above them) as its bands. Works through pointers into
    /// scratch buffers sized once: it runs for every touched row of every frame, where array
    /// appends and uniqueness checks cost more than the merge.
    mutating func group(slack: Double, into region: inout PixelRegion) {
        // Not through `rows`: a copy of the region would retain its arrays.
        if readUnited {
            Self.group(united, &clusters, &merged, slack: slack, into: &region)
        } else {
            Self.group(written.rows, &clusters, &merged, slack: slack, into: &region)
        }
    }

    private static func group(_ rows: PixelRegion, _ clusters: inout [Span], _ merged: inout [Span],
                              slack: Double, into region: inout PixelRegion) {
        guard !rows.isEmpty else { return }
        if clusters.count < rows.spans.count {
            clusters = Array(repeating: Span(x0: 0, x1: 0), count: rows.spans.count)
            merged = Array(repeating: Span(x0: 0, x1: 0), count: rows.spans.count)
        }
        rows.bands.withUnsafeBufferPointer { bands in
            rows.spans.withUnsafeBufferPointer { spans in
                clusters.withUnsafeMutableBufferPointer { group in
                    merged.withUnsafeMutableBufferPointer { union in
                        Self.group(bands, spans.baseAddress!, group.baseAddress!, union.baseAddress!, slack: slack, into: &region)
                    }
                }
            }
        }
    }

    typealias Span = PixelRegion.Span

    private static func group(_ bands: UnsafeBufferPointer<PixelRegion.Band>, _ spans: UnsafePointer<Span>,
                              _ group: UnsafeMutablePointer<Span>, _ union: UnsafeMutablePointer<Span>,
                              slack: Double, into region: inout PixelRegion) {
        var clusters = group, merged = union, count = 0  // the group's spans: clusters[0..<count]
        var groupStart: Int32 = 0, groupEnd: Int32 = 0  // rows [start, end)
        var damaged = 0
        // A group's spans are sorted and disjoint (a union's), so they are a band.
        func emit(_ region: inout PixelRegion) {
            if count > 0 { region.appendRows(y0: groupStart, y1: groupEnd, UnsafeBufferPointer(start: clusters, count: count)) }
            count = 0
            damaged = 0
        }
        // Columns and rows are 32-bit, so widths, pixel counts and their products fit in 64 bits:
        // the arithmetic below wraps rather than checks.
        for band in bands {
            let row = spans + Int(band.start), rowCount = Int(band.end &- band.start)
            var rowPixels = 0
            for k in 0..<rowCount { rowPixels &+= Int(row[k].x1 &- row[k].x0) }
            // Each of the band's rows in turn: they hold the same spans.
            var y = band.y0
            while y < band.y1 {
                defer { y &+= 1 }
                if count > 0, y == groupEnd {
                    let united: Int
                    var width = 0
                    if count == 1, rowCount == 1 {  // the usual edge: one span each, united here
                        let c = clusters[0], r = row[0]
                        let (left, right) = c.x0 <= r.x0 ? (c, r) : (r, c)
                        if right.x0 <= left.x1 {
                            merged[0] = Span(x0: left.x0, x1: max(left.x1, right.x1)); united = 1
                            width = Int(merged[0].x1 &- merged[0].x0)
                        } else {
                            merged[0] = left; merged[1] = right; united = 2
                            width = Int(left.x1 &- left.x0) &+ Int(right.x1 &- right.x0)
                        }
                    } else {
                        united = unite(clusters, count, row, rowCount, into: merged)
                        for k in 0..<united { width &+= Int(merged[k].x1 &- merged[k].x0) }
                    }
                    if Double(width &* Int(y &+ 1 &- groupStart)) <= slack * Double(damaged &+ rowPixels) {
                        swap(&clusters, &merged)
                        count = united
                        groupEnd = y &+ 1; damaged &+= rowPixels
                        continue
                    }
                }
                emit(&region)
                clusters.update(from: row, count: rowCount)
                count = rowCount
                groupStart = y; groupEnd = y &+ 1; damaged = rowPixels
            }
        }
        emit(&region)
        region.finishAppending()
    }

    /// The union of two sorted lists of disjoint intervals, joined where they overlap, into
    /// `merged`; returns its count.
    private static func unite(_ a: UnsafePointer<Span>, _ aCount: Int, _ b: UnsafePointer<Span>, _ bCount: Int,
                              into merged: UnsafeMutablePointer<Span>) -> Int {
        var i = 0, j = 0, count = 0
        while i < aCount || j < bCount {
            let v: Span
            if j >= bCount || (i < aCount && a[i].x0 <= b[j].x0) { v = a[i]; i += 1 } else { v = b[j]; j += 1 }
            if count > 0, v.x0 <= merged[count - 1].x1 {
                merged[count - 1].x1 = max(merged[count - 1].x1, v.x1)
            } else {
                merged[count] = v; count += 1
            }
        }
        return count
    }
}
