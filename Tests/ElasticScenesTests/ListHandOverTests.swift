import ElasticCore
import Testing
@testable import ElasticScenes

/// The list scenes with two fingers: finger 1 pulls, finger 2 lands, finger 1 lifts (replays
/// `<scene>-handover`: finger 1 travels `travel` down by t = 0.4, finger 2 lands at 0.5, finger 1
/// lifts at 0.6, finger 2 moves 20 further at 0.9…1.0 and lifts at 1.1).
@Suite("list scenes: the drag passes to the remaining finger")
struct ListHandOverTests {
    /// UIScrollView's rubber band for a finger travel x past the top, dimension d.
    static func rubberBand(_ x: Double, _ d: Double) -> Double { (1 - 1 / (0.55 * x / d + 1)) * d }

    static func pull(_ scene: any Scene) -> Double {
        let w = scene.world
        for r in 0..<w.count where w.name[r] == "list" { return w.positionY[r] }
        return .nan
    }

    /// (scene, finger travel, rubber-band dimension: the list's frame height at 1280×720).
    static let cases: [(String, Double, Double)] = [("sticky-refresh", 120, 720 - 64), ("wave-balls", 80, 720 - 80)]

    @Test("no jump and no spring back at the hand-over; the second finger's release springs back", arguments: cases)
    func handOver(scene name: String, travel: Double, dimension d: Double) throws {
        let h = try ReplayHarness(scene: name, replay: "\(name)-handover")
        h.run(until: 0.45)
        let held = ListHandOverTests.pull(h.scene)
        #expect(abs(held - ListHandOverTests.rubberBand(travel, d)) < 1e-6, "\(held)")
        // Finger 1 lifts at 0.6; finger 2 has not moved yet: the list stays put.
        h.run(until: 0.9) { scene in
            #expect(ListHandOverTests.pull(scene) == held, "t = \(scene.time)")
        }
        // Finger 2 moves 20 further: the list follows the same rubber band, from where it was.
        var previous = held
        h.run(until: 1.05) { scene in
            let y = ListHandOverTests.pull(scene)
            #expect(y >= previous && y - previous < 2.1)
            previous = y
        }
        #expect(abs(previous - ListHandOverTests.rubberBand(travel + 20, d)) < 1e-6, "\(previous)")
        // Finger 2 lifts at 1.1: back to 0.
        h.run(until: 1.3)
        #expect(ListHandOverTests.pull(h.scene) < previous - 5)
        h.run(until: 3)
        #expect(ListHandOverTests.pull(h.scene) == 0)
        #expect(h.scene.isIdle)
    }

    @Test("a waiting finger that lifts first changes nothing; the dragging one's release still springs back")
    func waitingFingerLifts() {
        var sim = Simulation()
        var list = ListView(world: &sim.world, rowHeight: 44, rowCount: 30)
        list.layout(frame: Rect(x: 0, y: 64, width: 1280, height: 656), world: &sim.world)
        let a = PointerID(device: .touch, id: 1), b = PointerID(device: .touch, id: 2)
        list.handle(.pointerDown(a, Vec2(0, 100)), world: &sim.world, time: 0)
        list.handle(.pointerMove(a, Vec2(0, 200)), world: &sim.world, time: 0.1)
        let held = list.offset(in: sim.world)
        // 100 past the top, on UIScrollView's rubber band.
        #expect(abs(held - Self.rubberBand(100, 656)) < 1e-6, "\(held)")
        list.handle(.pointerDown(b, Vec2(0, 300)), world: &sim.world, time: 0.2)
        list.handle(.pointerMove(b, Vec2(0, 500)), world: &sim.world, time: 0.3)
        #expect(list.offset(in: sim.world) == held)
        list.handle(.pointerUp(b, Vec2(0, 500)), world: &sim.world, time: 0.4)
        #expect(list.offset(in: sim.world) == held)
        #expect(list.isDragging)
        list.handle(.pointerUp(a, Vec2(0, 200)), world: &sim.world, time: 0.5)
        // Springs back: down to 0 without passing it, then at rest.
        var previous = held, lowest = held
        for _ in 0..<(240 * 3) {
            sim.step(dt: 1.0 / 240)
            list.step(world: &sim.world, time: sim.time)
            let h = list.offset(in: sim.world)
            #expect(h <= previous + 1e-9, "rose to \(h)")
            previous = h; lowest = min(lowest, h)
        }
        #expect(lowest > -1e-9 && previous == 0, "ended at \(previous), lowest \(lowest)")
        #expect(list.mode == .idle)
    }

    @Test("ten fingers and the mouse passing the drag around: finite, and back to rest")
    func tenFingers() throws {
        let h = try ReplayHarness(scene: "sticky-refresh")
        let fingers = (1...10).map { PointerID(device: .touch, id: Int64($0)) } + [.mouse]
        for (i, f) in fingers.enumerated() { h.send(.pointerDown(f, Vec2(100 * Double(i), 200))) }
        h.run(until: 0.1)
        for (k, f) in fingers.enumerated().reversed() {
            h.send(.pointerMove(f, Vec2(50, k % 2 == 0 ? 1e6 : -1e6)))
            h.run(until: 0.1 + 0.02 * Double(11 - k))
            h.send(.pointerUp(f, Vec2(50, 0)))
            h.run(until: 0.11 + 0.02 * Double(11 - k))
            #expect(ListHandOverTests.pull(h.scene).isFinite)
        }
        h.run(until: 6)
        #expect(ListHandOverTests.pull(h.scene).isFinite)
        #expect(h.scene.isIdle)
    }
}
