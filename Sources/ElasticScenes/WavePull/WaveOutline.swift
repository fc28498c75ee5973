import ElasticCore

/// One crest's curve, the spec's path through its seven points: from (0, l3.y) a quadratic to l1
/// via l2, one to r1 via c, one to r3 via r2.
struct CrestCurve {
    var start, l2, l1, c, r1, r2, r3: Vec2

    /// Chords per quadratic when the curve is flattened: on a wave at most a few hundred points
    /// wide the chords stay far below a tenth of a point from the curve.
    static let chordsPerQuad = 32

    /// `point(i)` gives l3, l2, l1, c, r1, r2, r3 for i = 0…6.
    init(_ point: (Int) -> Vec2) {
        start = Vec2(0, point(0).y)
        l2 = point(1); l1 = point(2); c = point(3); r1 = point(4); r2 = point(5); r3 = point(6)
    }

    /// Calls `body` with each chord of the flattened curve, in order along it.
    @inline(__always)
    func forEachChord(_ body: (Vec2, Vec2) -> Void) {
        CrestCurve.flatten(start, l2, l1, body)
        CrestCurve.flatten(l1, c, r1, body)
        CrestCurve.flatten(r1, r2, r3, body)
    }

    @inline(__always)
    private static func flatten(_ a: Vec2, _ ctrl: Vec2, _ b: Vec2, _ body: (Vec2, Vec2) -> Void) {
        let n = chordsPerQuad
        var previous = a
        for i in 1...n {
            let t = Double(i) / Double(n), u = 1 - t
            let p = a * (u * u) + ctrl * (2 * t * u) + b * (t * t)
            body(previous, p)
            previous = p
        }
    }

    /// The curve's lowest y above `x` (y grows downward); beyond its ends it continues flat.
    func y(atX x: Double) -> Double {
        var best = -Double.infinity
        var leftmost = start, rightmost = start
        forEachChord { a, b in
            if b.x < leftmost.x { leftmost = b }
            if b.x > rightmost.x { rightmost = b }
            let lo = min(a.x, b.x), hi = max(a.x, b.x)
            guard x >= lo, x <= hi else { return }
            let span = b.x - a.x
            let y = abs(span) < 1e-12 ? max(a.y, b.y) : a.y + (b.y - a.y) * (x - a.x) / span
            best = max(best, y)
        }
        if best.isFinite { return best }
        return x < leftmost.x ? leftmost.y : rightmost.y
    }
}

/// The wave's lower edge when several crests are out: at every column across the width, the
/// lowest point of any crest's curve, so each finger's crest shows and the dips between them too.
/// Built into a buffer that is reused from frame to frame.
struct WaveOutline {
    static let columnSpacing = 4.0
    static let maxColumns = 1024

    /// y of the edge at columns x = j·width/(count − 1).
    private(set) var heights: [Double] = []
    private(set) var width = 1.0

    var columnCount: Int { heights.count }
    func x(ofColumn j: Int) -> Double { heights.count > 1 ? width * Double(j) / Double(heights.count - 1) : 0 }

    /// Starts an empty outline for a wave `width` wide.
    mutating func reset(width w: Double) {
        width = w.isFinite ? max(w, 1) : 1
        let n = min(max(Int((width / WaveOutline.columnSpacing).rounded(.up)), 1), WaveOutline.maxColumns) + 1
        heights.removeAll(keepingCapacity: true)
        for _ in 0..<n { heights.append(-Double.infinity) }
    }

    /// Lowers the edge to `curve` wherever the curve is lower.
    mutating func add(_ curve: CrestCurve) {
        let n = heights.count
        guard n > 1 else { return }
        let step = width / Double(n - 1)
        var leftmost = curve.start, rightmost = curve.start
        heights.withUnsafeMutableBufferPointer { h in
            curve.forEachChord { a, b in
                if b.x < leftmost.x { leftmost = b }
                if b.x > rightmost.x { rightmost = b }
                let (p, q) = a.x <= b.x ? (a, b) : (b, a)
                guard p.x.isFinite, q.x.isFinite else { return }
                let first = max(Int((p.x / step).rounded(.up)), 0)
                let last = min(Int(max((q.x / step).rounded(.down), -1)), n - 1)
                guard first <= last else { return }
                let span = q.x - p.x
                for j in first...last {
                    let x = Double(j) * step
                    let y = span < 1e-12 ? max(p.y, q.y) : p.y + (q.y - p.y) * (x - p.x) / span
                    if y > h[j] { h[j] = y }
                }
            }
            // Flat beyond the curve's ends.
            for j in 0..<n {
                let x = Double(j) * step
                if x < leftmost.x, leftmost.y > h[j] { h[j] = leftmost.y }
                if x > rightmost.x, rightmost.y > h[j] { h[j] = rightmost.y }
            }
        }
    }

    /// The filled wave: from the top-left corner down to the edge, along it, and back up.
    func appendPath(into path: inout Path) {
        guard heights.count > 1 else { return }
        path.move(to: Vec2(0, 0))
        for j in heights.indices {
            let y = heights[j]
            path.line(to: Vec2(x(ofColumn: j), y.isFinite ? max(y, 0) : 0))
        }
        path.line(to: Vec2(width, 0))
        path.close()
    }
}
