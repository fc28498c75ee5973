import TestRandom
import Testing
import TestSupport
@testable import ElasticCore
@testable import ElasticRaster

/// `ShadedTriangles` against an oracle written here: each pixel's exact coverage (closed form,
/// `CoverageReference.triangleCover`) and its mean colour over 32 × 32 samples (each sample's
/// colour from its barycentrics, averaged over the samples inside), blended over a known
/// background by the 8-bit rule (colour and alpha rounded to bytes, coverage to 0…255, effective
/// alpha round(coverage · a / 255), each byte round((c·α + d·(255 − α)) / 255)).
///
/// Bound: every byte within 1. Both sides take the same 8-bit steps, so they part only where
/// an input to those steps differs by one: the rasteriser's coverage one step off the exact one
/// rounded (its corners are rounded to 1/256 px), which moves a byte by |c − d|/255 ≤ 1; or a
/// channel's mean so near a half that the samples' estimate of it rounds the other way, which
/// moves a byte by α/255 ≤ 1 (a colour) or |c − d|/255 ≤ 1 (alpha). Two such at once in one
/// pixel could make 2; these cases meet none.
@Suite struct ShadedTriangleTests {
    static let width = 64, height = 48
    static let format = PixelFormat(layout: .xrgb8888, shifts: (16, 8, 0, 24), losses: (0, 0, 0, 8), alphaMask: 0)
    static let samples = 32

    /// A background of pixels at random.
    static func background(_ random: inout SplitMix64) -> [UInt32] {
        (0..<(width * height)).map { _ in UInt32(truncatingIfNeeded: random.next()) & 0x00FF_FFFF }
    }

    /// The triangle drawn by `ShadedTriangles` over `pixels`.
    static func drawn(_ v: [Vertex], scale: Float, over pixels: [UInt32], region: PixelRegion) -> [UInt32] {
        var out = pixels, shaded = ShadedTriangles()
        out.withUnsafeMutableBytes { bytes in
            let buffer = PixelBuffer(base: bytes.baseAddress!, width: width, height: height, pitch: width * 4, format: format)
            shaded.blend(v[0], v[1], v[2], scale: scale, into: buffer, clippedTo: region)
        }
        return out
    }

    /// `x / 255` rounded to nearest, written out here.
    static func divide255(_ x: Int) -> Int { (2 * x + 255) / 510 }

    /// What the oracle expects of pixels `region` holds; the rest keep `pixels`.
    static func expected(_ v: [Vertex], scale: Float, over pixels: [UInt32], region: PixelRegion) -> [UInt32] {
        let p = v.map { Vec2(Double($0.x) * Double(scale), Double($0.y) * Double(scale)) }
        let det = (p[1] - p[0]).cross(p[2] - p[0])
        func barycentrics(_ q: Vec2) -> (Double, Double, Double) {
            let wa = (p[1] - q).cross(p[2] - q) / det, wb = (p[2] - q).cross(p[0] - q) / det
            return (wa, wb, 1 - wa - wb)
        }
        let colors = v.map { [Double($0.color.r), Double($0.color.g), Double($0.color.b), Double($0.color.a)] }
        /// The mean colour of the samples of pixel (x, y) inside the triangle, n × n of them; nil when none is.
        func sampledMean(x: Int, y: Int, n: Int) -> [Double]? {
            var sum = [0.0, 0, 0, 0], count = 0
            for j in 0..<n {
                for i in 0..<n {
                    let (wa, wb, wc) = barycentrics(Vec2(Double(x) + (Double(i) + 0.5) / Double(n), Double(y) + (Double(j) + 0.5) / Double(n)))
                    guard wa >= 0, wb >= 0, wc >= 0 else { continue }
                    for k in 0..<4 { sum[k] += wa * colors[0][k] + wb * colors[1][k] + wc * colors[2][k] }
                    count += 1
                }
            }
            return count > 0 ? sum.map { $0 / Double(count) } : nil
        }
        var out = pixels
        for y in 0..<height {
            let cover = CoverageReference.triangleCover(row: y, columns: 0..<width, triangles: [p])
            for x in 0..<width where region.contains(x: x, y: y) {
                let coverage = Int((min(cover[x], 1) * 255).rounded())
                guard coverage > 0 else { continue }
                // A sliver no sample meets: finer samples (its weight is at most a few levels).
                guard let mean = sampledMean(x: x, y: y, n: samples) ?? sampledMean(x: x, y: y, n: 16 * samples) else {
                    Issue.record("(\(x), \(y)): coverage \(coverage) but no sample inside")
                    continue
                }
                let c = mean.map { Int($0.rounded()) }
                let alpha = divide255(coverage * c[3])
                let source = [c[2], c[1], c[0], 0]  // xrgb: blue, green, red, then the unused byte
                var pixel: UInt32 = 0
                for byte in 0..<4 {
                    let d = Int(out[y * width + x] >> UInt32(8 * byte) & 0xFF)
                    pixel |= UInt32(divide255(source[byte] * alpha + d * (255 - alpha))) << UInt32(8 * byte)
                }
                out[y * width + x] = pixel
            }
        }
        return out
    }

    /// The largest byte difference between two images, and its count of differing pixels.
    static func difference(_ a: [UInt32], _ b: [UInt32]) -> (worst: Int, pixels: Int) {
        var worst = 0, pixels = 0
        for (p, q) in zip(a, b) where p != q {
            pixels += 1
            for byte in 0..<4 { worst = max(worst, abs(Int(p >> UInt32(8 * byte) & 0xFF) - Int(q >> UInt32(8 * byte) & 0xFF))) }
        }
        return (worst, pixels)
    }

    static func randomColor(_ random: inout SplitMix64, opaque: Bool) -> RGBA {
        RGBA(UInt8(random.next() % 256), UInt8(random.next() % 256), UInt8(random.next() % 256), opaque ? 255 : UInt8(random.next() % 256))
    }

    /// A vertex at random over the buffer and a little beyond, on the 1/512-point grid (so on the
    /// rasteriser's 1/256-pixel grid at scale 2), in points.
    static func randomVertex(_ random: inout SplitMix64, opaque: Bool) -> Vertex {
        func coordinate(_ size: Int) -> Float { Float((random.double(in: -4...(Double(size) + 4)) / 2 * 512).rounded() / 512) }
        return Vertex(x: coordinate(width), y: coordinate(height), color: randomColor(&random, opaque: opaque))
    }

    static var wholeBuffer: PixelRegion { PixelRegion(PixelRect(x0: 0, y0: 0, x1: width, y1: height)) }

    @Test("random gradient triangles: every pixel within 1 of the supersampled oracle")
    func randomGradients() {
        var random = SplitMix64(seed: 7)
        for trial in 0..<24 {
            let v = (0..<3).map { _ in Self.randomVertex(&random, opaque: trial % 2 == 0) }
            let under = Self.background(&random)
            let got = Self.drawn(v, scale: 2, over: under, region: Self.wholeBuffer)
            let want = Self.expected(v, scale: 2, over: under, region: Self.wholeBuffer)
            let (bytes, pixels) = Self.difference(got, want)
            #expect(bytes <= 1, "trial \(trial) \(v): \(pixels) pixels differ, by up to \(bytes)")
        }
    }

    @Test("a triangle with a corner 1e6 px away: within 1 of the oracle")
    func farCorner() {
        var random = SplitMix64(seed: 11)
        let far: [(Float, Float)] = [(1e6, 20), (-1e6, -1e6), (30, 1e6)]
        for (k, corner) in far.enumerated() {
            var v = (0..<3).map { _ in Self.randomVertex(&random, opaque: k != 1) }
            v[k] = Vertex(x: corner.0 / 2, y: corner.1 / 2, color: v[k].color)
            let under = Self.background(&random)
            let got = Self.drawn(v, scale: 2, over: under, region: Self.wholeBuffer)
            let want = Self.expected(v, scale: 2, over: under, region: Self.wholeBuffer)
            let (bytes, pixels) = Self.difference(got, want)
            #expect(got != under, "\(v): nothing drawn")
            #expect(bytes <= 1, "\(v): \(pixels) pixels differ, by up to \(bytes)")
        }
    }

    @Test("clipped to a region of two rectangles: within 1 of the oracle inside, untouched outside")
    func clippedToRegion() {
        var random = SplitMix64(seed: 5)
        var region = PixelRegion()
        region.set([PixelRect(x0: 4, y0: 3, x1: 30, y1: 20), PixelRect(x0: 22, y0: 26, x1: 60, y1: 45)])
        let outside = (0..<(Self.width * Self.height)).filter { !region.contains(x: $0 % Self.width, y: $0 / Self.width) }
        for trial in 0..<8 {
            let v = (0..<3).map { _ in Self.randomVertex(&random, opaque: trial % 2 == 0) }
            let under = Self.background(&random)
            let got = Self.drawn(v, scale: 2, over: under, region: region)
            let want = Self.expected(v, scale: 2, over: under, region: region)
            #expect(Self.difference(got, want).worst <= 1, "trial \(trial) \(v)")
            #expect(outside.allSatisfy { got[$0] == under[$0] }, "trial \(trial): a pixel outside the region written")
        }
    }

    @Test("a one-colour triangle gives exactly what SpanBlend gives for the rasteriser's spans, clipped or not")
    func oneColourMatchesSpanBlend() {
        var random = SplitMix64(seed: 3)
        var twoRects = PixelRegion()
        twoRects.set([PixelRect(x0: 0, y0: 0, x1: 40, y1: 21), PixelRect(x0: 10, y0: 30, x1: 64, y1: 48)])
        for trial in 0..<40 {
            let color = Self.randomColor(&random, opaque: trial % 3 == 0)
            // Anywhere on a 1/64-point grid, scaled by 1.5: not on the rasteriser's grid.
            func coordinate(_ range: ClosedRange<Double>) -> Float { Float((random.double(in: range) * 64).rounded() / 64) }
            let v = (0..<3).map { _ in Vertex(x: coordinate(-8...48), y: coordinate(-8...36), color: color) }
            let region = trial % 2 == 0 ? Self.wholeBuffer : twoRects
            let under = Self.background(&random)
            let got = Self.drawn(v, scale: 1.5, over: under, region: region)
            var rasterizer = CoverageRasterizer(), want = under
            _ = rasterizer.addTriangle(v[0].x * 1.5, v[0].y * 1.5, v[1].x * 1.5, v[1].y * 1.5, v[2].x * 1.5, v[2].y * 1.5)
            rasterizer.sweep(clip: PixelRect(x0: 0, y0: 0, x1: Self.width, y1: Self.height))
            want.withUnsafeMutableBytes { bytes in
                SpanBlend.apply(rasterizer.spans, clippedTo: region, color: Self.format.pixel(RGBA(color.r, color.g, color.b, 255)),
                                opacity: color.a, to: bytes.baseAddress!, pitch: Self.width * 4)
            }
            #expect(got == want, "trial \(trial) \(v): \(Self.difference(got, want).pixels) pixels differ")
        }
    }

    @Test("a triangle with no area, or a corner not finite, draws nothing")
    func degenerateDrawsNothing() {
        var random = SplitMix64(seed: 1)
        let under = Self.background(&random)
        let red = RGBA(255, 0, 0), blue = RGBA(0, 0, 255)
        let cases: [[Vertex]] = [
            [Vertex(x: 1, y: 1, color: red), Vertex(x: 10, y: 10, color: blue), Vertex(x: 20, y: 20, color: red)],
            [Vertex(x: 1, y: 1, color: red), Vertex(x: .nan, y: 10, color: blue), Vertex(x: 20, y: 2, color: red)],
            [Vertex(x: 1, y: 1, color: red), Vertex(x: 3, y: .infinity, color: blue), Vertex(x: 20, y: 2, color: red)],
            [Vertex(x: 1, y: 1, color: red), Vertex(x: .infinity, y: 2, color: blue), Vertex(x: 5, y: 8, color: red)],
            [Vertex(x: 1, y: 1, color: red), Vertex(x: -.infinity, y: 2, color: blue), Vertex(x: 5, y: 8, color: red)],
        ]
        for v in cases { #expect(Self.drawn(v, scale: 2, over: under, region: Self.wholeBuffer) == under, "\(v)") }
    }
}
