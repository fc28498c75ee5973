/// Per-entity reads and writes used by scenes (a handful of entities each, so by handle is fine;
/// systems go through the arrays directly).
extension World {
    public func position(_ e: Entity) -> Vec2 {
        guard let r = row(of: e) else { return .zero }
        return Vec2(positionX[r], positionY[r])
    }

    public func velocity(_ e: Entity) -> Vec2 {
        guard let r = row(of: e) else { return .zero }
        return Vec2(velocityX[r], velocityY[r])
    }

    public func target(_ e: Entity) -> Vec2 {
        guard let r = row(of: e) else { return .zero }
        return Vec2(targetX[r], targetY[r])
    }

    public func isAtRest(_ e: Entity) -> Bool {
        guard let r = row(of: e) else { return true }
        return atRest[r]
    }

    /// The position between the last two fixed steps, `alpha` of the way (0…1) to the newest.
    public func interpolatedPosition(_ e: Entity, alpha: Double) -> Vec2 {
        guard let r = row(of: e) else { return .zero }
        let a = alpha.isFinite ? min(max(alpha, 0), 1) : 1
        return Vec2(previousX[r] + (positionX[r] - previousX[r]) * a,
                    previousY[r] + (positionY[r] - previousY[r]) * a)
    }

    /// Moves the target; position and velocity carry on (retargeting mid-flight stays smooth).
    /// A non-finite target is ignored.
    public mutating func setTarget(_ e: Entity, _ target: Vec2) {
        guard let r = row(of: e), target.isFinite else { return }
        targetX[r] = target.x; targetY[r] = target.y
        motion[r] = .spring
        atRest[r] = false
    }

    /// Starts a spring animation towards `target` the UIKit way: the spring's initial velocity
    /// (target-distances per second) is added to the velocity the entity already has.
    public mutating func animate(_ e: Entity, to target: Vec2, with spring: SpringParameters) {
        guard let r = row(of: e), target.isFinite else { return }
        springIndex[r] = springID(spring)
        let kick = spring.initialVelocity
        velocityX[r] = MotionLimits.speed(velocityX[r] + kick * (target.x - positionX[r]))
        velocityY[r] = MotionLimits.speed(velocityY[r] + kick * (target.y - positionY[r]))
        setTarget(e, target)
    }

    /// Holds the entity at `position` with no velocity (a point under the finger).
    public mutating func pin(_ e: Entity, at position: Vec2) {
        guard let r = row(of: e), position.isFinite else { return }
        positionX[r] = position.x; positionY[r] = position.y
        targetX[r] = position.x; targetY[r] = position.y
        velocityX[r] = 0; velocityY[r] = 0
        motion[r] = .pinned
        atRest[r] = true
    }

    /// Places the entity at `position`, at rest, as if it had always been there (layout on resize).
    public mutating func teleport(_ e: Entity, to position: Vec2) {
        guard let r = row(of: e), position.isFinite else { return }
        positionX[r] = position.x; positionY[r] = position.y
        previousX[r] = position.x; previousY[r] = position.y
        targetX[r] = position.x; targetY[r] = position.y
        velocityX[r] = 0; velocityY[r] = 0
        motion[r] = .spring
        atRest[r] = true
    }

    /// Sets the velocity, clamped to `MotionLimits.maxSpeed` per axis; a non-finite one is ignored.
    public mutating func setVelocity(_ e: Entity, _ velocity: Vec2) {
        guard let r = row(of: e), velocity.isFinite else { return }
        velocityX[r] = MotionLimits.speed(velocity.x); velocityY[r] = MotionLimits.speed(velocity.y)
        atRest[r] = false
    }

    public mutating func setSpring(_ e: Entity, _ spring: SpringParameters) {
        guard let r = row(of: e) else { return }
        springIndex[r] = springID(spring)
    }

    /// Moves those of `entities` that follow `old` onto `new`, mid-flight or at rest, keeping their
    /// position, velocity and target (live tuning). Entities on another spring keep it.
    public mutating func replaceSpring(_ old: SpringParameters, with new: SpringParameters,
                                       for entities: some Sequence<Entity>) {
        guard old != new, let from = springs.firstIndex(of: old) else { return }
        let to = springID(new)
        for e in entities {
            if let r = row(of: e), springIndex[r] == Int32(from) { springIndex[r] = to }
        }
    }

    /// The spring `e` follows (nil for a stale handle).
    public func spring(_ e: Entity) -> SpringParameters? {
        guard let r = row(of: e) else { return nil }
        return springs[Int(springIndex[r])]
    }

    public func name(_ e: Entity) -> String {
        guard let r = row(of: e) else { return "" }
        return name[r]
    }
}
