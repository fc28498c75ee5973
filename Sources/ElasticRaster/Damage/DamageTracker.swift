import ElasticCore

/// Which output pixels a frame can change, found from the draw lists alone: each command's pixel
/// bounds and a signature of what it draws. A command that differs from the one at its place in
/// the last frame's list (moved, recoloured, reshaped, added or gone) damages its old and its new
/// bounds; everything else is unchanged and need not be redrawn or uploaded. The compositor
/// redraws all commands clipped to the damage, which keeps painter's order right where a changed
/// shape lies under an unchanged one.
///
/// The diff fills the frame's `FrameCoverage` (the compositor draws one-colour runs of triangles
/// with exact area coverage): each such run's coverage spans, converted only when the run
/// changed. A changed run damages only the pixels whose coverage changed (`SpanDiff`), not its
/// old and new bounds; a rectangle of one colour only the pixels it fills in one frame and not
/// the other. The damaged rows are grouped into rectangles by `DamageRegion`: the frame's damage
/// is a `PixelRegion` of them.
public struct DamageTracker: Sendable {
    /// At most this many damage rectangles a frame.
    public static let maxRects = 256
    /// A group of damaged rows may hold up to this many times the pixels that changed in it.
    static let slack = 1.25
    /// Pixels added around a shape's bounds for anti-aliasing and renderer rounding.
    static let margin = 2

    struct Entry {
        var signature: UInt64
        var bounds: PixelRect
        var blended = false
        /// The one colour of every vertex (nil: several colours, or not triangles).
        var color: RGBA?
        /// Its triangles' indices in the mesh's index buffer (a run of triangles).
        var indices: Range<Int> = 0..<0
        /// Its coverage spans in `FrameCoverage.spans` (nil: not drawn with exact coverage).
        var spans: Range<Int>?
        /// A rectangle's filled pixels (`Rect.filledPixels`; empty for anything else).
        var filled = PixelRect.empty
        var isRect = false

        func same(as o: Entry) -> Bool { signature == o.signature && bounds == o.bounds }
    }

    private var previous: [Entry] = []
    private var current: [Entry] = []
    /// The scale the last frame's spans were converted at.
    private var previousScale = 0.0
    private var found = DamageRegion()
    private var previousClear: RGBA?
    private var full = true
    private var output = PixelRect.empty
    /// This frame's damage, inside the output.
    public private(set) var region = PixelRegion()

    public init() {}

    /// Moves this frame's damage into `region`, leaving what `region` held here (the next
    /// `update` overwrites it): a hand-over, not a copy of the region's arrays.
    public mutating func moveRegion(into region: inout PixelRegion) { swap(&region, &self.region) }

    /// The next frame is damaged whole (a resize, an expose, a scene switch, a lost surface).
    public mutating func invalidate() { full = true }

    /// Compares `list` (scene points × `scale` = output pixels) with the last frame's list,
    /// filling `coverage` with this frame's runs and the spans of those of one colour (at
    /// `Float(scale)`), by which a changed run damages only the pixels whose coverage changed.
    public mutating func update(_ list: DrawList, scale: Double, width: Int, height: Int, coverage: inout FrameCoverage) {
        let out = PixelRect(x0: 0, y0: 0, x1: max(width, 0), y1: max(height, 0))
        let s = scale.isFinite && scale > 0 ? scale : 1
        let whole = full || out != output || previousClear != list.clearColor
        // Spans are kept only from a frame converted the same way.
        let keepsSpans = !whole && s == previousScale
        current.removeAll(keepingCapacity: true)
        coverage.beginFrame()
        for command in list.commands {
            let firstRun = coverage.runs.count
            if case let .triangles(first, count, blend) = command {
                let firstEntry = current.count
                let sound = Self.appendShapes(first: first, count: count, blend: blend, mesh: list.mesh, scale: s, clip: out,
                                              into: &current)
                if sound {
                    addRuns(firstEntry..<current.count, to: &coverage, mesh: list.mesh, scale: Float(s), output: out,
                            keeping: keepsSpans)
                } else {  // an index out of range: the compositor draws the batch as it is
                    coverage.add(indices: first..<(first + count), color: nil, bounds: out, kept: nil, mesh: list.mesh,
                                 scale: Float(s), output: out)
                }
            } else {
                current.append(DamageTracker.entry(command, in: list, scale: s, clip: out))
            }
            coverage.endCommand(firstRun: firstRun)
        }
        if whole || damagesWholeOutput(out) {
            region.set(out)
        } else {
            found.removeAll(output: out)
            for i in 0..<max(previous.count, current.count) {
                let old = i < previous.count ? previous[i] : nil, new = i < current.count ? current[i] : nil
                if let old, let new, old.same(as: new) { continue }
                if let old, let new, old.isRect, new.isRect, old.color == new.color {
                    // One colour: only what lies outside the pixels both fill changes.
                    let kept = old.filled.intersection(new.filled)
                    old.filled.forEachPiece(outside: kept) { found.add($0) }
                    new.filled.forEachPiece(outside: kept) { found.add($0) }
                    continue
                }
                if keepsSpans, diffSpans(old: old, new: new, in: coverage) { continue }
                if let old { found.add(old.bounds) }
                if let new { found.add(new.bounds) }
            }
            found.grouped(in: out, slack: Self.slack, maxRects: Self.maxRects, into: &region)
        }
        full = false
        output = out
        previousClear = list.clearColor
        previousScale = s
        swap(&previous, &current)
    }

    /// Whether a changed entry that is not a one-colour run damages its whole bounds, and those
    /// are the whole output (gooey-menu's veil fading): then finding the rest is wasted.
    private func damagesWholeOutput(_ out: PixelRect) -> Bool {
        for i in 0..<min(previous.count, current.count) {
            let old = previous[i], new = current[i]
            guard !old.same(as: new), old.spans == nil || new.spans == nil else { continue }
            if new.bounds == out && !(old.isRect && new.isRect && old.color == new.color) { return true }
        }
        return false
    }

    /// Adds the runs `entries` of this frame to `coverage`: the spans of a run of one colour kept
    /// from the last frame where the run there is the same, else converted.
    private mutating func addRuns(_ entries: Range<Int>, to coverage: inout FrameCoverage, mesh: Mesh, scale: Float,
                                  output: PixelRect, keeping: Bool) {
        for i in entries {
            let e = current[i]
            // One colour means every index of the run was in range (`appendShapes`).
            let same = keeping && e.color != nil && i < previous.count && previous[i].same(as: e)
            current[i].spans = coverage.add(indices: e.indices, color: e.color, bounds: e.bounds,
                                            kept: same ? previous[i].spans : nil, mesh: mesh, scale: scale, output: output)
        }
    }

    /// Damages the pixels whose coverage differs between the old and new run at one place
    /// (either may be missing), when both have spans and one colour, the same; false when that
    /// does not apply.
    private mutating func diffSpans(old: Entry?, new: Entry?, in coverage: FrameCoverage) -> Bool {
        guard old != nil || new != nil else { return true }
        if let old, old.spans == nil || old.isRect { return false }
        if let new, new.spans == nil || new.isRect { return false }
        if let old, let new, old.color != new.color || old.blended != new.blended { return false }
        // Taken out of self while the spans are read.
        var found = DamageRegion()
        swap(&found, &self.found)
        defer { swap(&found, &self.found) }
        coverage.withSpans(old: old?.spans ?? 0..<0, new: new?.spans ?? 0..<0) { o, n in
            found.addRows { SpanDiff.damage(old: o, new: n, into: &$0) }
        }
        return true
    }
}
