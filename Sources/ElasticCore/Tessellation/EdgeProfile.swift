/// How much of a one-pixel box a straight edge covers, as a function of the box centre's distance
/// from the edge: the exact box-filtered coverage that the fringe draws with linear ramps.
///
/// The box's area projected onto the edge's unit normal (components c ≥ s ≥ 0, in absolute value)
/// is a trapezoid from −b to b with a flat top from −a to a, where a = (c − s)/2 and b = (c + s)/2.
/// Coverage is its integral: quadratic from −b to −a and from a to b, linear between. Sampled at
/// the ends and middles of the quadratic parts and on the edge (`offset`), its linear
/// interpolation is within
/// 8/255 of the exact coverage for every angle (exact for axis-aligned edges), and sums along a
/// row or column of pixel centres to the edge's exact area. A one-pixel linear ramp instead is off
/// by up to 0.08 px per row at 45°, which adds up where rows cross several edges.
struct EdgeProfile: Sendable, Equatable {
    /// Points of the profile: offsets from the edge along its outward normal, in output pixels.
    static let count = 7
    /// The point on the edge itself (offset 0, coverage ½).
    static let centre = 3
    /// Larger and smaller of |normal.x| and |normal.y|.
    let c: Double, s: Double

    /// The profile of an edge with unit outward normal `normal` (a zero or non-finite normal is
    /// treated as axis-aligned).
    init(normal: Vec2) {
        let x = abs(normal.x), y = abs(normal.y)
        let length = (x * x + y * y).squareRoot()
        guard length > 0, length.isFinite else { c = 1; s = 0; return }
        c = max(x, y) / length; s = min(x, y) / length
    }

    /// Half the width of the flat part of the projected box, and half its whole width: coverage is
    /// 1 at −b and 0 at b.
    var a: Double { (c - s) / 2 }
    var b: Double { (c + s) / 2 }

    /// Point k (0 ..< count) of the profile, from the fully covered end (−b) to the uncovered one (b).
    func offset(_ k: Int) -> Double {
        switch k {
        case 0: -b
        case 1: -(a + b) / 2
        case 2: -a
        case 3: 0
        case 4: a
        case 5: (a + b) / 2
        default: b
        }
    }

    /// Exact coverage of a pixel whose centre is `d` pixels outside the edge (negative: inside).
    func coverage(_ d: Double) -> Double {
        let t = -d
        if t <= -b { return 0 }
        if t >= b { return 1 }
        if s < 1e-9 { return min(max(t / c + 0.5, 0), 1) }
        if t < -a { return (t + b) * (t + b) / (2 * c * s) }
        if t <= a { return s / (2 * c) + (t + a) / c }
        return 1 - (b - t) * (b - t) / (2 * c * s)
    }

    /// Exact coverage of a pixel whose centre is `d` pixels from the centre line of a band `width`
    /// pixels wide (a stroke) running along the edge.
    func bandCoverage(_ d: Double, width: Double) -> Double {
        max(coverage(d - width / 2) - coverage(d + width / 2), 0)
    }

    /// Exact coverage of the box `pixel` points wide centred on `q` by the corner at `p` between
    /// the edges with outward unit normals `n0` (ending at p) and `n1` (starting there) of a
    /// positive-area contour: the box's part inside both edges at a convex corner, inside either
    /// at a concave one.
    static func wedgeCoverage(at q: Vec2, corner p: Vec2, _ n0: Vec2, _ n1: Vec2, pixel: Double) -> Double {
        guard pixel > 0 else { return 0 }
        let convex = n0.cross(n1) > 0, h = pixel / 2
        // The box, clipped by each half-plane in turn (a convex polygon of at most 6 points).
        var polygon = InlineArray<8, Vec2>(repeating: .zero), count = 4
        polygon[0] = Vec2(q.x - h, q.y - h); polygon[1] = Vec2(q.x + h, q.y - h)
        polygon[2] = Vec2(q.x + h, q.y + h); polygon[3] = Vec2(q.x - h, q.y + h)
        for pass in 0..<2 {
            let normal = pass == 0 ? n0 : n1
            // Kept: inside the edge for a convex corner, outside it (the notch) for a concave one.
            let sign = convex ? -1.0 : 1.0
            var clipped = InlineArray<8, Vec2>(repeating: .zero), kept = 0
            for i in 0..<count {
                let a = polygon[i], b = polygon[i == count - 1 ? 0 : i + 1]
                let da = sign * normal.dot(a - p), db = sign * normal.dot(b - p)
                if da >= 0 { clipped[kept] = a; kept += 1 }
                if (da >= 0) != (db >= 0), kept < 8 { clipped[kept] = a + (b - a) * (da / (da - db)); kept += 1 }
            }
            polygon = clipped; count = kept
        }
        var doubled = 0.0
        for i in 0..<count { doubled += polygon[i].cross(polygon[i == count - 1 ? 0 : i + 1]) }
        let area = min(abs(doubled) / 2 / (pixel * pixel), 1)
        return convex ? area : 1 - area
    }
}
