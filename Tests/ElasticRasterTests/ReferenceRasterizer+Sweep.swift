@testable import ElasticCore

extension ReferenceRasterizer {
    mutating func sweepRows(clip: PixelRect, cells: UnsafeBufferPointer<Cell>, rowEnds: UnsafeBufferPointer<Int>,
                            rowCover: UnsafeMutableBufferPointer<Int64>, rowArea: UnsafeMutableBufferPointer<Int64>,
                            rowBits: UnsafeMutableBufferPointer<UInt64>) {
        // Column c of the dense row is x = clip.x0 - 1 + c (column 0 gathers what lies left of clip).
        let width = clip.width + 1, words = (width + 63) / 64
        precondition(rowCover.count >= width && rowArea.count >= width && rowBits.count >= words && rowEnds.count >= clip.height)
        let rowCover = rowCover.baseAddress!, rowArea = rowArea.baseAddress!, rowBits = rowBits.baseAddress!
        let full = 2 * Self.one * Self.one
        let x0 = Int32(clip.x0) - 1, clipX1 = Int32(clip.x1)
        var begin = 0
        for k in 0..<clip.height {
            let end = rowEnds[k]
            defer { begin = end }
            guard end > begin else { continue }
            let y = Int32(clip.y0 + k)
            for i in begin..<end {
                let c = cells[i]
                let col = Int(c.x - x0)
                guard UInt(bitPattern: col) < UInt(width) else { continue }  // right of clip: shows nothing
                rowCover[col] += Int64(c.cover); rowArea[col] += Int64(c.area)
                rowBits[col >> 6] |= 1 << UInt64(col & 63)
            }
            // Read the touched columns back in order; each is emitted once the next is known.
            var cover: Int64 = 0
            var pending = -1
            func finish(_ col: Int, next: Int32) {
                let x = x0 + Int32(col)
                let cellCover = rowCover[col], cellArea = rowArea[col]
                rowCover[col] = 0; rowArea[col] = 0
                cover += cellCover
                if x >= Int32(clip.x0) { emit(y: y, x0: x, x1: x + 1, value: cover * 2 * Self.one - cellArea, full: full) }
                if cover != 0, next > x + 1 { emit(y: y, x0: max(x + 1, Int32(clip.x0)), x1: next, value: cover * 2 * Self.one, full: full) }
            }
            for w in 0..<words {
                var bits = rowBits[w]
                guard bits != 0 else { continue }
                rowBits[w] = 0
                while bits != 0 {
                    let col = w << 6 + bits.trailingZeroBitCount
                    bits &= bits - 1
                    if pending >= 0 { finish(pending, next: x0 + Int32(col)) }
                    pending = col
                }
            }
            if pending >= 0 { finish(pending, next: clipX1) }
        }
    }
}

extension ReferenceRasterizer {
    static func bucketCellsByRow(_ cells: [Cell], into scratch: inout [Cell], rowEnds: inout [Int], clip: PixelRect) {
        let n = cells.count, h = clip.height
        if scratch.count < n { scratch = Array(repeating: Cell(x: 0, y: 0, cover: 0, area: 0), count: max(n, cells.capacity)) }
        if rowEnds.count < h + 1 { rowEnds = Array(repeating: 0, count: h + 1) }
        let y0 = Int32(clip.y0)
        cells.withUnsafeBufferPointer { cells in
            scratch.withUnsafeMutableBufferPointer { out in
                rowEnds.withUnsafeMutableBufferPointer { start in
                    for k in 0...h { start[k] = 0 }
                    for c in cells { start[Int(c.y - y0) + 1] += 1 }
                    for k in 0..<h { start[k + 1] += start[k] }
                    // start[k] is row k's start; placing a cell moves it on, ending at row k's end.
                    for c in cells {
                        let k = Int(c.y - y0)
                        out[start[k]] = c
                        start[k] += 1
                    }
                }
            }
        }
    }
}
