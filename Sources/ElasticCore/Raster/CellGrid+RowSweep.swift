extension CellGrid {
    /// Reads each row's touched cells back in column order as spans, written from `spans[count]`
    /// on (room for two per added cell), and clears them; returns the new count.
    ///
    /// A touched cell's pixel has the cover of every cell left of it in the row plus its own
    /// cover less its area (what of the pixel lies left of its edges); the pixels after it, up
    /// to the next touched cell, have the cover so far.
    func sweepRows(into spans: UnsafeMutablePointer<CoverageSpan>, count: Int) -> Int {
        let clipX0 = Int32(clip.x0), clipX1 = Int32(clip.x1), origin = clipX0 - 1
        var n = count
        // Arithmetic wraps where it cannot overflow: a row's cover sum is at most the edges'
        // windings times 256, and columns fit 32 bits.
        @inline(__always) func emit(_ y: Int32, _ x0: Int32, _ x1: Int32, _ value: Int64) {
            // Overlaps saturate at full coverage (2·256² = 2^17).
            let covered = min(value.magnitude, 1 << 17)
            let alpha = (covered &* 255 &+ (1 << 16)) &>> 17
            spans[n] = CoverageSpan(y: y, x0: x0, x1: x1, alpha: UInt8(truncatingIfNeeded: alpha))
            n &+= alpha > 0 ? 1 : 0
        }
        for k in 0..<clip.height {
            let rowCells = cells + k &* columns, rowBits = bits + k &* words
            let y = Int32(truncatingIfNeeded: clip.y0 &+ k)
            let range = rowWords[k]
            guard range.lo < range.end else { continue }  // untouched
            rowWords[k] = WordRange()
            var cover: Int64 = 0
            var runStart = clipX0  // just after the last touched cell
            for w in Int(range.lo)..<Int(range.end) {
                var word = rowBits[w]
                guard word != 0 else { continue }
                rowBits[w] = 0
                while word != 0 {
                    let col = w &<< 6 | word.trailingZeroBitCount
                    word &= word &- 1
                    let cell = rowCells[col]
                    rowCells[col] = GridCell()
                    let x = origin &+ Int32(truncatingIfNeeded: col)
                    guard x < clipX1 else { continue }  // right of clip: shows nothing
                    if cover != 0, x > runStart { emit(y, runStart, x, cover &<< 9) }
                    cover &+= cell.cover
                    if col > 0 { emit(y, x, x &+ 1, (cover &<< 9) &- cell.area) }
                    runStart = x &+ 1
                }
            }
            if cover != 0, clipX1 > runStart { emit(y, runStart, clipX1, cover &<< 9) }
        }
        return n
    }
}
