@testable import ElasticCore
@testable import ElasticRaster

// The rasteriser as it was before its cells went into a dense grid by bands (commit 1e82e73),
// kept as the reference its spans must equal bit for bit.
struct ReferenceRasterizer {
    static let one: Int64 = 256
    static let coordinateLimit: Float = 16_384

    struct Edge: Equatable {
        var x0: Int32, y0: Int32, x1: Int32, y1: Int32  // y0 < y1

        var hash: UInt64 {
            let a = UInt64(UInt32(bitPattern: x0)) | UInt64(UInt32(bitPattern: y0)) << 32
            let b = UInt64(UInt32(bitPattern: x1)) | UInt64(UInt32(bitPattern: y1)) << 32
            var h = (a ^ (b &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
            return h
        }
    }

    struct Cell {
        var x: Int32, y: Int32, cover: Int32, area: Int32
    }

    var edges: [(edge: Edge, winding: Int32)] = []
    var slots: [Int32] = []
    var slotStamps: [UInt32] = []
    var stamp: UInt32 = 1
    var cells: [Cell] = []
    var scratch: [Cell] = []
    var radixCounts: [Int] = []
    var rowCover: [Int64] = []
    var rowArea: [Int64] = []
    var rowBits: [UInt64] = []
    private(set) var spans: [CoverageSpan] = []
    private(set) var bounds = PixelRect.empty

    init() {}

    var isEmpty: Bool { edges.isEmpty }

    mutating func reset() {
        edges.removeAll(keepingCapacity: true)
        stamp &+= 1
        if stamp == 0 {  // wrapped: old stamps could match again
            for k in slotStamps.indices { slotStamps[k] = 0 }
            stamp = 1
        }
        bounds = .empty
    }

    mutating func addTriangle(_ ax: Float, _ ay: Float, _ bx: Float, _ by: Float, _ cx: Float, _ cy: Float) -> Bool {
        guard let a = Self.fixed(ax, ay), let b = Self.fixed(bx, by), let c = Self.fixed(cx, cy) else { return false }
        let cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        guard cross != 0 else { return true }  // no area
        let box = PixelRect(x0: Int(min(a.x, b.x, c.x) >> 8), y0: Int(min(a.y, b.y, c.y) >> 8),
                            x1: Int(max(a.x, b.x, c.x) >> 8) + 1, y1: Int(max(a.y, b.y, c.y) >> 8) + 1)
        bounds = bounds.union(box)
        // One orientation for every triangle, so shared edges cancel and overlaps add.
        if cross > 0 { addEdge(a, b); addEdge(b, c); addEdge(c, a) } else { addEdge(a, c); addEdge(c, b); addEdge(b, a) }
        return true
    }

    static func fixed(_ x: Float, _ y: Float) -> (x: Int64, y: Int64)? {
        guard abs(x) <= coordinateLimit, abs(y) <= coordinateLimit else { return nil }  // NaN fails too
        return (Int64((x * 256).rounded()), Int64((y * 256).rounded()))
    }

    mutating func addEdge(_ p: (x: Int64, y: Int64), _ q: (x: Int64, y: Int64)) {
        guard p.y != q.y else { return }  // a horizontal edge covers nothing
        let down = p.y < q.y
        let edge = down ? Edge(x0: Int32(p.x), y0: Int32(p.y), x1: Int32(q.x), y1: Int32(q.y))
                        : Edge(x0: Int32(q.x), y0: Int32(q.y), x1: Int32(p.x), y1: Int32(p.y))
        let winding: Int32 = down ? 1 : -1
        if 2 * (edges.count + 1) > slots.count { growSlots() }
        let mask = slots.count - 1
        var k = Int(truncatingIfNeeded: edge.hash) & mask
        while slotStamps[k] == stamp {
            let i = Int(slots[k]) - 1
            if edges[i].edge == edge {
                edges[i].winding += winding
                return
            }
            k = (k + 1) & mask
        }
        slotStamps[k] = stamp
        slots[k] = Int32(edges.count + 1)
        edges.append((edge, winding))
    }

    mutating func growSlots() {
        let count = max(256, slots.count * 2)
        slots = Array(repeating: 0, count: count)
        slotStamps = Array(repeating: 0, count: count)
        stamp = 1
        for (i, entry) in edges.enumerated() {
            var k = Int(truncatingIfNeeded: entry.edge.hash) & (count - 1)
            while slotStamps[k] == stamp { k = (k + 1) & (count - 1) }
            slotStamps[k] = stamp
            slots[k] = Int32(i + 1)
        }
    }

    mutating func sweep(clip: PixelRect) {
        spans.removeAll(keepingCapacity: true)
        cells.removeAll(keepingCapacity: true)
        guard !clip.isEmpty else { return }
        for (edge, winding) in edges where winding != 0 { walk(edge, winding: winding, clip: clip) }
        guard !cells.isEmpty else { return }
        Self.bucketCellsByRow(cells, into: &scratch, rowEnds: &radixCounts, clip: clip)
        // Column c of the dense row is x = clip.x0 - 1 + c (column 0 gathers what lies left of clip).
        let width = clip.width + 1, words = (width + 63) / 64
        if rowCover.count < width { rowCover = Array(repeating: 0, count: width); rowArea = Array(repeating: 0, count: width) }
        if rowBits.count < words { rowBits = Array(repeating: 0, count: words) }
        // Taken out of self while the rows are swept, so they are read and written by pointer
        // (no uniqueness or bounds checks per cell) while spans are appended.
        var cover: [Int64] = [], area: [Int64] = [], bits: [UInt64] = [], sorted: [Cell] = [], ends: [Int] = []
        swap(&cover, &rowCover); swap(&area, &rowArea); swap(&bits, &rowBits); swap(&sorted, &scratch); swap(&ends, &radixCounts)
        defer { swap(&cover, &rowCover); swap(&area, &rowArea); swap(&bits, &rowBits); swap(&sorted, &scratch); swap(&ends, &radixCounts) }
        cover.withUnsafeMutableBufferPointer { cover in
            area.withUnsafeMutableBufferPointer { area in
                bits.withUnsafeMutableBufferPointer { bits in
                    sorted.withUnsafeBufferPointer { sorted in
                        ends.withUnsafeBufferPointer { ends in
                            sweepRows(clip: clip, cells: sorted, rowEnds: ends, rowCover: cover, rowArea: area, rowBits: bits)
                        }
                    }
                }
            }
        }
    }

    mutating func emit(y: Int32, x0: Int32, x1: Int32, value: Int64, full: Int64) {
        guard x1 > x0 else { return }
        let covered = min(value.magnitude, UInt64(full))  // overlaps saturate
        let alpha = (covered * 255 + UInt64(full / 2)) / UInt64(full)
        guard alpha > 0 else { return }
        spans.append(CoverageSpan(y: y, x0: x0, x1: x1, alpha: UInt8(alpha)))
    }

    mutating func walk(_ edge: Edge, winding: Int32, clip: PixelRect) {
        let one = Self.one
        let x0 = Int64(edge.x0), y0 = Int64(edge.y0), x1 = Int64(edge.x1), y1 = Int64(edge.y1)
        let rowStart = max(y0 >> 8, Int64(clip.y0)), rowEnd = min((y1 - 1) >> 8, Int64(clip.y1) - 1)
        guard rowStart <= rowEnd else { return }
        let dx = x1 - x0, dy = y1 - y0
        let yStart = max(y0, rowStart * one)
        var xa = yStart == y0 ? x0 : x0 + Self.divideRounded((yStart - y0) * dx, dy)
        // x at each row boundary below: the same rounded division, carried from row to row.
        var boundaryX = RoundedRamp(origin: x0, t0: (rowStart + 1) * one - y0, step: one, numerator: dx, denominator: dy)
        for row in rowStart...rowEnd {
            let ya = max(y0, row * one), yb = min(y1, (row + 1) * one)
            let xb = yb == y1 ? x1 : boundaryX.value
            boundaryX.advance()
            addRowSegment(row: Int32(row), xa, ya - row * one, xb, yb - row * one, winding: winding, clip: clip)
            xa = xb
        }
    }

    mutating func addRowSegment(row: Int32, _ xa: Int64, _ fya: Int64, _ xb: Int64, _ fyb: Int64,
                                        winding: Int32, clip: PixelRect) {
        // Walked left to right: the same piece backwards adds the opposite height and area.
        let (ax, ay, bx, by, winding) = xa <= xb ? (xa, fya, xb, fyb, winding) : (xb, fyb, xa, fya, -winding)
        // Every y comes from the whole segment, so a pixel gets the same value whatever the clip.
        func y(at x: Int64) -> Int64 { x == bx ? by : ay + Self.divideRounded((x - ax) * (by - ay), bx - ax) }
        var (x0, y0, x1, y1) = (ax, ay, bx, by)
        let one = Self.one
        let left = Int64(clip.x0) * one, right = Int64(clip.x1) * one
        if x0 >= right { return }
        if x0 < left {
            let yLeft = x1 <= left ? y1 : y(at: left)
            addCell(x: Int32(clip.x0 - 1), y: row, cover: yLeft - y0, area: 0, winding: winding)
            if x1 <= left { return }
            (x0, y0) = (left, yLeft)
        }
        if x1 > right { (x1, y1) = (right, y(at: right)) }
        var cx = x0 >> 8
        let lastX = x1 >> 8
        var px = x0, py = y0
        // Step cell by cell, the y at each column boundary by interpolation (y(at:), carried).
        if cx < lastX {
            var boundaryY = RoundedRamp(origin: ay, t0: (cx + 1) * one - ax, step: one, numerator: by - ay, denominator: bx - ax)
            while cx < lastX {
                let boundary = (cx + 1) * one
                let yb = boundaryY.value
                boundaryY.advance()
                addCell(x: Int32(cx), y: row, cover: yb - py, area: (yb - py) * (px - cx * one + boundary - cx * one), winding: winding)
                px = boundary; py = yb
                cx += 1
            }
        }
        addCell(x: Int32(cx), y: row, cover: y1 - py, area: (y1 - py) * (px - cx * one + x1 - cx * one), winding: winding)
    }

    static func divideRounded(_ n: Int64, _ d: Int64) -> Int64 {
        (n >= 0 ? n + d / 2 : n - d / 2) / d
    }

    mutating func addCell(x: Int32, y: Int32, cover: Int64, area: Int64, winding: Int32) {
        guard cover != 0 else { return }
        // Clamped: many identical triangles in one run multiply an edge's winding.
        let c = Int32(clamping: cover * Int64(winding)), a = Int32(clamping: area * Int64(winding))
        if let last = cells.last, last.x == x, last.y == y {
            cells[cells.count - 1].cover = Int32(clamping: Int64(last.cover) + Int64(c))
            cells[cells.count - 1].area = Int32(clamping: Int64(last.area) + Int64(a))
        } else {
            cells.append(Cell(x: x, y: y, cover: c, area: a))
        }
    }
}
