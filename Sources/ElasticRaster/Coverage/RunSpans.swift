import ElasticCore

/// The coverage spans of a frame's one-colour runs of triangles, kept from frame to frame: a run
/// drawn as in the last frame reuses its spans, a changed one is scan-converted once, whole (a
/// pixel's coverage does not depend on the clip), so its damage can be the pixels whose coverage
/// changed (`SpanDiff`) and the front end blends the same spans without converting again.
public struct RunSpans: Sendable {
    /// The first two keep their spans where they were swept: a changed run converted into one
    /// that no range of the last frame or this one refers to is copied neither now nor when kept
    /// (a shape that moves, or rests, among others); their ranges are tagged (`slotShift`). The
    /// last converts the runs whose spans are copied into `current`. Made at the first conversion,
    /// so an empty `RunSpans` (a front end's placeholder while its tracker is taken out) allocates nothing.
    private var held: [CoverageRasterizer] = []
    private static let heldSlots = 2, copying = 2
    /// Bit s: a range of the last frame (of this frame) refers to `held[s]`.
    private var heldByPrevious: UInt8 = 0, heldByCurrent: UInt8 = 0
    /// A range at or above `1 << slotShift` lies in `held[(lowerBound >> slotShift) - 1]`.
    private static let slotShift = 40
    private var previous: [CoverageSpan] = []
    private var current: [CoverageSpan] = []
    /// While this frame only keeps runs, each where it lay in the last frame, one after another
    /// from the start, its spans are `previous[..<inPlaceCount]` and nothing is copied (a scene
    /// at rest, or whose changed runs come last); the first other run copies them to `current`.
    private var inPlace = false
    private var inPlaceCount = 0

    public init() {}

    /// This frame's spans (ranges from `keep` and `convert`).
    public subscript(range: Range<Int>) -> ArraySlice<CoverageSpan> {
        if let (slot, local) = Self.held(range) { return held[slot].spans[local] }
        return inPlace ? previous[range] : current[range]
    }

    /// The slot of `held` a range lies in, and the range there (nil: in `previous` or `current`).
    @inline(__always)
    private static func held(_ range: Range<Int>) -> (Int, Range<Int>)? {
        let tag = range.lowerBound >> slotShift
        guard tag > 0 else { return nil }
        let base = tag << slotShift
        return (tag - 1, (range.lowerBound - base)..<(range.upperBound - base))
    }

    /// The last frame's spans become the ones to keep from.
    mutating func beginFrame() {
        heldByPrevious = heldByCurrent
        heldByCurrent = 0
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
        if let (slot, _) = Self.held(range) {
            heldByCurrent |= 1 << slot
            return range
        }
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
        let end = inPlace ? inPlaceCount : current.count
        if held.isEmpty { held = [CoverageRasterizer(), CoverageRasterizer(), CoverageRasterizer()] }
        if let slot = (0..<Self.heldSlots).first(where: { (heldByPrevious | heldByCurrent) & (1 << $0) == 0 }) {
            guard let swept = Self.rasterize(mesh, range, scale: scale, output: output, with: &held[slot]) else { return nil }
            guard swept, !held[slot].spans.isEmpty else { return end..<end }
            heldByCurrent |= 1 << slot
            let base = (slot + 1) << Self.slotShift
            return base..<(base + held[slot].spans.count)
        }
        guard let swept = Self.rasterize(mesh, range, scale: scale, output: output, with: &held[Self.copying]) else { return nil }
        guard swept, !held[Self.copying].spans.isEmpty else { return end..<end }
        leavePlace()
        let start = current.count
        current.append(contentsOf: held[Self.copying].spans)
        return start..<current.count
    }

    /// Converts and sweeps with `rasterizer`: true when it swept (its `spans` are the run's),
    /// false when nothing lies in `output`, nil when a point is beyond the fixed point.
    private static func rasterize(_ mesh: Mesh, _ range: Range<Int>, scale: Float, output: PixelRect,
                                  with rasterizer: inout CoverageRasterizer) -> Bool? {
        rasterizer.reset()
        let added = mesh.indices.withUnsafeBufferPointer { indices in
            mesh.vertices.withUnsafeBufferPointer { vertices in
                rasterizer.addTriangles(count: range.count / 3, signed: mesh.hasSignedFans,
                                        MeshTriangles(indices: indices, vertices: vertices, start: range.lowerBound, scale: scale))
            }
        }
        guard added else { return nil }
        let shown = rasterizer.bounds.intersection(output)
        guard !rasterizer.isEmpty, !shown.isEmpty else { return false }
        rasterizer.sweep(clip: shown)
        return true
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
        let oldSpans = Self.held(old).map { held[$0.0].spans[$0.1] } ?? previous[old]
        return oldSpans.withUnsafeBufferPointer { o in self[new].withUnsafeBufferPointer { n in body(o, n) } }
    }
}

/// A run of a mesh's triangles, scaled to output pixels (every index in range).
private struct MeshTriangles: IndexedTriangles {
    let indices: UnsafeBufferPointer<Int32>, vertices: UnsafeBufferPointer<Vertex>
    let start: Int, scale: Float

    @inline(__always)
    func triangle(_ k: Int) -> (Int32, Int32, Int32) {
        let t = start &+ 3 &* k
        return (indices[t], indices[t &+ 1], indices[t &+ 2])
    }

    @inline(__always)
    func point(_ i: Int32) -> (Float, Float) {
        let v = vertices[Int(i)]
        return (v.x * scale, v.y * scale)
    }
}
