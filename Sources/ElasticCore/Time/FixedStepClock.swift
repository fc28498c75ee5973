/// The fixed-timestep accumulator ("Fix Your Timestep!"): real frame time goes in, a whole number
/// of fixed steps comes out, and the leftover fraction of a step is the interpolation factor.
///
/// The frame delta is clamped (`maxFrameDelta`, 0.25 s by default) so a stall, a debugger pause or
/// a minimised window costs at most that much simulated time instead of a spiral of catch-up steps.
public struct FixedStepClock: Sendable {
    public let stepRate: Double
    public let dt: Double
    public var maxFrameDelta: Double

    /// Simulated time not yet consumed by a step, 0 ≤ accumulator < dt after `advance`.
    public private(set) var accumulator: Double = 0
    /// Steps taken since the start: the simulated time is `steps · dt`.
    public private(set) var steps: Int = 0
    /// Time given to `advance` that was dropped by the clamp.
    public private(set) var droppedTime: Double = 0
    private var lastTime: Double?

    /// Tolerance for float round-off in frame deltas (1/144 s added up is not exact): a remainder
    /// this close to a whole step counts as one, so 144 frames of 1/144 s make exactly 240 steps.
    private static let roundOff = 1e-9

    public init(stepRate: Double = 240, maxFrameDelta: Double = 0.25) {
        precondition(stepRate.isFinite && stepRate > 0, "step rate must be positive")
        self.stepRate = stepRate
        self.dt = 1 / stepRate
        self.maxFrameDelta = maxFrameDelta > 0 && maxFrameDelta.isFinite ? maxFrameDelta : 0.25
    }

    /// Simulated time reached by the steps taken so far.
    public var time: Double { Double(steps) * dt }

    /// How far (0…1) the display time lies between the last step and the next one.
    public var alpha: Double { min(max(accumulator / dt, 0), 1) }

    /// Feeds the time of a new frame (from any `TimeSource`); returns the steps to run now.
    /// The first call only starts the clock.
    public mutating func tick(now: Double) -> Int {
        defer { lastTime = now }
        guard let last = lastTime else { return 0 }
        return advance(by: now - last)
    }

    /// Restarts the frame-delta measurement at `now` without stepping: after a pause (a hidden
    /// window) the gap is not simulated at all, rather than as one clamped burst.
    public mutating func resync(now: Double) {
        lastTime = now
    }

    /// Feeds a frame delta directly; returns the number of fixed steps to run now.
    /// Negative or non-finite deltas count as 0; deltas above `maxFrameDelta` are clamped.
    public mutating func advance(by frameDelta: Double) -> Int {
        var delta = frameDelta.isFinite ? max(frameDelta, 0) : 0
        if delta > maxFrameDelta {
            droppedTime += delta - maxFrameDelta
            delta = maxFrameDelta
        }
        accumulator += delta
        var n = 0
        while accumulator >= dt - FixedStepClock.roundOff * dt {
            accumulator -= dt
            n += 1
        }
        if accumulator < 0 { accumulator = 0 }
        steps += n
        return n
    }
}
