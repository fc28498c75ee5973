import ElasticCore

/// The software compositor: draws a frame's `DrawList` into a plain pixel buffer (`PixelBuffer`)
/// by stage: diff (what changed: `DamageTracker`) → plan (what each command covers: `planCover`)
/// → clear → composite. Its host, the buffer's owner, draws what it cannot (`CompositorHost`).
///
/// With `partialUpdates`, only the damaged rectangles are cleared and redrawn: commands in order,
/// each clipped to every rectangle (a coverage run swept once and cut to them), so what lies under
/// or over a changed shape is drawn as before.
public final class Compositor {
    /// Exact-coverage drawing of triangles of one colour.
    public let coverage = CoverageWriter()
    /// Whether each frame redraws only what changed (`DamageTracker`).
    public var partialUpdates = false
    var damage = DamageTracker()
    /// The output-pixel rectangles the frame being drawn redraws (the whole output when it
    /// redraws everything).
    public private(set) var frameRects: [PixelRect] = []
    /// The whole output, in output pixels.
    public private(set) var outputRect = PixelRect.empty
    /// This frame's rectangles whose every pixel a command overwrites (command index, output
    /// pixels): what an earlier clear or translucent fill need not write. Opaque rectangles drawn
    /// straight into the buffer, and the pieces of the veil's fold (`planCover`).
    var occluders: [(command: Int, pixels: PixelRect)] = []
    /// Scratch for `forEachUncovered`: the pixels left uncovered.
    var uncovered = PixelRegion()
    /// This frame's pixels an opaque write covers whole (the clear skips them) and, per command,
    /// the box of what the commands before it drew (`planCover`).
    var cover = RowBitmap()
    /// The clear (pixels) from which skipping covered pixels pays: 16 MiB of 32-bit pixels, more
    /// than a last-level cache keeps. Tests set 0 to mark every frame.
    var coverPixels = 1 << 22
    var drawnBefore: [PixelRect] = []
    /// Whether this frame's clear goes half to a second core (`FarHalf`, found by `planCover`).
    var sharesClear = false
    /// This frame's scale (scene points to output pixels).
    public private(set) var scale: Float = 1
    /// Whether this frame's triangles of one colour get exact coverage, and the buffer its clear
    /// and opaque rectangles go straight into.
    var exact = false, fills: PixelBuffer?

    public init() {}

    /// The next frame redraws everything (a scene switch, a resize).
    public func invalidate() { damage.invalidate() }

    /// Whether the frame being drawn redraws everything.
    public var redrawsWholeOutput: Bool { frameRects.count == 1 && frameRects[0] == outputRect }

    /// Whether `composite` may hand triangles to the host: without exact coverage, or for a run
    /// exact coverage cannot take.
    public var handsOverTriangles: Bool { !exact || damage.runs.contains { $0.spans == nil } }

    /// Diff and plan: finds what the frame redraws (`frameRects`). `exactTarget`: the buffer exact
    /// coverage draws into (nil: none); `fills`: the buffer the clear and opaque rectangles go
    /// straight into (nil: the host fills). False when there is nothing to draw, or when the list
    /// was tessellated for exact coverage that ended since (the host would draw its signed fans'
    /// negative triangles as positive: the frame is kept as it was, the next redraws everything).
    public func begin(_ list: DrawList, scale s: Float, output: (width: Int, height: Int), exactTarget: PixelBuffer?,
                      fills: PixelBuffer?) -> Bool {
        outputRect = PixelRect(x0: 0, y0: 0, x1: output.width, y1: output.height)
        frameRects.removeAll(keepingCapacity: true)
        scale = s
        // Taken out of self while the frame is diffed: read through self, it would be copied for
        // each call that borrows it (a retain an array it holds).
        var damage = DamageTracker()
        swap(&damage, &self.damage)
        defer { swap(&damage, &self.damage) }
        exact = exactTarget.map { coverage.enabled && coverage.begin($0) } ?? false
        if list.mesh.hasSignedFans, !exact {
            damage.invalidate()
            return false
        }
        if partialUpdates || exact {
            // A whole redraw converts every run anew, as a first frame does.
            if !partialUpdates { damage.invalidate() }
            damage.update(list, scale: Double(s), width: output.width, height: output.height, exactCoverage: exact)
        }
        if partialUpdates {
            frameRects.append(contentsOf: damage.rects)
        } else {
            frameRects.append(outputRect)
        }
        guard !frameRects.isEmpty else { return false }
        self.fills = fills
        occluders.removeAll(keepingCapacity: true)
        if fills != nil {
            for (i, command) in list.commands.enumerated() {
                guard case let .rect(r, color) = command, color.isOpaque, let pixels = r.filledPixels(scale: s) else { continue }
                occluders.append((i, pixels))
            }
        }
        coverage.region.set(frameRects)
        planCover(list, damage: damage)
        return true
    }
}
