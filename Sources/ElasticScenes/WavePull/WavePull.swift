import ElasticCore

/// `wave-pull` (seed 000, PanRefresh): seven spring control points and three chained quadratic
/// curves hang from the top edge; dragging down pulls a wave under the pointer, releasing springs
/// the points' y back to the resting height with UIKit's spring (0.9, 0.57, 0).
/// Unlike the original, the wave can be grabbed again while it springs back.
public final class WavePull: SimulationScene {
    public static let name = "wave-pull"
    public let title = "wave-pull: drag down anywhere"

    // The seed's constants.
    public static let minimumHeight = 64.0
    public static let maximumHeight = 200.0
    public static let fill = RGBA(57, 67, 89)
    public static let pointNames = ["l3", "l2", "l1", "c", "r1", "r2", "r3"]
    public static let releaseSpring = try! SpringParameters.uikit(duration: 0.9, dampingRatio: 0.57, initialVelocity: 0)
    /// Re-grabbing mid-flight lets the points catch up with the finger on this critically damped
    /// spring instead of jumping to it (the original ignored such touches).
    public static let catchUpSpring = try! SpringParameters.uikit(duration: 0.2, dampingRatio: 1, initialVelocity: 0)

    public private(set) var sim = Simulation()
    public var reports: [String] = []

    /// l3, l2, l1, c, r1, r2, r3.
    public private(set) var points: [Entity] = []
    public private(set) var size = Size(0, 0)

    private var dragger: PointerID?
    /// Pointer y where the drag distance is 0 (moved up on a re-grab so the wave does not jump).
    private var dragOriginY = 0.0
    private var pointerX = 0.0
    private var catchingUp = false
    private var path = Path()

    public init(size: Size) {
        for name in WavePull.pointNames {
            points.append(sim.world.spawn(name, at: .zero, spring: WavePull.releaseSpring))
        }
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
        if old.width <= 0 || (isIdle && dragger == nil) {
            let rest = WavePull.layout(width: size.width, dragDistance: 0, locationX: size.width / 2)
            for (e, p) in zip(points, rest) { sim.world.teleport(e, to: p) }
            return
        }
        // Mid-motion: stretch x with the window, keep y and the motion.
        let sx = size.width / old.width
        pointerX *= sx
        for e in points {
            let p = sim.world.position(e), t = sim.world.target(e)
            let v = sim.world.velocity(e)
            sim.world.teleport(e, to: Vec2(p.x * sx, p.y))
            sim.world.setTarget(e, Vec2(t.x * sx, t.y))
            sim.world.setVelocity(e, v)
        }
    }

    public func handle(_ event: InputEvent) {
        switch event {
        case let .pointerDown(id, p):
            guard dragger == nil else { return }
            dragger = id
            pointerX = p.x
            // Continue from the wave as it is: the drag starts at the distance the centre shows.
            let c = sim.world.position(points[3])
            dragOriginY = p.y - WavePull.dragDistance(forCenterY: c.y)
            catchingUp = !sim.isAtRest
            follow(pointerY: p.y)
        case let .pointerMove(id, p) where id == dragger:
            pointerX = p.x
            follow(pointerY: p.y)
        case let .pointerUp(id, _) where id == dragger:
            release()
        case let .pointerCancel(id) where id == dragger:
            release()
        default:
            break
        }
    }

    private func follow(pointerY: Double) {
        let layout = WavePull.layout(width: size.width, dragDistance: pointerY - dragOriginY, locationX: pointerX)
        for (e, p) in zip(points, layout) {
            if catchingUp {
                sim.world.setSpring(e, WavePull.catchUpSpring)
                sim.world.setTarget(e, p)
            } else {
                sim.world.pin(e, at: p)
            }
        }
    }

    private func release() {
        dragger = nil
        catchingUp = false
        for e in points {
            let p = sim.world.position(e)
            sim.world.animate(e, to: Vec2(p.x, WavePull.minimumHeight), with: WavePull.releaseSpring)
        }
    }

    public func step(dt: Double) {
        sim.step(dt: dt)
        // Once the points have caught up with the finger they follow it exactly again.
        if catchingUp, sim.isAtRest { catchingUp = false }
    }

    public var isIdle: Bool { dragger == nil && sim.isAtRest }

    public func draw(into list: inout DrawList, tessellator: inout Tessellator, alpha: Double) {
        list.clearColor = .white
        let w = size.width
        let l3 = sim.world.interpolatedPosition(points[0], alpha: alpha)
        let l2 = sim.world.interpolatedPosition(points[1], alpha: alpha)
        let l1 = sim.world.interpolatedPosition(points[2], alpha: alpha)
        let c = sim.world.interpolatedPosition(points[3], alpha: alpha)
        let r1 = sim.world.interpolatedPosition(points[4], alpha: alpha)
        let r2 = sim.world.interpolatedPosition(points[5], alpha: alpha)
        let r3 = sim.world.interpolatedPosition(points[6], alpha: alpha)
        path.removeAll()
        path.move(to: Vec2(0, 0))
        path.line(to: Vec2(0, l3.y))
        path.quad(to: l1, control: l2)
        path.quad(to: r1, control: c)
        path.quad(to: r3, control: r2)
        path.line(to: Vec2(w, 0))
        path.close()
        tessellator.fill(path, color: WavePull.fill, into: &list)
    }
}
