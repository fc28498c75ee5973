import CSDL2
import ElasticCore
@testable import ElasticRaster
@testable import ElasticSDL
import Foundation
import Testing

// In the window-fault suite because SDL is process-global: one front end at a time (serialized).
extension WindowFaultTests {
    /// A veil (a translucent rectangle over the whole window, as gooey-menu's) over a shape and
    /// the clear, another shape on top.
    static func veilScene() -> DrawList {
        var list = DrawList()
        var tess = Tessellator()
        list.clearColor = RGBA(30, 60, 90)
        tess.fill(Path { $0.circle(center: Vec2(200, 200), radius: 80.3) }, color: RGBA(200, 40, 40), into: &list)
        list.addRect(Rect(x: 0, y: 0, width: 1280, height: 720), color: RGBA(20, 20, 20, 115))
        tess.fill(Path { $0.circle(center: Vec2(900, 400), radius: 60.7) }, color: RGBA(255, 220, 0), into: &list)
        return list
    }

    @Test("a veil over pixels that hold only the clear is stored as one composed colour, exactly what blending it gives")
    func veilOverTheClearIsComposedExactly() throws {
        let dir = try ElasticBinary.scratch("veil-fold")
        let front = try WindowFaultTests.frontEnd()
        #expect(front.rendersExactCoverage)
        let list = WindowFaultTests.veilScene()
        // Without shortcuts every veil pixel is blended.
        let folded = try WindowFaultTests.pixels(of: front, list, scale: 1, compositing: true, in: dir)
        let blended = try WindowFaultTests.pixels(of: front, list, scale: 1, compositing: true, shortcuts: false, in: dir)
        let differing = zip(folded.pixels, blended.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) pixels differ")
        // And what both give over the clear is the veil composited over it, (c·a + d·(255 − a)) / 255
        // rounded to the nearest level: the exact value, as the docs define the blend.
        let expected = [(20.0, 30.0), (20, 60), (20, 90)].map { c, d in ((c * 115 + d * 140) / 255).rounded() }
        let got = folded.pixel(1200, 100)
        #expect([Double(got.r), Double(got.g), Double(got.b)] == expected, "veil over the clear: \(got), want \(expected)")
        // The shapes are there: under the veil, and over it.
        #expect(folded.pixel(200, 200) != got && folded.pixel(900, 400) == RGBA(255, 220, 0))
    }

    @Test("the clear skips what the veil's fold stores but not what lies under shapes drawn before it, whatever the surface held")
    func clearSkipsTheFoldButNotWhatLiesUnderEarlierShapes() throws {
        let dir = try ElasticBinary.scratch("veil-fold-clear")
        let front = try WindowFaultTests.frontEnd(sized: 1280, 720)
        // Shapes before the veil at two places (one box holds them), a veil over part of the window.
        var list = DrawList()
        var tess = Tessellator()
        tess.antialias = false
        list.clearColor = RGBA(240, 240, 240)
        tess.fill(Path { $0.circle(center: Vec2(300, 300), radius: 60.4) }, color: RGBA(200, 40, 40, 200), into: &list)
        tess.fill(Path { $0.circle(center: Vec2(420, 380), radius: 30.2) }, color: RGBA(40, 40, 200), into: &list)
        list.addRect(Rect(x: 100, y: 50, width: 1000, height: 600), color: RGBA(20, 20, 20, 115))
        tess.fill(Path { $0.circle(center: Vec2(900, 400), radius: 60.7) }, color: RGBA(255, 220, 0), into: &list)
        // The surface first holds another frame, so a pixel the clear wrongly skips shows.
        var other = DrawList()
        other.clearColor = RGBA(0, 255, 0)
        _ = try WindowFaultTests.pixels(of: front, other, scale: 1, compositing: true, in: dir)
        let folded = try WindowFaultTests.pixels(of: front, list, scale: 1, compositing: true, in: dir)
        // The veil but the earlier shapes' box: four rectangles, cut from the clear.
        #expect(front.compositor.occluders.count == 4, "\(front.compositor.occluders)")
        let blended = try WindowFaultTests.pixels(of: front, list, scale: 1, compositing: true, shortcuts: false, in: dir)
        let differing = zip(folded.pixels, blended.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) pixels differ")
    }
}
