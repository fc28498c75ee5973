import ElasticCore

/// A run of horizontal pixels of one coverage, `alpha` of 255 being wholly covered.
public struct CoverageSpan: Hashable, Sendable {
    public var y: Int32, x0: Int32, x1: Int32
    public var alpha: UInt8
}

/// Exact area coverage of a set of triangles, as spans: the scan conversion of FreeType's
/// "smooth" rasteriser and Cairo's, for the triangles the tessellator makes.
///
/// Each edge adds, to every pixel cell it crosses, the height it spans there (`cover`) and that
/// height times the position it crosses at (`area`); a sweep along each row then sums them into
/// the covered fraction of each pixel, exactly (to 1/256 px), with runs of equal coverage between
/// edges as one span. Triangles are turned to one orientation and their edges walked in one
/// direction, so an edge two neighbouring triangles share adds exactly opposite amounts and is
/// dropped before it is walked: pieces of a shape cannot seam, and a big shape costs its outline,
/// not its triangles. Overlapping triangles add up, saturating at full coverage. Added `signed`,
/// triangles keep their orientation instead: a signed fan then leaves just its polygon's outline.
///
/// Nothing allocates once the buffers have grown to a frame's needs.
/// (Fixed-point and cell arithmetic: `CellGrid`.)
public struct CoverageRasterizer: Sendable {
    /// Sub-pixel steps per pixel (fixed point 24.8).
    static let one: Int64 = 256
    /// Coordinates (output pixels) beyond which a vertex is refused.
    public static let coordinateLimit = Mesh.coverageCoordinateLimit

    struct Edge: Equatable {
        var x0: Int32, y0: Int32, x1: Int32, y1: Int32  // y0 < y1

        /// A cheap mix of the four coordinates: the table only needs them spread, not secret.
        var hash: UInt64 {
            let a = UInt64(UInt32(bitPattern: x0)) | UInt64(UInt32(bitPattern: y0)) << 32
            let b = UInt64(UInt32(bitPattern: x1)) | UInt64(UInt32(bitPattern: y1)) << 32
            var h = (a ^ (b &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
            return h
        }
    }

    /// Edges with their net direction (+1 down, −1 up; 0 once cancelled), in insertion order: the
    /// first `edgeCount` (the storage only grows, so triangles are added through pointers).
    var edges: [(edge: Edge, winding: Int32)] = []
    var edgeCount = 0
    /// Open addressing over `edges`: a slot holds its stamp (high 32 bits) and an edge index + 1,
    /// valid while the stamp is the current one, so a reset clears nothing.
    var slots: [UInt64] = []
    var stamp: UInt32 = 1
    /// Edge indices by band (band b's from `bandStarts[b]` to `bandStarts[b + 1]`).
    var bandEdges: [Int32] = []
    var bandStarts: [Int32] = []
    /// A band's cells and a bit per touched cell (all zero between bands).
    private var gridCells: [GridCell] = []
    private var gridBits: [UInt64] = []
    private var gridRowWords: [WordRange] = []
    /// The spans of the last sweep are the first `spanCount`; the buffer only grows.
    private var spanBuffer: [CoverageSpan] = []
    private var spanCount = 0
    /// The spans of the last `sweep`.
    public var spans: ArraySlice<CoverageSpan> { spanBuffer[..<spanCount] }
    /// The pixels what was added touches.
    internal(set) public var bounds = PixelRect.empty

    public init() {}

    public var isEmpty: Bool { edgeCount == 0 }

    public mutating func reset() {
        edgeCount = 0
        stamp &+= 1
        if stamp == 0 {  // wrapped: old stamps could match again
            for k in slots.indices { slots[k] = 0 }
            stamp = 1
        }
        bounds = .empty
    }

    /// The coverage of everything added, inside `clip`, as spans sorted by row then column
    /// (`spans`); pixels outside `clip` cost nothing beyond the edges' walk.
    ///
    /// Rows are taken in bands: each edge crossing a band adds its cells straight into a dense
    /// grid of the band's cells with a bit per touched cell, which is then read back row by row,
    /// in column order, into spans (no list of cells, no sort, and cells of one pixel from
    /// several edges merge as they are added).
    public mutating func sweep(clip: PixelRect) {
        spanCount = 0
        guard !clip.isEmpty, edgeCount > 0 else { return }
        // Column c of the grid is x = clip.x0 - 1 + c: column 0 gathers what lies left of clip.
        let columns = clip.width + 2, words = (columns + 63) / 64
        // About 512 KiB of cells: a band of a wide clip is a few rows, but every edge crossing it
        // starts its walk again, so not fewer than 4.
        let bandHeight = min(clip.height, max(4, (1 << 15) / columns))
        let bandCount = (clip.height + bandHeight - 1) / bandHeight
        bucketEdgesByBand(clip: clip, bandHeight: bandHeight, bandCount: bandCount)
        if gridCells.count < bandHeight * columns { gridCells = Array(repeating: GridCell(), count: bandHeight * columns) }
        if gridBits.count < bandHeight * words { gridBits = Array(repeating: 0, count: bandHeight * words) }
        if gridRowWords.count < bandHeight { gridRowWords = Array(repeating: WordRange(), count: bandHeight) }
        // Taken out of self while the bands are swept, so they are read and written by pointer
        // (no uniqueness or bounds checks per cell).
        var cells: [GridCell] = [], bits: [UInt64] = [], rowWords: [WordRange] = []
        var out: [CoverageSpan] = [], order: [Int32] = [], starts: [Int32] = []
        swap(&cells, &gridCells); swap(&bits, &gridBits); swap(&rowWords, &gridRowWords)
        swap(&out, &spanBuffer); swap(&order, &bandEdges); swap(&starts, &bandStarts)
        defer {
            swap(&cells, &gridCells); swap(&bits, &gridBits); swap(&rowWords, &gridRowWords)
            swap(&out, &spanBuffer); swap(&order, &bandEdges); swap(&starts, &bandStarts)
        }
        var count = 0
        edges.withUnsafeBufferPointer { edges in
            cells.withUnsafeMutableBufferPointer { cells in
              bits.withUnsafeMutableBufferPointer { bits in
                rowWords.withUnsafeMutableBufferPointer { rowWords in
                    for band in 0..<bandCount {
                        let y0 = clip.y0 + band * bandHeight
                        var grid = CellGrid(cells: cells.baseAddress!, bits: bits.baseAddress!, rowWords: rowWords.baseAddress!,
                                            columns: columns, words: words,
                                            clip: PixelRect(x0: clip.x0, y0: y0, x1: clip.x1, y1: min(y0 + bandHeight, clip.y1)))
                        for i in Int(starts[band])..<Int(starts[band + 1]) {
                            let entry = edges[Int(order[i])]
                            grid.walk(entry.edge, winding: entry.winding)
                        }
                        guard grid.added > 0 else { continue }
                        // Each touched cell makes at most two spans: its pixel and the run after it.
                        let needed = count + 2 * grid.added
                        if out.count < needed { out.append(contentsOf: repeatElement(CoverageSpan(y: 0, x0: 0, x1: 0, alpha: 0), count: max(needed, 2 * out.count) - out.count)) }
                        out.withUnsafeMutableBufferPointer { count = grid.sweepRows(into: $0.baseAddress!, count: count) }
                    }
                }
              }
            }
        }
        spanCount = count
    }

    /// n / d to the nearest integer (d > 0): half the error of truncating, and no bias. Wraps:
    /// the rasteriser's |n| + d/2 are far inside 64 bits.
    static func divideRounded(_ n: Int64, _ d: Int64) -> Int64 {
        (n >= 0 ? n &+ d / 2 : n &- d / 2) / d
    }
}
