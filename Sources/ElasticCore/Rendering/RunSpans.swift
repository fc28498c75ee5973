/// The coverage spans of a frame's one-colour runs of triangles, kept from frame to frame: a run
/// drawn as in the last frame reuses its spans, a changed one is scan-converted once, whole (a
/// pixel's coverage does not depend on the clip), so its damage can be the pixels whose coverage
/// changed (`SpanDiff`) and the front end blends the same spans without converting again.
public struct RunSpans: Sendable {
    private var rasterizer = CoverageRasterizer()
    private var previous: [CoverageSpan] = []
    private var current: [CoverageSpan] = []
    /// While this frame only keeps runs, each where it lay in the last frame, one after another
    /// from the start, its spans are `previous[..<inPlaceCount]` and nothing is copied (a scene
    /// at rest, or whose changed runs come last); the first other run copies them to `current`.
    private var inPlace = false
    private var inPlaceCount = 0

    public init() {}

    /// This frame's spans (ranges from `keep` and `convert`).
    public subscript(range: Range<Int>) -> ArraySlice<CoverageSpan> { inPlace ? previous[range] : current[range] }

    /// The last frame's spans become the ones to keep from.
    mutating func beginFrame() {
        if !inPlace { swap(&previous, &current) }
        current.removeAll(keepingCapacity: true)
        inPlace = true
        inPlaceCount = 0
    }

    /// This frame's spans so far, copied to `current` if they were kept in place.
    private mutating func leavePlace() {
        guard inPlace else { return }
        inPlace = false
        current.append(contentsOf: previous[..<inPlaceCount])
    }

    /// The last frame's spans `range`, kept for this frame.
    mutating func keep(_ range: Range<Int>) -> Range<Int> {
        if inPlace, range.lowerBound == inPlaceCount {
            inPlaceCount = range.upperBound
            return range
        }
        leavePlace()
        let start = current.count
        current.append(contentsOf: previous[range])
        return start..<current.count
    }

    /// Scan-converts the triangles `indices` of `mesh` (scene points × `scale` = output pixels,
    /// every index in range) inside `output`; nil when a point is beyond the rasteriser's fixed point.
    mutating func convert(_ mesh: Mesh, indices range: Range<Int>, scale: Float, output: PixelRect) -> Range<Int>? {
        rasterizer.reset()
        let added = mesh.indices.withUnsafeBufferPointer { indices in
            mesh.vertices.withUnsafeBufferPointer { vertices in
                var t = range.lowerBound
                while t + 3 <= range.upperBound {
                    let a = vertices[Int(indices[t])], b = vertices[Int(indices[t + 1])], c = vertices[Int(indices[t + 2])]
                    guard rasterizer.addTriangle(a.x * scale, a.y * scale, b.x * scale, b.y * scale, c.x * scale, c.y * scale)
                    else { return false }
                    t += 3
                }
                return true
            }
        }
        guard added else { return nil }
        let shown = rasterizer.bounds.intersection(output)
        let end = inPlace ? inPlaceCount : current.count
        guard !rasterizer.isEmpty, !shown.isEmpty else { return end..<end }
        rasterizer.sweep(clip: shown)
        if !rasterizer.spans.isEmpty { leavePlace() }
        guard !inPlace else { return inPlaceCount..<inPlaceCount }
        let start = current.count
        current.append(contentsOf: rasterizer.spans)
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
        previous[old].withUnsafeBufferPointer { o in self[new].withUnsafeBufferPointer { n in body(o, n) } }
    }
}
