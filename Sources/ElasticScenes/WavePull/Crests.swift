import ElasticCore

/// The crests pulled out of the wave, one per finger, as parallel arrays indexed by crest.
///
/// Crest 0 is the resting wave's own seven points: the first finger lays them out exactly as the
/// spec's table, and they are never removed. A finger that goes down while crest 0 is held spawns
/// another crest's seven points from the world; once released and back at rest they are
/// despawned and their crest (and the world's slots) are free for the next finger.
struct Crests {
    /// Ten fingers, one crest each.
    static let capacity = 10
    static let pointCount = 7

    /// Crest k's points are `points[7k ..< 7k + 7]` (l3 … r3); stale handles while it is not live.
    var points: [Entity]
    var isLive: [Bool]
    var holder: [PointerID?]
    /// Pointer y at which the crest's drag distance is 0.
    var originY: [Double]
    var pointerX: [Double]
    /// Grabbed mid-flight: the points catch up with the finger on a spring instead of jumping.
    var catchingUp: [Bool]

    init(restingWave: [Entity]) {
        let dead = Entity(slot: .max, generation: .max)
        points = restingWave + Array(repeating: dead, count: Crests.pointCount * (Crests.capacity - 1))
        isLive = [true] + Array(repeating: false, count: Crests.capacity - 1)
        holder = Array(repeating: nil, count: Crests.capacity)
        originY = Array(repeating: 0, count: Crests.capacity)
        pointerX = Array(repeating: 0, count: Crests.capacity)
        catchingUp = Array(repeating: false, count: Crests.capacity)
    }

    func entity(_ crest: Int, _ point: Int) -> Entity { points[crest * Crests.pointCount + point] }

    /// The crest `id` is pulling, if any.
    func crest(heldBy id: PointerID) -> Int? {
        for k in 0..<Crests.capacity where holder[k] == id { return k }
        return nil
    }

    /// A crest that can be spawned (never crest 0, which always exists).
    func freeCrest() -> Int? {
        for k in 1..<Crests.capacity where !isLive[k] { return k }
        return nil
    }

    var liveCount: Int { isLive.reduce(0) { $0 + ($1 ? 1 : 0) } }
    var isAnyHeld: Bool { holder.contains { $0 != nil } }

    func isAtRest(_ crest: Int, in world: World) -> Bool {
        for i in 0..<Crests.pointCount where !world.isAtRest(entity(crest, i)) { return false }
        return true
    }

    /// Crest k's curve at the latest step.
    func curve(_ crest: Int, in world: World) -> CrestCurve {
        CrestCurve { i in world.position(entity(crest, i)) }
    }

    /// Crest k's curve as drawn, `alpha` of the way from the previous step to the latest.
    func curve(_ crest: Int, in world: World, alpha: Double) -> CrestCurve {
        CrestCurve { i in world.interpolatedPosition(entity(crest, i), alpha: alpha) }
    }
}
