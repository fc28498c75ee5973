/// One spring-driven scalar: the value type behind the `elastic spring` inspector and a handy
/// reference for tests. Scenes use the spring system over the world's arrays instead.
public struct Spring: Sendable {
    public var parameters: SpringParameters
    public var value: Double
    public var velocity: Double
    public var target: Double

    public init(_ parameters: SpringParameters, value: Double, target: Double, velocity: Double? = nil) {
        self.parameters = parameters
        self.value = value
        self.target = target
        // UIKit's initial velocity is in target-distances per second.
        self.velocity = velocity ?? parameters.initialVelocity * (target - value)
    }

    /// Advances by `dt` with the exact solution.
    public mutating func step(_ dt: Double) {
        let map = SpringStep(parameters, dt: dt)
        let (x, v) = map.apply(x: value - target, v: velocity)
        value = target + x
        velocity = v
    }

    /// Where the spring is `t` seconds from now, without changing it.
    public func sample(after t: Double) -> (value: Double, velocity: Double) {
        let (x, v) = SpringStep.solve(w0: parameters.naturalFrequency, zeta: parameters.dampingRatio,
                                      x0: value - target, v0: velocity, t: t)
        return (target + x, v)
    }
}
