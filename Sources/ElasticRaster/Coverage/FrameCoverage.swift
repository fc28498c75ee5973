import ElasticCore

/// A frame's exact coverage, owned apart from its damage: the draw list's runs of triangles in
/// order (`runs`), each command's runs (`commandRuns`), and the coverage spans of the runs of one
/// colour (`spans`: converted when a run changed, kept from the last frame when it did not). The
/// compositor owns it and blends from it; `DamageTracker` fills it as it diffs a frame, since the
/// diff is what knows which runs are unchanged, and compares a run's old and new spans.
public struct FrameCoverage: Sendable {
    public private(set) var spans = RunSpans()
    public private(set) var runs: [CoverageRun] = []
    public private(set) var commandRuns: [Range<Int>] = []

    public init() {}

    /// Starts a frame: the last frame's spans stay readable (`keep`, `withSpans`) until it ends.
    mutating func beginFrame() {
        spans.beginFrame()
        runs.removeAll(keepingCapacity: true)
        commandRuns.removeAll(keepingCapacity: true)
    }

    /// Ends the next command's runs: those added since `firstRun`.
    mutating func endCommand(firstRun: Int) { commandRuns.append(firstRun..<runs.count) }

    /// Adds a run: its spans kept from the last frame's `kept`, else, for a run of one `color`,
    /// converted from `mesh` at `scale` inside `output`; a run of several colours (or of an
    /// unsound batch) has none and is drawn triangle by triangle. Returns the spans.
    @discardableResult
    mutating func add(indices: Range<Int>, color: RGBA?, bounds: PixelRect, kept: Range<Int>?, mesh: Mesh, scale: Float,
                      output: PixelRect) -> Range<Int>? {
        var found: Range<Int>?
        if let kept {
            found = spans.keep(kept)
        } else if color != nil {
            found = spans.convert(mesh, indices: indices, scale: scale, output: output)
        }
        runs.append(CoverageRun(indices: indices, color: color, spans: found, bounds: bounds))
        return found
    }

    /// Calls `body` with the last frame's spans `old` and this frame's `new`.
    func withSpans<R>(old: Range<Int>, new: Range<Int>,
                      _ body: (UnsafeBufferPointer<CoverageSpan>, UnsafeBufferPointer<CoverageSpan>) -> R) -> R {
        spans.withSpans(old: old, new: new, body)
    }
}

/// A run of one colour's triangles as the compositor draws it: from `spans` in
/// `FrameCoverage.spans` with exact coverage, or (nil) its triangles one by one.
public struct CoverageRun: Sendable {
    public var indices: Range<Int>
    /// The run's one colour (nil: several).
    public var color: RGBA?
    public var spans: Range<Int>?
    /// The output pixels it may touch.
    public var bounds: PixelRect
}
