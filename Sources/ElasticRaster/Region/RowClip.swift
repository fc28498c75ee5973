import ElasticCore

/// A set of disjoint pixel rectangles (a frame's damage) looked up by row: which columns of a
/// row may be drawn. Spans swept once for a whole shape are cut to it, instead of sweeping the
/// shape once per rectangle.
public struct RowClip: Sendable {
    /// The rectangles' bounding box.
    public private(set) var bounds = PixelRect.empty
    /// Whether it is one rectangle (nothing to cut inside `bounds`).
    public private(set) var isSingleRect = true
    private var rowStart: [Int] = []
    private var columns: [(x0: Int32, x1: Int32)] = []

    public init() {}

    /// Sets the rectangles (pairwise disjoint).
    public mutating func set(_ rects: [PixelRect]) {
        bounds = rects.reduce(PixelRect.empty) { $0.union($1) }
        isSingleRect = rects.count(where: { !$0.isEmpty }) <= 1
        guard !isSingleRect else { return }
        let h = bounds.height, y0 = bounds.y0
        if rowStart.count < h + 2 { rowStart = Array(repeating: 0, count: h + 2) }
        let total = rects.reduce(0) { $0 + $1.height }  // room enough: empty ones counted too
        if columns.count < total { columns = Array(repeating: (0, 0), count: total) }
        // By pointer: a frame's damage spans many rows, each counted, summed and filled.
        rowStart.withUnsafeMutableBufferPointer { rowStart in
            columns.withUnsafeMutableBufferPointer { columns in
                let starts = rowStart.baseAddress!, cols = columns.baseAddress!
                starts.update(repeating: 0, count: h + 2)
                for r in rects where !r.isEmpty {
                    for y in r.y0..<r.y1 { starts[y &- y0 &+ 2] &+= 1 }
                }
                for k in 0...h { starts[k &+ 1] &+= starts[k] }
                for r in rects where !r.isEmpty {
                    let interval = (x0: Int32(r.x0), x1: Int32(r.x1))
                    for y in r.y0..<r.y1 {
                        let k = y &- y0 &+ 1
                        cols[starts[k]] = interval
                        starts[k] &+= 1
                    }
                }
            }
        }
        // rowStart[k] .. rowStart[k + 1] are now row k's columns.
    }

    /// Calls `body` with the rows' parts read by pointer (no bounds checks per span).
    @inline(__always)
    public func withRowParts<R>(_ body: (RowParts) -> R) -> R {
        rowStart.withUnsafeBufferPointer { starts in
            columns.withUnsafeBufferPointer { columns in
                body(RowParts(bounds: bounds, isSingleRect: isSingleRect, starts: starts.baseAddress, columns: columns.baseAddress))
            }
        }
    }

    /// `RowClip`'s rows, by pointer, valid inside `withRowParts`.
    public struct RowParts {
        let bounds: PixelRect, isSingleRect: Bool
        let starts: UnsafePointer<Int>?, columns: UnsafePointer<(x0: Int32, x1: Int32)>?

        /// Calls `body` with each column interval row `y` may be drawn in.
        @inline(__always)
        public func forEachInterval(y: Int, _ body: (Int32, Int32) -> Void) {
            guard y >= bounds.y0, y < bounds.y1 else { return }
            if isSingleRect { body(Int32(truncatingIfNeeded: bounds.x0), Int32(truncatingIfNeeded: bounds.x1)); return }
            guard let starts, let columns else { return }
            let k = y &- bounds.y0
            var i = starts[k]
            let end = starts[k &+ 1]
            while i < end { body(columns[i].x0, columns[i].x1); i &+= 1 }
        }
    }
}
