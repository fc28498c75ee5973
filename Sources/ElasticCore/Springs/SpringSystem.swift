/// The spring system: advances every spring entity of a `World` by one fixed step with the exact
/// solution (a precomputed `SpringStep` per parameter set), keeps the previous positions for
/// interpolation, and settles entities that have come to rest.
public struct SpringSystem: Sendable {
    public private(set) var dt: Double
    public var rest: RestThreshold
    /// One step map per row of `World.springs`, rebuilt when that table grows or dt changes.
    public private(set) var steps: [SpringStep] = []
    private var stepsFor: [SpringParameters] = []

    public init(dt: Double, rest: RestThreshold = .standard) {
        precondition(dt.isFinite && dt > 0, "the spring system needs a positive finite step")
        self.dt = dt
        self.rest = rest
    }

    /// Brings the step maps up to date with the world's spring table (cheap when nothing changed).
    public mutating func prepare(for world: World) {
        if stepsFor.count == world.springs.count { return }
        for i in stepsFor.count..<world.springs.count {
            steps.append(SpringStep(world.springs[i], dt: dt))
            stepsFor.append(world.springs[i])
        }
    }

    /// One fixed step over all entities. Allocation-free once prepared.
    public mutating func step(_ world: inout World) {
        prepare(for: world)
        let n = world.count
        let restD = rest.distance, restV = rest.speed
        // With one parameter set every entity follows row 0: no per-entity lookup.
        let shared: SpringStep? = world.springs.count == 1 ? steps[0] : nil
        let maxD = MotionLimits.maxDisplacement, maxV = MotionLimits.maxSpeed
        // The world's columns all through mutable pointers: a read-only one of an inout world is
        // retained and released around the loop (an atomic pair per column a step).
        steps.withUnsafeBufferPointer { maps in
        world.springIndex.withUnsafeMutableBufferPointer { springOf in
        world.motion.withUnsafeMutableBufferPointer { motion in
        world.targetX.withUnsafeMutableBufferPointer { tx in
        world.targetY.withUnsafeMutableBufferPointer { ty in
        world.positionX.withUnsafeMutableBufferPointer { px in
        world.positionY.withUnsafeMutableBufferPointer { py in
        world.velocityX.withUnsafeMutableBufferPointer { vx in
        world.velocityY.withUnsafeMutableBufferPointer { vy in
        world.previousX.withUnsafeMutableBufferPointer { prevX in
        world.previousY.withUnsafeMutableBufferPointer { prevY in
        world.atRest.withUnsafeMutableBufferPointer { atRest in
            // Same loop either way; with one parameter set the map is hoisted out of the loop.
            @inline(__always) func advance(_ i: Int, _ m: SpringStep) {
                prevX[i] = px[i]; prevY[i] = py[i]
                if motion[i] == .pinned || atRest[i] {
                    px[i] = tx[i]; py[i] = ty[i]
                    return
                }
                let dx = px[i] - tx[i], dy = py[i] - ty[i]
                var nx = m.xx * dx + m.xv * vx[i], nvx = m.vx * dx + m.vv * vx[i]
                var ny = m.xx * dy + m.xv * vy[i], nvy = m.vx * dy + m.vv * vy[i]
                // Beyond the limits (a huge fling on a soft spring): stop at the wall, cap the speed.
                if abs(nx) > maxD { nx = nx > 0 ? maxD : -maxD; nvx = 0 }
                if abs(ny) > maxD { ny = ny > 0 ? maxD : -maxD; nvy = 0 }
                if abs(nvx) > maxV { nvx = nvx > 0 ? maxV : -maxV }
                if abs(nvy) > maxV { nvy = nvy > 0 ? maxV : -maxV }
                if abs(nx) < restD, abs(ny) < restD, abs(nvx) < restV, abs(nvy) < restV {
                    px[i] = tx[i]; py[i] = ty[i]; vx[i] = 0; vy[i] = 0; atRest[i] = true
                } else if nx.isFinite && ny.isFinite && nvx.isFinite && nvy.isFinite {
                    px[i] = tx[i] + nx; py[i] = ty[i] + ny; vx[i] = nvx; vy[i] = nvy
                } else {
                    // Only reachable with absurd velocities (overflow): settle rather than show NaN.
                    px[i] = tx[i]; py[i] = ty[i]; vx[i] = 0; vy[i] = 0; atRest[i] = true
                }
            }
            if let m = shared {
                for i in 0..<n { advance(i, m) }
            } else {
                for i in 0..<n { advance(i, maps[Int(springOf[i])]) }
            }
        }}}}}}}}}}}}
    }

    /// True when every entity is at rest (an idle scene need not redraw).
    public static func allAtRest(_ world: World) -> Bool {
        for i in 0..<world.count where !world.atRest[i] { return false }
        return true
    }
}
