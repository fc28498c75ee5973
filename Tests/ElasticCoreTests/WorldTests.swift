import TestRandom
import Testing
@testable import ElasticCore

@Suite("World (entity-component store)")
struct WorldTests {
    let spring = try! SpringParameters.uikit(duration: 0.9, dampingRatio: 0.57)

    @Test("spawn hands out ids; despawn swap-removes and keeps other handles valid")
    func swapRemove() {
        var world = World()
        let a = world.spawn("a", at: Vec2(1, 1), spring: spring)
        let b = world.spawn("b", at: Vec2(2, 2), spring: spring)
        let c = world.spawn("c", at: Vec2(3, 3), spring: spring)
        #expect(world.count == 3)
        world.despawn(a)
        #expect(world.count == 2)
        #expect(!world.contains(a))
        #expect(world.position(b) == Vec2(2, 2))
        #expect(world.position(c) == Vec2(3, 3))
        #expect(world.name(c) == "c")
        #expect(world.row(of: c) == 0)  // the last row moved into the hole
        // The freed slot is reused with a new generation: the old handle stays stale.
        let d = world.spawn("d", at: Vec2(4, 4), spring: spring)
        #expect(d.slot == a.slot && d.generation != a.generation)
        #expect(!world.contains(a))
        #expect(world.position(a) == .zero)
        world.despawn(a)  // stale: ignored
        #expect(world.count == 3)
        for e in [b, c, d] { #expect(world.entity(atRow: world.row(of: e)!) == e) }
    }

    @Test("despawning everything and respawning keeps the arrays consistent")
    func churn() {
        var world = World()
        var live: [Entity] = []
        var rng = SplitMix64(seed: 7)
        for i in 0..<2000 {
            if live.isEmpty || rng.next() % 3 != 0 {
                live.append(world.spawn("e\(i)", at: Vec2(Double(i), 0), spring: spring))
            } else {
                let k = Int(rng.next() % UInt64(live.count))
                world.despawn(live.remove(at: k))
            }
            #expect(world.count == live.count)
        }
        for e in live {
            let r = world.row(of: e)!
            #expect(world.name[r] == "e\(Int(world.positionX[r]))")
        }
    }

    @Test("spring parameter sets are shared between entities")
    func sharedSprings() {
        var world = World()
        for i in 0..<100 { world.spawn("e\(i)", at: .zero, spring: spring) }
        #expect(world.springs.count == 1)
        let other = try! SpringParameters.uikit(duration: 1, dampingRatio: 1)
        world.setSpring(world.entity(atRow: 3), other)
        #expect(world.springs.count == 2)
    }

    @Test("pinned entities stay at their target; interpolation lies between the last two steps")
    func pinAndInterpolate() {
        var world = World()
        let e = world.spawn("e", at: .zero, spring: spring)
        world.pin(e, at: Vec2(10, 20))
        var system = SpringSystem(dt: 1 / 240)
        system.step(&world)
        #expect(world.position(e) == Vec2(10, 20))
        world.setTarget(e, Vec2(10, 120))
        system.step(&world)
        let prev = Vec2(world.previousX[0], world.previousY[0])
        let cur = world.position(e)
        #expect(prev == Vec2(10, 20))
        let mid = world.interpolatedPosition(e, alpha: 0.5)
        #expect(abs(mid.y - (prev.y + cur.y) / 2) < 1e-12)
        #expect(world.interpolatedPosition(e, alpha: .nan) == cur)
    }
}
