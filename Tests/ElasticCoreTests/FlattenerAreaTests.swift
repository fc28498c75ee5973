import TestRandom
import Foundation
import Testing
@testable import ElasticCore

/// The flattened polygon against the curve's exact area, by closed forms computed here: chords on
/// the curve would lie inside every convex bend and cut off about 2/3 of their sagitta along it;
/// chords that straddle the curve keep its area.
@Suite("Flattener: the polygon keeps the curve's area")
struct FlattenerAreaTests {
    /// The app's flattening tolerance at scale 1.
    static let tolerance = 0.25

    static func area(_ polygon: [Vec2]) -> Double {
        var sum = 0.0
        for i in polygon.indices { sum += polygon[i].cross(polygon[(i + 1) % polygon.count]) }
        return abs(sum) / 2
    }

    static func flattenedArea(_ path: Path) -> Double {
        var tess = Tessellator(tolerance: tolerance)
        let contours = tess.flatten(path)
        return contours.count == 1 ? area(contours[0]) : .nan
    }

    @Test("a circle has the area πr² (to 1e-9 of it)", arguments: [3.7, 10.0, 40.2, 333.3])
    func circle(radius: Double) {
        let exact = Double.pi * radius * radius
        let flat = Self.flattenedArea(Path { $0.circle(center: Vec2(400.3, 300.6), radius: radius) })
        #expect(abs(flat - exact) <= 1e-9 * exact, "\(flat) vs \(exact)")
    }

    /// A half disc: the arc's end points are on the circle, so its end chords get half the
    /// correction; the rest keeps the sector's area.
    @Test("a half disc has the area πr²/2 (to a tenth of the area chords on the circle lose)", arguments: [10.0, 40.2, 333.3])
    func halfDisc(radius: Double) {
        let c = Vec2(100.3, 200.7)
        let exact = Double.pi * radius * radius / 2
        let n = Double(Flattener.arcSegmentCount(radius: radius, sweep: .pi, tolerance: Self.tolerance))
        let chordsOnCircle = radius * radius / 2 * (Double.pi - n * sin(Double.pi / n))
        let flat = Self.flattenedArea(Path { $0.move(to: c + Vec2(-radius, 0)); $0.arc(center: c, radius: radius, start: .pi, end: 2 * .pi); $0.close() })
        #expect(abs(flat - exact) <= 0.1 * chordsOnCircle, "\(flat) vs \(exact); chords on the circle lose \(chordsOnCircle)")
    }

    /// The region between a quadratic and its chord is 2/3 of the triangle of its control points
    /// (Archimedes): (p1 − p0) × (p2 − p0) / 3, signed; the band adds the polygon of its corners.
    @Test("a band under a quadratic has its exact area (to 10⁻⁴ of it)")
    func quadraticBand() {
        var rng = SplitMix64(seed: 0xB4D)
        for _ in 0..<100 {
            let x0 = rng.double(in: -100...100), w = rng.double(in: 40...1300)
            let y0 = rng.double(in: 0...200), y2 = rng.double(in: 0...200)
            let p0 = Vec2(x0, y0), p2 = Vec2(x0 + w, y2)
            let p1 = Vec2(x0 + rng.double(in: -0.2...1.2) * w, rng.double(in: 100...400))
            let top = -50.0, corners = [Vec2(x0, top), p0, p2, Vec2(x0 + w, top)]
            // Signed: the segment adds where the curve bulges out of the band, subtracts where in.
            var signed = (p1 - p0).cross(p2 - p0) / 3
            for i in corners.indices { signed += corners[i].cross(corners[(i + 1) % corners.count]) / 2 }
            let exact = abs(signed)
            let flat = Self.flattenedArea(Path {
                $0.move(to: Vec2(x0, top)); $0.line(to: p0); $0.quad(to: p2, control: p1); $0.line(to: Vec2(x0 + w, top)); $0.close()
            })
            #expect(abs(flat - exact) <= 1e-4 * exact, "\(flat) vs \(exact), p0 \(p0) p1 \(p1) p2 \(p2)")
        }
    }

    /// w·h less the four corners' squares outside their quarter discs, (4 − π)·r²; through the
    /// flattener and through `RoundedRectFill`'s own outline.
    @Test("a rounded rectangle has the area w·h − (4 − π)·r² (to a fifth of the area chords on the arcs lose)",
          arguments: [(Rect(x: 170.35, y: 12.8, width: 140.5, height: 44.3), 10.0),
                      (Rect(x: 170.6, y: 70.45, width: 120.2, height: 22.1), 11.05),
                      (Rect(x: 10, y: 143.37, width: 1260, height: 90), 4.0),
                      (Rect(x: 3.3, y: 2.6, width: 400.4, height: 300.7), 120.0)])
    func roundedRect(rect: Rect, radius: Double) {
        let exact = rect.width * rect.height - (4 - Double.pi) * radius * radius
        let n = Double(Flattener.arcSegmentCount(radius: radius, sweep: .pi / 2, tolerance: Self.tolerance))
        let chordsOnArcs = 4 * radius * radius / 2 * (Double.pi / 2 - n * sin(Double.pi / 2 / n))
        let flat = Self.flattenedArea(Path { $0.roundedRect(rect, radius: radius) })
        #expect(abs(flat - exact) <= 0.2 * chordsOnArcs, "\(flat) vs \(exact); chords on the arcs lose \(chordsOnArcs)")
        var direct = RoundedRectFill(), mesh = Mesh()
        #expect(direct.fill(rect, radius: radius, tolerance: Self.tolerance, pixelScale: 1, minimumCorePixels: .infinity,
                            color: .black, into: &mesh))
        #expect(abs(Self.area(direct.outline) - exact) <= 0.2 * chordsOnArcs, "\(Self.area(direct.outline)) vs \(exact)")
    }
}
