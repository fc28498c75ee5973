import CSDL2
import ElasticCore
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
        #expect(front.drawsExactCoverage)
        let list = WindowFaultTests.veilScene()
        // Without direct fills every veil pixel is blended by pixman.
        let folded = try WindowFaultTests.pixels(of: front, list, scale: 1, direct: true, in: dir)
        let blended = try WindowFaultTests.pixels(of: front, list, scale: 1, direct: false, in: dir)
        let differing = zip(folded.pixels, blended.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) pixels differ")
        // And what both give over the clear is the veil composited over it: c·a + d·(1 − a), to a level.
        let a = 115.0 / 255
        let expected = [(20.0, 30.0), (20, 60), (20, 90)].map { c, d in c * a + d * (1 - a) }
        let got = folded.pixel(1200, 100)
        for (value, want) in zip([got.r, got.g, got.b], expected) {
            #expect(abs(Double(value) - want) <= 1, "veil over the clear: \(got), want \(expected)")
        }
        // The shapes are there: under the veil, and over it.
        #expect(folded.pixel(200, 200) != got && folded.pixel(900, 400) == RGBA(255, 220, 0))
    }
}
