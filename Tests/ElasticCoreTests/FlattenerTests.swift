import TestRandom
import Foundation
import Testing
@testable import ElasticCore

@Suite("Tessellation: flattener")
struct TessellationFlattenerTests {
    static let tolerances = [0.1, 0.25, 1.0]

    /// The distance from `p` to `curve`, sampled finely around parameter `t` (± `span`).
    static func distance(_ p: Vec2, to curve: QuadCurve, near t: Double, span: Double) -> Double {
        (0...256).map { k in
            let u = min(max(t - span + 2 * span * Double(k) / 256, 0), 1)
            return (p - curve.point(at: u)).length
        }.min()!
    }

    @Test("quad: end points on the curve, interior points within tolerance of it (off it, so the chords straddle it), the curve within tolerance of the chords",
          arguments: tolerances)
    func quadWithinTolerance(tolerance: Double) {
        var rng = SplitMix64(seed: 0x51AD)
        var tess = Tessellator(tolerance: tolerance)
        var offCurve = 0
        for _ in 0..<200 {
            let p0 = Vec2(rng.double(in: -500...1500), rng.double(in: -500...1500))
            let p1 = Vec2(rng.double(in: -500...1500), rng.double(in: -500...1500))
            let p2 = Vec2(rng.double(in: -500...1500), rng.double(in: -500...1500))
            let curve = QuadCurve(p0, p1, p2)
            let contours = tess.flatten(Path { $0.move(to: p0); $0.quad(to: p2, control: p1) })
            #expect(contours.count == 1)
            guard let pts = contours.first else { continue }
            let n = curve.segmentCount(tolerance: tolerance)
            #expect(pts.count == n + 1)
            guard pts.count == n + 1 else { continue }
            #expect(pts[0] == p0 && pts[n] == p2)
            var worstPoint = 0.0, worstOff = 0.0
            for i in 1..<n {
                let d = Self.distance(pts[i], to: curve, near: Double(i) / Double(n), span: 1 / Double(n))
                worstPoint = max(worstPoint, d)
                if d > tolerance / 10 { offCurve += 1 }
            }
            for i in 0..<n {
                for k in 0...32 {
                    let t = (Double(i) + Double(k) / 32) / Double(n)
                    worstOff = max(worstOff, MeshCheck.distance(curve.point(at: t), toSegment: pts[i], pts[i + 1]))
                }
            }
            #expect(worstPoint <= tolerance + 1e-9)
            #expect(worstOff <= tolerance + 1e-9)
        }
        #expect(offCurve > 1000, "interior points should sit off the curve: \(offCurve)")
    }

    @Test("arc: end points on the circle, interior points outside it within tolerance, the arc within tolerance of the chords",
          arguments: tolerances)
    func arcWithinTolerance(tolerance: Double) {
        var rng = SplitMix64(seed: 0xA2C)
        var tess = Tessellator(tolerance: tolerance)
        var outside = 0
        for _ in 0..<200 {
            let arc = Arc(center: Vec2(rng.double(in: -200...1200), rng.double(in: -200...800)),
                          radius: rng.double(in: 0.3...600),
                          start: rng.double(in: -7...7), end: rng.double(in: -7...7),
                          clockwise: rng.next() & 1 == 0)
            let contours = tess.flatten(Path { $0.commandsAppend(.arc(arc)) })
            let sweep = arc.sweep
            guard abs(sweep) > 1e-9 else { continue }
            #expect(contours.count == 1)
            guard let pts = contours.first, pts.count >= 2 else { continue }
            // A whole turn alone in its contour has no ends: all its points are off the circle.
            let wholeTurn = abs(abs(sweep) - 2 * Double.pi) < 1e-12
            if !wholeTurn {
                #expect((pts[0] - arc.startPoint).length <= 1e-9)
                #expect((pts[pts.count - 1] - arc.endPoint).length <= 1e-9)
            }
            var worstOn = 0.0, worstOff = 0.0
            for p in pts.dropFirst(wholeTurn ? 0 : 1).dropLast(wholeTurn ? 0 : 1) {
                let d = (p - arc.center).length - arc.radius
                worstOn = max(worstOn, abs(d))
                if d > 0 { outside += 1 }
            }
            // The polyline may close on itself (a full circle drops its repeated last point).
            let n = pts.count - 1 + (wholeTurn ? 1 : 0)
            for i in 0..<n {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                for k in 0...32 {
                    let angle = arc.start + sweep * (Double(i) + Double(k) / 32) / Double(n)
                    worstOff = max(worstOff, MeshCheck.distance(arc.point(at: angle), toSegment: a, b))
                }
            }
            #expect(worstOn <= tolerance + 1e-9)
            #expect(worstOff <= tolerance + 1e-9)
        }
        #expect(outside > 1000, "interior points should sit outside the circle: \(outside)")
    }

    @Test func arcStartsWithALineFromTheCurrentPoint() {
        var tess = Tessellator()
        let contours = tess.flatten(Path { p in
            p.move(to: Vec2(0, 0))
            p.line(to: Vec2(10, 0))
            p.arc(center: Vec2(50, 50), radius: 10, start: 0, end: Double.pi / 2)
        })
        #expect(contours.count == 1)
        #expect(contours[0][0] == Vec2(0, 0))
        #expect(contours[0][1] == Vec2(10, 0))
        #expect((contours[0][2] - Vec2(60, 50)).length < 1e-12)
        #expect((contours[0].last! - Vec2(50, 60)).length < 1e-9)
    }

    @Test func moveAndCloseStartNewContours() {
        var tess = Tessellator()
        let contours = tess.flatten(Path { p in
            p.move(to: Vec2(0, 0)); p.line(to: Vec2(10, 0)); p.line(to: Vec2(10, 10)); p.close()
            p.line(to: Vec2(0, 20))                          // after close: starts at (0,0)
            p.move(to: Vec2(100, 100)); p.line(to: Vec2(110, 100))
        })
        #expect(contours == [
            [Vec2(0, 0), Vec2(10, 0), Vec2(10, 10)],
            [Vec2(0, 0), Vec2(0, 20)],
            [Vec2(100, 100), Vec2(110, 100)],
        ])
    }

    @Test func duplicatesAndClosingPointAreDropped() {
        var tess = Tessellator()
        let contours = tess.flatten(Path { p in
            p.move(to: Vec2(0, 0)); p.line(to: Vec2(0, 0)); p.line(to: Vec2(10, 0)); p.line(to: Vec2(10, 0))
            p.line(to: Vec2(10, 10)); p.line(to: Vec2(0, 0)); p.close()
        })
        #expect(contours == [[Vec2(0, 0), Vec2(10, 0), Vec2(10, 10)]])
        // A straight quad (control on the chord) is one segment.
        let straight = tess.flatten(Path { $0.move(to: .zero); $0.quad(to: Vec2(10, 0), control: Vec2(5, 0)) })
        #expect(straight == [[Vec2(0, 0), Vec2(10, 0)]])
    }

    @Test func nonFiniteContoursAreDroppedOthersKept() {
        var tess = Tessellator()
        let contours = tess.flatten(Path { p in
            p.move(to: Vec2(0, 0)); p.line(to: Vec2(.nan, 3)); p.line(to: Vec2(5, 5)); p.close()
            p.move(to: Vec2(1, 1)); p.quad(to: Vec2(3, 3), control: Vec2(.infinity, 0))
            p.move(to: Vec2(0, 0)); p.arc(center: .zero, radius: 5, start: 0, end: -.infinity)
            p.move(to: Vec2(0, 0)); p.arc(center: .zero, radius: 5, start: 0, end: 1e300)  // must not hang
            p.move(to: Vec2(1e12, 0)); p.line(to: Vec2(0, 1))
            p.move(to: Vec2(7, 7)); p.line(to: Vec2(8, 8))
        })
        #expect(contours.contains([Vec2(7, 7), Vec2(8, 8)]))
        for c in contours { for q in c { #expect(q.isFinite && abs(q.x) < 1e9 && abs(q.y) < 1e9) } }
        #expect(tess.flatten(Path()).isEmpty)
    }

    @Test func segmentCountsFollowTheFormulas() {
        #expect(Flattener.arcSegmentCount(radius: 100, sweep: 2 * Double.pi, tolerance: 0.25)
                == Int((2 * Double.pi / (2 * acos(1 - 0.25 / 100))).rounded(.up)))
        #expect(Flattener.arcSegmentCount(radius: -100, sweep: Double.pi, tolerance: 0.25)
                == Flattener.arcSegmentCount(radius: 100, sweep: Double.pi, tolerance: 0.25))
        #expect(Flattener.sweep(of: Arc(center: .zero, radius: 1, start: 0, end: -Double.pi / 2)) == 1.5 * Double.pi)
        #expect(Flattener.sweep(of: Arc(center: .zero, radius: 1, start: 0, end: Double.pi / 2, clockwise: false))
                == -1.5 * Double.pi)
        #expect(Flattener.sweep(of: Arc(center: .zero, radius: 1, start: 0, end: .nan)) == nil)
    }
}

extension Path {
    /// Appends a raw command (tests build arcs with every parameter).
    mutating func commandsAppend(_ command: PathCommand) {
        switch command {
        case .move(let p): move(to: p)
        case .line(let p): line(to: p)
        case .quad(let c, let p): quad(to: p, control: c)
        case .arc(let a): arc(center: a.center, radius: a.radius, start: a.start, end: a.end, clockwise: a.clockwise)
        case .close: close()
        }
    }
}
