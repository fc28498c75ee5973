import TestRandom
import Testing
@testable import ElasticCore

/// `Tessellator.fillRoundedRect`: the direct route around a rectangle core must cover exactly the
/// shape the general route fills for `Path.roundedRect` (same outline, same core, no overlap, no
/// gap), and fall back to the general route wherever it does not apply.
@Suite("Rounded rectangles filled around their core")
struct RoundedRectFillTests {
    func randomRect(_ rng: inout SplitMix64) -> (Rect, Double) {
        let rect = Rect(x: rng.double(in: -50...300), y: rng.double(in: -50...300),
                        width: rng.double(in: 30...1400), height: rng.double(in: 30...160))
        // Radii up to past half the height: pills and plain rectangles included.
        return (rect, [0, rng.double(in: 0...12), rng.double(in: 0...90)][Int(rng.next() % 3)])
    }

    func covers(_ mesh: Mesh, _ t: Int, _ p: Vec2) -> Bool {
        let a = MeshCheck.position(mesh, mesh.indices[3 * t]), b = MeshCheck.position(mesh, mesh.indices[3 * t + 1])
        let c = MeshCheck.position(mesh, mesh.indices[3 * t + 2])
        return (b - a).cross(p - a) > 0 && (c - b).cross(p - b) > 0 && (a - c).cross(p - c) > 0
    }

    func nearAnEdge(_ mesh: Mesh, _ p: Vec2) -> Bool {
        for t in 0..<mesh.triangleCount {
            let a = MeshCheck.position(mesh, mesh.indices[3 * t]), b = MeshCheck.position(mesh, mesh.indices[3 * t + 1])
            let c = MeshCheck.position(mesh, mesh.indices[3 * t + 2])
            if min(MeshCheck.distance(p, toSegment: a, b), MeshCheck.distance(p, toSegment: b, c),
                   MeshCheck.distance(p, toSegment: c, a)) < 1e-3 { return true }
        }
        return false
    }

    func inside(_ polygon: [Vec2], _ p: Vec2) -> Bool {
        var inside = false
        var j = polygon.count - 1
        for i in 0..<polygon.count {
            let a = polygon[i], b = polygon[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }

    @Test("same outline and core as the general route; every point of the shape covered exactly once",
          arguments: [1.0, 1.5, 2.0])
    func exactCover(scale: Double) throws {
        var rng = SplitMix64(seed: 2026 + UInt64(scale * 10))
        var direct = RoundedRectFill()
        var general = Tessellator(antialias: false)
        general.rectangleCores = true
        general.pixelScale = scale
        var withCore = 0, withoutCore = 0
        for _ in 0..<60 {
            let (rect, radius) = randomRect(&rng)
            var mesh = Mesh()
            #expect(direct.fill(rect, radius: radius, tolerance: 0.25, pixelScale: scale,
                                minimumCorePixels: Tessellator.minimumCorePixels, color: .black, into: &mesh))
            let core = direct.core
            if core == nil { withoutCore += 1 } else { withCore += 1 }
            let path = Path { $0.roundedRect(rect, radius: radius) }
            let flattened = try #require(general.flatten(path).first)

            // The outline is the flattened path's, point for point.
            #expect(direct.outline.count == flattened.count, "\(rect) r \(radius)")
            for (p, q) in zip(direct.outline, flattened) { #expect((p - q).length < 1e-9, "\(p) vs \(q)") }

            // The core is the general route's (none where it finds none).
            var list = DrawList()
            general.fill(path, color: .black, into: &list)
            let generalCores = list.commands.compactMap { command -> Rect? in
                if case let .rect(r, _) = command { return r } else { return nil }
            }
            #expect(generalCores == (core.map { [$0] } ?? []), "\(rect) r \(radius)")

            // Well formed, and the area of triangles plus core is the polygon's.
            #expect(MeshCheck.wellFormedProblems(mesh).isEmpty)
            let polygon = abs(Tessellator.doubledArea(flattened)) / 2
            let covered = MeshCheck.area(mesh) + (core.map { $0.width * $0.height } ?? 0)
            #expect(abs(covered - polygon) < 1e-4 * polygon, "covered \(covered) vs \(polygon)")

            // Sampled points: inside the outline, exactly one piece covers them; outside, none.
            for _ in 0..<300 {
                let p = Vec2(rng.double(in: rect.x - 2...rect.maxX + 2), rng.double(in: rect.y - 2...rect.maxY + 2))
                if MeshCheck.distance(p, toOutline: [flattened]) < 1e-3 || nearAnEdge(mesh, p) { continue }
                var count = (0..<mesh.triangleCount).filter { covers(mesh, $0, p) }.count
                if let core, p.x > core.x, p.x < core.maxX, p.y > core.y, p.y < core.maxY { count += 1 }
                #expect(count == (inside(flattened, p) ? 1 : 0), "\(p) in \(rect) r \(radius): covered \(count) times")
            }
        }
        #expect(withCore >= 20 && withoutCore >= 5, "\(withCore) with a core, \(withoutCore) without")
    }

    @Test("through the tessellator: interior, core, fringe in that order, as fill does; pills without a core; odd input goes the general way")
    func throughTheTessellator() {
        var tess = Tessellator(antialias: true)
        tess.rectangleCores = true
        var direct = DrawList(), general = DrawList()
        let card = Rect(x: 10, y: 143.37, width: 1260, height: 90)
        tess.fillRoundedRect(card, radius: 4, color: .black, into: &direct)
        tess.fill(Path { $0.roundedRect(card, radius: 4) }, color: .black, into: &general)
        #expect(direct.commands.count == 3)
        if case .triangles(_, _, .none) = direct.commands[0], case .rect = direct.commands[1],
           case .triangles(_, _, .blend) = direct.commands[2] {} else { Issue.record("order \(direct.commands)") }
        #expect(direct.commands[1] == general.commands[1])
        #expect(MeshCheck.wellFormedProblems(direct.mesh).isEmpty)
        // The fringe is the same ring: same area. Fill, core and fringe together cover the shape's
        // exact area, to the arcs' coarse chords (a fringe outside the outline instead of
        // straddling it would add half a pixel times the perimeter, 675 px²).
        func fringeArea(_ list: DrawList, _ command: Int) -> Double {
            guard case let .triangles(first, count, .blend) = list.commands[command] else { return .nan }
            return MeshCheck.area(list.mesh, triangles: first / 3..<(first + count) / 3)
        }
        #expect(abs(fringeArea(direct, 2) - fringeArea(general, 2)) < 1e-3)
        if case let .rect(core, _) = direct.commands[1] {
            let covered = MeshCheck.coveredArea(direct.mesh) + core.width * core.height
            #expect(abs(covered - MeshCheck.exactArea(Path { $0.roundedRect(card, radius: 4) })) < 2, "\(covered)")
        }

        // Without a core (a pill with no band between its ends, a small button, cores off): the
        // interior is triangles only, the same as the general route's, and the same fringe; with
        // it the exact area.
        let noCore: [(Rect, Double, Bool)] = [
            (Rect(x: 6, y: 700, width: 300, height: 20), 10, true),
            (Rect(x: 5, y: 5, width: 12, height: 12), 3, true),
            (card, 4, false),
        ]
        for (rect, radius, cores) in noCore {
            var a = Tessellator(antialias: true)
            a.rectangleCores = cores
            var la = DrawList(), lb = DrawList()
            a.fillRoundedRect(rect, radius: radius, color: RGBA(10, 20, 30), into: &la)
            a.fill(Path { $0.roundedRect(rect, radius: radius) }, color: RGBA(10, 20, 30), into: &lb)
            #expect(la.rectCount == 0 && la.commands.count == 2, "\(la.commands)")
            #expect(MeshCheck.wellFormedProblems(la.mesh).isEmpty)
            let exact = MeshCheck.exactArea(Path { $0.roundedRect(rect, radius: radius) })
            guard case let .triangles(_, count, .none) = la.commands[0],
                  case let .triangles(_, generalCount, .none) = lb.commands[0] else { Issue.record("\(la.commands)"); continue }
            let area = MeshCheck.area(la.mesh, triangles: 0..<count / 3)
            #expect(abs(MeshCheck.coveredArea(la.mesh) - exact) < 2, "\(rect) r \(radius): \(MeshCheck.coveredArea(la.mesh))")
            #expect(abs(area - MeshCheck.area(lb.mesh, triangles: 0..<generalCount / 3)) < 1e-4 * exact, "\(rect) r \(radius)")
            #expect(abs(fringeArea(la, 1) - fringeArea(lb, 1)) < 1e-3, "\(rect) r \(radius)")
        }

        // The general route, exactly, for unusual input: a non-finite radius or corner, an empty
        // rectangle, one too thin for its fringe's inset to be safe (the general route handles it).
        let unusual: [(Rect, Double)] = [
            (card, .nan),
            (Rect(x: 5, y: 5, width: 0, height: 40), 4),
            (Rect(x: .infinity, y: 5, width: 10, height: 40), 4),
            (Rect(x: 5.3, y: 5, width: 300, height: 1.5), 0.7),
        ]
        for (rect, radius) in unusual {
            var a = Tessellator(antialias: true), b = Tessellator(antialias: true)
            a.rectangleCores = true; b.rectangleCores = true
            var la = DrawList(), lb = DrawList()
            a.fillRoundedRect(rect, radius: radius, color: .black, into: &la)
            b.fill(Path { $0.roundedRect(rect, radius: radius) }, color: .black, into: &lb)
            #expect(la.commands == lb.commands && la.mesh.vertices == lb.mesh.vertices && la.mesh.indices == lb.mesh.indices,
                    "\(rect) r \(radius)")
        }
    }

    @Test("a list of cards over several frames: one core and a well-formed mesh per card")
    func cards() {
        var tess = Tessellator()
        tess.rectangleCores = true
        var list = DrawList()
        for frame in 0..<3 {
            list.removeAll()
            for row in 0..<8 {
                tess.fillRoundedRect(Rect(x: 10, y: 150 + 100 * Double(row) + 0.3 * Double(frame), width: 1260, height: 90),
                                     radius: 4, color: .white, into: &list)
            }
        }
        #expect(list.rectCount == 8)
        #expect(list.triangleCount > 8 * 20)
        #expect(MeshCheck.wellFormedProblems(list.mesh).isEmpty)
    }
}
