import ElasticCore

/// The software compositor: draws a frame's `DrawList` into a plain pixel buffer (`PixelBuffer`)
/// by stage: diff (what changed: `DamageTracker`) → plan (what each command covers: `planCover`)
/// → clear → composite. Every command is drawn here, into the buffer; its host, the buffer's
/// owner, only hands over the buffer and the labels' pixels (`CompositorHost`), and presents.
///
/// With `partialUpdates`, only the damage is cleared and redrawn: commands in order, each clipped
/// to the frame's region (`frame`; a coverage run swept once and cut to it), so what lies under
/// or over a changed shape is drawn as before.
public final class Compositor {
    /// Exact-coverage drawing of triangles of one colour, and of translucent rectangles.
    let coverage = CoverageWriter()
    /// Triangles whose corners differ in colour.
    var shaded = ShadedTriangles()
    /// Whether each frame redraws only what changed (`DamageTracker`).
    public var partialUpdates = false
    var damage = DamageTracker()
    /// This frame's runs and their coverage spans, which `damage` fills as it diffs the frame.
    var runs = FrameCoverage()
    /// The whole output, in output pixels.
    public private(set) var outputRect = PixelRect.empty
    /// This frame's rectangles whose every pixel a command overwrites (command index, output
    /// pixels): what an earlier clear or translucent fill need not write. Opaque rectangles drawn
    /// straight into the buffer, and the pieces of the veil's fold (`planCover`).
    var occluders: [(command: Int, pixels: PixelRect)] = []
    /// Each core's scratch while it draws a band (`drawBand`): the caller's, the worker's.
    let lanes = [CompositeLane(), CompositeLane()]
    /// This frame's labels, by text index: those that meet what it redraws (`fetchLabels`).
    var labels: [LabelImage?] = []
    /// How many bands the last frame was drawn in.
    var bandCount = 0
    /// This frame's pixels an opaque write covers whole: the clear skips them (`planCover`).
    var cover = RowBitmap()
    /// The clear (pixels) from which skipping covered pixels pays: 16 MiB of 32-bit pixels, more
    /// than a last-level cache keeps. Tests set 0 to mark every frame.
    var coverPixels = 1 << 22
    /// Per command, the box of what the commands before it drew this frame (`planCover`).
    var drawnBefore: [PixelRect] = []
    /// Whether the clear skips what a later opaque write covers, the veil's fold and runs over
    /// the clear alone are stored, not blended, and a large whole frame is drawn in bands on both
    /// cores. Tests turn the shortcuts off to compare against the plain painter's algorithm.
    var shortcuts = true
    /// This frame's scale (scene points to output pixels).
    public private(set) var scale: Float = 1
    /// The buffer this frame is drawn into.
    var target: PixelBuffer?

    /// From this many pixels on (1920×1080 has about twice as many, 1280×720 fewer), a whole
    /// frame is drawn in bands on both cores. Below it the bands' own work (each command's and
    /// each occluder's cut to every band) costs about as much as the second core saves.
    static let bandedPixels = 1 << 20
    /// A band's pixels, in bytes, and its fewest rows (`bandHeight`).
    static let bandBytes = 1 << 17, minBandRows = 16

    public init() {}

    /// Whether frames can be drawn into buffers of `format`: spans blend into it
    /// (`CoverageWriter`), and labels too (`LabelBlend`).
    public static func supports(_ format: PixelFormat) -> Bool {
        CoverageWriter.supports(format) && LabelBlend.supports(format)
    }

    /// The next frame redraws everything (a scene switch, a resize, a frame drawn by someone else).
    public func invalidate() { damage.invalidate() }

    /// Someone else (SDL's renderer) drew this frame, all of `output`: it is what this frame
    /// redrew and shows, and the next frame redraws everything, since the buffer changed under it.
    public func drawnElsewhere(output: PixelRect) {
        invalidate()
        outputRect = output
        coverage.region.set(output)
        damagedPixels = coverage.region.area
        redrawsWholeOutput = true
    }

    /// Whether the frame being drawn redraws everything.
    public private(set) var redrawsWholeOutput = false

    /// The output pixels the frame being drawn redraws (all of them when it redraws everything):
    /// every command is clipped to them.
    public var frame: PixelRegion { coverage.region }

    /// Diff and plan of `list` at `scale` (scene points to output pixels; 1 when it is not a
    /// positive number) into `target` (whose format this compositor `supports`), finding what the
    /// frame redraws (`frame`). False when there is nothing to draw.
    public func begin(_ list: DrawList, scale: Double, target: PixelBuffer) -> Bool {
        let s = Float(scale.isFinite && scale > 0 ? scale : 1)
        outputRect = target.bounds
        coverage.region.removeAll()
        damagedPixels = 0
        redrawsWholeOutput = false
        self.scale = s
        // Taken out of self while the frame is diffed: read through self, it would be copied for
        // each call that borrows it (a retain an array it holds).
        var damage = DamageTracker(), runs = FrameCoverage()
        swap(&damage, &self.damage)
        swap(&runs, &self.runs)
        defer { swap(&damage, &self.damage); swap(&runs, &self.runs) }
        guard Self.supports(target.format), coverage.begin(target) else {
            damage.invalidate()
            return false
        }
        // A whole redraw converts every run anew, as a first frame does.
        if !partialUpdates { damage.invalidate() }
        damage.update(list, scale: Double(s), width: target.width, height: target.height, coverage: &runs)
        if partialUpdates {
            damage.moveRegion(into: &coverage.region)
        } else {
            coverage.region.set(outputRect)
        }
        guard !coverage.region.isEmpty else { return false }
        damagedPixels = coverage.region.area
        redrawsWholeOutput = coverage.region.isRect && coverage.region.bounds == outputRect
        self.target = target
        occluders.removeAll(keepingCapacity: true)
        for (i, command) in list.commands.enumerated() where shortcuts {
            guard case let .rect(r, color) = command, color.isOpaque, let pixels = r.filledPixels(scale: s) else { continue }
            occluders.append((i, pixels))
        }
        planCover(list, runs: runs)
        return true
    }

    /// How many pixels the last frame redrew.
    public private(set) var damagedPixels = 0

    /// The output pixels a present of the last frame must show, or nil for all of the output:
    /// only with `partialUpdates`, and not when the frame redrew everything.
    public var presentRegion: PixelRegion? { partialUpdates && !redrawsWholeOutput ? frame : nil }
}
