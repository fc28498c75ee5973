/// Turns paths into triangles for `DrawList`: flattening, fill decomposition, strokes and the
/// anti-aliasing fringe.
///
/// Fills: every contour is closed and filled on its own (no holes: contours are unions). Each is
/// cleaned (duplicates, non-finite points dropped; < 3 points or zero area skipped), turned to
/// positive area, then triangulated by the first method that applies:
/// 1. x-monotone → a ladder of thin column quads (`MonotoneLadder`, axis x);
/// 2. y-monotone → the same with rows;
/// 3. otherwise ear clipping (`EarClipper`).
/// With `antialias`, what is triangulated is the contour inset by the fringe's inner half, and the
/// fringe straddles the outline (`Fringe`), so anti-aliased shapes keep their exact area.
/// Thin strips matter: SDL's software rasteriser scans each triangle's bounding box.
///
/// Every triangle has positive signed area in the `Vec2.cross` convention (clockwise on a y-down
/// screen; but the fills of `signedFans`), finite coordinates and in-range indices.
///
/// Keep one tessellator and one draw list alive across frames: all scratch buffers are stored
/// here and reused, so `fill`/`stroke`/`fillRect` allocate nothing once warmed up.
public struct Tessellator: Sendable {
    /// Flattening tolerance in points: the polyline stays this close to the curves.
    public var tolerance: Double
    /// Anti-aliases fills and strokes with a fringe about one output pixel wide that fades to
    /// alpha 0 across the outline as a box-filtered edge does (the fill inset by half of it: see
    /// `Fringe`, `EdgeProfile`).
    public var antialias: Bool

    private var flattener = Flattener()
    private var ladder = MonotoneLadder()
    private var earClipper = EarClipper()
    private var stroker = Stroker()
    /// The contour being filled, cleaned and turned to positive area.
    private var contour: [Vec2] = []
    /// Fringe triangles, appended to the mesh after the interior batch is committed.
    private var pendingFringe: [Int32] = []
    /// `contour` inset to where its fringe reaches full coverage (the fill), and the fringe.
    private var inner: [Vec2] = []
    private var ring = Fringe.Ring()

    /// Draw the solid middle of wide shapes as rectangles (`DrawList.addRect`) and triangulate only
    /// the bands above and below it. SDL's software renderer fills a rectangle at memset speed but
    /// scans every triangle's bounding box pixel by pixel, so this cuts the wave's fill cost to its
    /// curved band. Rectangles are snapped to whole output pixels (see `pixelScale`) so they meet
    /// the triangles without seams. Off by default: meshes stay pure triangles for tools and tests.
    public var rectangleCores = false
    /// Fills without a fringe as signed fans (`Mesh.addSignedFan`), not triangulations: for a front
    /// end that draws exact coverage, which converts only a fill's outline. Off by default; the
    /// app's frames take it from the front end through `FrameDriver.draw(outputScale:exactCoverage:)`.
    public var signedFans = false
    /// Output pixels per point: rectangle cores snap to whole output pixels and the fringe is one
    /// output pixel wide.
    public var pixelScale: Double = 1
    /// The fringe's width in points: one output pixel.
    var fringeWidth: Double { 1 / (pixelScale.isFinite && pixelScale > 0 ? pixelScale : 1) }
    /// Strokes are flattened this much finer than fills: a thin stroke's two edges are its centre
    /// line's chords moved apart, and a pixel row or column across it sees both edges' chord error.
    static let strokeTolerance = 0.25
    /// Smallest core worth a rectangle, in output pixels.
    static let minimumCorePixels = 256.0
    private var pendingRects: [Rect] = []
    private var piece: [Vec2] = []
    private var roundedRects = RoundedRectFill()
    /// Rounded rectangles built lately, copied when drawn again with the same inputs.
    private var roundedRectMemo = RoundedRectMemo()
    /// `fillRoundedRect`'s path when it takes the general route.
    private var scratchPath = Path()

    /// When set, every shape filled or stroked into a draw list is logged as it was given
    /// (`--trace-draw`); nil (the default) costs a nil check per shape.
    public var shapeLog: ShapeLog?

    public init(tolerance: Double = 0.25, antialias: Bool = true) {
        self.tolerance = tolerance; self.antialias = antialias
    }

    /// Fills every closed contour of `path` with `color` into the draw list: the interior batch
    /// (blend `.none` when `color` is opaque, else `.blend`), then, when `antialias`, the fringe
    /// batch (`.blend`). Commits both. A fully transparent colour draws nothing.
    public mutating func fill(_ path: Path, color: RGBA, into list: inout DrawList) {
        guard color.a > 0 else { return }
        let logged = shapeLog?.begin(list) == true
        defer { if logged { shapeLog?.end(.fill, color: color, path: path, list: list) } }
        fillContours(path, color: color, into: &list.mesh, fringe: antialias, cores: rectangleCores)
        list.commitTriangles(blend: color.isOpaque ? .none : .blend)
        // Cores and bands do not overlap, so drawing the cores after the bands changes nothing.
        for rect in pendingRects { list.addRect(rect, color: color) }
        pendingRects.removeAll(keepingCapacity: true)
        flushFringe(into: &list)
    }

    /// Fills a rectangle with circular corners of `radius` (clamped to half the shorter side): the
    /// shape `fill` gives for `Path.roundedRect(rect, radius:)`, with the same batches (interior,
    /// core rectangle when `rectangleCores`, fringe), built directly by `RoundedRectFill` at a
    /// quarter of the general route's cost, or copied when one was lately built from the same
    /// inputs (`RoundedRectMemo`). Unusual input (non-finite, empty) takes the general route.
    public mutating func fillRoundedRect(_ rect: Rect, radius: Double, color: RGBA, into list: inout DrawList) {
        guard color.a > 0 else { return }
        let logged = shapeLog?.begin(list) == true
        defer { if logged { shapeLog?.end(roundedRect: rect, radius: radius, color: color, list: list) } }
        let key = RoundedRectMemo.Key(rect: rect, radius: radius, color: color, pixel: antialias ? fringeWidth : 0,
                                      tolerance: tolerance, pixelScale: pixelScale,
                                      minimumCorePixels: rectangleCores ? Tessellator.minimumCorePixels : .infinity)
        pendingFringe.removeAll(keepingCapacity: true)
        var core: Rect?
        if !roundedRectMemo.replay(key, into: &list.mesh, fringe: &pendingFringe, core: &core) {
            let vertexStart = list.mesh.vertices.count, indexStart = list.mesh.indices.count
            guard roundedRects.fill(rect, radius: radius, pixel: key.pixel, tolerance: tolerance, pixelScale: pixelScale,
                                    minimumCorePixels: key.minimumCorePixels, color: color, into: &list.mesh)
            else {
                scratchPath.removeAll()
                scratchPath.roundedRect(rect, radius: radius)
                fill(scratchPath, color: color, into: &list)
                return
            }
            if antialias {
                Fringe.addRing(roundedRects.ring, color: color, into: &list.mesh, pending: &pendingFringe)
            }
            core = roundedRects.core
            roundedRectMemo.record(key, mesh: list.mesh, vertexStart: vertexStart, indexStart: indexStart,
                                   fringe: pendingFringe, core: core)
        }
        list.commitTriangles(blend: color.isOpaque ? .none : .blend)
        if let core { list.addRect(core, color: color) }
        flushFringe(into: &list)
    }

    /// Fills every closed contour of `path` into a bare mesh, with no fringe (tests, benchmarks).
    public mutating func fill(_ path: Path, color: RGBA, into mesh: inout Mesh) {
        fillContours(path, color: color, into: &mesh, fringe: false, cores: false)
    }

    /// Strokes the path's polylines (flattened at `strokeTolerance` of the tolerance) `width`
    /// points wide: butt caps, miter joins falling back to bevels, plus the fringe when
    /// `antialias`. A closed contour is joined all round.
    public mutating func stroke(_ path: Path, width: Double, color: RGBA, into list: inout DrawList) {
        guard color.a > 0, width.isFinite, width > 0 else { return }
        let logged = shapeLog?.begin(list) == true
        defer { if logged { shapeLog?.end(.stroke(width: width), color: color, path: path, list: list) } }
        flattener.flatten(path, tolerance: tolerance * Tessellator.strokeTolerance)
        pendingFringe.removeAll(keepingCapacity: true)
        for span in flattener.contours {
            let points = flattener.points[span.start..<(span.start + span.count)]
            stroker.stroke(points, closed: span.closed, width: width, color: color,
                           pixel: antialias ? fringeWidth : 0, into: &list.mesh, pending: &pendingFringe)
        }
        list.commitTriangles(blend: color.isOpaque ? .none : .blend)
        flushFringe(into: &list)
    }

    /// The path's flattened contours (duplicates and a repeated closing point removed; contours
    /// with non-finite points dropped). Allocates its result: for tests and tools.
    public mutating func flatten(_ path: Path) -> [[Vec2]] {
        flattener.flatten(path, tolerance: tolerance)
        return flattener.contours.map { Array(flattener.points[$0.start..<($0.start + $0.count)]) }
    }

    // MARK: - Fill

    private mutating func fillContours(_ path: Path, color: RGBA, into mesh: inout Mesh, fringe: Bool, cores: Bool) {
        flattener.flatten(path, tolerance: tolerance)
        pendingFringe.removeAll(keepingCapacity: true)
        pendingRects.removeAll(keepingCapacity: true)
        for span in flattener.contours {
            guard prepareContour(span) else { continue }
            guard fringe else {
                _ = fillInterior(contour, color: color, into: &mesh, cores: cores, strict: false)
                continue
            }
            // The fill is inset by the fringe's inner half (see `Fringe`). Where a part thinner
            // than the fringe makes the inset's sides cross, it no longer triangulates as the
            // contour does: retry with half the inset, then none (that part then reads a little fat).
            var insetScale = 1.0
            while true {
                Fringe.offsets(contour, pixel: fringeWidth, insetScale: insetScale, inner: &inner, ring: &ring)
                if fillInterior(inner, color: color, into: &mesh, cores: cores, strict: insetScale > 0) { break }
                insetScale = insetScale > 0.5 ? 0.5 : 0
            }
            Fringe.addRing(ring, color: color, into: &mesh, pending: &pendingFringe)
        }
    }

    /// Triangulates `polygon` (positive area) by the first method that applies: rectangle core,
    /// x ladder, y ladder, ear clipping. With `strict` (an inset of `contour`), returns false with
    /// nothing emitted when the inset crossed itself: `polygon` is inverted, is no ladder although
    /// `contour` is one, or (for the ear clipper) is not simple.
    private mutating func fillInterior(_ polygon: [Vec2], color: RGBA, into mesh: inout Mesh,
                                       cores: Bool, strict: Bool) -> Bool {
        let area = Tessellator.doubledArea(polygon)
        if strict, area < 0 { return false }
        guard area > 1e-9 else { return true }  // collapsed to nothing: the fringe alone draws it
        if cores, fillAroundCore(polygon, color: color, into: &mesh) { return true }
        if !strict, fansFit(polygon) { mesh.addSignedFan(polygon, color: color); return true }
        if ladder.fill(polygon, axis: .x, color: color, into: &mesh)
            || ladder.fill(polygon, axis: .y, color: color, into: &mesh) { return true }
        if strict, Fringe.isMonotone(contour, alongX: true) || Fringe.isMonotone(contour, alongX: false)
            || !Fringe.isSimple(polygon) { return false }
        earClipper.fill(polygon, color: color, into: &mesh)
        return true
    }

    /// Splits `polygon` (x-monotone) into a pixel-aligned core rectangle (queued in `pendingRects`),
    /// the parts above and below it (ladders) and the slivers left and right of it (two triangles
    /// each). False, with nothing emitted, when the contour has no core worth a rectangle.
    private mutating func fillAroundCore(_ polygon: [Vec2], color: RGBA, into mesh: inout Mesh) -> Bool {
        guard let band = ladder.solidBand(polygon) else { return false }
        let s = pixelScale.isFinite && pixelScale > 0 ? pixelScale : 1
        let top = (band.top * s).rounded(.up) / s, bottom = (band.bottom * s).rounded(.down) / s
        let left = (band.xmin * s).rounded(.up) / s, right = (band.xmax * s).rounded(.down) / s
        guard bottom > top, right > left,
              (bottom - top) * (right - left) * s * s >= Tessellator.minimumCorePixels else { return false }
        let vertexMark = mesh.vertices.count, indexMark = mesh.indices.count
        // Above the core, then below it: each is the contour clipped to a half-plane, still monotone.
        guard fillClipped(polygon, y: top, keepAbove: true, color: color, into: &mesh),
              fillClipped(polygon, y: bottom, keepAbove: false, color: color, into: &mesh) else {
            mesh.truncate(vertexCount: vertexMark, indexCount: indexMark)
            return false
        }
        // The slivers between the contour's x extent and the snapped core.
        mesh.addBox(x0: band.xmin, x1: left, top: top, bottom: bottom, color: color)
        mesh.addBox(x0: right, x1: band.xmax, top: top, bottom: bottom, color: color)
        pendingRects.append(Rect(x: left, y: top, width: right - left, height: bottom - top))
        return true
    }

    private mutating func fillClipped(_ polygon: [Vec2], y: Double, keepAbove: Bool, color: RGBA,
                                      into mesh: inout Mesh) -> Bool {
        Tessellator.clip(polygon, y: y, keepAbove: keepAbove, into: &piece)
        guard piece.count >= 3, Tessellator.doubledArea(piece) > 1e-9 else { return true }
        if fansFit(piece) { mesh.addSignedFan(piece, color: color); return true }
        return ladder.fill(piece, axis: .x, color: color, into: &mesh)
    }

    /// Sutherland–Hodgman against one horizontal line: the part of `polygon` above `y` (smaller y)
    /// or below it. Orientation is kept. Static, so that writing into a buffer of `self` does not
    /// copy `self` (and with it that buffer) for the call.
    private static func clip(_ polygon: [Vec2], y: Double, keepAbove: Bool, into out: inout [Vec2]) {
        out.removeAll(keepingCapacity: true)
        func inside(_ p: Vec2) -> Bool { keepAbove ? p.y <= y : p.y >= y }
        var previous = polygon[polygon.count - 1]
        for current in polygon {
            let ci = inside(current), pi = inside(previous)
            if ci != pi {
                let t = (y - previous.y) / (current.y - previous.y)
                out.append(Vec2(previous.x + (current.x - previous.x) * t, y))
            }
            if ci { out.append(current) }
            previous = current
        }
        // Drop consecutive duplicates the clip can create on the line.
        var k = 1
        while k < out.count {
            if out[k] == out[k - 1] { out.remove(at: k) } else { k += 1 }
        }
        if out.count > 1, out[0] == out[out.count - 1] { out.removeLast() }
    }

    static func doubledArea(_ polygon: [Vec2]) -> Double {
        var sum = 0.0
        var previous = polygon[polygon.count - 1]
        for p in polygon { sum += previous.cross(p); previous = p }
        return sum
    }

    /// Copies a flattened contour into `contour` with positive area. False if it encloses nothing.
    private mutating func prepareContour(_ span: ContourSpan) -> Bool {
        contour.removeAll(keepingCapacity: true)
        guard span.count >= 3 else { return false }
        contour.append(contentsOf: flattener.points[span.start..<(span.start + span.count)])
        // Shoelace, relative to the first point for precision far from the origin.
        let o = contour[0]
        var twiceArea = 0.0
        var extent = 0.0
        for i in 1..<(contour.count - 1) {
            let a = contour[i] - o, b = contour[i + 1] - o
            twiceArea += a.cross(b)
            extent = max(extent, abs(a.x), abs(a.y))
        }
        extent = max(extent, abs(contour[contour.count - 1].x - o.x), abs(contour[contour.count - 1].y - o.y))
        guard twiceArea.isFinite, abs(twiceArea) > 1e-9 * max(extent * extent, 1) else { return false }
        if twiceArea < 0 { contour.reverse() }
        return true
    }

    private mutating func flushFringe(into list: inout DrawList) {
        guard !pendingFringe.isEmpty else { return }
        list.mesh.indices.append(contentsOf: pendingFringe)
        pendingFringe.removeAll(keepingCapacity: true)
        list.commitTriangles(blend: .blend)
    }
}
