import Foundation
import Testing
@testable import ElasticCore

/// The anti-aliased mesh against the exact shape: coverage summed per pixel column (and row) must
/// match the exact area, i.e. the fringe straddles the outline instead of fattening the shape.
@Suite("Tessellation: coverage against an exact-area reference")
struct TessellationCoverageTests {
    /// A wave-like band: straight top and sides, a quadratic bottom edge (the wave's curve).
    static func band(_ o: Vec2) -> Path {
        Path { p in
            p.move(to: o)
            p.line(to: o + Vec2(0, 24))
            p.quad(to: o + Vec2(90, 30), control: o + Vec2(40, 70))
            p.line(to: o + Vec2(90, 0))
            p.close()
        }
    }

    static func circle(_ o: Vec2) -> Path { Path { $0.circle(center: o + Vec2(32, 32), radius: 30.3) } }

    static let cardRect = Rect(x: 3.3, y: 2.6, width: 70.4, height: 41.7)

    static let names = ["band", "circle", "rounded rect"]

    static func path(_ shape: Int, _ o: Vec2) -> Path {
        switch shape {
        case 0: band(o)
        case 1: circle(o)
        default: Path { $0.roundedRect(cardRect.offsetBy(o), radius: 11.2) }
        }
    }

    /// The shape as the app draws it (rounded rectangles take their own route).
    static func draw(_ shape: Int, _ o: Vec2, _ tess: inout Tessellator, _ list: inout DrawList) {
        if shape == 2 {
            tess.fillRoundedRect(cardRect.offsetBy(o), radius: 11.2, color: .black, into: &list)
        } else {
            tess.fill(path(shape, o), color: .black, into: &list)
        }
    }

    /// The error for one shape at one scale.
    static func error(_ shape: Int, scale: Double, tolerance: Double, cores: Bool = true) -> CoverageError {
        let origin = Vec2(2.37, 3.61)
        var tess = Tessellator(tolerance: tolerance)
        tess.pixelScale = scale
        tess.rectangleCores = cores
        var list = DrawList()
        draw(shape, origin, &tess, &list)
        let size = Int((100 * scale).rounded(.up))
        let (measured, reference) = CoverageGrid.measuredAndReference(
            list, exact: path(shape, origin), width: size, height: size, scale: scale)
        return CoverageError(measured: measured, reference: reference, path: path(shape, origin))
    }

    @Test("per line across the edges: mean ≤ 0.05 px, p95 ≤ 0.2 px (fine flattening isolates the fringe)",
          arguments: [0, 1, 2], [1.0, 1.5, 2.0])
    func straddlingFringe(shape: Int, scale: Double) {
        let e = Self.error(shape, scale: scale, tolerance: 0.01)
        print("coverage \(Self.names[shape]) ×\(scale): \(e)")
        #expect(abs(e.mean) <= 0.05, "\(Self.names[shape]) at scale \(scale): \(e)")
        #expect(e.p95 <= 0.2, "\(Self.names[shape]) at scale \(scale): \(e)")
    }

    /// At the app's tolerance the chords straddle the curves (`StraddlingChords`): the shapes must
    /// be neither fat nor thin on average (chords on the curve made them thinner by up to 2/3 of
    /// the tolerance on each edge), and a line across the edges is off by no more than the chords'
    /// distance from the curve (up to 2/3 of the tolerance) on each of the two edges it crosses.
    @Test("at the app's flattening tolerance: neither fat nor thin", arguments: [0, 1, 2], [1.0, 2.0])
    func appTolerance(shape: Int, scale: Double) {
        let tolerance = 0.25, chords = 2 * (2.0 / 3) * tolerance * scale
        let e = Self.error(shape, scale: scale, tolerance: tolerance)
        print("coverage \(Self.names[shape]) ×\(scale) at tolerance \(tolerance): \(e)")
        #expect(abs(e.mean) <= 0.05, "\(Self.names[shape]) at scale \(scale): \(e)")
        #expect(e.p95 <= chords + 0.1, "\(Self.names[shape]) at scale \(scale): \(e)")
    }

    /// Concave corners: the inset turns the other way there (its miter points out of the shape's
    /// corner) and must not fold.
    @Test("concave corners: an L and a star", arguments: [1.0, 1.5, 2.0])
    func concaveCorners(scale: Double) {
        let o = Vec2(3.3, 4.7)
        let shapes = [
            Path { p in
                p.move(to: o); p.line(to: o + Vec2(60, 0)); p.line(to: o + Vec2(60, 20.4))
                p.line(to: o + Vec2(20.6, 20.4)); p.line(to: o + Vec2(20.6, 70)); p.line(to: o + Vec2(0, 70)); p.close()
            },
            Path { p in
                for k in 0..<10 {
                    let a = Double(k) * Double.pi / 5 + 0.1, r = k % 2 == 0 ? 40.0 : 18.0
                    let q = o + Vec2(45, 45) + Vec2(cos(a), sin(a)) * r
                    if k == 0 { p.move(to: q) } else { p.line(to: q) }
                }
                p.close()
            },
        ]
        for path in shapes {
            var tess = Tessellator(tolerance: 0.01)
            tess.pixelScale = scale
            tess.rectangleCores = true
            var list = DrawList()
            tess.fill(path, color: .black, into: &list)
            #expect(MeshCheck.wellFormedProblems(list.mesh).isEmpty)
            let size = Int((95 * scale).rounded(.up))
            let (measured, reference) = CoverageGrid.measuredAndReference(
                list, exact: path, width: size, height: size, scale: scale)
            let e = CoverageError(measured: measured, reference: reference, path: path)
            print("coverage concave ×\(scale): \(e)")
            #expect(abs(e.mean) <= 0.05 && e.p95 <= 0.2, "scale \(scale): \(e)")
        }
    }

    /// A part thinner than the fringe cannot be inset by half of it on both sides: the inset falls
    /// back (half, then none) instead of inverting, so the shape stays whole and at most a quarter
    /// of a pixel fat on each side.
    @Test("thinner than the fringe: whole, not inverted, at most a little fat", arguments: [0.2, 0.4, 0.7, 0.9])
    func thinShapes(thickness: Double) {
        let o = Vec2(5.3, 10.45)
        let path = Path { p in
            p.move(to: o); p.quad(to: o + Vec2(60, 0), control: o + Vec2(30, 8))
            p.line(to: o + Vec2(60, thickness)); p.quad(to: o + Vec2(0, thickness), control: o + Vec2(30, 8 + thickness))
            p.close()
        }
        var tess = Tessellator(tolerance: 0.01)
        var list = DrawList()
        tess.fill(path, color: .black, into: &list)
        #expect(MeshCheck.wellFormedProblems(list.mesh).isEmpty)
        let (measured, reference) = CoverageGrid.measuredAndReference(
            list, exact: path, width: 70, height: 25, scale: 1)
        let columns = zip(measured.columnSums(), reference.columnSums(measured.width)).dropFirst(8).prefix(50)
        let errors = columns.map { $0 - $1 }
        print("coverage thin \(thickness): per column \(errors.min()!)…\(errors.max()!)")
        #expect(errors.allSatisfy { $0 >= -0.05 && $0 <= 0.55 }, "thickness \(thickness): \(errors)")
    }

    /// A straight stroke with butt caps covers exactly its rectangle, hairlines (thinner than the
    /// fringe) included: they are drawn a fringe wide at reduced opacity.
    @Test("strokes: a straight butt-capped stroke covers its rectangle", arguments: [0.5, 1.0, 3.0], [1.0, 2.0])
    func straightStroke(width: Double, scale: Double) {
        for angle in [0.13, 0.9, 1.4] {
            let a = Vec2(12.3, 9.7), d = Vec2(cos(angle), sin(angle)), n = Vec2(-d.y, d.x) * (width / 2)
            let b = a + d * 70
            var tess = Tessellator(tolerance: 0.01)
            tess.pixelScale = scale
            var list = DrawList()
            tess.stroke(Path { $0.move(to: a); $0.line(to: b) }, width: width, color: .black, into: &list)
            let rectangle = Path { p in p.move(to: a + n); p.line(to: b + n); p.line(to: b - n); p.line(to: a - n); p.close() }
            let size = Int((90 * scale).rounded(.up))
            let (measured, reference) = CoverageGrid.measuredAndReference(
                list, exact: rectangle, width: size, height: size, scale: scale)
            let e = CoverageError(measured: measured, reference: reference, path: rectangle)
            let total = measured.columnSums().reduce(0, +), exact = reference.columnSums(measured.width).reduce(0, +)
            print("coverage stroke \(width) at \(angle) ×\(scale): \(e), total \(total) vs \(exact)")
            #expect(abs(e.mean) <= 0.05 && e.p95 <= 0.2, "width \(width) angle \(angle) scale \(scale): \(e)")
            #expect(abs(total - exact) <= 0.02 * exact, "width \(width) angle \(angle) scale \(scale)")
        }
    }
}

extension Rect {
    func offsetBy(_ o: Vec2) -> Rect { Rect(x: x + o.x, y: y + o.y, width: width, height: height) }
}
