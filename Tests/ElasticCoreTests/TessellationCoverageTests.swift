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
        var measured = CoverageGrid(x0: 0, y0: 0, width: size, height: size, scale: scale)
        measured.rasterize(list)
        var reference = CoverageGrid(x0: 0, y0: 0, width: size, height: size, scale: scale)
        reference.rasterizeExact(path(shape, origin))
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

    /// At the app's tolerance the chords of a convex curve lie inside it (2/3 of the tolerance on
    /// average at most, on each of the two edges a line crosses) and those of a concave one
    /// outside: the shapes must not be fat, and thinner only by that.
    @Test("at the app's flattening tolerance: not fat, thinner only by the chords", arguments: [0, 1, 2], [1.0, 2.0])
    func appTolerance(shape: Int, scale: Double) {
        let tolerance = 0.25, chords = 2 * (2.0 / 3) * tolerance * scale
        let e = Self.error(shape, scale: scale, tolerance: tolerance)
        print("coverage \(Self.names[shape]) ×\(scale) at tolerance \(tolerance): \(e)")
        #expect(e.mean <= 0.05 && e.mean >= -chords - 0.05, "\(Self.names[shape]): \(e)")
        #expect(e.p95 <= 2 * tolerance * scale + 0.1, "\(Self.names[shape]): \(e)")
    }
}

extension Rect {
    func offsetBy(_ o: Vec2) -> Rect { Rect(x: x + o.x, y: y + o.y, width: width, height: height) }
}
