import ElasticCore
import Testing
@testable import ElasticScenes

/// jelly-block and gooey-menu with two fingers, played through the frame driver.
@Suite("jelly-block and gooey-menu: gestures carry on with the remaining finger")
struct PressHandOverTests {
    @Test("jelly-block: finger 1 lifts while finger 2 is down: the block stays, then follows finger 2")
    func jellyHandOver() throws {
        // Finger 1 grabs the block (centre at 720 − 50 = 670) at y 660 and drags it to 400: centre 410.
        let h = try ReplayHarness(scene: "jelly-block", replay: "jelly-block-handover")
        let scene = try #require(h.scene as? JellyBlock)
        h.run(until: 0.45)
        #expect(scene.world.position(scene.block).y == 410)
        // Finger 2 lands at y 300 (0.5), finger 1 lifts (0.6): no jump, no spring back.
        h.run(until: 0.9) { _ in #expect(scene.world.position(scene.block).y == 410) }
        // Finger 2 moves 100 up in steps of 10: the block follows from where it was.
        var previous = 410.0
        h.run(until: 1.05) { _ in
            let y = scene.world.position(scene.block).y
            #expect(y <= previous && previous - y <= 10)
            previous = y
        }
        #expect(previous == 310)
        // Finger 2 lifts (1.1) standing still at 310, nearer the top: the block springs to 100.
        h.run(until: 4)
        #expect(abs(scene.world.position(scene.block).y - 100) < 1e-6)
        #expect(scene.end == .top)
        #expect(scene.isIdle)
    }

    @Test("gooey-menu: two fingers on the camera make one press, acted on when the last lifts")
    func gooeyHandOver() throws {
        let h = try ReplayHarness(scene: "gooey-menu", replay: "gooey-menu-handover")
        let scene = try #require(h.scene as? GooeyMenu)
        // Finger 1 lifts at 0.3 while finger 2 still presses: nothing happens yet.
        h.run(until: 0.55) { _ in #expect(!scene.isOpen) }
        #expect(scene.world.position(scene.sideHelper).y == 720 + 60)
        // Finger 2 lifts over the camera at 0.6: the menu opens, once.
        h.run(until: 0.65)
        #expect(scene.isOpen)
        h.run(until: 3)
        #expect(scene.isOpen)
        #expect(abs(scene.world.position(scene.sideHelper).y - 360) < 1e-6)
    }

    @Test("gooey-menu: a finger taps the camera while the mouse is held elsewhere")
    func gooeyIndependentPress() throws {
        let h = try ReplayHarness(scene: "gooey-menu")
        let scene = try #require(h.scene as? GooeyMenu)
        let finger = PointerID(device: .touch, id: 1)
        h.send(.pointerDown(.mouse, Vec2(100, 100)))
        h.run(until: 0.1)
        h.send(.pointerDown(finger, Vec2(640, 360)))
        h.run(until: 0.2)
        h.send(.pointerUp(finger, Vec2(640, 360)))
        h.run(until: 0.3)
        #expect(scene.isOpen)
        h.send(.pointerUp(.mouse, Vec2(100, 100)))
        h.run(until: 3)
        #expect(scene.isOpen)
        #expect(scene.isIdle)
    }

    @Test("ten fingers and the mouse on both scenes: finite and back to rest", arguments: ["jelly-block", "gooey-menu"])
    func tenFingers(scene name: String) throws {
        let h = try ReplayHarness(scene: name)
        let fingers = (1...10).map { PointerID(device: .touch, id: Int64($0)) } + [.mouse]
        for (i, f) in fingers.enumerated() { h.send(.pointerDown(f, Vec2(640 + Double(i), 670 - Double(i)))) }
        h.run(until: 0.1)
        for (k, f) in fingers.enumerated() {
            h.send(.pointerMove(f, Vec2(.nan, k % 2 == 0 ? 1e6 : -1e6)))
            h.send(.pointerMove(f, Vec2(640, k % 2 == 0 ? 1e6 : -1e6)))
            h.send(.pointerUp(f, Vec2(640, 360)))
            h.run(until: 0.1 + 0.02 * Double(k + 1))
            for r in 0..<h.scene.world.count {
                #expect(h.scene.world.positionX[r].isFinite && h.scene.world.positionY[r].isFinite)
            }
        }
        h.run(until: 8)
        #expect(h.scene.isIdle)
    }
}
