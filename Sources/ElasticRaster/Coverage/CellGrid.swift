import ElasticCore

/// One pixel cell's sums: the height edges cross it by (`cover`) and that height times where
/// they cross it (`area`), in 24.8 fixed point, both signed by the edges' direction.
struct GridCell {
    var cover: Int64 = 0, area: Int64 = 0
}

/// Bit words lo..<end of a row (empty between uses).
struct WordRange {
    var lo: Int32 = .max, end: Int32 = 0
}

/// The cells of a band of rows (`clip`'s rows, all of its columns plus one on the left), summed
/// densely as edges are walked through them, with a bit per touched cell, over memory the
/// rasteriser owns. Column c is x = clip.x0 − 1 + c (column 0 gathers what lies left of clip).
///
/// The grid (and the bits) are zero between uses: the sweep clears what it reads.
struct CellGrid {
    let cells: UnsafeMutablePointer<GridCell>, bits: UnsafeMutablePointer<UInt64>
    /// Per row, the bit words that may be non-zero (so the sweep skips the rest).
    let rowWords: UnsafeMutablePointer<WordRange>
    /// Cells and bit words per row.
    let columns: Int, words: Int
    let clip: PixelRect
    /// Cells added (a bound on the touched cells, so on the spans).
    var added = 0
    /// The current edge's winding, and whether it is so large a cell's sums must be clamped to
    /// 32 bits as they always were (many identical triangles in one run).
    private var winding: Int64 = 0, clamps = false

    init(cells: UnsafeMutablePointer<GridCell>, bits: UnsafeMutablePointer<UInt64>, rowWords: UnsafeMutablePointer<WordRange>,
         columns: Int, words: Int, clip: PixelRect) {
        self.cells = cells; self.bits = bits; self.rowWords = rowWords
        self.columns = columns; self.words = words; self.clip = clip
    }

    /// Adds `edge`'s cells in the rows of `clip`; cells left of `clip` are gathered into the
    /// column just left of it (only their cover matters there), cells right of it are dropped.
    mutating func walk(_ edge: CoverageRasterizer.Edge, winding: Int32) {
        let one = CoverageRasterizer.one
        let x0 = Int64(edge.x0), y0 = Int64(edge.y0), x1 = Int64(edge.x1), y1 = Int64(edge.y1)
        let rowStart = max(y0 >> 8, Int64(clip.y0)), rowEnd = min((y1 - 1) >> 8, Int64(clip.y1) - 1)
        guard rowStart <= rowEnd else { return }
        self.winding = Int64(winding)
        // Beyond this, a cell's area (up to 2·256² a crossing) could pass 32 bits.
        clamps = winding.magnitude > 8191
        let dx = x1 - x0, dy = y1 - y0
        let yStart = max(y0, rowStart * one)
        var xa = yStart == y0 ? x0 : x0 + CoverageRasterizer.divideRounded((yStart - y0) * dx, dy)
        // x at each row boundary below: the same rounded division, carried from row to row.
        var boundaryX = RoundedRamp(origin: x0, t0: (rowStart + 1) * one - y0, step: one, numerator: dx, denominator: dy)
        // Wrapping: rows and 24.8 coordinates are far inside 64 bits.
        for row in rowStart...rowEnd {
            let top = row &* one
            let ya = max(y0, top), yb = min(y1, top &+ one)
            let xb = yb == y1 ? x1 : boundaryX.value
            boundaryX.advance()
            if clamps {
                addRowSegment(ClampedSums.self, row: Int(row), xa, ya &- top, xb, yb &- top)
            } else {
                addRowSegment(ExactSums.self, row: Int(row), xa, ya &- top, xb, yb &- top)
            }
            xa = xb
        }
    }

    /// The part of an edge inside one row: from (xa, fya) to (xb, fyb), fy within the row, fya < fyb.
    /// Only the part over `clip`'s columns is walked cell by cell: what lies left of it adds its
    /// height to the column just left of `clip`, what lies right of it covers nothing shown.
    private mutating func addRowSegment<Sums: CellSums>(_: Sums.Type, row: Int, _ xa: Int64, _ fya: Int64, _ xb: Int64, _ fyb: Int64) {
        // Walked left to right: the same piece backwards adds the opposite height and area.
        let forward = xa <= xb
        let (ax, ay, bx, by) = forward ? (xa, fya, xb, fyb) : (xb, fyb, xa, fya)
        let winding = forward ? self.winding : 0 &- self.winding
        // Every y comes from the whole segment, so a pixel gets the same value whatever the clip.
        func y(at x: Int64) -> Int64 { x == bx ? by : ay &+ CoverageRasterizer.divideRounded((x &- ax) &* (by &- ay), bx &- ax) }
        var (x0, y0, x1, y1) = (ax, ay, bx, by)
        let one = CoverageRasterizer.one
        let left = Int64(clip.x0) &* one, right = Int64(clip.x1) &* one
        if x0 >= right { return }
        let k = row &- clip.y0
        // Cell (x, row) is column x − origin of the band's row k.
        let rowCells = cells + k &* columns, rowBits = bits + k &* words
        let origin = clip.x0 &- 1
        // A crossing of `height` (≠ 0) in column `col`, `area` being its height times twice its
        // mean distance from the cell's left side.
        @inline(__always) func add(_ col: Int, _ height: Int64, _ area: Int64) {
            Sums.add(cover: height, area: area, winding: winding, to: rowCells + col)
            rowBits[col &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: col & 63)
        }
        let firstCol: Int
        if x0 < left {
            let yLeft = x1 <= left ? y1 : y(at: left)
            if yLeft != y0 { add(0, yLeft &- y0, 0) }
            if x1 <= left { noteColumns(row: k, 0, 0); return }
            (x0, y0) = (left, yLeft)
            firstCol = 0
        } else {
            firstCol = Int(truncatingIfNeeded: x0 >> 8) &- origin
        }
        if x1 > right { (x1, y1) = (right, y(at: right)) }
        let cx = x0 >> 8, lastX = x1 >> 8
        // Cell by cell, the y at each column boundary by interpolation (y(at:), carried). The
        // arithmetic wraps: every value here is far inside 64 bits (coordinates < 2^23 in 24.8).
        var py = y0, entry = x0 &- (cx &<< 8)  // where the edge enters the cell
        var col = Int(truncatingIfNeeded: cx) &- origin
        let lastCol = Int(truncatingIfNeeded: lastX) &- origin
        if col < lastCol {
            var boundaryY = RoundedRamp(origin: ay, t0: (cx &+ 1) &* one &- ax, step: one, numerator: by &- ay, denominator: bx &- ax)
            // The first cell is entered at `entry`, the rest at their left side, all left at their right.
            var yb = boundaryY.value
            if yb != py { add(col, yb &- py, (yb &- py) &* (entry &+ one)) }
            py = yb; col &+= 1
            while col < lastCol {
                boundaryY.advance()
                yb = boundaryY.value
                if yb != py { add(col, yb &- py, (yb &- py) &<< 8) }
                py = yb; col &+= 1
            }
            entry = 0
        }
        if y1 != py { add(col, y1 &- py, (y1 &- py) &* (entry &+ (x1 &- (lastX &<< 8)))) }
        noteColumns(row: k, firstCol, lastCol)
    }

    /// Columns first…last of band row k may be touched: the sweep reads their bit words, and
    /// each may make spans.
    @inline(__always)
    private mutating func noteColumns(row k: Int, _ first: Int, _ last: Int) {
        added &+= last &- first &+ 1
        let lo = Int32(truncatingIfNeeded: first &>> 6), end = Int32(truncatingIfNeeded: last &>> 6) &+ 1
        let range = rowWords[k]
        if lo < range.lo { rowWords[k].lo = lo }
        if end > range.end { rowWords[k].end = end }
    }
}

/// How a crossing is added to a cell: exactly, or (an edge many identical triangles gave a
/// winding beyond 8191) each product clamped to 32 bits, as the rasteriser always did.
protocol CellSums {
    static func add(cover: Int64, area: Int64, winding: Int64, to cell: UnsafeMutablePointer<GridCell>)
}

enum ExactSums: CellSums {
    @inline(__always)
    static func add(cover: Int64, area: Int64, winding: Int64, to cell: UnsafeMutablePointer<GridCell>) {
        cell.pointee.cover &+= cover &* winding
        cell.pointee.area &+= area &* winding
    }
}

enum ClampedSums: CellSums {
    @inline(__always)
    static func add(cover: Int64, area: Int64, winding: Int64, to cell: UnsafeMutablePointer<GridCell>) {
        cell.pointee.cover &+= Int64(Int32(clamping: cover * winding))
        cell.pointee.area &+= Int64(Int32(clamping: area * winding))
    }
}
