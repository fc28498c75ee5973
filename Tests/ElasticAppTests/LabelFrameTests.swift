import CSDL2
import ElasticCore
@testable import ElasticSDL
import Foundation
import Testing

// In the window-fault suite because SDL is process-global: one front end at a time (serialized).
extension WindowFaultTests {
    /// Labels opaque and translucent, each alignment, at fractional positions, partly off every
    /// edge and wholly off two, over a clear and under and over a shape; the square moves over
    /// some between frames. The shapes are opaque rectangles, which SDL's renderer fills with
    /// exactly the compositor's pixels, so SDL's whole frame is the reference.
    static func labelScene(width: Double, height: Double, squareAt x: Double) -> DrawList {
        var list = DrawList()
        list.clearColor = RGBA(240, 236, 228)
        list.addRect(Rect(x: 130.4, y: 50.6, width: 140, height: 140), color: RGBA(57, 67, 89))
        let labels: [(String, Vec2, Double, RGBA, TextAlignment)] = [
            ("Refresh", Vec2(200.3, 120.6), 22, RGBA(255, 255, 255), .center),            // over the shape
            ("Pull to refresh", Vec2(40.7, 260.2), 17, RGBA(20, 20, 20), .leading),
            ("half", Vec2(330.5, 300.5), 30, RGBA(200, 40, 40, 128), .trailing),          // translucent
            ("faint", Vec2(90.25, 330.75), 15, RGBA(0, 0, 255, 1), .center),
            ("gone", Vec2(150, 330), 15, RGBA(0, 0, 0, 0), .center),
            ("Off the left edge", Vec2(-30.4, 40.2), 18, RGBA(10, 120, 10), .leading),
            ("off the right", Vec2(width + 10.6, 60.3), 18, RGBA(10, 10, 120, 200), .trailing),
            ("bottom", Vec2(width / 2, height - 2.3), 24, RGBA(90, 0, 90), .center),
            ("top", Vec2(width / 3, 1.7), 24, RGBA(0, 90, 90), .center),
            ("below", Vec2(width / 2, height + 40.2), 20, RGBA(90, 90, 0), .center),       // wholly off
            ("far left", Vec2(-300.5, 100.5), 20, RGBA(0, 0, 0, 150), .leading),
        ]
        for (text, at, size, color, alignment) in labels {
            list.addText(TextItem(text, at: at, size: size, color: color, alignment: alignment))
        }
        list.addRect(Rect(x: x - 25.3, y: 245.2, width: 50, height: 50), color: RGBA(250, 160, 0))
        list.addText(TextItem("on top", at: Vec2(x, 270.4), size: 13, color: RGBA(0, 0, 0, 230)))
        return list
    }

    /// A whole frame of the scene with the square at 60, then one with it at 95 (damage only
    /// unless `whole`): the second frame's pixels.
    static func labelFrames(on front: SDLFrontEnd, direct: Bool, scale: Double, whole: Bool, in dir: URL) throws -> PNGImage {
        front.softwareCompositing = direct
        front.partialUpdates = false
        let (w, h) = (Double(front.outputSize.width) / scale, Double(front.outputSize.height) / scale)
        front.render(labelScene(width: w, height: h, squareAt: 60), scale: scale)
        front.present()
        front.partialUpdates = !whole && direct
        front.render(labelScene(width: w, height: h, squareAt: 95), scale: scale)
        let path = dir.appendingPathComponent("labels-\(direct)-\(scale)-\(whole).png").path
        try front.saveScreenshot(to: path)
        front.present()
        front.invalidate()
        return try PNGImage.load(path)
    }

    @Test("labels the compositor blends itself give exactly SDL's pixels: whole and damaged frames, scale 1, 1.5 and 2")
    func labelsMatchSDL() throws {
        let dir = try ElasticBinary.scratch("label-blend")
        let front = try WindowFaultTests.frontEnd(sized: 420, 340)
        try #require(front.textProblem == nil, "needs a font: \(front.textProblem ?? "")")
        #expect(front.softwareCompositing, "the probe should find the software renderer's surface on the dummy driver")
        for scale in [1.0, 1.5, 2.0] {
            for whole in [true, false] {
                let direct = try WindowFaultTests.labelFrames(on: front, direct: true, scale: scale, whole: whole, in: dir)
                let viaSDL = try WindowFaultTests.labelFrames(on: front, direct: false, scale: scale, whole: whole, in: dir)
                let differing = zip(direct.pixels, viaSDL.pixels).filter { $0 != $1 }.count
                #expect(differing == 0, "scale \(scale), \(whole ? "whole" : "damaged") frame: \(differing) pixels differ")
            }
        }
        // At every scale every label is an unscaled blit (SDL is never left to squeeze one by a
        // pixel), so the compositor blends each one itself, and a label wholly off the output is
        // an empty image (SDL would draw nothing).
        front.softwareCompositing = true
        for scale in [1.0, 1.5, 2.0] {
            let scene = WindowFaultTests.labelScene(width: 420 / scale, height: 340 / scale, squareAt: 60)
            front.render(scene, scale: scale)
            for item in scene.texts {
                let image = front.labelImage(item)
                #expect(image != nil, "scale \(scale): \(item.text)")
                // (At scale 1 every other label is on the output; above it, the lower ones are not.)
                let off = ["below", "far left"].contains(item.text)
                guard off || scale == 1 else { continue }
                #expect(image.map { $0.bounds.isEmpty == off } ?? false, "scale \(scale): \(item.text): \(String(describing: image?.bounds))")
            }
            front.present()
        }
    }
}
