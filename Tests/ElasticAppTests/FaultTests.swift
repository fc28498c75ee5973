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

    /// Entity positions by name (a name shared by several entities keeps the last).
    func named(_ scene: any Scene) -> [String: Vec2] {
        let w = scene.world
        var out: [String: Vec2] = [:]
        for i in 0..<w.count { out[w.name[i]] = Vec2(w.positionX[i], w.positionY[i]) }
        return out
    }

    /// The scene at rest at 1280×720 with no input ever: what a scene that settled must match.
    func untouchedRest(_ scene: String) throws -> [String: Vec2] {
        let rig = try LoopRig(scene: scene, size: Size(1280, 720))
        for _ in 0..<60 { rig.runFrame() }
        #expect(rig.scene.isIdle, "\(scene): not at rest untouched")
        return named(rig.scene)
    }

    /// The largest distance between the same-named entities of `a` and `b` (infinite when the
    /// names differ).
    func farthest(_ a: [String: Vec2], _ b: [String: Vec2]) -> Double {
        guard Set(a.keys) == Set(b.keys) else { return .infinity }
        return a.keys.map { (a[$0]! - b[$0]!).length }.max() ?? 0
    }

    /// A press-and-drag each scene answers to: the wave and the lists are pulled, the block is
    /// dragged up, the menu's button (no drag: a tap) opens the menu.
    static let gesture: [String: (from: Vec2, to: Vec2)] = [
        "wave-pull": (Vec2(300, 40), Vec2(300, 300)), "gooey-menu": (Vec2(640, 360), Vec2(640, 360)),
        "jelly-block": (Vec2(640, 670), Vec2(640, 400)), "sticky-refresh": (Vec2(300, 200), Vec2(300, 300)),
        "wave-balls": (Vec2(300, 200), Vec2(300, 300)),
    ]

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

    @Test("resized to 1×1, to 4K, to 0×0 and back in the middle of a drag: back at its size, it settles as if never resized",
          arguments: scenes)
    func resizes(scene: String) throws {
        let rig = try LoopRig(scene: scene, size: Size(1280, 720))
        // The same input with no resizes: where the scene settles at 1280×720.
        let unresized = try LoopRig(scene: scene, size: Size(1280, 720))
        for r in [rig, unresized] { drag(r, from: Vec2(640, 40), to: Vec2(640, 300), frames: 20) }
        for size in [Size(1, 1), Size(3840, 2160), Size(0, 0), Size(640, 360), Size(1280, 720)] {
            rig.resize(to: size)
            for i in 0..<30 {
                for r in [rig, unresized] { r.runFrame([.pointerMove(.mouse, Vec2(Double(i) * 40, Double(i) * 20))]) }
            }
        }
        for r in [rig, unresized] { r.runFrame([.pointerUp(.mouse, Vec2(640, 300))]) }
        // A HiDPI move is a resize to the same size in points (the pixel scale is the front end's).
        rig.resize(to: Size(1280, 720))
        for _ in 0..<300 { rig.runFrame(); unresized.runFrame() }
        #expect(rig.nonFinite == 0, "\(rig.firstNonFinite ?? "")")
        #expect(rig.scene.isIdle && unresized.scene.isIdle)
        let now = named(rig.scene), expected = named(unresized.scene)
        #expect(farthest(now, expected) < 1e-6, "\(scene): \(now) vs \(expected)")
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
        // Settled: at rest, where a scene never touched rests.
        let rest = try untouchedRest(scene)
        #expect(rig.scene.isIdle, "\(scene): still moving after the cancel")
        #expect(farthest(named(rig.scene), rest) < 1e-6, "\(scene): \(named(rig.scene)) vs \(rest)")
        // A new drag moves the scene away from rest.
        let gesture = try #require(Self.gesture[scene])
        drag(rig, from: gesture.from, to: gesture.to, frames: 10)
        rig.runFrame([.pointerUp(.mouse, gesture.to)])
        var moved = 0.0
        for _ in 0..<30 { rig.runFrame(); moved = max(moved, farthest(named(rig.scene), rest)) }
        #expect(moved > 20, "\(scene): the new drag moved nothing (\(moved) pt)")
        for _ in 0..<600 { rig.runFrame() }
        #expect(rig.scene.isIdle, "\(scene): the new drag did not settle")
        #expect(rig.nonFinite == 0, "\(rig.firstNonFinite ?? "")")
    }

    @Test("ten fingers at once, lifted in a scrambled order: finite throughout, then at rest", arguments: scenes)
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
        #expect(rig.scene.isIdle, "\(scene): a lifted finger still holds the scene")
    }

    @Test("input at 1 kHz (about 17 moves a frame) for 10 s: finite throughout, then at rest", arguments: scenes)
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
        #expect(rig.scene.isIdle, "\(scene): still moving 5 s after the last input")
    }
}
