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
    ///
    /// Per entity: pinned or at-rest entities snap to their target (velocity and rest flag kept);
    /// the others take the exact step, and settle (snap, zero velocity, at rest) when the result is
    /// within the rest threshold or not finite. The loop body is written without branches (every
    /// array element is written back, selecting between the outcomes), and when the world uses a
    /// single spring the step map is hoisted out of the loop instead of gathered per entity: it
    /// runs about as fast as a hand-written Euler step over the same arrays.
    public mutating func step(_ world: inout World) {
        prepare(for: world)
        let n = world.count
        let restD = rest.distance, restV = rest.speed
        // With one parameter set every entity follows row 0: no per-entity lookup needed.
        let shared: SpringStep? = world.springs.count == 1 ? steps[0] : nil
        steps.withUnsafeBufferPointer { maps in
        world.springIndex.withUnsafeBufferPointer { springOf in
        world.motion.withUnsafeBufferPointer { motion in
        world.targetX.withUnsafeBufferPointer { tx in
        world.targetY.withUnsafeBufferPointer { ty in
        world.positionX.withUnsafeMutableBufferPointer { px in
        world.positionY.withUnsafeMutableBufferPointer { py in
        world.velocityX.withUnsafeMutableBufferPointer { vx in
        world.velocityY.withUnsafeMutableBufferPointer { vy in
        world.previousX.withUnsafeMutableBufferPointer { prevX in
        world.previousY.withUnsafeMutableBufferPointer { prevY in
        world.atRest.withUnsafeMutableBufferPointer { atRest in
            let a = Arrays(motion: motion.baseAddress, tx: tx.baseAddress, ty: ty.baseAddress,
                           px: px.baseAddress, py: py.baseAddress, vx: vx.baseAddress, vy: vy.baseAddress,
                           prevX: prevX.baseAddress, prevY: prevY.baseAddress, atRest: atRest.baseAddress)
            if let m = shared {
                for i in 0..<n { SpringSystem.advance(i, m, a, restD: restD, restV: restV) }
            } else {
                for i in 0..<n { SpringSystem.advance(i, maps[Int(springOf[i])], a, restD: restD, restV: restV) }
            }
        }}}}}}}}}}}}
    }

    /// The arrays one step reads and writes (valid only inside `step`).
    private struct Arrays {
        let motion: UnsafePointer<Motion>?, tx: UnsafePointer<Double>?, ty: UnsafePointer<Double>?
        let px: UnsafeMutablePointer<Double>?, py: UnsafeMutablePointer<Double>?
        let vx: UnsafeMutablePointer<Double>?, vy: UnsafeMutablePointer<Double>?
        let prevX: UnsafeMutablePointer<Double>?, prevY: UnsafeMutablePointer<Double>?
        let atRest: UnsafeMutablePointer<Bool>?
    }

    @inline(__always)
    private static func advance(_ i: Int, _ m: SpringStep, _ a: Arrays, restD: Double, restV: Double) {
        let x0 = a.px.unsafelyUnwrapped[i], y0 = a.py.unsafelyUnwrapped[i]
        let vx0 = a.vx.unsafelyUnwrapped[i], vy0 = a.vy.unsafelyUnwrapped[i]
        let tX = a.tx.unsafelyUnwrapped[i], tY = a.ty.unsafelyUnwrapped[i]
        let wasAtRest = a.atRest.unsafelyUnwrapped[i]
        let skip = (a.motion.unsafelyUnwrapped[i] == .pinned) || wasAtRest
        a.prevX.unsafelyUnwrapped[i] = x0; a.prevY.unsafelyUnwrapped[i] = y0
        let dx = x0 - tX, dy = y0 - tY
        let nx = m.xx * dx + m.xv * vx0, nvx = m.vx * dx + m.vv * vx0
        let ny = m.xx * dy + m.xv * vy0, nvy = m.vx * dy + m.vv * vy0
        let inside = abs(nx) < restD && abs(ny) < restD && abs(nvx) < restV && abs(nvy) < restV
        // Non-finite results (only with absurd velocities) settle rather than show NaN.
        let finite = nx.isFinite && ny.isFinite && nvx.isFinite && nvy.isFinite
        let moving = !skip && !inside && finite
        a.px.unsafelyUnwrapped[i] = moving ? tX + nx : tX
        a.py.unsafelyUnwrapped[i] = moving ? tY + ny : tY
        a.vx.unsafelyUnwrapped[i] = moving ? nvx : (skip ? vx0 : 0)
        a.vy.unsafelyUnwrapped[i] = moving ? nvy : (skip ? vy0 : 0)
        a.atRest.unsafelyUnwrapped[i] = skip ? wasAtRest : !moving
    }

    /// True when every entity is at rest (an idle scene need not redraw).
    public static func allAtRest(_ world: World) -> Bool {
        for i in 0..<world.count where !world.atRest[i] { return false }
        return true
    }
}
