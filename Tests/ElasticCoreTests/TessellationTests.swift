import TestRandom
import Foundation
import Testing
@testable import ElasticCore
import TestSupport

@Suite("Tessellation: draw lists, fringe, strokes, degenerate input")
struct TessellationTests {
    @Test func opaqueFillMakesAnOpaqueBatchThenABlendedFringe() {
        var tess = Tessellator(tolerance: 0.1)
        var list = DrawList()
        let color = RGBA(200, 30, 40)
        tess.fill(Path { $0.circle(center: Vec2(100, 100), radius: 40) }, color: color, into: &list)
        #expect(list.commands.count == 2)
        guard list.commands.count == 2,
              case let .triangles(f0, c0, b0) = list.commands[0],
              case let .triangles(f1, c1, b1) = list.commands[1] else { return }
        #expect(f0 == 0 && b0 == .none && c0 > 0)
        #expect(f1 == c0 && b1 == .blend && f1 + c1 == list.mesh.indices.count)
        #expect(MeshCheck.wellFormedProblems(list.mesh).isEmpty)

        // Fringe: every vertex within the profile's reach of the outline (b ≤ √2/2 px), with the
        // alpha of the share of a one-pixel box around it inside the flattened outline, to the
        // smooth points' turns (8° here, which leave a box on the point a little under half
        // covered; the fringe takes the curve there for straight).
        let outline = tess.flatten(Path { $0.circle(center: Vec2(100, 100), radius: 40) })
        var worst = 0.0
        for k in f1..<(f1 + c1) {
            let v = list.mesh.vertices[Int(list.mesh.indices[k])]
            #expect(v.color.r == color.r && v.color.g == color.g && v.color.b == color.b)
            #expect(MeshCheck.distance(v.position, toOutline: outline) <= 0.5.squareRoot() + 0.01)
            worst = max(worst, abs(Double(v.color.a) / 255 - CoverageReference.share(around: v.position, inside: [outline[0]])))
        }
        #expect(worst < 0.04, "worst vertex alpha off its box's coverage by \(worst)")
        // Fill and fringe together cover the circle's exact area (half a pixel too fat all round
        // would be 126 px² more).
        #expect(abs(MeshCheck.coveredArea(list.mesh) - Double.pi * 40 * 40) < 0.5, "\(MeshCheck.coveredArea(list.mesh))")
    }

    @Test func translucentFillIsOneBlendedBatch() {
        var tess = Tessellator()
        var list = DrawList()
        tess.fill(Path { $0.rect(Rect(x: 0, y: 0, width: 10, height: 10)) }, color: RGBA(0, 0, 0, 128), into: &list)
        #expect(list.commands == [.triangles(first: 0, count: list.mesh.indices.count, blend: .blend)])
        // An axis-aligned square's fringe: alpha 128 inside, 0 outside, 32 (a quarter) on a corner.
        let alphas = Set(list.mesh.vertices.map(\.color.a))
        #expect(alphas == [0, 32, 128], "\(alphas.sorted())")
    }

    @Test func noFringeWithoutAntialias() {
        var tess = Tessellator(antialias: false)
        var list = DrawList()
        tess.fill(Path { $0.roundedRect(Rect(x: 5, y: 5, width: 200, height: 40), radius: 20) }, color: .black, into: &list)
        #expect(list.commands.count == 1)
        #expect(list.mesh.vertices.allSatisfy { $0.color.a == 255 })
        let exact = MeshCheck.exactArea(Path { $0.roundedRect(Rect(x: 5, y: 5, width: 200, height: 40), radius: 20) })
        #expect(abs(MeshCheck.area(list.mesh) - exact) < 0.25 * 2 * Double.pi * 20)
    }

    @Test func bothWindingsFillTheSame() {
        var tess = Tessellator()
        var cw = Mesh(), ccw = Mesh()
        let pts = [Vec2(0, 0), Vec2(100, 10), Vec2(90, 80), Vec2(10, 60)]
        tess.fill(Path { p in p.move(to: pts[0]); for q in pts.dropFirst() { p.line(to: q) }; p.close() }, color: .black, into: &cw)
        tess.fill(Path { p in p.move(to: pts[3]); for q in pts.reversed().dropFirst() { p.line(to: q) }; p.close() },
                  color: .black, into: &ccw)
        #expect(MeshCheck.wellFormedProblems(cw).isEmpty && MeshCheck.wellFormedProblems(ccw).isEmpty)
        #expect(abs(MeshCheck.area(cw) - MeshCheck.area(ccw)) < 1e-6)
        #expect(abs(MeshCheck.area(cw) - MeshCheck.exactArea(Path { p in
            p.move(to: pts[0]); for q in pts.dropFirst() { p.line(to: q) }; p.close() })) < 1e-3)
    }

    @Test func fillRectIsARectangleCommand() {
        var tess = Tessellator()
        var list = DrawList()
        tess.fillRect(Rect(x: 10, y: 20, width: 30, height: 40), color: .black, into: &list)
        tess.fillRect(Rect(x: 50, y: 50, width: -10, height: 5), color: .black, into: &list)  // normalised
        tess.fillRect(Rect(x: 0, y: 0, width: 0, height: 5), color: .black, into: &list)     // empty
        tess.fillRect(Rect(x: .nan, y: 0, width: 1, height: 5), color: .black, into: &list)  // garbage
        tess.fillRect(Rect(x: 0, y: 0, width: 5, height: 5), color: .clear, into: &list)     // invisible
        #expect(list.triangleCount == 0)
        #expect(list.commands == [.rect(Rect(x: 10, y: 20, width: 30, height: 40), .black),
                                  .rect(Rect(x: 40, y: 50, width: 10, height: 5), .black)])
        #expect(list.rectCount == 2)
    }

    @Test("a rectangle off whole pixels: a rectangle command for its core on whole pixels, triangles for the rest, its exact area either way, and with antialias each point the box filter's coverage")
    func rectanglesOffWholePixels() {
        let rects = [Rect(x: 10.3, y: 20.6, width: 100.25, height: 30.4), Rect(x: 5.5, y: 7.25, width: 200, height: 0.5),
                     Rect(x: 1.1, y: 2.2, width: 0.3, height: 0.4)]
        for antialias in [false, true] {
            for scale in [1.0, 1.5] {
                var tess = Tessellator(antialias: antialias)
                tess.pixelScale = scale
                for rect in rects {
                    var list = DrawList()
                    tess.fillRect(rect, color: .black, into: &list)
                    #expect(MeshCheck.wellFormedProblems(list.mesh).isEmpty)
                    var cores = 0.0
                    for case let .rect(core, _) in list.commands {
                        cores += core.width * core.height
                        for v in [core.x, core.y, core.x + core.width, core.y + core.height] {
                            #expect(abs(v * scale - (v * scale).rounded()) < 1e-9, "core \(core) off whole pixels")
                        }
                    }
                    // (To alpha's steps: half of 1/255 over the triangles' area at most.)
                    let covered = MeshCheck.coveredArea(list.mesh) + cores
                    #expect(abs(covered - rect.width * rect.height) <= MeshCheck.area(list.mesh) * 0.5 / 255 + 1e-6,
                            "antialias \(antialias) scale \(scale) \(rect): \(covered)")
                    guard antialias else { continue }
                    let outline = [Vec2(rect.x, rect.y), Vec2(rect.x + rect.width, rect.y),
                                   Vec2(rect.x + rect.width, rect.y + rect.height), Vec2(rect.x, rect.y + rect.height)]
                    for v in list.mesh.vertices {
                        let share = CoverageReference.share(around: v.position, size: 1 / scale, inside: [outline])
                        #expect(abs(Double(v.color.a) / 255 - share) < 0.03, "\(v.position): \(v.color.a) vs \(share)")
                    }
                }
            }
        }
        // On whole pixels: one rectangle command, nothing else.
        var tess = Tessellator()
        tess.pixelScale = 1.5
        var list = DrawList()
        tess.fillRect(Rect(x: 2, y: 4, width: 10, height: 2), color: .black, into: &list)
        #expect(list.commands == [.rect(Rect(x: 2, y: 4, width: 10, height: 2), .black)] && list.mesh.vertices.isEmpty)
    }

    @Test func rectanglesKeepPaintersOrderWithTriangles() {
        var tess = Tessellator(antialias: false)
        var list = DrawList()
        tess.fill(Path { $0.circle(center: Vec2(50, 50), radius: 20) }, color: .black, into: &list)
        tess.fillRect(Rect(x: 0, y: 0, width: 100, height: 100), color: RGBA(0, 0, 0, 100), into: &list)
        tess.fill(Path { $0.circle(center: Vec2(50, 50), radius: 10) }, color: .white, into: &list)
        #expect(list.commands.count == 3)
        if case .triangles = list.commands[0], case .rect = list.commands[1], case .triangles = list.commands[2] {} else {
            Issue.record("order lost: \(list.commands)")
        }
    }

    @Test("an anti-aliased stroke covers length × width, at any angle and down to a hairline, and a ring 2πr × width")
    func antialiasedStrokesCoverTheirArea() {
        var tess = Tessellator(tolerance: 0.1)
        for angle in [0.0, 0.3, Double.pi / 4, 1.2] {
            for width in [0.35, 1, 1.7, 6] {
                var list = DrawList()
                let a = Vec2(50.3, 60.7), b = a + Vec2(cos(angle), sin(angle)) * 80
                tess.stroke(Path { $0.move(to: a); $0.line(to: b) }, width: width, color: .black, into: &list)
                #expect(MeshCheck.wellFormedProblems(list.mesh).isEmpty)
                // (A cap's corners are blended, not exact: up to 0.04 px² each.)
                let covered = MeshCheck.coveredArea(list.mesh)
                #expect(abs(covered - 80 * width) < 0.001 * 80 * width + 0.16, "angle \(angle) width \(width): \(covered)")
            }
        }
        // A closed 1-point ring: its flattened centre line's length times the width.
        var list = DrawList()
        tess.stroke(Path { $0.circle(center: Vec2(200, 200), radius: 40) }, width: 1, color: .black, into: &list)
        #expect(abs(MeshCheck.coveredArea(list.mesh) - 2 * Double.pi * 40) < 0.1, "\(MeshCheck.coveredArea(list.mesh))")
    }

    @Test func straightStrokeIsARectangle() {
        var tess = Tessellator(antialias: false)
        var list = DrawList()
        tess.stroke(Path { $0.move(to: Vec2(10, 10)); $0.line(to: Vec2(110, 10)) }, width: 4, color: .black, into: &list)
        #expect(list.triangleCount == 2)
        #expect(MeshCheck.wellFormedProblems(list.mesh).isEmpty)
        #expect(abs(MeshCheck.area(list.mesh) - 400) < 1e-6)
    }

    @Test func closedSquareStrokeHasMiterCorners() {
        var tess = Tessellator(antialias: false)
        var list = DrawList()
        tess.stroke(Path { $0.rect(Rect(x: 0, y: 0, width: 100, height: 100)) }, width: 10, color: .black, into: &list)
        #expect(MeshCheck.wellFormedProblems(list.mesh).isEmpty)
        #expect(abs(MeshCheck.area(list.mesh) - (110 * 110 - 90 * 90)) < 1e-3)
    }

    @Test func sharpTurnsBevelAndAntialiasedStrokesStayWellFormed() {
        var rng = SplitMix64(seed: 0x5710)
        var tess = Tessellator()
        var list = DrawList()
        for _ in 0..<50 {
            let n = Int(rng.double(in: 2...12))
            let closed = rng.next() & 1 == 0
            let path = Path { p in
                for i in 0..<n {
                    let q = Vec2(rng.double(in: 0...500), rng.double(in: 0...500))
                    if i == 0 { p.move(to: q) } else if i % 3 == 0 {
                        p.quad(to: q, control: Vec2(rng.double(in: 0...500), rng.double(in: 0...500)))
                    } else { p.line(to: q) }
                }
                if closed { p.close() }
            }
            list.removeAll()
            let color = RGBA(10, 20, 30, rng.next() & 1 == 0 ? 255 : 100)
            let width = rng.double(in: 0.5...30)
            tess.stroke(path, width: width, color: color, into: &list)
            #expect(MeshCheck.wellFormedProblems(list.mesh).isEmpty)
            #expect(list.triangleCount > 0)
            // (A stroke narrower than its two edges' profiles, up to √2 px, is drawn translucent:
            // no opaque batch.)
            if color.isOpaque, width >= 1.5, case let .triangles(_, _, blend)? = list.commands.first { #expect(blend == .none) }
            if case let .triangles(_, _, blend)? = list.commands.last { #expect(blend == .blend) }
        }
        // A hairpin turn bevels instead of shooting a miter off.
        list.removeAll()
        tess.stroke(Path { p in p.move(to: Vec2(0, 0)); p.line(to: Vec2(100, 0)); p.line(to: Vec2(0, 1)) },
                    width: 10, color: .black, into: &list)
        #expect(MeshCheck.wellFormedProblems(list.mesh).isEmpty)
        #expect(list.mesh.vertices.allSatisfy { $0.x < 100 + 5 + 1.01 })
    }

    @Test func degenerateInputDrawsNothingAndNeverCrashes() {
        var tess = Tessellator()
        var list = DrawList()
        let nan = Double.nan, inf = Double.infinity
        let paths: [Path] = [
            Path(),
            Path { $0.move(to: Vec2(5, 5)) },
            Path { $0.move(to: Vec2(5, 5)); $0.close() },
            Path { $0.move(to: Vec2(5, 5)); $0.line(to: Vec2(5, 5)); $0.line(to: Vec2(5, 5)); $0.close() },
            Path { $0.move(to: Vec2(0, 0)); $0.line(to: Vec2(10, 10)); $0.close() },
            Path { $0.move(to: Vec2(0, 0)); $0.line(to: Vec2(10, 10)); $0.line(to: Vec2(20, 20)); $0.close() },
            Path { $0.move(to: Vec2(nan, 0)); $0.line(to: Vec2(10, 0)); $0.line(to: Vec2(10, 10)); $0.close() },
            Path { $0.move(to: Vec2(0, 0)); $0.line(to: Vec2(inf, 0)); $0.line(to: Vec2(10, 10)); $0.close() },
            Path { $0.move(to: Vec2(0, 0)); $0.quad(to: Vec2(10, 10), control: Vec2(nan, nan)); $0.close() },
            Path { $0.circle(center: Vec2(nan, 0), radius: 10) },
            Path { $0.circle(center: Vec2(0, 0), radius: nan) },
            Path { $0.circle(center: Vec2(0, 0), radius: 0) },
            Path { $0.circle(center: Vec2(0, 0), radius: inf) },
            Path { $0.rect(Rect(x: 0, y: 0, width: 0, height: 10)) },
            Path { $0.rect(Rect(x: 1e300, y: 0, width: 1e300, height: 1e300)) },
            Path { $0.rect(Rect(x: -1e12, y: -1e12, width: 2e12, height: 2e12)) },
            Path { $0.roundedRect(Rect(x: 0, y: 0, width: 0, height: 0), radius: 5) },
        ]
        for (i, path) in paths.enumerated() {
            list.removeAll()
            tess.fill(path, color: .black, into: &list)
            tess.stroke(path, width: 3, color: .black, into: &list)
            var mesh = Mesh()
            tess.fill(path, color: .black, into: &mesh)
            #expect(MeshCheck.wellFormedProblems(list.mesh).isEmpty, "path \(i)")
            #expect(mesh.triangleCount == 0, "path \(i)")
            #expect(list.mesh.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "path \(i)")
        }
        // Bad parameters.
        list.removeAll()
        tess.stroke(Path { $0.move(to: .zero); $0.line(to: Vec2(10, 0)) }, width: nan, color: .black, into: &list)
        tess.stroke(Path { $0.move(to: .zero); $0.line(to: Vec2(10, 0)) }, width: -1, color: .black, into: &list)
        #expect(list.triangleCount == 0)
        var odd = Tessellator(tolerance: nan)
        var mesh = Mesh()
        odd.fill(Path { $0.circle(center: Vec2(50, 50), radius: 20) }, color: .black, into: &mesh)
        #expect(mesh.triangleCount > 0 && MeshCheck.wellFormedProblems(mesh).isEmpty)
    }

    @Test func bigButFiniteShapesStillFill() {
        var tess = Tessellator()
        var mesh = Mesh()
        tess.fill(Path { $0.rect(Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)) }, color: .black, into: &mesh)
        #expect(mesh.triangleCount == 2)
        #expect(MeshCheck.wellFormedProblems(mesh).isEmpty)
    }

    @Test func everyContourIsFilled() {
        var tess = Tessellator()
        var mesh = Mesh()
        let path = Path { p in
            p.rect(Rect(x: 0, y: 0, width: 10, height: 10))
            p.circle(center: Vec2(100, 100), radius: 10)
            p.move(to: Vec2(200, 200)); p.line(to: Vec2(220, 200)); p.line(to: Vec2(210, 230))  // unclosed
        }
        tess.fill(path, color: .black, into: &mesh)
        #expect(MeshCheck.wellFormedProblems(mesh).isEmpty)
        #expect(abs(MeshCheck.area(mesh) - MeshCheck.exactArea(path)) < 0.25 * 2 * Double.pi * 10)
    }

    @Test func reusedBuffersGiveIdenticalMeshes() {
        var rng = SplitMix64(seed: 99)
        let path = Shapes.wave(&rng)
        var tess = Tessellator()
        var list = DrawList()
        tess.fill(path, color: .black, into: &list)
        let first = list.mesh
        for _ in 0..<3 {
            list.removeAll()
            tess.fill(Shapes.star(&rng), color: .black, into: &list)
            list.removeAll()
            tess.fill(path, color: .black, into: &list)
        }
        #expect(list.mesh.vertices == first.vertices && list.mesh.indices == first.indices)
    }
}
