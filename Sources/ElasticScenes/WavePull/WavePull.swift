import ElasticCore

/// `wave-pull` (seed 000, PanRefresh): seven spring control points and three chained quadratic
/// curves hang from the top edge; dragging down pulls a wave under the pointer, releasing springs
/// the points' y back to the resting height with UIKit's spring (0.9, 0.57, 0).
/// Unlike the original, the wave can be grabbed again while it springs back, every finger pulls
/// its own crest (see `Crests`), and Space plucks it.
public final class WavePull: SimulationScene {
    public static let name = "wave-pull"
    public let title = "wave-pull: drag down anywhere"
    public let spaceAction = "pluck the wave"

    // The seed's constants.
    public static let minimumHeight = 64.0
    public static let maximumHeight = 200.0
    public static let fill = RGBA(57, 67, 89)
    public static let pointNames = ["l3", "l2", "l1", "c", "r1", "r2", "r3"]
    public static let releaseSpring = try! SpringParameters.uikit(duration: 0.9, dampingRatio: 0.57, initialVelocity: 0)
    /// Re-grabbing mid-flight lets the points catch up with the finger on this critically damped
    /// spring instead of jumping to it (the original ignored such touches).
    public static let catchUpSpring = try! SpringParameters.uikit(duration: 0.2, dampingRatio: 1, initialVelocity: 0)

    /// Names of a spawned crest's points (a second finger's crest), for traces.
    public static let crestPointNames = pointNames.map { "crest.\($0)" }
    /// Space plucks the resting wave: its centre point is flung down this fast (points per
    /// second) and springs back on `releaseSpring`.
    public static let pluckSpeed = 1500.0

    public private(set) var sim = Simulation()
    public private(set) var mainSpring = WavePull.releaseSpring
    public var reports: [String] = []

    /// The resting wave's points (crest 0): l3, l2, l1, c, r1, r2, r3.
    public private(set) var points: [Entity] = []
    public private(set) var size = Size(0, 0)

    var crests: Crests
    private var outline = WaveOutline()
    private var path = Path()

    public init(size: Size) {
        var world = World()
        for name in WavePull.pointNames {
            points.append(world.spawn(name, at: .zero, spring: WavePull.releaseSpring))
        }
        sim.world = world
        crests = Crests(restingWave: points)
        resize(to: size)
    }

    /// The layout of the seven points for a drag distance and pointer x (the spec's table).
    public static func layout(width w: Double, dragDistance: Double, locationX: Double) -> [Vec2] {
        let add = min(max(dragDistance.isFinite ? dragDistance : 0, 0), maximumHeight)
        let wave = min(maximumHeight, 0.6 * add)
        let base = minimumHeight + add - wave
        let lx = locationX.isFinite ? locationX : w / 2
        let minLeftX = min((lx - w / 2) * 0.28, 0)
        let maxRightX = max(w + (lx - w / 2) * 0.28, w)
        let lw = lx - minLeftX
        let rw = maxRightX - lx
        return [
            Vec2(minLeftX, base),
            Vec2(minLeftX + 0.44 * lw, base),
            Vec2(minLeftX + 0.71 * lw, base + 0.64 * wave),
            Vec2(lx, base + 1.36 * wave),
            Vec2(maxRightX - 0.71 * rw, base + 0.64 * wave),
            Vec2(maxRightX - 0.44 * rw, base),
            Vec2(maxRightX, base),
        ]
    }

    /// The drag distance whose layout puts the centre point at `centerY` (inverse of c.y = 64 + 1.216·add).
    static func dragDistance(forCenterY centerY: Double) -> Double {
        min(max((centerY - minimumHeight) / (1 - 0.6 + 0.6 * 1.36), 0), maximumHeight)
    }

    public func resize(to newSize: Size) {
        let old = size
        size = Size(max(newSize.width, 1), max(newSize.height, 1))
        if old.width <= 0 || isIdle {
            let rest = WavePull.layout(width: size.width, dragDistance: 0, locationX: size.width / 2)
            for (e, p) in zip(points, rest) { sim.world.teleport(e, to: p) }
            return
        }
        // Mid-motion: stretch x with the window, keep y and the motion.
        let sx = size.width / old.width
        for k in 0..<Crests.capacity where crests.isLive[k] {
            crests.pointerX[k] *= sx
            for i in 0..<Crests.pointCount {
                let e = crests.entity(k, i)
                let p = sim.world.position(e), t = sim.world.target(e)
                let v = sim.world.velocity(e)
                sim.world.teleport(e, to: Vec2(p.x * sx, p.y))
                sim.world.setTarget(e, Vec2(t.x * sx, t.y))
                sim.world.setVelocity(e, v)
            }
        }
    }

    public func handle(_ event: InputEvent) {
        switch event {
        case let .pointerDown(id, p):
            guard crests.crest(heldBy: id) == nil else { return }
            if crests.holder[0] == nil { grabRestingWave(id, at: p) } else { spawnCrest(id, at: p) }
        case let .pointerMove(id, p):
            guard let k = crests.crest(heldBy: id) else { return }
            crests.pointerX[k] = p.x
            follow(k, pointerY: p.y)
        case let .pointerUp(id, _), let .pointerCancel(id):
            if let k = crests.crest(heldBy: id) { release(k) }
        case .key(.space):
            pluck()
        default:
            break
        }
    }

    /// The first finger takes the resting wave's own points, continuing from the wave as it is:
    /// the drag starts at the distance its centre shows.
    private func grabRestingWave(_ id: PointerID, at p: Vec2) {
        crests.holder[0] = id
        crests.pointerX[0] = p.x
        let c = sim.world.position(points[3])
        crests.originY[0] = p.y - WavePull.dragDistance(forCenterY: c.y)
        crests.catchingUp[0] = !crests.isAtRest(0, in: sim.world)
        follow(0, pointerY: p.y)
    }

    /// Another finger spawns its own crest, starting as high as the wave already is under it, so
    /// nothing jumps when it lands and nothing springs back when the first finger lifts.
    private func spawnCrest(_ id: PointerID, at p: Vec2) {
        guard let k = crests.freeCrest() else { return }
        let x = p.x.isFinite ? p.x : size.width / 2
        let add = dragDistance(meeting: waveY(atX: x), atX: x)
        let layout = WavePull.layout(width: size.width, dragDistance: add, locationX: x)
        for i in 0..<Crests.pointCount {
            let e = sim.world.spawn(WavePull.crestPointNames[i], at: layout[i], spring: mainSpring)
            crests.points[k * Crests.pointCount + i] = e
            sim.world.pin(e, at: layout[i])
        }
        crests.isLive[k] = true
        crests.holder[k] = id
        crests.pointerX[k] = x
        crests.originY[k] = p.y - add
        crests.catchingUp[k] = false
    }

    /// The drag distance whose crest at `x` reaches down to `y`. Every y of the layout is linear
    /// in the drag distance (wave = 0.6·add never reaches its cap), so one sample gives the slope.
    private func dragDistance(meeting y: Double, atX x: Double) -> Double {
        let probe = 100.0
        let l = WavePull.layout(width: size.width, dragDistance: probe, locationX: x)
        let slope = (CrestCurve { l[$0] }.y(atX: x) - WavePull.minimumHeight) / probe
        guard slope > 1e-9, y.isFinite else { return 0 }
        return min(max((y - WavePull.minimumHeight) / slope, 0), WavePull.maximumHeight)
    }

    /// The wave's lower edge at `x` at the latest step: the lowest of all crests' curves there.
    public func waveY(atX x: Double) -> Double {
        var y = -Double.infinity
        for k in 0..<Crests.capacity where crests.isLive[k] {
            y = max(y, crests.curve(k, in: sim.world).y(atX: x))
        }
        return y
    }

    /// How many crests are out (1: only the resting wave's own).
    public var crestCount: Int { crests.liveCount }

    private func follow(_ k: Int, pointerY: Double) {
        let layout = WavePull.layout(width: size.width, dragDistance: pointerY - crests.originY[k],
                                     locationX: crests.pointerX[k])
        for i in 0..<Crests.pointCount {
            let e = crests.entity(k, i), p = layout[i]
            if crests.catchingUp[k] {
                sim.world.setSpring(e, WavePull.catchUpSpring)
                sim.world.setTarget(e, p)
            } else {
                sim.world.pin(e, at: p)
            }
        }
    }

    private func release(_ k: Int) {
        crests.holder[k] = nil
        crests.catchingUp[k] = false
        for i in 0..<Crests.pointCount {
            let e = crests.entity(k, i)
            let p = sim.world.position(e)
            sim.world.animate(e, to: Vec2(p.x, WavePull.minimumHeight), with: mainSpring)
        }
    }

    /// Space: an impulse to the resting wave's centre point, which springs back on its own.
    /// A finger holding the wave owns it: no pluck then.
    public func pluck() {
        guard crests.holder[0] == nil else { return }
        let c = points[3]
        sim.world.setSpring(c, mainSpring)
        sim.world.setVelocity(c, sim.world.velocity(c) + Vec2(0, WavePull.pluckSpeed))
    }

    public func step(dt: Double) {
        sim.step(dt: dt)
        // Once the points have caught up with the finger they follow it exactly again.
        for k in 0..<Crests.capacity where crests.catchingUp[k] && crests.isAtRest(k, in: sim.world) {
            crests.catchingUp[k] = false
        }
        retireSettledCrests()
    }

    /// Spawned crests go back to the world once released and at rest, but only when no released
    /// crest still moves: a flat crest may be hiding another's overshoot above the resting line.
    private func retireSettledCrests() {
        guard crests.liveCount > 1 else { return }
        for k in 0..<Crests.capacity where crests.isLive[k] && crests.holder[k] == nil {
            if !crests.isAtRest(k, in: sim.world) { return }
        }
        for k in 1..<Crests.capacity where crests.isLive[k] && crests.holder[k] == nil {
            for i in 0..<Crests.pointCount { sim.world.despawn(crests.entity(k, i)) }
            crests.isLive[k] = false
        }
    }

    public var isIdle: Bool { !crests.isAnyHeld && crests.liveCount == 1 && sim.isAtRest }

    public func draw(into list: inout DrawList, tessellator: inout Tessellator, alpha: Double) {
        list.clearColor = .white
        path.removeAll()
        if crests.liveCount > 1 {
            outline.reset(width: size.width)
            for k in 0..<Crests.capacity where crests.isLive[k] {
                outline.add(crests.curve(k, in: sim.world, alpha: alpha))
            }
            outline.appendPath(into: &path)
        } else {
            appendRestingWavePath(alpha: alpha)
        }
        tessellator.fill(path, color: WavePull.fill, into: &list)
    }

    /// The spec's path through the resting wave's seven points.
    private func appendRestingWavePath(alpha: Double) {
        let w = size.width
        let l3 = sim.world.interpolatedPosition(points[0], alpha: alpha)
        let l2 = sim.world.interpolatedPosition(points[1], alpha: alpha)
        let l1 = sim.world.interpolatedPosition(points[2], alpha: alpha)
        let c = sim.world.interpolatedPosition(points[3], alpha: alpha)
        let r1 = sim.world.interpolatedPosition(points[4], alpha: alpha)
        let r2 = sim.world.interpolatedPosition(points[5], alpha: alpha)
        let r3 = sim.world.interpolatedPosition(points[6], alpha: alpha)
        path.move(to: Vec2(0, 0))
        path.line(to: Vec2(0, l3.y))
        path.quad(to: l1, control: l2)
        path.quad(to: r1, control: c)
        path.quad(to: r3, control: r2)
        path.line(to: Vec2(w, 0))
        path.close()
    }

    public func setMainSpring(_ spring: SpringParameters) {
        sim.world.replaceSpring(mainSpring, with: spring, for: crests.points); mainSpring = spring
    }
}
