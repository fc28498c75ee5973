import Foundation

/// An axis-aligned rounded rectangle (a card, a button, a pill) triangulated directly, around its
/// pixel-aligned rectangle core when it has one, for `Tessellator.fillRoundedRect`.
///
/// The general route (flatten the path, find the core, clip the contour above and below it, run
/// the ladder on each piece) gives the same pieces but pays for discovering them (several times
/// the work; docs/history/). Here they are known in advance:
/// - the outline is `Path.roundedRect`'s, flattened at the same tolerance (the same points, up to
///   rounding of the last bit: each corner's interior points at the flattener's straddling
///   radius), clockwise on screen from the top edge's left end;
/// - the top cap (everything above the core's top edge T) is a row of column quads between the
///   upper chain (top-left arc, top-right arc) and the line y = T; the bottom cap likewise;
/// - the slivers left and right of the core, between T and B, are a box each;
/// - a shape without a core worth a rectangle (a pill, a small button) is a row of columns from
///   the upper chain to the lower one, as the ladder makes them.
///
/// With a fringe, the pieces are built on the outline's inset (`Fringe.offsets`, as the general
/// route insets its contour), so both routes still give the same triangles.
struct RoundedRectFill: Sendable {
    /// The outline of the last `fill`, positive area.
    private(set) var outline: [Vec2] = []
    /// The last `fill`'s fringe, point for point with `outline`: `inner` (the filled shape's
    /// outline) and the fringe's lines.
    private(set) var inner: [Vec2] = []
    private(set) var ring = Fringe.Ring()
    /// The last `fill`'s core rectangle, if it has one.
    private(set) var core: Rect?
    /// Where point k of corner c (top right, bottom right, bottom left, top left) is in `outline`.
    private var cornerIndex: [Int] = []
    /// (cos, sin) of k·(π/2)/n for k = 0…n, for the current n.
    private var quarter: [Vec2] = []
    private var upper: [Vec2] = []
    private var lower: [Vec2] = []
    private var line: [Vec2] = []

    init() {}

    /// Fills `rect` with corners of `radius` into `mesh`, sets `outline`, and sets `core` to the
    /// rectangle (snapped to whole output pixels) that the caller must draw to complete the shape,
    /// when the shape has one of `minimumCorePixels` or more. False, with nothing emitted, when the
    /// input is unusual (not finite, beyond the coordinate limit, an empty or negative size) or,
    /// with a fringe (`pixel`: an output pixel in points, 0 for none), under two pixels wide or
    /// high, too thin for it to be safe: the caller then takes the general route.
    mutating func fill(_ rect: Rect, radius: Double, pixel: Double = 0, tolerance: Double, pixelScale: Double,
                       minimumCorePixels: Double, color: RGBA, into mesh: inout Mesh) -> Bool {
        let x0 = rect.x, y0 = rect.y, x1 = rect.x + rect.width, y1 = rect.y + rect.height
        let limit = Flattener.coordinateLimit
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, radius.isFinite, x1 > x0, y1 > y0,
              abs(x0) <= limit, abs(x1) <= limit, abs(y0) <= limit, abs(y1) <= limit,
              pixel.isFinite, pixel >= 0, x1 - x0 > 2 * pixel, y1 - y0 > 2 * pixel else { return false }
        let r = max(0, min(radius, (x1 - x0) / 2, (y1 - y0) / 2))

        let tol = Flattener.sanitized(tolerance: tolerance)
        let n = r > 0 ? Flattener.arcSegmentCount(radius: r, sweep: Double.pi / 2, tolerance: tol) : 0
        makeQuarter(segments: n)
        // The arcs' end points are on the circle, their interior points just outside it.
        let interior = StraddlingChords.arcRadius(r, step: Double.pi / 2 / Double(max(n, 1)), segments: n, tolerance: tol)
        func rk(_ k: Int) -> Double { k == 0 || k == n ? r : interior }
        // Corner k of each arc, in the angle order of Path.roundedRect's arcs (exact quarter turns
        // of (cos, sin), so no extra trigonometry per corner).
        func topRight(_ k: Int) -> Vec2 { Vec2(x1 - r + rk(k) * quarter[k].y, y0 + r - rk(k) * quarter[k].x) }
        func bottomRight(_ k: Int) -> Vec2 { Vec2(x1 - r + rk(k) * quarter[k].x, y1 - r + rk(k) * quarter[k].y) }
        func bottomLeft(_ k: Int) -> Vec2 { Vec2(x0 + r - rk(k) * quarter[k].y, y1 - r + rk(k) * quarter[k].x) }
        func topLeft(_ k: Int) -> Vec2 { Vec2(x0 + r - rk(k) * quarter[k].x, y0 + r - rk(k) * quarter[k].y) }

        outline.removeAll(keepingCapacity: true)
        cornerIndex.removeAll(keepingCapacity: true)
        append(Vec2(x0 + r, y0), to: &outline)
        for k in 0...n { appendCorner(topRight(k)) }
        for k in 0...n { appendCorner(bottomRight(k)) }
        for k in 0...n { appendCorner(bottomLeft(k)) }
        for k in 0...n { appendCorner(topLeft(k)) }
        if outline.count > 1, Flattener.isDuplicate(outline[0], outline[outline.count - 1]) {
            outline.removeLast()
            for i in cornerIndex.indices where cornerIndex[i] == outline.count { cornerIndex[i] = 0 }
        }
        if pixel > 0 {
            Fringe.offsets(outline, pixel: pixel, inner: &inner, ring: &ring)
        } else {
            inner.removeAll(keepingCapacity: true)
            inner.append(contentsOf: outline)
        }
        // Point k of corner c of the filled shape.
        func at(_ c: Int, _ k: Int) -> Vec2 { inner[cornerIndex[c * (n + 1) + k]] }

        // The upper chain (top-left and top-right arcs) and the lower one (bottom-left and
        // bottom-right), both left to right: rung k of one is at the x of rung k of the other.
        upper.removeAll(keepingCapacity: true)
        lower.removeAll(keepingCapacity: true)
        for k in 0...n { append(at(3, k), to: &upper) }
        for k in 0...n { append(at(0, k), to: &upper) }
        for k in stride(from: n, through: 0, by: -1) { append(at(2, k), to: &lower) }
        for k in stride(from: n, through: 0, by: -1) { append(at(1, k), to: &lower) }

        // The core: the band between the corners (the general route's band: from the lowest point
        // of the upper chain to the highest of the lower, across the x extent), snapped inwards to
        // whole pixels.
        let s = pixelScale.isFinite && pixelScale > 0 ? pixelScale : 1
        let xmin = min(at(3, 0).x, at(2, n).x), xmax = max(at(0, n).x, at(1, 0).x)
        let top = (max(at(3, 0).y, at(0, n).y) * s).rounded(.up) / s
        let bottom = (min(at(2, n).y, at(1, 0).y) * s).rounded(.down) / s
        let left = (xmin * s).rounded(.up) / s, right = (xmax * s).rounded(.down) / s
        if bottom > top, right > left, (bottom - top) * (right - left) * s * s >= minimumCorePixels {
            core = Rect(x: left, y: top, width: right - left, height: bottom - top)
        } else {
            core = nil
        }
        if core == nil {
            // No core: one column per rung, from the upper chain to the lower.
            guard upper.count == lower.count else { return false }  // rounding merged a point on one side only
            addColumns(upper, lower, color: color, into: &mesh)
            return true
        }
        // The top cap: the upper chain over the line y = top; the bottom cap: the line y = bottom
        // over the lower chain.
        line.removeAll(keepingCapacity: true)
        for p in upper { line.append(Vec2(p.x, top)) }
        addColumns(upper, line, color: color, into: &mesh)
        line.removeAll(keepingCapacity: true)
        for p in lower { line.append(Vec2(p.x, bottom)) }
        addColumns(line, lower, color: color, into: &mesh)
        // The slivers beside the core.
        mesh.addBox(x0: xmin, x1: left, top: top, bottom: bottom, color: color)
        mesh.addBox(x0: right, x1: xmax, top: top, bottom: bottom, color: color)
        return true
    }

    private mutating func makeQuarter(segments n: Int) {
        guard quarter.count != n + 1 else { return }
        quarter.removeAll(keepingCapacity: true)
        let step = Double.pi / 2 / Double(max(n, 1))
        for k in 0...n { quarter.append(Vec2(cos(Double(k) * step), sin(Double(k) * step))) }
    }

    /// Appends an arc point to `outline` (unless it repeats the last one) and notes where it is.
    private mutating func appendCorner(_ p: Vec2) {
        append(p, to: &outline)
        cornerIndex.append(outline.count - 1)
    }

    private func append(_ p: Vec2, to points: inout [Vec2]) {
        if let last = points.last, Flattener.isDuplicate(last, p) { return }
        points.append(p)
    }

    /// A column quad between rungs k and k + 1 of `upper` and `lower` (same count, rung k of both
    /// at the same x), as two positive triangles; columns share their rung vertices. The diagonal
    /// is the one `MonotoneLadder` picks (it zips down both rungs, the higher next point first), so
    /// the triangles are the general route's: with the other diagonal SDL 2.26's software renderer
    /// left one-pixel cracks beside the right-hand arcs.
    private func addColumns(_ upper: [Vec2], _ lower: [Vec2], color: RGBA, into mesh: inout Mesh) {
        guard !upper.isEmpty else { return }
        var top = mesh.add(Vertex(upper[0], color)), bottom = mesh.add(Vertex(lower[0], color))
        for k in 1..<upper.count {
            let nextTop = mesh.add(Vertex(upper[k], color)), nextBottom = mesh.add(Vertex(lower[k], color))
            if lower[k - 1].y <= lower[k].y {
                mesh.positiveTriangle(top, nextTop, bottom)
                mesh.positiveTriangle(bottom, nextTop, nextBottom)
            } else {
                mesh.positiveTriangle(top, nextTop, nextBottom)
                mesh.positiveTriangle(top, nextBottom, bottom)
            }
            top = nextTop; bottom = nextBottom
        }
    }
}
