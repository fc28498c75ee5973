import TestRandom
import Testing
@testable import ElasticCore

/// Rectangle cores: the solid middle of a wide shape as a pixel-aligned rectangle, triangles only
/// around it. The pieces must tile the shape exactly: no overlap, no gap, nothing outside.
@Suite("Tessellation with rectangle cores")
struct TessellationCoreTests {
    /// Interior coverage of a draw list: triangle area of the interior batches plus rectangle area.
    func interiorArea(_ list: DrawList) -> (triangles: Double, rects: Double, rectList: [Rect]) {
        var tri = 0.0, rect = 0.0, rects: [Rect] = []
        for command in list.commands {
            switch command {
            case let .triangles(first, count, blend) where blend == .none:
                var k = first
                while k < first + count {
                    tri += list.mesh.doubledArea(list.mesh.indices[k], list.mesh.indices[k + 1], list.mesh.indices[k + 2]) / 2
                    k += 3
                }
            case let .rect(r, _):
                rect += r.width * r.height
                rects.append(r)
            default: break
            }
        }
        return (tri, rect, rects)
    }

    func polygonArea(_ tess: inout Tessellator, _ path: Path) -> Double {
        tess.flatten(path).reduce(0) { $0 + abs(Tessellator.doubledArea($1)) / 2 }
    }

    func wave(_ rng: inout SplitMix64, width w: Double) -> Path {
        let base = rng.double(in: 64...140), sag = rng.double(in: 0...160), cx = rng.double(in: 0.2 * w...0.8 * w)
        return Path {
            $0.move(to: Vec2(0, 0)); $0.line(to: Vec2(0, base))
            $0.quad(to: Vec2(cx * 0.7, base + 0.64 * sag), control: Vec2(cx * 0.44, base))
            $0.quad(to: Vec2(cx + (w - cx) * 0.29, base + 0.64 * sag), control: Vec2(cx, base + 1.36 * sag))
            $0.quad(to: Vec2(w, base), control: Vec2(cx + (w - cx) * 0.56, base))
            $0.line(to: Vec2(w, 0)); $0.close()
        }
    }

    @Test("cores plus bands cover exactly the flattened shape, at 1× and 2× pixel scale",
          arguments: [1.0, 2.0, 1.5])
    func exactCoverage(scale: Double) {
        var rng = SplitMix64(seed: 99)
        var tess = Tessellator(antialias: false)
        tess.rectangleCores = true
        tess.pixelScale = scale
        var list = DrawList()
        var shapes: [Path] = []
        for _ in 0..<20 { shapes.append(wave(&rng, width: rng.double(in: 300...1920))) }
        for _ in 0..<10 {
            let r = Rect(x: rng.double(in: 0...100), y: rng.double(in: 0...100), width: rng.double(in: 40...1200), height: rng.double(in: 40...120))
            shapes.append(Path { $0.roundedRect(r, radius: rng.double(in: 0...20)) })
        }
        shapes.append(Path { $0.circle(center: Vec2(300, 300), radius: 120) })
        var sawCore = 0
        for path in shapes {
            list.removeAll()
            tess.fill(path, color: .black, into: &list)
            let (tri, rect, rects) = interiorArea(list)
            let exact = polygonArea(&tess, path)
            #expect(abs(tri + rect - exact) < 1e-3 * max(exact, 1), "covered \(tri + rect) vs \(exact)")
            for r in rects {
                sawCore += 1
                for v in [r.x, r.y, r.maxX, r.maxY] {
                    #expect(abs((v * scale).rounded() - v * scale) < 1e-9, "core edge \(v) not on the pixel grid")
                }
                #expect(r.width * r.height * scale * scale >= Tessellator.minimumCorePixels)
            }
            #expect(MeshCheck.wellFormedProblems(list.mesh).isEmpty)
        }
        #expect(sawCore >= 25)
    }

    @Test("the wave's core is the band above its lowest point; the triangles only cover the curve")
    func waveCore() {
        var tess = Tessellator(antialias: false)
        tess.rectangleCores = true
        var list = DrawList()
        // Held wave of wave-pull at 1280 wide: base 140, centre at 295.04.
        let path = Path {
            $0.move(to: Vec2(0, 0)); $0.line(to: Vec2(0, 140))
            $0.quad(to: Vec2(454.4, 212.96), control: Vec2(281.6, 140))
            $0.quad(to: Vec2(825.6, 212.96), control: Vec2(640, 295.04))
            $0.quad(to: Vec2(1280, 140), control: Vec2(998.4, 140))
            $0.line(to: Vec2(1280, 0)); $0.close()
        }
        tess.fill(path, color: .black, into: &list)
        let (tri, rect, rects) = interiorArea(list)
        #expect(rects == [Rect(x: 0, y: 0, width: 1280, height: 140)])
        #expect(abs(rect - 1280 * 140) < 1e-9)
        // Without cores the same wave needs triangles over its whole area.
        var plain = Tessellator(antialias: false)
        var mesh = Mesh()
        plain.fill(path, color: .black, into: &mesh)
        #expect(tri < 0.25 * MeshCheck.area(mesh))
    }

    @Test("shapes without a core (a circle, a thin sliver) keep their plain triangulation")
    func noCore() {
        var tess = Tessellator(antialias: true)
        tess.rectangleCores = true
        var list = DrawList()
        tess.fill(Path { $0.circle(center: Vec2(50, 50), radius: 30) }, color: .black, into: &list)
        tess.fill(Path { $0.rect(Rect(x: 0.3, y: 0.3, width: 500, height: 0.9)) }, color: .black, into: &list)
        #expect(list.rectCount == 0)
        #expect(list.triangleCount > 0)
    }

    @Test("order within a fill: interior triangles, then the core, then the fringe")
    func order() {
        var tess = Tessellator(antialias: true)
        tess.rectangleCores = true
        var list = DrawList()
        tess.fill(Path { $0.roundedRect(Rect(x: 10, y: 10, width: 400, height: 80), radius: 12) }, color: .black, into: &list)
        guard list.commands.count == 3 else { Issue.record("\(list.commands)"); return }
        if case .triangles(_, _, .none) = list.commands[0], case .rect = list.commands[1], case .triangles(_, _, .blend) = list.commands[2] {} else {
            Issue.record("unexpected order \(list.commands)")
        }
    }
}
