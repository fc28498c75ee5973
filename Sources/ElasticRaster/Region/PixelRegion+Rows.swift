import ElasticCore

/// Building a region top to bottom a row (or a run of rows) at a time, as the damage is found:
/// bands are appended as they come, with no merge and no comparison with the band above, and
/// `finishRows` then joins the touching bands that hold the same spans in one pass, which gives
/// the region its one banded form.
extension PixelRegion {
    /// Adds `x0..<x1` of rows `y0..<y1`, joining spans closer than `joinGap` columns: with the last
    /// band's rows, right of its last span's start (joined to it across a gap of up to `joinGap`,
    /// or after it); below the last band, as a new band. Out of that order it changes nothing
    /// and returns false.
    @inline(__always)
    mutating func appendJoining(y0: Int32, y1: Int32, x0: Int32, x1: Int32, joinGap: Int32) -> Bool {
        let n = bands.count
        if n > 0 {
            let last = bands[n &- 1]
            if last.y0 == y0, last.y1 == y1 {
                let k = spans.count &- 1
                guard x0 >= spans[k].x0 else { return false }
                if x0 <= spans[k].x1 &+ joinGap {
                    if x1 > spans[k].x1 { spans[k].x1 = x1 }
                } else {
                    spans.append(Span(x0: x0, x1: x1))
                    bands[n &- 1].end &+= 1
                }
                return true
            }
            guard y0 >= last.y1 else { return false }
        }
        bands.append(Band(y0: y0, y1: y1, start: Int32(truncatingIfNeeded: spans.count), end: Int32(truncatingIfNeeded: spans.count &+ 1)))
        spans.append(Span(x0: x0, x1: x1))
        return true
    }

    /// Adds rows `y0..<y1` holding `spans` (sorted, not touching) below the last band. A row
    /// that continues the last band with the same spans only extends it: tall rectangles read
    /// back row by row keep one band.
    mutating func appendRows(y0: Int32, y1: Int32, _ spans: UnsafeBufferPointer<Span>) {
        guard !spans.isEmpty, y1 > y0 else { return }
        let n = bands.count
        if n > 0 {
            let last = bands[n &- 1]
            if last.y1 == y0, Int(last.end &- last.start) == spans.count, self.spans.withUnsafeBufferPointer({ held in
                Self.sameSpans(held.baseAddress! + Int(last.start), spans.baseAddress!, count: spans.count)
            }) {
                bands[n &- 1].y1 = y1
                return
            }
        }
        bands.append(Band(y0: y0, y1: y1, start: Int32(truncatingIfNeeded: self.spans.count),
                          end: Int32(truncatingIfNeeded: self.spans.count &+ spans.count)))
        // One by one: a row holds a span or two, fewer than a bulk append pays off for.
        for span in spans { self.spans.append(span) }
    }

    /// Makes the last band reach down to row `y1` (a row the same as the one above it).
    @inline(__always)
    mutating func extendLastBand(to y1: Int32) {
        bands[bands.count &- 1].y1 = y1
    }

    /// Ends building by rows: touching bands that hold the same spans become one (their spans
    /// kept once, the rest moved up), and `bounds` is found, in one pass through pointers.
    mutating func finishRows() {
        let count = bands.count
        guard count > 0 else { bounds = .empty; return }
        var kept = 0, spanCount = 0
        var x0 = Int32.max, x1 = Int32.min
        bands.withUnsafeMutableBufferPointer { bands in
            spans.withUnsafeMutableBufferPointer { spans in
                let base = UnsafePointer(spans.baseAddress!)
                for k in 0..<count {
                    let band = bands[k], length = Int(band.end &- band.start)
                    if kept > 0 {
                        let above = bands[kept &- 1]
                        if above.y1 == band.y0, Int(above.end &- above.start) == length,
                           Self.sameSpans(base + Int(above.start), base + Int(band.start), count: length) {
                            bands[kept &- 1].y1 = band.y1
                            continue
                        }
                    }
                    let start = spanCount
                    spanCount &+= length
                    if kept != k {  // bands joined above: this one and its spans move up
                        for i in 0..<length { spans[start &+ i] = spans[Int(band.start) &+ i] }
                        bands[kept] = Band(y0: band.y0, y1: band.y1, start: Int32(truncatingIfNeeded: start),
                                           end: Int32(truncatingIfNeeded: spanCount))
                    }
                    kept &+= 1
                    x0 = min(x0, spans[start].x0); x1 = max(x1, spans[spanCount &- 1].x1)
                }
            }
        }
        // One at a time: `removeLast(_:)` goes through a general subrange replacement.
        while bands.count > kept { bands.removeLast() }
        while spans.count > spanCount { spans.removeLast() }
        bounds = PixelRect(x0: Int(x0), y0: Int(bands[0].y0), x1: Int(x1), y1: Int(bands[kept - 1].y1))
    }
}
