import ElasticCore

extension CellGrid {
    /// Reads each row's touched cells back in column order as spans, written from `spans[count]`
    /// on (room for two per added cell), and clears them; returns the new count.
    ///
    /// A touched cell's pixel has the cover of every cell left of it in the row plus its own
    /// cover less its area (what of the pixel lies left of its edges); the pixels after it, up
    /// to the next touched cell, have the cover so far.
    func sweepRows(into spans: UnsafeMutablePointer<CoverageSpan>, count: Int) -> Int {
        let clipX0 = Int32(clip.x0), clipX1 = Int32(clip.x1), origin = clipX0 - 1
        var next = spans + count
        // Arithmetic wraps where it cannot overflow: a row's cover sum is at most the edges'
        // windings times 256, and columns fit 32 bits.
        @inline(__always) func emit(_ y: Int32, _ x0: Int32, _ x1: Int32, _ value: Int64) {
            // Overlaps saturate at full coverage (2·256² = 2^17), so 32 bits hold the rest.
            let covered = UInt32(truncatingIfNeeded: min(value.magnitude, 1 << 17))
            let alpha = (covered &* 255 &+ (1 << 16)) &>> 17
            next.pointee = CoverageSpan(y: y, x0: x0, x1: x1, alpha: UInt8(truncatingIfNeeded: alpha))
            next += alpha > 0 ? 1 : 0
        }
        for k in 0..<clip.height {
            let rowCells = cells + k &* columns, rowBits = bits + k &* words
            let y = Int32(truncatingIfNeeded: clip.y0 &+ k)
            let range = rowWords[k]
            guard range.lo < range.end else { continue }  // untouched
            rowWords[k] = WordRange()
            var cover: Int64 = 0
            var runStart = clipX0  // just after the last touched cell
            if range.lo == 0, rowBits[0] & 1 != 0 {  // column 0, left of clip: only its cover counts
                cover = rowCells[0].cover
                rowCells[0] = GridCell()
                rowBits[0] &= ~1
            }
            // By pointer: a row touched at both ends has many empty words between.
            var wordPointer = rowBits + Int(range.lo)
            let wordEnd = rowBits + Int(range.end)
            while true {
                while wordPointer < wordEnd, wordPointer.pointee == 0 { wordPointer += 1 }
                guard wordPointer < wordEnd else { break }
                var word = wordPointer.pointee
                wordPointer.pointee = 0
                let base = (wordPointer - rowBits) &<< 6
                wordPointer += 1
                while word != 0 {
                    let col = base | word.trailingZeroBitCount
                    word &= word &- 1
                    let cell = rowCells[col]
                    rowCells[col] = GridCell()
                    let x = origin &+ Int32(truncatingIfNeeded: col)
                    guard x < clipX1 else { continue }  // right of clip: shows nothing
                    if cover != 0, x > runStart { emit(y, runStart, x, cover &<< 9) }
                    cover &+= cell.cover
                    emit(y, x, x &+ 1, (cover &<< 9) &- cell.area)
                    runStart = x &+ 1
                }
            }
            if cover != 0, clipX1 > runStart { emit(y, runStart, clipX1, cover &<< 9) }
        }
        return next - spans
    }
}
