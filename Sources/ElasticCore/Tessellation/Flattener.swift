import Foundation

/// One flattened contour: `count` points of `Flattener.points` from `start`.
struct ContourSpan: Sendable, Hashable {
    var start: Int
    var count: Int
    /// Ended by a `close` command (strokes join the last point back to the first).
    var closed: Bool
}

/// Turns a `Path` into polylines, reusing its buffers from call to call.
///
/// - Quads: Wang's formula, n = ⌈√(|p0 − 2p1 + p2| / (4·tol))⌉ segments at uniform t.
/// - Arcs: n = ⌈θ / (2·acos(1 − tol/r))⌉ segments at uniform angle (chord sagitta ≤ tol).
/// - Interior points sit just off the curve, so the chords straddle it and the polygon keeps the
///   curve's area (`StraddlingChords`); each command's end points are exactly on it. A whole
///   circle alone in its contour has no end points: all its points are off it.
/// - UIBezierPath semantics: an arc draws a line from the current point to its start; `close`
///   closes the contour and puts the current point back at its first point; `move` starts a new
///   contour; a line, quad or arc with no current point starts a contour where it begins.
/// - Consecutive duplicate points (closer than `duplicateDistance`) are dropped, as is a last point
///   equal to the first (the contour then counts as closed, even without `close`).
/// - A contour with a non-finite point or a coordinate beyond `coordinateLimit` is dropped whole,
///   so nothing downstream ever sees NaN or infinity.
struct Flattener: Sendable {
    /// Points of every contour, back to back.
    private(set) var points: [Vec2] = []
    private(set) var contours: [ContourSpan] = []

    /// Coordinates beyond this (points) are treated as garbage: the contour is skipped. Float has
    /// no sub-pixel precision left well before it anyway.
    static let coordinateLimit = 1e9
    static let duplicateDistance = 1e-9
    static let maxSegments = 4096

    private var contourStart = 0
    private var contourOpen = false
    private var contourValid = true
    /// The point a drawing command starts from (nil before the first move).
    private var current: Vec2?

    init() {}

    /// A tolerance usable by the formulas: finite, positive, not absurdly small.
    static func sanitized(tolerance: Double) -> Double {
        guard tolerance.isFinite, tolerance > 0 else { return 0.25 }
        return max(tolerance, 1e-4)
    }

    mutating func flatten(_ path: Path, tolerance: Double) {
        points.removeAll(keepingCapacity: true)
        contours.removeAll(keepingCapacity: true)
        contourOpen = false
        contourValid = true
        current = nil
        let tol = Self.sanitized(tolerance: tolerance)

        for (index, command) in path.commands.enumerated() {
            switch command {
            case .move(let p):
                finishContour(closed: false)
                begin(at: p)
            case .line(let p):
                ensureContour(startingAt: p)
                append(p)
            case .quad(let control, let to):
                ensureContour(startingAt: to)
                let p0 = current ?? to
                let curve = QuadCurve(p0, control, to)
                let n = curve.segmentCount(tolerance: tol)
                if n > 1 {
                    let step = 1 / Double(n), shift = StraddlingChords.quadShift(curve, segments: n, tolerance: tol)
                    for i in 1..<n { append(curve.point(at: Double(i) * step) + shift) }
                }
                append(to)
            case .arc(let arc):
                appendArc(arc, tolerance: tol, endsContour: Self.endsContour(after: index, in: path.commands))
            case .close:
                let first: Vec2? = contourOpen && contourStart < points.count ? points[contourStart] : nil
                finishContour(closed: true)
                current = first
            }
        }
        finishContour(closed: false)
    }

    // MARK: - Arcs

    /// The swept angle, as `Arc.sweep`; nil when the angles are not finite.
    static func sweep(of arc: Arc) -> Double? { arc.normalizedSweep }

    /// n = ⌈θ / (2·acos(1 − tol/r))⌉, at least 1, at most `maxSegments`.
    static func arcSegmentCount(radius: Double, sweep: Double, tolerance: Double) -> Int {
        let r = abs(radius), theta = abs(sweep)
        guard r.isFinite, r > 0, theta > 0, tolerance > 0 else { return 1 }
        if tolerance >= r { return max(1, Int((theta / (Double.pi / 2)).rounded(.up))) }
        let step = 2 * acos(1 - tolerance / r)
        guard step > 0 else { return maxSegments }
        let n = (theta / step).rounded(.up)
        return n >= Double(maxSegments) ? maxSegments : max(1, Int(n))
    }

    /// Whether the command after `index` closes or ends the contour (a close, a move, the end).
    static func endsContour(after index: Int, in commands: [PathCommand]) -> Bool {
        guard index + 1 < commands.count else { return true }
        switch commands[index + 1] {
        case .close, .move: return true
        case .line, .quad, .arc: return false
        }
    }

    private mutating func appendArc(_ arc: Arc, tolerance: Double, endsContour: Bool) {
        guard let sweep = Self.sweep(of: arc), arc.radius.isFinite, arc.center.isFinite else {
            // Garbage arc: poison the contour so it is skipped.
            ensureContour(startingAt: Vec2(.nan, .nan))
            contourValid = false
            return
        }
        let n = Self.arcSegmentCount(radius: arc.radius, sweep: sweep, tolerance: tolerance)
        let step = sweep / Double(n)
        let startPoint = arc.point(at: arc.start)
        // A whole circle alone in its contour: no end joins anything, so every point straddles.
        let wholeTurn = n > 2 && endsContour && isContourStart(startPoint)
            && Self.isDuplicate(startPoint, arc.point(at: arc.start + sweep))
        let interior = StraddlingChords.arcRadius(arc.radius, step: step, segments: n, wholeTurn: wholeTurn,
                                                  tolerance: tolerance)
        if wholeTurn {
            if contourOpen { points.removeSubrange(contourStart..<points.count) }  // the move's point, replaced
            let first = arc.point(at: arc.start, radius: interior)
            begin(at: first)
            for i in 1..<n { append(arc.point(at: arc.start + Double(i) * step, radius: interior)) }
            append(first)  // back at the start: `finishContour` drops it and counts the loop closed
            return
        }
        ensureContour(startingAt: startPoint)
        append(startPoint)  // the line from the current point to the arc's start
        for i in 1..<n { append(arc.point(at: arc.start + Double(i) * step, radius: interior)) }
        append(arc.point(at: arc.start + sweep))
    }

    /// Whether a contour starting at `p` would have nothing before it: none is open, or the open
    /// one is only its first point, at `p`.
    private func isContourStart(_ p: Vec2) -> Bool {
        guard contourOpen else { return current.map { Self.isDuplicate($0, p) } ?? true }
        return contourValid && points.count == contourStart + 1 && Self.isDuplicate(points[contourStart], p)
    }

    // MARK: - Contour bookkeeping

    private mutating func begin(at p: Vec2) {
        contourStart = points.count
        contourOpen = true
        contourValid = true
        current = nil
        append(p)
    }

    private mutating func ensureContour(startingAt fallback: Vec2) {
        if contourOpen { return }
        begin(at: current ?? fallback)
    }

    private mutating func append(_ p: Vec2) {
        current = p
        guard contourValid else { return }
        guard p.isFinite, abs(p.x) <= Self.coordinateLimit, abs(p.y) <= Self.coordinateLimit else {
            contourValid = false
            return
        }
        if points.count > contourStart, let last = points.last, Self.isDuplicate(last, p) { return }
        points.append(p)
    }

    static func isDuplicate(_ a: Vec2, _ b: Vec2) -> Bool {
        abs(a.x - b.x) <= duplicateDistance && abs(a.y - b.y) <= duplicateDistance
    }

    private mutating func finishContour(closed: Bool) {
        guard contourOpen else { return }
        contourOpen = false
        if !contourValid {
            points.removeSubrange(contourStart..<points.count)
            return
        }
        var count = points.count - contourStart
        var isClosed = closed
        if count > 1, Self.isDuplicate(points[contourStart], points[points.count - 1]) {
            // Back at its start: the same loop, closed (a stroke joins it all round).
            points.removeLast()
            count -= 1
            isClosed = closed || count > 2
        }
        if count > 0 { contours.append(ContourSpan(start: contourStart, count: count, closed: isClosed)) }
    }
}
