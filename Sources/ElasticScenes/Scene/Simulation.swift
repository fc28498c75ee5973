import ElasticCore

/// The part every scene shares: its world of spring entities, the spring system over it, and the
/// scene clock. `step(dt:)` is the fixed-step update the game loop drives.
public struct Simulation: Sendable {
    public var world = World()
    public private(set) var springs: SpringSystem?
    /// Seconds of simulated time: fixed steps taken × dt.
    public private(set) var time: Double = 0
    /// The length of the last step (0 before the first).
    public private(set) var lastDt: Double = 0

    public init() {}

    public mutating func step(dt: Double) {
        if springs?.dt != dt { springs = SpringSystem(dt: dt) }
        springs!.step(&world)
        time += dt
        lastDt = dt
    }

    /// The simulated time of the state drawn `alpha` (0…1) of the way from the previous step to
    /// the latest one.
    public func renderTime(alpha: Double) -> Double {
        let a = alpha.isFinite ? min(max(alpha, 0), 1) : 1
        return time - (1 - a) * lastDt
    }

    public var isAtRest: Bool { SpringSystem.allAtRest(world) }
}

/// A scene whose spring entities and clock live in a `Simulation`: its world and time come from it.
public protocol SimulationScene: Scene {
    var sim: Simulation { get }
}

extension SimulationScene {
    public var world: World { sim.world }
    public var time: Double { sim.time }
}
