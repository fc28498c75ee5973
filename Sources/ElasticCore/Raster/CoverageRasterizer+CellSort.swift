extension CoverageRasterizer {
    /// Sorts `cells` by row, then column, in O(n) and without allocating once `scratch` has grown:
    /// a least-significant-digit radix sort, 8 bits a pass, on the cell's place in `clip` (the row
    /// above the column; column 0 is the one just left of `clip`, where cells left of it gather).
    /// A pass whose digit is the same for every cell is skipped. (The standard library's sort
    /// allocates a buffer of half the elements every call.)
    static func sortCells(_ cells: inout [Cell], scratch: inout [Cell], counts: inout [Int], clip: PixelRect) {
        let n = cells.count
        guard n > 1 else { return }
        if scratch.count < n { scratch = Array(repeating: Cell(x: 0, y: 0, cover: 0, area: 0), count: max(n, cells.capacity)) }
        if counts.count < 256 { counts = Array(repeating: 0, count: 256) }
        let xBits = UInt32(Int.bitWidth - (clip.width + 1).leadingZeroBitCount)
        let totalBits = Int(xBits) + Int.bitWidth - clip.height.leadingZeroBitCount
        let x0 = Int32(clip.x0) - 1, y0 = Int32(clip.y0)
        var inScratch = false
        cells.withUnsafeMutableBufferPointer { cellBuffer in
            scratch.withUnsafeMutableBufferPointer { scratchBuffer in
                counts.withUnsafeMutableBufferPointer { count in
                    var from = cellBuffer, to = scratchBuffer
                    var shift: UInt32 = 0
                    while shift < totalBits {
                        for d in 0..<256 { count[d] = 0 }
                        for i in 0..<n {
                            let c = from[i]
                            count[Int((UInt32(c.y - y0) << xBits | UInt32(c.x - x0)) >> shift & 255)] += 1
                        }
                        if count.contains(n) { shift += 8; continue }
                        var sum = 0
                        for d in 0..<256 { let k = count[d]; count[d] = sum; sum += k }
                        for i in 0..<n {
                            let c = from[i]
                            let d = Int((UInt32(c.y - y0) << xBits | UInt32(c.x - x0)) >> shift & 255)
                            to[count[d]] = c
                            count[d] += 1
                        }
                        swap(&from, &to)
                        inScratch.toggle()
                        shift += 8
                    }
                }
            }
        }
        if inScratch {
            for i in 0..<n { cells[i] = scratch[i] }
        }
    }
}
