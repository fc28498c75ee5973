/// Strokes polylines: a ribbon of lines parallel to the centre line, butt caps, miter joins that
/// fall back to a bevel when the miter would reach past `miterLimit` offsets from the centre line.
///
/// Without anti-aliasing the ribbon is the stroke's two sides. With it, the ribbon carries the
/// exact box-filtered coverage of the stroke (`EdgeProfile.bandCoverage`) across it: each side's
/// profile lines (all but its centre, from the side's fully covered offset out to where
/// coverage ends), so a stroke narrower than its two profiles, down to a hairline, peaks below
/// full opacity and keeps its area. Strips wholly at full coverage go to the mesh's opaque batch,
/// the rest to `pending`. At an open end the ribbon stops the cap's b short of the end and fades
/// to 0 at b beyond it.
///
/// At a bevel the outer lines get two points (one per edge) and join pieces between them; the
/// inner lines a single point, the inner miter capped at `miterLimit` offsets (very sharp turns of
/// short segments then overlap a little). Triangles are reordered to positive winding; empty ones
/// dropped.
struct Stroker: Sendable {
    static let miterLimit = 4.0

    /// Per point and line (point-major): the vertex the incoming segment ends on and the one the
    /// outgoing segment starts from (different on a bevel's outer lines).
    private var ins: [Int32] = []
    private var outs: [Int32] = []
    /// The current point's line offsets (points, ascending) and coverage, and the offsets of its
    /// profiles' points (pixels).
    private var offsets: [Double] = []
    private var coverage: [Double] = []
    private var breaks: [Double] = []

    init() {}

    /// Strokes `points` (a closed polyline joins its last point to its first). Full-coverage
    /// triangles go to the mesh's indices, the others to `pending`. `pixel`: an output pixel in
    /// points, or 0 for no anti-aliasing.
    mutating func stroke(_ points: ArraySlice<Vec2>, closed: Bool, width: Double, color: RGBA,
                         pixel: Double, into mesh: inout Mesh, pending: inout [Int32]) {
        let m = points.count
        guard m >= 2, width.isFinite, width > 0 else { return }
        let antialias = pixel.isFinite && pixel > 0
        let lines = antialias ? 4 * (EdgeProfile.count - 1) - 1 : 2
        let isClosed = closed && m >= 3
        let base = points.startIndex
        ins.removeAll(keepingCapacity: true)
        outs.removeAll(keepingCapacity: true)
        // An open polyline's ribbon stops the cap's b short of each end, never past the middle of
        // the end segment.
        func endPoint(_ i: Int, towards j: Int) -> Vec2 {
            let p = points[base + i], d = points[base + j] - p
            let length = d.length
            guard antialias, length > 0 else { return p }
            let inset = EdgeProfile(normal: d).b * pixel
            return p + d * (min(inset, length / 2) / length)
        }

        // Without anti-aliasing the lines are the two sides at every point, whatever the direction.
        if !antialias { makeLines(width: width, pixel: 0, profile: EdgeProfile(normal: Vec2(1, 0))) }
        for i in 0..<m {
            let p = isClosed || (i > 0 && i < m - 1) ? points[base + i]
                : (i == 0 ? endPoint(0, towards: 1) : endPoint(m - 1, towards: m - 2))
            let hasPrev = isClosed || i > 0, hasNext = isClosed || i < m - 1
            let prev = points[base + (i == 0 ? m - 1 : i - 1)]
            let next = points[base + (i == m - 1 ? 0 : i + 1)]
            let n1 = hasNext ? Fringe.normal(p, next) : Fringe.normal(prev, p)
            let n0 = hasPrev ? Fringe.normal(prev, p) : n1

            let dm = (n0 + n1) * 0.5
            let d2 = dm.dot(dm)
            let miterLength = d2 > 1e-12 ? 1 / d2.squareRoot() : .infinity
            if antialias { makeLines(width: width, pixel: pixel, profile: EdgeProfile(normal: d2 > 1e-12 ? dm : n1)) }
            func add(_ q: Vec2, _ k: Int) -> Int32 {
                mesh.add(Vertex(q, Fringe.shade(color, coverage[k])))
            }
            if miterLength <= Self.miterLimit {
                let o = dm * (1 / d2)
                for k in 0..<lines {
                    let v = add(p + o * offsets[k], k)
                    ins.append(v); outs.append(v)
                }
                continue
            }
            // Bevel. The inner lines' direction: the miter, capped (a reversal has none: the normal).
            let inner = d2 > 1e-12 ? dm * (Self.miterLimit / d2.squareRoot()) : n1
            let dIn = Vec2(-n0.y, n0.x), dOut = Vec2(-n1.y, n1.x)
            let outside: Double = dIn.cross(dOut) > 0 ? 1 : -1  // clockwise on screen: the left side (+) is outside
            let first = ins.count
            for k in 0..<lines {
                if offsets[k] * outside > 0 {
                    ins.append(add(p + n0 * offsets[k], k)); outs.append(add(p + n1 * offsets[k], k))
                } else {
                    let v = add(p + inner * offsets[k], k)
                    ins.append(v); outs.append(v)
                }
            }
            // The join: between consecutive outer lines a quad, between the innermost outer line
            // and its inner neighbour a triangle.
            for k in 0..<(lines - 1) {
                let a = first + k, b = a + 1
                let outerA = offsets[k] * outside > 0, outerB = offsets[k + 1] * outside > 0
                if outerA && outerB {
                    quad(ins[a], outs[a], outs[b], ins[b], color: color, mesh: &mesh, pending: &pending)
                } else if outerA || outerB {
                    let o = outerA ? a : b, single = outerA ? b : a
                    triangle(ins[single], ins[o], outs[o], color: color, mesh: &mesh, pending: &pending)
                }
            }
        }

        let segments = isClosed ? m : m - 1
        for s in 0..<segments {
            let a = s * lines, b = (s == m - 1 ? 0 : s + 1) * lines
            for k in 0..<(lines - 1) {
                quad(outs[a + k], ins[b + k], ins[b + k + 1], outs[a + k + 1], color: color, mesh: &mesh, pending: &pending)
            }
        }

        if antialias && !isClosed {
            cap(at: 0, direction: points[base] - points[base + 1], lines: lines, pixel: pixel, color: color,
                mesh: &mesh, pending: &pending)
            cap(at: (m - 1) * lines, direction: points[base + m - 1] - points[base + m - 2], lines: lines,
                pixel: pixel, color: color, mesh: &mesh, pending: &pending)
        }
    }

    /// The current point's line offsets and coverage: the stroke's two sides, and with a `pixel`
    /// each side's profile lines, sorted across the stroke (they interleave on a thin stroke), with
    /// a line between each two. Where the sides' profiles overlap the coverage between two of
    /// their lines is a quadratic that a straight blend would overshoot (by 1.3 % of the area of a
    /// 1 px stroke at 45°), so the middle line's coverage is set for the blend to integrate to it
    /// exactly (Simpson's rule).
    private mutating func makeLines(width: Double, pixel: Double, profile: EdgeProfile) {
        offsets.removeAll(keepingCapacity: true)
        coverage.removeAll(keepingCapacity: true)
        guard pixel > 0 else {
            offsets.append(-width / 2); offsets.append(width / 2)
            coverage.append(1); coverage.append(1)
            return
        }
        // Each side's profile but its centre (coverage ½, which no alpha step holds: the profile is
        // linear across it), sorted by insertion (a dozen values).
        let w = width / pixel
        breaks.removeAll(keepingCapacity: true)
        func insert(_ x: Double) {
            var j = breaks.count
            breaks.append(x)
            while j > 0, breaks[j - 1] > x { breaks[j] = breaks[j - 1]; j -= 1 }
            breaks[j] = x
        }
        for k in 0..<EdgeProfile.count where k != EdgeProfile.centre {
            insert(-w / 2 - profile.offset(k)); insert(w / 2 + profile.offset(k))
        }
        for (k, x) in breaks.enumerated() {
            let f = profile.bandCoverage(x, width: w)
            if k > 0 {
                let x0 = breaks[k - 1], f0 = coverage[coverage.count - 1]
                let mid = (x0 + x) / 2, linear = (f0 + f) / 2
                let simpson = (4 * profile.bandCoverage(mid, width: w) - linear) / 3
                // Where the coverage is linear the middle line adds nothing: it doubles the next.
                let needed = abs(simpson - linear) > 1e-6
                offsets.append((needed ? mid : x) * pixel)
                coverage.append(needed ? min(max(simpson, 0), 1) : f)
            }
            offsets.append(x * pixel)
            coverage.append(f)
        }
    }

    /// The fade beyond a butt cap: every line's end, `at` in `outs`/`ins`, goes on by twice the
    /// cap's b to coverage 0.
    private func cap(at first: Int, direction: Vec2, lines: Int, pixel: Double, color: RGBA,
                     mesh: inout Mesh, pending: inout [Int32]) {
        let len = direction.length
        guard len > 0 else { return }
        let d = direction * (2 * EdgeProfile(normal: direction).b * pixel / len)
        var clear = color
        clear.a = 0
        var previous: Int32 = 0
        for k in 0..<lines {
            let end = ins[first + k]
            let faded = mesh.add(Vertex(mesh.vertices[Int(end)].position + d, clear))
            if k > 0 { quad(ins[first + k - 1], end, faded, previous, color: color, mesh: &mesh, pending: &pending) }
            previous = faded
        }
    }

    /// A quad as two triangles: to the opaque batch when all its vertices have the stroke's full
    /// alpha, else to `pending`.
    private func quad(_ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32, color: RGBA, mesh: inout Mesh, pending: inout [Int32]) {
        triangle(a, b, c, color: color, mesh: &mesh, pending: &pending)
        triangle(a, c, d, color: color, mesh: &mesh, pending: &pending)
    }

    private func triangle(_ a: Int32, _ b: Int32, _ c: Int32, color: RGBA, mesh: inout Mesh, pending: inout [Int32]) {
        if mesh.vertices[Int(a)].color.a == color.a, mesh.vertices[Int(b)].color.a == color.a,
           mesh.vertices[Int(c)].color.a == color.a {
            mesh.orientedTriangle(a, b, c)
        } else {
            mesh.appendOriented(a, b, c, to: &pending)
        }
    }
}
