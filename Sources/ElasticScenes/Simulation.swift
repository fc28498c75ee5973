import ElasticCore

/// The part every scene shares: its world of spring entities, the spring system over it, and the
/// scene clock. `step(dt:)` is the fixed-step update the game loop drives.
public struct Simulation: Sendable {
    public var world = World()
    public private(set) var springs: SpringSystem?
    /// Seconds of simulated time: fixed steps taken × dt.
    public private(set) var time: Double = 0

    public init() {}

    public mutating func step(dt: Double) {
        if springs?.dt != dt { springs = SpringSystem(dt: dt) }
        springs!.step(&world)
        time += dt
    }

    public var isAtRest: Bool { SpringSystem.allAtRest(world) }
}
