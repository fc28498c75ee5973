import TestRandom
import Testing
@testable import ElasticCore
@testable import ElasticRaster

/// The damage a tracker reports must cover every pixel that changed between two frames. The
/// oracle is a rasteriser written here: each triangle paints the pixels whose centres it covers,
/// each rectangle the pixels it covers, in painter's order; two frames' pictures are compared pixel
/// by pixel.
@Suite("damage tracking")
struct DamageTrackerTests {
    static let size = (width: 160, height: 120)

    /// A picture of `list` at `scale`: one colour per pixel (triangles by centre sampling,
    /// rectangles rounded as SDL rounds them; no blending).
    static func picture(_ list: DrawList, scale: Double) -> [RGBA] {
        let (w, h) = size
        var pixels = [RGBA](repeating: list.clearColor, count: w * h)
        func paint(_ x: Int, _ y: Int, _ c: RGBA) { if x >= 0, x < w, y >= 0, y < h { pixels[y * w + x] = c } }
        for command in list.commands {
            switch command {
            case let .triangles(first, count, _):
                for t in stride(from: first, to: first + count, by: 3) {
                    let v = (0..<3).map { list.mesh.vertices[Int(list.mesh.indices[t + $0])] }
                    let p = v.map { $0.position * scale }
                    let area = (p[1] - p[0]).cross(p[2] - p[0])
                    guard area != 0 else { continue }
                    let y0 = max(0, Int(p.map(\.y).min()!) - 1), y1 = min(h - 1, Int(p.map(\.y).max()!) + 1)
                    let x0 = max(0, Int(p.map(\.x).min()!) - 1), x1 = min(w - 1, Int(p.map(\.x).max()!) + 1)
                    guard y0 <= y1, x0 <= x1 else { continue }
                    for y in y0...y1 { for x in x0...x1 {
                        let c = Vec2(Double(x) + 0.5, Double(y) + 0.5)
                        let a = (p[1] - p[0]).cross(c - p[0]) / area, b = (p[2] - p[1]).cross(c - p[1]) / area
                        let d = (p[0] - p[2]).cross(c - p[2]) / area
                        if a >= 0, b >= 0, d >= 0 { paint(x, y, v[0].color) }
                    } }
                }
            case let .rect(r, color):
                // As SDL's software renderer fills it: x, y, width and height scaled in Float and
                // truncated, width and height at least a pixel.
                let s = Float(scale)
                let x0 = Int(Float(r.x) * s), y0 = Int(Float(r.y) * s)
                let x1 = x0 + max(Int(Float(r.width) * s), 1), y1 = y0 + max(Int(Float(r.height) * s), 1)
                for y in y0..<y1 { for x in x0..<x1 { paint(x, y, color) } }
            case .text:
                break
            }
        }
        return pixels
    }

    static func triangle(_ a: Vec2, _ b: Vec2, _ c: Vec2, _ color: RGBA, into list: inout DrawList) {
        let i = list.mesh.add(Vertex(a, color)), j = list.mesh.add(Vertex(b, color)), k = list.mesh.add(Vertex(c, color))
        list.mesh.triangle(i, j, k)
        list.commitTriangles(blend: .none)
    }

    /// Pixels that differ between the two lists' pictures and lie outside the damage.
    static func uncovered(_ a: DrawList, _ b: DrawList, scale: Double, damage: [PixelRect]) -> Int {
        let pa = picture(a, scale: scale), pb = picture(b, scale: scale)
        var missed = 0
        for y in 0..<size.height { for x in 0..<size.width where pa[y * size.width + x] != pb[y * size.width + x] {
            if !damage.contains(where: { $0.contains(x: x, y: y) }) { missed += 1 }
        } }
        return missed
    }

    @Test("the first frame and an invalidated frame are damaged whole; an unchanged frame not at all")
    func wholeAndNothing() {
        var list = DrawList()
        DamageTrackerTests.triangle(Vec2(10, 10), Vec2(50, 10), Vec2(10, 50), RGBA(255, 0, 0), into: &list)
        var tracker = DamageTracker(), coverage = FrameCoverage()
        tracker.update(list, scale: 1, width: 160, height: 120, coverage: &coverage)
        #expect(tracker.region.rects() == [PixelRect(x0: 0, y0: 0, x1: 160, y1: 120)])
        tracker.update(list, scale: 1, width: 160, height: 120, coverage: &coverage)
        #expect(tracker.region.rects().isEmpty && tracker.region.area == 0)
        tracker.invalidate()
        tracker.update(list, scale: 1, width: 160, height: 120, coverage: &coverage)
        #expect(tracker.region.area == 160 * 120)
        tracker.update(list, scale: 1, width: 100, height: 120, coverage: &coverage)
        #expect(tracker.region.area == 100 * 120, "a resize damages the whole new output")
        list.clearColor = RGBA(0, 0, 0)
        tracker.update(list, scale: 1, width: 100, height: 120, coverage: &coverage)
        #expect(tracker.region.area == 100 * 120, "a new clear colour damages everything")
    }

    @Test("a moved shape damages its old and new place, and nothing far from them")
    func moved() {
        var a = DrawList(), b = DrawList()
        DamageTrackerTests.triangle(Vec2(100, 80), Vec2(150, 80), Vec2(100, 110), RGBA(0, 0, 255), into: &a)
        DamageTrackerTests.triangle(Vec2(100, 80), Vec2(150, 80), Vec2(100, 110), RGBA(0, 0, 255), into: &b)
        DamageTrackerTests.triangle(Vec2(10, 10), Vec2(40, 10), Vec2(10, 40), RGBA(255, 0, 0), into: &a)
        DamageTrackerTests.triangle(Vec2(20, 15), Vec2(50, 15), Vec2(20, 45), RGBA(255, 0, 0), into: &b)
        var tracker = DamageTracker(), coverage = FrameCoverage()
        tracker.update(a, scale: 1, width: 160, height: 120, coverage: &coverage)
        tracker.update(b, scale: 1, width: 160, height: 120, coverage: &coverage)
        #expect(DamageTrackerTests.uncovered(a, b, scale: 1, damage: tracker.region.rects()) == 0)
        #expect(!tracker.region.rects().contains { $0.contains(x: 120, y: 90) }, "the unchanged shape is not redrawn")
        // Old bounds 10…40 and new 20…50 (plus margins) in one rectangle: about 44 × 39 pixels.
        #expect(tracker.region.area > 0 && tracker.region.area <= 44 * 39, "\(tracker.region.rects())")
    }

    @Test("a vertex whose colour alone changes (a fringe fading) damages its shape; the same colours do not")
    func vertexColour() {
        func fringe(alpha: UInt8) -> DrawList {
            var list = DrawList()
            let i = list.mesh.add(Vertex(Vec2(30, 30), RGBA(0, 0, 255))), j = list.mesh.add(Vertex(Vec2(90, 30), RGBA(0, 0, 255)))
            let k = list.mesh.add(Vertex(Vec2(30, 80), RGBA(0, 0, 255, alpha)))
            list.mesh.triangle(i, j, k)
            list.commitTriangles(blend: .blend)
            return list
        }
        var tracker = DamageTracker(), coverage = FrameCoverage()
        tracker.update(fringe(alpha: 255), scale: 1, width: 160, height: 120, coverage: &coverage)
        tracker.update(fringe(alpha: 255), scale: 1, width: 160, height: 120, coverage: &coverage)
        #expect(tracker.region.rects().isEmpty, "\(tracker.region.rects())")
        tracker.update(fringe(alpha: 128), scale: 1, width: 160, height: 120, coverage: &coverage)
        #expect(tracker.region.rects().contains { $0.contains(x: 40, y: 40) }, "\(tracker.region.rects())")
        tracker.update(fringe(alpha: 64), scale: 1, width: 160, height: 120, coverage: &coverage)
        #expect(tracker.region.rects().contains { $0.contains(x: 40, y: 40) }, "\(tracker.region.rects())")
    }

    @Test("random frames: every changed pixel is damaged, the rectangles are disjoint and few",
          arguments: [1.0, 1.5, 2.0])
    func random(scale: Double) {
        var rng = SplitMix64(seed: 42)
        var tracker = DamageTracker(), coverage = FrameCoverage()
        var previous = DrawList()
        var shapes: [(Vec2, Double, RGBA)] = (0..<6).map { _ in
            (Vec2(rng.double(in: 0...70), rng.double(in: 0...50)), rng.double(in: 3...20), RGBA(UInt8(Int.random(in: 0...255, using: &rng)), 80, 120))
        }
        tracker.update(previous, scale: scale, width: 160, height: 120, coverage: &coverage)
        for _ in 0..<60 {
            // Each frame some shapes move, change colour, appear or disappear.
            for k in shapes.indices where Int.random(in: 0...2, using: &rng) == 0 {
                shapes[k].0 = shapes[k].0 + Vec2(rng.double(in: -8...8), rng.double(in: -8...8))
                if Int.random(in: 0...4, using: &rng) == 0 { shapes[k].2 = RGBA(UInt8(Int.random(in: 0...255, using: &rng)), 80, 120) }
            }
            if Int.random(in: 0...5, using: &rng) == 0 { shapes.removeLast() }
            if Int.random(in: 0...4, using: &rng) == 0 { shapes.append((Vec2(rng.double(in: 0...70), rng.double(in: 0...50)), 10, RGBA(9, 9, 9))) }
            var list = DrawList()
            for (i, (p, r, color)) in shapes.enumerated() {
                if i % 2 == 0 {
                    DamageTrackerTests.triangle(p, p + Vec2(r, 0), p + Vec2(0, r), color, into: &list)
                } else {
                    list.addRect(Rect(x: p.x, y: p.y, width: r, height: r / 2), color: color)
                }
            }
            tracker.update(list, scale: scale, width: 160, height: 120, coverage: &coverage)
            let rects = tracker.region.rects()
            #expect(DamageTrackerTests.uncovered(previous, list, scale: scale, damage: rects) == 0)
            #expect(rects.count <= DamageTracker.maxRects)
            for i in rects.indices {
                for j in rects.indices where j > i {
                    #expect(rects[i].intersection(rects[j]).isEmpty, "\(rects)")
                }
            }
            previous = list
        }
    }

    @Test("text damages around its label when it changes")
    func text() {
        var a = DrawList(), b = DrawList()
        a.addText(TextItem("Row 1", at: Vec2(40, 30), size: 12, color: .white))
        b.addText(TextItem("Row 2", at: Vec2(40, 30), size: 12, color: .white))
        var tracker = DamageTracker(), coverage = FrameCoverage()
        tracker.update(a, scale: 1, width: 160, height: 120, coverage: &coverage)
        tracker.update(b, scale: 1, width: 160, height: 120, coverage: &coverage)
        #expect(tracker.region.rectCount == 1)
        let r = tracker.region.rects()[0]
        #expect(r.contains(x: 40, y: 30) && r.contains(x: 22, y: 24) && r.contains(x: 58, y: 36))
        #expect(!r.contains(x: 40, y: 100))
    }
}
