import CSDL2
import ElasticCore
@testable import ElasticRaster
@testable import ElasticSDL
import Foundation
import Testing

// In the window-fault suite because SDL is process-global: one front end at a time (serialized).
extension WindowFaultTests {
    /// A clear, opaque and translucent rectangles at fractional, negative, off-screen, sub-pixel
    /// and absurd coordinates, over and under others so painter's order shows.
    static func fillScene(width: Double, height: Double) -> DrawList {
        var list = DrawList()
        list.clearColor = RGBA(30, 60, 90)
        list.addRect(Rect(x: width / 4, y: height / 4, width: width / 2, height: height / 2), color: RGBA(200, 40, 40))
        let rects: [(Rect, RGBA)] = [
            (Rect(x: 10.3, y: 20.7, width: 100.6, height: 50.2), RGBA(250, 250, 250)),      // over the first
            (Rect(x: -15.5, y: -3.2, width: 40.9, height: 30.1), RGBA(0, 128, 0)),          // off the top-left
            (Rect(x: width - 20.25, y: height - 7.75, width: 90, height: 90), RGBA(9, 8, 7)), // off the bottom-right
            (Rect(x: 50.4, y: 90.6, width: 0.3, height: 0.2), RGBA(255, 0, 255)),           // one pixel
            (Rect(x: -1e12, y: 5, width: 2e12, height: 3.5), RGBA(1, 2, 3)),                // absurdly wide
            (Rect(x: 30, y: 40, width: 80, height: 60), RGBA(0, 0, 255, 128)),              // translucent
            (Rect(x: 60.5, y: 70.2, width: 70, height: 20.4), RGBA(10, 200, 10)),            // over part of it (and the
                                                                                              // clear: neither is drawn under it)
        ]
        for (rect, color) in rects { list.addRect(rect, color: color) }
        list.addRect(Rect(x: 48.5, y: 33.5, width: 24, height: 24), color: RGBA(255, 220, 0))
        return list
    }

    /// A whole frame of `list`: drawn by the compositor (skipping the clear under what covers it
    /// and storing the veil's fold, unless told not to: `Compositor.shortcuts`), or else by SDL's renderer.
    static func pixels(of front: SDLFrontEnd, _ list: DrawList, scale: Double, compositing: Bool, shortcuts: Bool = true,
                       in dir: URL) throws -> PNGImage {
        front.softwareCompositing = compositing
        front.compositor.shortcuts = shortcuts
        defer { front.compositor.shortcuts = true }
        // Every pixel drawn anew: with damage tracking the same list a second time would draw nothing.
        front.partialUpdates = false
        front.render(list, scale: scale)
        let path = dir.appendingPathComponent("fill-\(compositing)-\(shortcuts)-\(scale).png").path
        try front.saveScreenshot(to: path)
        front.present()
        return try PNGImage.load(path)
    }

    @Test("the compositor's clear and rectangles give SDL's pixels (translucent ones within a level), at scale 1 and 1.5, after a resize too")
    func compositedFillsMatchSDL() throws {
        let dir = try ElasticBinary.scratch("surface-fill")
        let front = try WindowFaultTests.frontEnd()
        #expect(front.softwareCompositing, "the probe should find the software renderer's surface on the dummy driver")
        for (w, h) in [(1280, 720), (333, 211)] {
            SDL_SetWindowSize(front.window, Int32(w), Int32(h))
            var ignored: [PlatformEvent] = []
            front.pollEvents(into: &ignored)
            #expect(front.outputSize == (w, h))
            for scale in [1.0, 1.5] {
                let list = WindowFaultTests.fillScene(width: Double(w) / scale, height: Double(h) / scale)
                let direct = try WindowFaultTests.pixels(of: front, list, scale: scale, compositing: true, in: dir)
                let viaSDL = try WindowFaultTests.pixels(of: front, list, scale: scale, compositing: false, in: dir)
                #expect(direct.width == w && viaSDL.width == w)
                // SDL blends a translucent fill with truncating divisions, the compositor
                // rounds: at most one level apart there, equal everywhere else.
                let translucent = PixelRect(x0: Int(30 * scale), y0: Int(40 * scale), x1: Int((110 * scale).rounded(.up)),
                                            y1: Int((100 * scale).rounded(.up)))
                var differing = 0, worst = 0
                for y in 0..<direct.height {
                    for x in 0..<direct.width {
                        let a = direct.pixel(x, y), b = viaSDL.pixel(x, y)
                        let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                        if d > (translucent.contains(x: x, y: y) ? 1 : 0) { differing += 1 }
                        worst = max(worst, d)
                    }
                }
                #expect(differing == 0, "\(w)×\(h) at scale \(scale): \(differing) pixels differ (worst by \(worst))")
                // The drawing is really there: the clear colour, the first rectangle, the circle.
                #expect(direct.pixel(w - 2, 1) == RGBA(30, 60, 90))
                #expect(direct.pixel(Int(105 * scale), Int(30 * scale)) == RGBA(250, 250, 250))
            }
        }
        // A non-finite rectangle draws nothing (and does not trap converting to Int).
        var list = DrawList()
        list.clearColor = .white
        list.addRect(Rect(x: .nan, y: 0, width: 10, height: 10), color: RGBA(0, 0, 0))
        list.addRect(Rect(x: 0, y: 0, width: .infinity, height: 10), color: RGBA(0, 0, 0))
        let blank = try WindowFaultTests.pixels(of: front, list, scale: 1, compositing: true, in: dir)
        #expect(blank.pixels.allSatisfy { $0 == .white })
    }
}

extension WindowFaultTests {
    /// Pills and cards, opaque and translucent, at fractional positions: through `fillRoundedRect`
    /// or through `fill` of the same path.
    static func roundedRectScene(direct: Bool) -> DrawList {
        var list = DrawList()
        var tess = Tessellator()
        tess.rectangleCores = true
        list.clearColor = RGBA(0, 175, 240)
        var path = Path()
        var shapes: [(Rect, Double, RGBA)] = []
        for i in 0..<12 {
            let dx = Double(i) * 0.37
            shapes.append((Rect(x: 6 + dx, y: 8 + 26 * Double(i), width: 500 + 3.1 * Double(i), height: 20), 10, RGBA(255, 255, 255, 225)))
            shapes.append((Rect(x: 560 + dx, y: 8 + 26 * Double(i), width: 200 + dx, height: 20), 10, RGBA(255, 255, 255)))
        }
        shapes.append((Rect(x: 10.4, y: 330.3, width: 1250.2, height: 90), 4, RGBA(255, 255, 255)))
        shapes.append((Rect(x: 10.6, y: 440.7, width: 1249.9, height: 90), 4, RGBA(255, 255, 255, 180)))
        shapes.append((Rect(x: 800.25, y: 20.5, width: 300, height: 44), 10, RGBA(40, 90, 200)))
        for (rect, radius, color) in shapes {
            if direct {
                tess.fillRoundedRect(rect, radius: radius, color: color, into: &list)
            } else {
                path.removeAll()
                path.roundedRect(rect, radius: radius)
                tess.fill(path, color: color, into: &list)
            }
        }
        return list
    }

    @Test("rounded rectangles built directly draw exactly the general route's pixels through SDL's software renderer")
    func roundedRectsMatchTheGeneralRoute() throws {
        let dir = try ElasticBinary.scratch("rounded-rects")
        let front = try WindowFaultTests.frontEnd(sized: 1280, 560)
        let direct = try WindowFaultTests.pixels(of: front, WindowFaultTests.roundedRectScene(direct: true), scale: 1, compositing: false,
                                                 in: dir)
        let general = try WindowFaultTests.pixels(of: front, WindowFaultTests.roundedRectScene(direct: false), scale: 1, compositing: false,
                                                  in: dir)
        // The same triangles, so the same pixels. (With the other diagonal in the caps' columns,
        // SDL left one-pixel cracks beside the right-hand arcs: differences of 255.)
        var worst = 0, worstAt = (0, 0), differing = 0
        for y in 0..<direct.height {
            for x in 0..<direct.width {
                let a = direct.pixel(x, y), b = general.pixel(x, y)
                let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                if d > 0 { differing += 1 }
                if d > worst { worst = d; worstAt = (x, y) }
            }
        }
        #expect(differing == 0, "worst difference \(worst) at \(worstAt); \(differing) pixels differ")
    }
}
