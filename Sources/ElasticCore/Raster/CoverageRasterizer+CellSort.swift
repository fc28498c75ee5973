extension CoverageRasterizer {
    /// Puts `cells` in row order (stable) into `scratch`, in O(n) and without allocating once the
    /// buffers have grown: a counting sort on the row within `clip`. Afterwards `rowEnds[k]` is
    /// the end, in `scratch`, of row `clip.y0 + k`'s cells (row k starts where row k − 1 ends).
    /// (The standard library's sort allocates a buffer of half the elements every call.)
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
