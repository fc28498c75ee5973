extension CellGrid {
    /// Reads each row's touched cells back in column order as spans, written from `spans[count]`
    /// on (room for two per added cell), and clears them; returns the new count.
    ///
    /// A touched cell's pixel has the cover of every cell left of it in the row plus its own
    /// cover less its area (what of the pixel lies left of its edges); the pixels after it, up
    /// to the next touched cell, have the cover so far.
    func sweepRows(into spans: UnsafeMutablePointer<CoverageSpan>, count: Int) -> Int {
        let one = CoverageRasterizer.one
        let clipX0 = Int32(clip.x0), clipX1 = Int32(clip.x1), origin = clipX0 - 1
        var n = count
        @inline(__always) func emit(_ y: Int32, _ x0: Int32, _ x1: Int32, _ value: Int64) {
            // Overlaps saturate at full coverage (2·256², a power of two).
            let full = 2 * one * one
            let covered = min(value.magnitude, UInt64(full))
            let alpha = (covered * 255 + UInt64(full / 2)) >> 17
            spans[n] = CoverageSpan(y: y, x0: x0, x1: x1, alpha: UInt8(truncatingIfNeeded: alpha))
            n += alpha > 0 ? 1 : 0
        }
        for k in 0..<clip.height {
            let rowCells = cells + k * columns, rowBits = bits + k * words
            let y = Int32(clip.y0 + k)
            var cover: Int64 = 0
            var runStart = clipX0  // just after the last touched cell
            for w in 0..<words {
                var word = rowBits[w]
                guard word != 0 else { continue }
                rowBits[w] = 0
                while word != 0 {
                    let col = w << 6 + word.trailingZeroBitCount
                    word &= word - 1
                    let cell = rowCells[col]
                    rowCells[col] = GridCell()
                    let x = origin + Int32(col)
                    guard x < clipX1 else { continue }  // right of clip: shows nothing
                    if cover != 0, x > runStart { emit(y, runStart, x, cover * 2 * one) }
                    cover += cell.cover
                    if col > 0 { emit(y, x, x + 1, cover * 2 * one - cell.area) }
                    runStart = x + 1
                }
            }
            if cover != 0, clipX1 > runStart { emit(y, runStart, clipX1, cover * 2 * one) }
        }
        return n
    }
}
