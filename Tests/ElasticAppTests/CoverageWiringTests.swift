import CSDL2
import ElasticCore
@testable import ElasticSDL
import Foundation
import Testing
@testable import elastic

extension WindowFaultTests {
    @Test("the game loop drops the fringe exactly when the front end draws exact coverage")
    func loopTurnsTheFringeOffForExactCoverage() throws {
        let dir = try ElasticBinary.scratch("coverage-wiring")
        let front = try WindowFaultTests.frontEnd()
        #expect(front.rendersExactCoverage)
        let (exact, _) = try WindowFaultTests.loop(on: front, scene: "wave-pull", headless: true, frameLimit: 1,
                                                   stats: dir.appendingPathComponent("a.csv").path)
        #expect(!exact.driver.tessellator.antialias)
        _ = exact.run()  // a frame: whether fills are signed fans is asked every frame
        #expect(exact.driver.tessellator.signedFans && exact.driver.drawList.mesh.hasSignedFans)
        front.softwareCompositing = false
        defer { front.softwareCompositing = true }
        #expect(!front.rendersExactCoverage)
        let (fringed, _) = try WindowFaultTests.loop(on: front, scene: "wave-pull", headless: true, frameLimit: 1,
                                                     stats: dir.appendingPathComponent("b.csv").path)
        #expect(fringed.driver.tessellator.antialias)
        _ = fringed.run()
        #expect(!fringed.driver.tessellator.signedFans && !fringed.driver.drawList.mesh.hasSignedFans)
        let rig = try LoopRig(scene: "wave-pull", size: Size(640, 480))
        #expect(rig.driver.tessellator.antialias, "the null front end draws nothing itself: the fringe stays")
    }

    @Test("triangles of several colours and triangles reaching beyond the fixed point are drawn by the compositor, in painter's order")
    func mixedBatchesKeepPaintersOrder() throws {
        let dir = try ElasticBinary.scratch("coverage-mixed")
        let front = try WindowFaultTests.frontEnd(sized: 320, 240)
        var list = DrawList()
        list.clearColor = .white
        let red = RGBA(255, 0, 0), blue = RGBA(0, 0, 255), green = RGBA(0, 160, 0)
        func triangle(_ a: Vec2, _ b: Vec2, _ c: Vec2, _ ca: RGBA, _ cb: RGBA, _ cc: RGBA) {
            let i = list.mesh.add(Vertex(a, ca)), j = list.mesh.add(Vertex(b, cb)), k = list.mesh.add(Vertex(c, cc))
            list.mesh.triangle(i, j, k)
        }
        // One batch: red square (exact coverage), a gradient over its right half (shaded), a blue square over
        // the gradient's middle (exact coverage), then a green triangle reaching far beyond the fixed point's range.
        triangle(Vec2(10, 10), Vec2(110, 10), Vec2(110, 110), red, red, red)
        triangle(Vec2(10, 10), Vec2(110, 110), Vec2(10, 110), red, red, red)
        triangle(Vec2(60, 10), Vec2(160, 10), Vec2(160, 110), blue, green, green)
        triangle(Vec2(60, 10), Vec2(160, 110), Vec2(60, 110), blue, blue, green)
        triangle(Vec2(90, 40), Vec2(130, 40), Vec2(130, 80), blue, blue, blue)
        triangle(Vec2(90, 40), Vec2(130, 80), Vec2(90, 80), blue, blue, blue)
        triangle(Vec2(200, 150), Vec2(1e6, 150), Vec2(200, 230), green, green, green)
        list.commitTriangles(blend: .none)
        front.render(list, scale: 1)
        let image = try shot(of: front, in: dir, named: "mixed.png")
        #expect(image.pixel(30, 60) == red)
        #expect(image.pixel(110, 60) == blue, "the blue square lies on the gradient")
        let g = image.pixel(100, 100)
        #expect(g.r < 60 && Int(g.g) + Int(g.b) > 150, "the gradient lies on the red square: \(g)")
        #expect(image.pixel(210, 160) == green, "the far-reaching triangle is drawn (cut to the fixed point's range)")
        #expect(image.pixel(5, 5) == .white && image.pixel(300, 20) == .white)
    }

    @Test("signed fans reaching SDL's renderer (compositing turned off) are not drawn; the next frame is whole")
    func signedFansNeverReachSDL() throws {
        let dir = try ElasticBinary.scratch("coverage-fans")
        let front = try WindowFaultTests.frontEnd(sized: 320, 240)
        defer { front.softwareCompositing = true }
        let red = RGBA(255, 0, 0), blue = RGBA(0, 0, 255)
        front.render(letterC(red, signedFans: true), scale: 1)
        var image = try shot(of: front, in: dir, named: "exact.png")
        #expect(image.pixel(letterCArm.x, letterCArm.y) == red && image.pixel(letterCMouth.x, letterCMouth.y) == .white)
        front.softwareCompositing = false
        front.render(letterC(blue, signedFans: true), scale: 1)
        image = try shot(of: front, in: dir, named: "kept.png")
        #expect(image.pixel(letterCArm.x, letterCArm.y) == red, "the frame is kept as it was")
        #expect(image.pixel(letterCMouth.x, letterCMouth.y) == .white, "SDL drew the fan's triangles")
        front.render(letterC(blue, signedFans: false), scale: 1)
        image = try shot(of: front, in: dir, named: "sdl.png")
        #expect(image.pixel(letterCArm.x, letterCArm.y) == blue && image.pixel(letterCMouth.x, letterCMouth.y) == .white)
    }

    @Test("a fan in one run with a triangle beyond the fixed point is still summed with its signs")
    func fanBesideFarTriangle() throws {
        let dir = try ElasticBinary.scratch("coverage-fan-far")
        let front = try WindowFaultTests.frontEnd(sized: 320, 240)
        let red = RGBA(255, 0, 0)
        var list = letterC(red, signedFans: true)
        // The same colour, so the same run: the far triangle is cut to the fixed point's range within it.
        let far = [Vec2(200, 150), Vec2(1e6, 150), Vec2(200, 230)].map { list.mesh.add(Vertex($0, red)) }
        list.mesh.triangle(far[0], far[1], far[2])
        list.commitTriangles(blend: .none)
        #expect(list.mesh.hasSignedFans)
        front.render(list, scale: 1)
        let image = try shot(of: front, in: dir, named: "fan-far.png")
        #expect(image.pixel(letterCArm.x, letterCArm.y) == red)
        #expect(image.pixel(letterCMouth.x, letterCMouth.y) == .white, "the C's mouth, covered by a positive triangle of its fan")
        #expect(image.pixel(210, 160) == red, "the far-reaching triangle is drawn (cut to the fixed point's range)")
    }
}

/// A C fanned from the inner corner of its arm: that fan covers the C's mouth with a positive triangle.
private func letterC(_ color: RGBA, signedFans: Bool) -> DrawList {
    let c: [Vec2] = [Vec2(45, 39), Vec2(46, 90), Vec2(147, 94), Vec2(148, 122), Vec2(14, 124),
                     Vec2(15, 16), Vec2(152, 18), Vec2(150, 37)]
    var tessellator = Tessellator(tolerance: 0.25, antialias: false)
    tessellator.signedFans = signedFans
    var list = DrawList()
    tessellator.fill(Path { p in p.move(to: c[0]); for q in c.dropFirst() { p.line(to: q) }; p.close() }, color: color, into: &list)
    return list
}

private let letterCArm = (x: 30, y: 60), letterCMouth = (x: 120, y: 80)

/// The front end's frame as a screenshot would save it (then presented, as a frame would be).
private func shot(of front: SDLFrontEnd, in dir: URL, named name: String) throws -> PNGImage {
    let file = dir.appendingPathComponent(name).path
    try front.saveScreenshot(to: file)
    front.present()
    return try PNGImage.load(file)
}
