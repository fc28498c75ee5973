import ElasticCore

extension CoverageRasterizer {
    /// The bands (of `bandHeight` rows from `clip.y0`) an edge's walk adds cells to, or nil when
    /// it adds none: no rows inside `clip`, or wholly right of it.
    @inline(__always)
    private static func bands(of edge: Edge, clip: PixelRect, bandHeight: Int, bandCount: Int) -> ClosedRange<Int>? {
        let rowStart = max(Int(edge.y0 >> 8), clip.y0), rowEnd = min(Int((edge.y1 - 1) >> 8), clip.y1 - 1)
        guard rowStart <= rowEnd, Int(min(edge.x0, edge.x1)) < clip.x1 << 8 else { return nil }
        // One band (a small clip: the common case) needs no division; otherwise 32-bit ones, far
        // cheaper than 64-bit (rows fit: the clip is within the rasteriser's coordinate limit).
        guard bandCount > 1 else { return 0...0 }
        let height = UInt32(truncatingIfNeeded: bandHeight)
        return Int(UInt32(truncatingIfNeeded: rowStart - clip.y0) / height)...Int(UInt32(truncatingIfNeeded: rowEnd - clip.y0) / height)
    }

    /// Lists, for each band, the edges (uncancelled) that add cells to it, in insertion order:
    /// band b's are `bandEdges[bandStarts[b] ..< bandStarts[b + 1]]`. A counting sort, in O(edges
    /// + bands) and without allocating once the buffers have grown.
    mutating func bucketEdgesByBand(clip: PixelRect, bandHeight: Int, bandCount: Int) {
        if bandStarts.count < bandCount + 1 { bandStarts = Array(repeating: 0, count: bandCount + 1) }
        var order: [Int32] = [], starts: [Int32] = []
        swap(&order, &bandEdges); swap(&starts, &bandStarts)
        defer { swap(&order, &bandEdges); swap(&starts, &bandStarts) }
        var total = 0
        edges.withUnsafeBufferPointer { all in
            let edges = UnsafeBufferPointer(rebasing: all[..<edgeCount])
            starts.withUnsafeMutableBufferPointer { start in
                for b in 0...bandCount { start[b] = 0 }
                for entry in edges where entry.winding != 0 {
                    guard let bands = Self.bands(of: entry.edge, clip: clip, bandHeight: bandHeight, bandCount: bandCount) else { continue }
                    for b in bands { start[b + 1] += 1 }
                }
                for b in 0..<bandCount { start[b + 1] += start[b] }
                total = Int(start[bandCount])
            }
            if order.count < total { order = Array(repeating: 0, count: max(total, 2 * order.count)) }
            order.withUnsafeMutableBufferPointer { order in
                starts.withUnsafeMutableBufferPointer { start in
                    // start[b] is band b's start; placing an edge moves it on, ending at band b's end.
                    for (i, entry) in edges.enumerated() where entry.winding != 0 {
                        guard let bands = Self.bands(of: entry.edge, clip: clip, bandHeight: bandHeight, bandCount: bandCount) else { continue }
                        for b in bands { order[Int(start[b])] = Int32(i); start[b] += 1 }
                    }
                    // Shifted back: band b now starts where band b − 1 ends.
                    for b in stride(from: bandCount, to: 0, by: -1) { start[b] = start[b - 1] }
                    start[0] = 0
                }
            }
        }
    }
}
