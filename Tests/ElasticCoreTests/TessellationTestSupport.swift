import TestRandom
import Foundation
@testable import ElasticCore

/// Checks shared by the tessellation tests.
enum MeshCheck {
    static func position(_ mesh: Mesh, _ i: Int32) -> Vec2 { mesh.vertices[Int(i)].position }

    /// Twice the signed area of triangle `t` (Float positions, as stored).
    static func twiceArea(_ mesh: Mesh, triangle t: Int) -> Double {
        let a = position(mesh, mesh.indices[3 * t]), b = position(mesh, mesh.indices[3 * t + 1])
        let c = position(mesh, mesh.indices[3 * t + 2])
        return (b - a).cross(c - a)
    }

    static func area(_ mesh: Mesh, triangles: Range<Int>? = nil) -> Double {
        let range = triangles ?? 0..<mesh.triangleCount
        var sum = 0.0
        for t in range { sum += twiceArea(mesh, triangle: t) }
        return sum / 2
    }

    /// The area the triangles cover, each weighted by its vertices' mean alpha (what linear
    /// interpolation of alpha integrates to), in units of full coverage.
    static func coveredArea(_ mesh: Mesh, triangles: Range<Int>? = nil) -> Double {
        let range = triangles ?? 0..<mesh.triangleCount
        var sum = 0.0
        for t in range {
            let alpha = (0..<3).reduce(0.0) { $0 + Double(mesh.vertices[Int(mesh.indices[3 * t + $1])].color.a) } / (3 * 255)
            sum += twiceArea(mesh, triangle: t) / 2 * alpha
        }
        return sum
    }

    /// Problems with indices, finiteness or winding (empty when fine).
    static func wellFormedProblems(_ mesh: Mesh) -> [String] {
        var problems: [String] = []
        if mesh.indices.count % 3 != 0 { problems.append("index count \(mesh.indices.count) not a multiple of 3") }
        for v in mesh.vertices where !(v.x.isFinite && v.y.isFinite) { problems.append("non-finite vertex \(v)") }
        for i in mesh.indices where i < 0 || Int(i) >= mesh.vertices.count { problems.append("index \(i) out of range") }
        if !problems.isEmpty { return problems }
        for t in 0..<mesh.triangleCount where !(twiceArea(mesh, triangle: t) > 0) {
            problems.append("triangle \(t) has area \(twiceArea(mesh, triangle: t) / 2)")
        }
        return problems
    }

    struct Edge: Hashable { var a: Int32, b: Int32 }

    /// Directed edges used by the triangles, with their counts.
    static func directedEdges(_ mesh: Mesh) -> [Edge: Int] {
        var edges: [Edge: Int] = [:]
        for t in 0..<mesh.triangleCount {
            let i = mesh.indices[3 * t], j = mesh.indices[3 * t + 1], k = mesh.indices[3 * t + 2]
            for e in [Edge(a: i, b: j), Edge(a: j, b: k), Edge(a: k, b: i)] { edges[e, default: 0] += 1 }
        }
        return edges
    }

    /// Watertightness problems: a directed edge used twice (a fold), or an edge used once (a
    /// boundary edge) that does not lie on the outline (a crack or T-junction).
    static func watertightProblems(_ mesh: Mesh, outline: [[Vec2]], tolerance: Double = 1e-3) -> [String] {
        var problems: [String] = []
        let edges = directedEdges(mesh)
        for (e, count) in edges {
            if count > 1 { problems.append("directed edge \(e) used \(count) times") }
            if edges[Edge(a: e.b, b: e.a)] == nil {
                let p = position(mesh, e.a), q = position(mesh, e.b)
                for s in 0...4 {
                    let m = p.lerp(to: q, Double(s) / 4)
                    let d = distance(m, toOutline: outline)
                    if d > tolerance {
                        problems.append("boundary edge \(p)→\(q) is \(d) off the outline")
                        break
                    }
                }
            }
        }
        return problems
    }

    static func distance(_ p: Vec2, toSegment a: Vec2, _ b: Vec2) -> Double {
        let d = b - a
        let len2 = d.dot(d)
        let t = len2 > 0 ? min(max((p - a).dot(d) / len2, 0), 1) : 0
        return (p - a.lerp(to: b, t)).length
    }

    static func distance(_ p: Vec2, toOutline outline: [[Vec2]]) -> Double {
        var best = Double.infinity
        for contour in outline where !contour.isEmpty {
            for i in 0..<contour.count {
                best = min(best, distance(p, toSegment: contour[i], contour[(i + 1) % contour.count]))
            }
        }
        return best
    }

    /// Exact area by Green's theorem over the path's commands, each contour closed and counted
    /// positive (contours fill separately), and the polyline perimeter at a fine tolerance.
    static func exactArea(_ path: Path) -> Double {
        var total = 0.0, contour = 0.0
        var first: Vec2?, current: Vec2?
        func line(_ a: Vec2, _ b: Vec2) -> Double { (a.x * b.y - b.x * a.y) / 2 }
        func finish() {
            if let f = first, let c = current { contour += line(c, f) }
            total += abs(contour)
            contour = 0; first = nil; current = nil
        }
        for command in path.commands {
            switch command {
            case .move(let p):
                finish(); first = p; current = p
            case .line(let p):
                if first == nil { first = p; current = p }
                contour += line(current!, p); current = p
            case .quad(let c, let p):
                if first == nil { first = p; current = p }
                contour += QuadCurve(current!, c, p).greenArea; current = p
            case .arc(let arc):
                let s = arc.sweep, a0 = arc.start, a1 = arc.start + s
                let start = arc.point(at: a0)
                if first == nil { first = start; current = start }
                contour += line(current!, start)
                let (r, cx, cy) = (arc.radius, arc.center.x, arc.center.y)
                contour += (r * r * s + r * cx * (sin(a1) - sin(a0)) - r * cy * (cos(a1) - cos(a0))) / 2
                current = arc.point(at: a1)
            case .close:
                let f = first
                finish()
                current = f
            }
        }
        finish()
        return total
    }

    static func perimeter(_ path: Path) -> Double {
        var fine = Tessellator(tolerance: 0.001)
        var length = 0.0
        for c in fine.flatten(path) where c.count > 1 {
            for i in 0..<c.count { length += (c[(i + 1) % c.count] - c[i]).length }
        }
        return length
    }
}

/// The shapes of the app, randomised.
enum Shapes {
    /// The wave: (0,0) → (0,y0) → quad to l1 via l2 → quad to r1 via c → quad to r3 via r2 → (W,0) → close.
    static func wave(_ rng: inout SplitMix64, width: Double? = nil) -> Path {
        let w = width ?? rng.double(in: 300...1600)
        var xs = (0..<5).map { _ in rng.double(in: 0.02...0.98) * w }
        xs.sort()
        func y() -> Double { rng.double(in: 10...500) }
        let y0 = rng.double(in: 20...120)
        let l2 = Vec2(xs[0], y()), l1 = Vec2(xs[1], y()), c = Vec2(xs[2], y())
        let r1 = Vec2(xs[3], y()), r2 = Vec2(xs[4], y()), r3 = Vec2(w, y())
        return Path { p in
            p.move(to: Vec2(0, 0))
            p.line(to: Vec2(0, y0))
            p.quad(to: l1, control: l2)
            p.quad(to: r1, control: c)
            p.quad(to: r3, control: r2)
            p.line(to: Vec2(w, 0))
            p.close()
        }
    }

    static func circle(_ rng: inout SplitMix64) -> Path {
        let center = Vec2(rng.double(in: -200...1400), rng.double(in: -200...900))
        let r = rng.double(in: 0.5...300)
        return Path { $0.circle(center: center, radius: r) }
    }

    /// The jelly block: (0,d) → quad to (w,d) via (w/2,0) → (w,h) → quad to (0,h) via (w/2,h−d) → close.
    static func jelly(_ rng: inout SplitMix64) -> Path {
        let w = rng.double(in: 20...400), h = rng.double(in: 20...400)
        let d = rng.double(in: 0...(h / 3))
        let o = Vec2(rng.double(in: 0...800), rng.double(in: 0...600))
        return Path { p in
            p.move(to: o + Vec2(0, d))
            p.quad(to: o + Vec2(w, d), control: o + Vec2(w / 2, 0))
            p.line(to: o + Vec2(w, h))
            p.quad(to: o + Vec2(0, h), control: o + Vec2(w / 2, h - d))
            p.close()
        }
    }

    /// A spiky star-shaped polygon (simple, usually monotone along neither axis).
    static func star(_ rng: inout SplitMix64) -> Path {
        let n = Int(rng.double(in: 8...40))
        let center = Vec2(rng.double(in: 100...800), rng.double(in: 100...600))
        // Jittered but increasing angles, no gap near π: star-shaped around the centre, so simple.
        let offset = rng.double(in: 0...(2 * Double.pi))
        let angles = (0..<n).map { offset + 2 * Double.pi * (Double($0) + rng.double(in: 0...0.8)) / Double(n) }
        return Path { p in
            for (i, a) in angles.enumerated() {
                let r = i % 2 == 0 ? rng.double(in: 80...200) : rng.double(in: 10...60)
                let q = center + Vec2(cos(a), sin(a)) * r
                if i == 0 { p.move(to: q) } else { p.line(to: q) }
            }
            p.close()
        }
    }

    /// A sticky blob stretched into a teardrop with a neck: y-monotone, not x-monotone.
    static func teardrop(_ rng: inout SplitMix64) -> Path {
        let cx = rng.double(in: 100...1000), top = rng.double(in: 0...100)
        let base = rng.double(in: 30...60), neck = rng.double(in: 3...10)
        let bulb = rng.double(in: 20...40), length = rng.double(in: 120...300)
        return Path { p in
            p.move(to: Vec2(cx - base, top))
            p.line(to: Vec2(cx + base, top))
            p.quad(to: Vec2(cx + neck, top + length * 0.45), control: Vec2(cx + neck, top + 15))
            p.quad(to: Vec2(cx + bulb, top + length), control: Vec2(cx + neck, top + length * 0.8))
            p.arc(center: Vec2(cx, top + length), radius: bulb, start: 0, end: Double.pi, clockwise: true)
            p.quad(to: Vec2(cx - neck, top + length * 0.45), control: Vec2(cx - neck, top + length * 0.8))
            p.quad(to: Vec2(cx - base, top), control: Vec2(cx - neck, top + 15))
            p.close()
        }
    }
}
