import CSDL2
import ElasticCore
@testable import ElasticRaster
@testable import ElasticSDL
import Foundation
import Testing

// In the window-fault suite because SDL is process-global: one front end at a time (serialized).
extension WindowFaultTests {
    /// Opaque cards (rectangle cores and arcs) over translucent shapes and text, a veil over the
    /// clear and over shapes, an opaque shape over the veil, a translucent one over a card:
    /// everything the clear may skip under, and everything that must still show.
    static func coverScene(shift: Double) -> DrawList {
        var list = DrawList()
        var tess = Tessellator()
        tess.rectangleCores = true
        tess.antialias = false  // as the app tessellates for exact coverage: no fringe, one colour a run
        list.clearColor = RGBA(192, 194, 196)
        tess.fill(Path { $0.circle(center: Vec2(300 + shift, 120), radius: 90.4) }, color: RGBA(200, 40, 40, 160), into: &list)
        list.addText(TextItem("under a card", at: Vec2(250 + shift, 110), size: 16, color: RGBA(0, 0, 0)))
        for i in 0..<5 {
            let y = 20.3 + 92 * Double(i) + shift * 0.5
            tess.fillRoundedRect(Rect(x: 10.6 + shift, y: y, width: 1100.2, height: 71.4), radius: 4, color: .white, into: &list)
            tess.fill(Path { $0.roundedRect(Rect(x: 30 + shift, y: y + 20, width: 600, height: 7), radius: 3.5) },
                      color: RGBA(239, 239, 244), into: &list)
        }
        list.addRect(Rect(x: 0, y: 0, width: 1280, height: 720), color: RGBA(0, 0, 0, 40))  // the veil
        tess.fill(Path { $0.circle(center: Vec2(900 - shift, 500), radius: 70.7) }, color: RGBA(0, 175, 240), into: &list)
        tess.fill(Path { $0.circle(center: Vec2(500, 200 + shift), radius: 50.2) }, color: RGBA(255, 220, 0, 120), into: &list)
        list.addRect(Rect(x: 700.5, y: 600.25, width: 400, height: 80), color: RGBA(10, 200, 10))
        return list
    }

    @Test("skipping the clear under opaque writes changes no pixel: whole frames and damaged ones, against a plain clear")
    func skippingTheClearUnderOpaqueWritesChangesNoPixel() throws {
        let dir = try ElasticBinary.scratch("opaque-cover")
        let front = try WindowFaultTests.frontEnd(sized: 1280, 720)
        #expect(front.rendersExactCoverage)
        front.compositor.coverPixels = 0  // mark every frame, however small its clear
        defer { front.compositor.coverPixels = 1 << 22 }
        for scene in [WindowFaultTests.coverScene(shift: 0), WindowFaultTests.veilScene(),
                      WindowFaultTests.roundedRectScene(direct: true), WindowFaultTests.fillScene(width: 1280, height: 720)] {
            let covered = try WindowFaultTests.pixels(of: front, scene, scale: 1, compositing: true, in: dir)
            #expect(!front.compositor.cover.isEmpty || !front.compositor.occluders.isEmpty, "the frame should mark or cut pixels the clear skips")
            let cleared = try WindowFaultTests.pixels(of: front, scene, scale: 1, compositing: true, shortcuts: false, in: dir)
            let differing = zip(covered.pixels, cleared.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "\(differing) pixels differ")
        }
        // Damaged frames: each moved frame drawn over the last through the damage (only the
        // first whole), against the same frame drawn whole over a plain clear.
        front.partialUpdates = true
        front.invalidate()
        for step in 0..<6 {
            let list = WindowFaultTests.coverScene(shift: Double(step) * 7.3)
            front.render(list, scale: 1)
            let path = dir.appendingPathComponent("damaged-\(step).png").path
            try front.saveScreenshot(to: path)
            front.present()
            let damaged = try PNGImage.load(path)
            // Drawn whole, it is also the frame the next step's damage is taken from.
            let whole = try WindowFaultTests.pixels(of: front, list, scale: 1, compositing: true, shortcuts: false, in: dir)
            front.partialUpdates = true
            let differing = zip(damaged.pixels, whole.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "step \(step): \(differing) pixels differ")
        }
        front.partialUpdates = false
    }

    /// Shapes across the rows where bands meet, a translucent card over two of them, labels; with
    /// `shaded`, a triangle whose corners differ in colour too, which keeps the frame in one band.
    static func bandScene(shaded: Bool) -> DrawList {
        var list = DrawList()
        var tess = Tessellator()
        tess.antialias = false
        list.clearColor = RGBA(250, 250, 250)
        tess.fill(Path { $0.circle(center: Vec2(640.3, 180.6), radius: 150.2) }, color: RGBA(0, 0, 255), into: &list)
        tess.fillRoundedRect(Rect(x: 20.4, y: 655.7, width: 110.1, height: 44.2), radius: 10, color: RGBA(0, 122, 255), into: &list)
        list.addText(TextItem("Start", at: Vec2(75, 678), size: 17, color: .white))
        tess.fill(Path { $0.roundedRect(Rect(x: 0, y: 380.3, width: 1280, height: 300), radius: 20) },
                  color: RGBA(0, 175, 240, 200), into: &list)
        list.addRect(Rect(x: 100.5, y: 24.5, width: 500, height: 51), color: RGBA(200, 30, 30, 90))
        list.addText(TextItem("Across the bands", at: Vec2(640, 400), size: 40, color: RGBA(10, 10, 10, 200)))
        if shaded {
            let i = list.mesh.add(Vertex(Vec2(900, 100), RGBA(255, 0, 0))), j = list.mesh.add(Vertex(Vec2(1200, 150), RGBA(0, 255, 0)))
            let k = list.mesh.add(Vertex(Vec2(1000, 600), RGBA(0, 0, 255)))
            list.mesh.triangle(i, j, k)
            list.commitTriangles(blend: .none)
        }
        return list
    }

    @Test("a whole frame drawn in bands on both cores gives the plain painter's pixels; shaded triangles keep it one band")
    func bandsGivePlainPixels() throws {
        let dir = try ElasticBinary.scratch("bands")
        let front = try WindowFaultTests.frontEnd(sized: 1920, 1080)
        #expect(front.rendersExactCoverage)
        for shaded in [false, true] {
            let scene = WindowFaultTests.bandScene(shaded: shaded)
            let banded = try WindowFaultTests.pixels(of: front, scene, scale: 1, compositing: true, in: dir)
            #expect(shaded ? front.compositor.bandCount == 1 : front.compositor.bandCount > 20, "\(front.compositor.bandCount) bands")
            let plain = try WindowFaultTests.pixels(of: front, scene, scale: 1, compositing: true, shortcuts: false, in: dir)
            #expect(front.compositor.bandCount == 1)
            let differing = zip(banded.pixels, plain.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "shaded: \(shaded): \(differing) pixels differ")
        }
    }
}
