import ElasticCore

/// Triangles whose corners differ in colour, drawn one at a time into a `PixelBuffer`: each pixel
/// gets the triangle's exact area coverage, as a one-colour run's pixels do, and the mean colour
/// of the part of the pixel the triangle covers.
///
/// The corners' colours (straight alpha, each of r, g, b, a alike) are interpolated linearly
/// across the triangle, and the mean of a linear function over a region is its value at the
/// region's centroid: the pixel's centre when the triangle covers it wholly, else the centroid of
/// the triangle cut to the pixel (`TriangleClip`). That colour is blended by `SpanBlend`'s rule,
/// its alpha times the coverage being the opacity, so a one-colour triangle gives exactly the
/// pixels `SpanBlend` gives for its spans.
///
/// Each triangle is blended on its own: a pixel two neighbouring shaded triangles share is
/// composited twice, once for each one's part, so along their common edge the background shows
/// through a little (conflation). A one-colour run does not: its triangles' coverage is summed
/// before it is blended.
///
/// Nothing allocates once the rasteriser's buffers have grown.
public struct ShadedTriangles: Sendable {
    private var rasterizer = CoverageRasterizer()

    public init() {}

    /// Blends triangle `a`, `b`, `c` (points; × `scale` = output pixels, as `CoverageWriter.add`
    /// takes them) into `buffer`, writing only the pixels of `region`. A triangle with no area or
    /// a corner that is not finite draws nothing.
    public mutating func blend(_ a: Vertex, _ b: Vertex, _ c: Vertex, scale: Float, into buffer: PixelBuffer,
                              clippedTo region: PixelRegion) {
        let s = Double(scale)
        // Exact products: `Float(p.x)` is then the rasteriser's `a.x * scale`, as for a one-colour run.
        let pa = Vec2(Double(a.x) * s, Double(a.y) * s), pb = Vec2(Double(b.x) * s, Double(b.y) * s)
        let pc = Vec2(Double(c.x) * s, Double(c.y) * s)
        guard let shading = Shading(pa, pb, pc, colors: (a.color, b.color, c.color)) else { return }
        rasterizer.reset()
        // Beyond the rasteriser's coordinate limit it is cut to that range (`addTriangleCut`).
        rasterizer.addTriangleCut(Float(pa.x), Float(pa.y), Float(pb.x), Float(pb.y), Float(pc.x), Float(pc.y))
        let shown = rasterizer.bounds.intersection(region.bounds).intersection(buffer.bounds)
        guard !shown.isEmpty else { return }
        rasterizer.sweep(clip: shown)
        let spans = rasterizer.spans, format = buffer.format, base = buffer.base, pitch = buffer.pitch
        region.withRows { rows in
            for span in spans where span.alpha > 0 {
                let row = (base + Int(span.y) * pitch).assumingMemoryBound(to: UInt32.self)
                rows.forEachSpan(y: span.y) { c0, c1 in
                    let x0 = Int(max(span.x0, c0)), x1 = Int(min(span.x1, c1))
                    guard x0 < x1 else { return }
                    for x in x0..<x1 {
                        let mean = shading.meanColor(x: x, y: Int(span.y))
                        let alpha = SpanBlend.divide255(UInt32(span.alpha) * UInt32(mean.a))
                        guard alpha > 0 else { continue }
                        let pixel = format.pixel(RGBA(mean.r, mean.g, mean.b, 255))
                        row[x] = alpha == 255 ? pixel : SpanBlend.blend(pixel, over: row[x], alpha: alpha)
                    }
                }
            }
        }
    }
}

/// A triangle's colours as linear functions of position (output pixels), and their mean over
/// the part of a pixel it covers.
private struct Shading {
    let a: Vec2, b: Vec2, c: Vec2
    /// The colour (r, g, b, a) at `a`, and its change per pixel along x and along y.
    let base: SIMD4<Double>, perX: SIMD4<Double>, perY: SIMD4<Double>
    /// +1 or −1: the sign that makes the edges' cross products positive inside.
    let orientation: Double

    /// Nil when a corner is not finite or the triangle has no area.
    init?(_ a: Vec2, _ b: Vec2, _ c: Vec2, colors: (RGBA, RGBA, RGBA)) {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, c.x.isFinite, c.y.isFinite else { return nil }
        let ab = b - a, ac = c - a, det = ab.cross(ac)
        guard det != 0, det.isFinite else { return nil }
        func channels(_ k: RGBA) -> SIMD4<Double> { SIMD4(Double(k.r), Double(k.g), Double(k.b), Double(k.a)) }
        let ca = channels(colors.0), toB = channels(colors.1) - ca, toC = channels(colors.2) - ca
        // The plane through the three corners' values, solved for its two slopes (Cramer's rule).
        perX = (toB * ac.y - toC * ab.y) / det
        perY = (toC * ab.x - toB * ac.x) / det
        (self.a, self.b, self.c, base, orientation) = (a, b, c, ca, det > 0 ? 1 : -1)
    }

    /// The colour at `p`.
    @inline(__always)
    func color(at p: Vec2) -> SIMD4<Double> { base + perX * (p.x - a.x) + perY * (p.y - a.y) }

    /// Whether the triangle covers all of the pixel centred on `p`: `p` lies inside each edge by
    /// at least the most the edge's cross product changes within half a pixel.
    @inline(__always)
    func coversPixel(centredOn p: Vec2) -> Bool {
        @inline(__always) func deepInside(_ u: Vec2, _ v: Vec2) -> Bool {
            let d = v - u
            return orientation * d.cross(p - u) >= (abs(d.x) + abs(d.y)) / 2
        }
        return deepInside(a, b) && deepInside(b, c) && deepInside(c, a)
    }

    /// The mean colour over the part of pixel (x, y) the triangle covers, each channel rounded
    /// to a byte. A pixel the rasteriser finds touched that has no area of the triangle (the
    /// rasteriser's corners are rounded to 1/256 px) takes the colour at its centre.
    @inline(__always)
    func meanColor(x: Int, y: Int) -> RGBA {
        let centre = Vec2(Double(x) + 0.5, Double(y) + 0.5)
        var at = centre
        if !coversPixel(centredOn: centre) {
            let piece = TriangleClip(a, b, c, box: TriangleClip.Box(x0: Double(x), y0: Double(y), x1: Double(x + 1), y1: Double(y + 1)))
            let (area, centroid) = piece.areaAndCentroid()
            if area != 0 { at = centroid }
        }
        // Rounded to nearest; clamped, as a point off the triangle extrapolates.
        let v = color(at: at).clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 255))
            .rounded(.toNearestOrAwayFromZero)
        return RGBA(UInt8(v[0]), UInt8(v[1]), UInt8(v[2]), UInt8(v[3]))
    }
}
