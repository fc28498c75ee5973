import TestRandom
import Foundation
import Testing
@testable import ElasticCore

@Suite("Tessellation: fill properties on random shapes")
struct TessellationPropertyTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case wave, circle, jelly, star, teardrop
        var testDescription: String { rawValue }

        func make(_ rng: inout SplitMix64) -> Path {
            switch self {
            case .wave: Shapes.wave(&rng)
            case .circle: Shapes.circle(&rng)
            case .jelly: Shapes.jelly(&rng)
            case .star: Shapes.star(&rng)
            case .teardrop: Shapes.teardrop(&rng)
            }
        }
    }

    @Test("area matches Green's theorem; winding, finiteness, indices; watertight",
          arguments: Kind.allCases, [0.1, 0.25, 1.0])
    func fillProperties(kind: Kind, tolerance: Double) {
        var rng = SplitMix64(seed: 0xE1A5 &+ UInt64(tolerance * 1000))
        var tess = Tessellator(tolerance: tolerance)
        var mesh = Mesh()
        for trial in 0..<60 {
            let path = kind.make(&rng)
            mesh.removeAll()
            tess.fill(path, color: .black, into: &mesh)

            let problems = MeshCheck.wellFormedProblems(mesh)
            #expect(problems.isEmpty, "\(kind) #\(trial): \(problems.prefix(3))")

            let exact = MeshCheck.exactArea(path)
            let perimeter = MeshCheck.perimeter(path)
            let area = MeshCheck.area(mesh)
            #expect(abs(area - exact) <= (2.0 / 3.0) * tolerance * perimeter + 1e-3 * perimeter,
                    "\(kind) #\(trial): mesh area \(area), exact \(exact), perimeter \(perimeter)")

            let outline = tess.flatten(path)
            let leaks = MeshCheck.watertightProblems(mesh, outline: outline)
            #expect(leaks.isEmpty, "\(kind) #\(trial): \(leaks.prefix(3))")
        }
    }

    @Test("the wave comes out as a strip of column quads")
    func waveIsAColumnStrip() {
        var rng = SplitMix64(seed: 0x3A7E)
        var tess = Tessellator()
        var mesh = Mesh()
        for _ in 0..<40 {
            let path = Shapes.wave(&rng, width: 1280)
            mesh.removeAll()
            tess.fill(path, color: .black, into: &mesh)
            let outline = tess.flatten(path)[0]

            // Every triangle spans one column: its vertices sit on two x's.
            var columnXs = Set<Float>()
            var bboxArea = 0.0, widest = 0.0
            for t in 0..<mesh.triangleCount {
                let vs = (0..<3).map { mesh.vertices[Int(mesh.indices[3 * t + $0])] }
                let xs = Set(vs.map(\.x))
                #expect(xs.count == 2)
                columnXs.formUnion(xs)
                let w = Double(xs.max()! - xs.min()!)
                let h = Double(vs.map(\.y).max()! - vs.map(\.y).min()!)
                widest = max(widest, w)
                bboxArea += w * h
            }
            // No column is wider than the widest step of the outline between consecutive x's.
            let xs = outline.map(\.x).sorted()
            var widestStep = 0.0
            for i in 1..<xs.count { widestStep = max(widestStep, xs[i] - xs[i - 1]) }
            #expect(widest <= widestStep + 1e-3)
            #expect(widest < 1280 / 8)
            // Two triangles per column, one fewer where a side shrinks to a point.
            let columns = columnXs.count - 1
            #expect(mesh.triangleCount <= 2 * columns)
            #expect(mesh.triangleCount >= 2 * columns - 2)
            // Thin quads fill half their bounding boxes; a fan from a corner would do far worse.
            #expect(MeshCheck.area(mesh) / bboxArea > 0.45)
        }
    }

    @Test("the teardrop (y-monotone only) comes out as rows")
    func teardropIsRows() {
        var rng = SplitMix64(seed: 0x7EA2)
        var tess = Tessellator()
        var mesh = Mesh()
        for _ in 0..<40 {
            let path = Shapes.teardrop(&rng)
            let outline = tess.flatten(path)[0]
            var ladder = MonotoneLadder()
            var scratch = Mesh()
            #expect(!ladder.fill(positive(outline), axis: .x, color: .black, into: &scratch))
            #expect(scratch.vertices.isEmpty && scratch.indices.isEmpty)  // rolled back

            mesh.removeAll()
            tess.fill(path, color: .black, into: &mesh)
            for t in 0..<mesh.triangleCount {
                let ys = Set((0..<3).map { mesh.vertices[Int(mesh.indices[3 * t + $0])].y })
                #expect(ys.count == 2)
            }
        }
    }

    @Test("non-monotone stars go to the ear clipper and still come out right")
    func starsAreEarClipped() {
        var rng = SplitMix64(seed: 0x57A2)
        var tess = Tessellator()
        var clipped = 0
        for _ in 0..<40 {
            let path = Shapes.star(&rng)
            let outline = positive(tess.flatten(path)[0])
            var ladder = MonotoneLadder()
            var scratch = Mesh()
            let monotone = ladder.fill(outline, axis: .x, color: .black, into: &scratch)
                || ladder.fill(outline, axis: .y, color: .black, into: &scratch)
            var mesh = Mesh()
            tess.fill(path, color: .black, into: &mesh)
            if !monotone {
                clipped += 1
                // Ear clipping: n − 2 triangles on the contour's own vertices (fewer if some are collinear).
                #expect(mesh.triangleCount <= outline.count - 2 && mesh.triangleCount >= outline.count - 4)
                #expect(mesh.vertices.count == outline.count)
            }
        }
        #expect(clipped > 20)
    }

    private func positive(_ contour: [Vec2]) -> [Vec2] {
        var twice = 0.0
        for i in 0..<contour.count { twice += contour[i].cross(contour[(i + 1) % contour.count]) }
        return twice < 0 ? contour.reversed() : contour
    }
}
