/// The coverage spans of a frame's one-colour runs of triangles, kept from frame to frame: a run
/// drawn as in the last frame reuses its spans, a changed one is scan-converted once, whole (a
/// pixel's coverage does not depend on the clip), so its damage can be the pixels whose coverage
/// changed (`SpanDiff`) and the front end blends the same spans without converting again.
public struct RunSpans: Sendable {
    private var rasterizer = CoverageRasterizer()
    private var previous: [CoverageSpan] = []
    private var current: [CoverageSpan] = []

    public init() {}

    /// This frame's spans (ranges from `keep` and `convert`).
    public subscript(range: Range<Int>) -> ArraySlice<CoverageSpan> { current[range] }

    /// The last frame's spans become the ones to keep from.
    mutating func beginFrame() {
        swap(&previous, &current)
        current.removeAll(keepingCapacity: true)
    }

    /// The last frame's spans `range`, kept for this frame.
    mutating func keep(_ range: Range<Int>) -> Range<Int> {
        let start = current.count
        current.append(contentsOf: previous[range])
        return start..<current.count
    }

    /// Scan-converts triangles (x, y pairs in output pixels, three points a triangle) inside
    /// `output`; nil when a point is beyond the rasteriser's fixed point.
    mutating func convert(_ points: ArraySlice<Float>, output: PixelRect) -> Range<Int>? {
        rasterizer.reset()
        var k = points.startIndex
        while k + 6 <= points.endIndex {
            guard rasterizer.addTriangle(points[k], points[k + 1], points[k + 2], points[k + 3], points[k + 4], points[k + 5])
            else { return nil }
            k += 6
        }
        let start = current.count
        let shown = rasterizer.bounds.intersection(output)
        if !rasterizer.isEmpty, !shown.isEmpty {
            rasterizer.sweep(clip: shown)
            current.append(contentsOf: rasterizer.spans)
        }
        return start..<current.count
    }

    /// The indices of `spans` (sorted by row) that lie in `rows`.
    public static func indices(of spans: ArraySlice<CoverageSpan>, rows: Range<Int>) -> Range<Int> {
        func first(atOrBelow y: Int) -> Int {
            var lo = spans.startIndex, hi = spans.endIndex
            while lo < hi {
                let mid = (lo + hi) / 2
                if Int(spans[mid].y) < y { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        return first(atOrBelow: rows.lowerBound)..<first(atOrBelow: rows.upperBound)
    }

    /// Calls `body` with the last frame's spans `old` and this frame's `new`.
    func withSpans<R>(old: Range<Int>, new: Range<Int>,
                      _ body: (UnsafeBufferPointer<CoverageSpan>, UnsafeBufferPointer<CoverageSpan>) -> R) -> R {
        previous[old].withUnsafeBufferPointer { o in current[new].withUnsafeBufferPointer { n in body(o, n) } }
    }
}
