import ElasticCore
import ElasticScenes
import Foundation
import Testing
@testable import elastic

/// Faults driven in-process through `LoopRig` (the game loop's frame logic without SDL): stalls,
/// window sizes, lost pointers, many fingers, 1 kHz input. Every frame checks every vertex and
/// entity position is finite.
@Suite("faults (in-process, every scene)")
struct FaultTests {
    static let scenes = SceneCatalog.names

    /// A drag down the middle, held for `frames` frames.
    func drag(_ rig: LoopRig, id: PointerID = .mouse, from a: Vec2, to b: Vec2, frames: Int) {
        rig.runFrame([.pointerDown(id, a)])
        for i in 1...frames {
            let t = Double(i) / Double(frames)
            rig.runFrame([.pointerMove(id, a + (b - a) * t)])
        }
    }

    func positions(_ scene: any Scene) -> [Vec2] {
        let w = scene.world
        return (0..<w.count).map { Vec2(w.positionX[$0], w.positionY[$0]) }
    }

    @Test("a 5-s stall costs 0.25 s of simulation: 60 steps, the same state as a 0.25-s frame, then normal frames",
          arguments: scenes)
    func stall(scene: String) throws {
        let size = Size(1280, 720)
        let stalled = try LoopRig(scene: scene, size: size), reference = try LoopRig(scene: scene, size: size)
        for rig in [stalled, reference] {
            drag(rig, from: Vec2(640, 40), to: Vec2(600, 400), frames: 30)
            rig.runFrame([.pointerUp(.mouse, Vec2(600, 400))])
            for _ in 0..<3 { rig.runFrame() }
        }
        #expect(stalled.runFrame(delta: 5) == 60)
        #expect(reference.runFrame(delta: 0.25) == 60)
        #expect(positions(stalled.scene) == positions(reference.scene))
        #expect(stalled.clockState.droppedTime == 4.75)
        // No spiral: the frames after the stall take the usual 4 steps.
        for _ in 0..<10 { #expect(stalled.runFrame() == 4) }
        // No jump through walls: everything stays within a window's width/height of the window.
        for p in positions(stalled.scene) {
            #expect(p.x > -size.width && p.x < 2 * size.width && p.y > -size.height && p.y < 2 * size.height, "\(p)")
        }
        #expect(stalled.nonFinite == 0, "\(stalled.firstNonFinite ?? "")")
    }

    @Test("resized to 1×1, to 4K, to 0×0 and back in the middle of a drag",
          arguments: scenes)
    func resizes(scene: String) throws {
        let rig = try LoopRig(scene: scene, size: Size(1280, 720))
        drag(rig, from: Vec2(640, 40), to: Vec2(640, 300), frames: 20)
        for size in [Size(1, 1), Size(3840, 2160), Size(0, 0), Size(640, 360), Size(1280, 720)] {
            rig.resize(to: size)
            for i in 0..<30 { rig.runFrame([.pointerMove(.mouse, Vec2(Double(i) * 40, Double(i) * 20))]) }
        }
        rig.runFrame([.pointerUp(.mouse, Vec2(640, 300))])
        // A HiDPI move is a resize to the same size in points (the pixel scale is the front end's).
        rig.resize(to: Size(1280, 720))
        for _ in 0..<300 { rig.runFrame() }
        #expect(rig.nonFinite == 0, "\(rig.firstNonFinite ?? "")")
        // Something is drawn again at the normal size (rectangles or triangles).
        #expect(rig.drawList.vertexCount + rig.drawList.rectCount > 0)
    }

    @Test("a pointer that never comes up (focus lost → cancel) lets the scene settle and take new drags",
          arguments: scenes)
    func lostPointer(scene: String) throws {
        let rig = try LoopRig(scene: scene, size: Size(1280, 720))
        drag(rig, from: Vec2(640, 40), to: Vec2(640, 500), frames: 20)
        rig.runFrame([.pointerCancel(.mouse)])
        for _ in 0..<600 { rig.runFrame() }
        drag(rig, from: Vec2(300, 40), to: Vec2(300, 300), frames: 10)
        rig.runFrame([.pointerUp(.mouse, Vec2(300, 300))])
        for _ in 0..<600 { rig.runFrame() }
        #expect(rig.nonFinite == 0, "\(rig.firstNonFinite ?? "")")
    }

    @Test("ten fingers at once, lifted in a scrambled order", arguments: scenes)
    func tenFingers(scene: String) throws {
        let rig = try LoopRig(scene: scene, size: Size(1280, 720))
        let ids = (1...10).map { PointerID(device: .touch, id: Int64($0)) }
        rig.runFrame(ids.enumerated().map { .pointerDown($1, Vec2(Double($0) * 120 + 40, 40)) })
        for f in 1...60 {
            rig.runFrame(ids.enumerated().map { .pointerMove($1, Vec2(Double($0) * 120 + 40 + Double(f), 40 + Double(f * (3 + $0)))) })
        }
        for i in [3, 9, 0, 5, 1, 8, 2, 7, 4, 6] { rig.runFrame([.pointerUp(ids[i], Vec2(640, 360))]) }
        for _ in 0..<600 { rig.runFrame() }
        #expect(rig.nonFinite == 0, "\(rig.firstNonFinite ?? "")")
    }

    @Test("input at 1 kHz (about 17 moves a frame) for 10 s", arguments: scenes)
    func kilohertz(scene: String) throws {
        let rig = try LoopRig(scene: scene, size: Size(1280, 720))
        rig.runFrame([.pointerDown(.mouse, Vec2(640, 40))])
        var t = 0.0
        for _ in 0..<600 {
            var events: [InputEvent] = []
            for _ in 0..<17 {
                t += 0.001
                events.append(.pointerMove(.mouse, Vec2(640 + 500 * sin(t * 7), 360 + 330 * sin(t * 13))))
            }
            rig.runFrame(events)
        }
        rig.runFrame([.pointerUp(.mouse, Vec2(640, 360))])
        for _ in 0..<300 { rig.runFrame() }
        #expect(rig.nonFinite == 0, "\(rig.firstNonFinite ?? "")")
    }
}
