import ElasticCore

/// `jelly-block` (seed 002, CADisplayLinkDemo): a 100×100 blue block springs from the bottom to
/// y = 100 with UIKit's spring (1.0, 0.85, 0); every frame its top and bottom edges arch by
/// d = h/2 · (0.5 − |p − 0.5|) from its progress p, peaking at 25 mid-flight and square at rest.
/// A Start button (or Space) launches it; a press while it moves restarts it from the bottom, as the
/// spec says. Desktop extra: the block can be dragged and flung; on release it springs to the nearer
/// end with the same spring, keeping the fling's velocity.
public final class JellyBlock: SimulationScene {
    public static let name = "jelly-block"
    public let title = "jelly-block: Start (Space) launches; drag and fling the block"
    public let spaceAction = "launch the block"

    // The seed's constants (the spec's jelly-block section).
    public static let blockSize = Size(100, 100)
    public static let color = RGBA(0, 0, 255)
    /// `to`: the centre's y at the top end.
    public static let topY = 100.0
    /// `from` = H − bottomInset: the block starts resting on the bottom edge.
    public static let bottomInset = 50.0
    public static let spring = try! SpringParameters.uikit(duration: 1.0, dampingRatio: 0.85, initialVelocity: 0)
    /// |d| never exceeds h/4, the formula's own peak (25 at p = 0.5): the spring overshoots by
    /// 0.6 % of the travel at most (d ≥ −0.3), so this only bites on drags and flings past the
    /// ends, where p leaves 0…1 and the raw formula would stretch the block without bound and,
    /// for d > h, turn it inside out.
    public static let maxBulgeFraction = 0.25
    /// Pointer samples older than this do not count towards the fling velocity.
    public static let velocityWindow = 0.1

    // The Start control.
    public static let controlSize = Size(110, 44)
    public static let controlInset = 20.0
    public static let controlColor = RGBA(0, 122, 255)
    public static let controlPressedColor = RGBA(0, 88, 200)

    public enum End: Sendable { case bottom, top }

    public private(set) var sim = Simulation()
    public private(set) var mainSpring = JellyBlock.spring
    public var reports: [String] = []

    /// The block's centre.
    public let block: Entity
    public private(set) var size = Size(1, 1)
    /// The end the block rests at or heads to.
    public private(set) var end: End = .bottom

    private var dragger: PointerID?
    private var grabOffset = 0.0
    private var samples: [(time: Double, y: Double)] = []
    /// Other fingers down while one drags, with their last y: the drag passes to the earliest of
    /// them when the dragging finger lifts.
    private var waitingFingers: [PointerID] = []
    private var waitingFingerY: [Double] = []
    /// Ten fingers and the mouse fit; more are ignored.
    static let maxWaitingFingers = 16
    private var controlPresser: PointerID?
    private var controlPressedInside = false
    private var path = Path()

    public init(size: Size) {
        block = sim.world.spawn("block", at: .zero, spring: JellyBlock.spring)
        self.size = JellyBlock.sanitized(size)
        sim.world.teleport(block, to: Vec2(self.size.width / 2, fromY))
    }

    static func sanitized(_ s: Size) -> Size {
        Size(s.width.isFinite ? max(s.width, 1) : 1, s.height.isFinite ? max(s.height, 1) : 1)
    }

    // MARK: Layout

    /// `from`: the centre's y at the bottom end, H − 50.
    public var fromY: Double { size.height - JellyBlock.bottomInset }
    /// `to`: 100.
    public var toY: Double { JellyBlock.topY }
    func y(of end: End) -> Double { end == .bottom ? fromY : toY }

    /// The Start button, in the bottom-left corner (narrower when the window is).
    public var controlRect: Rect {
        let inset = min(JellyBlock.controlInset, size.width / 16, size.height / 16)
        let w = max(min(JellyBlock.controlSize.width, size.width / 2 - JellyBlock.blockSize.width / 2 - 2 * inset), min(60, size.width / 3))
        let h = min(JellyBlock.controlSize.height, size.height / 4)
        return Rect(x: inset, y: size.height - inset - h, width: w, height: h)
    }

    /// The block's rectangle (before the bulge) for a centre.
    public func blockRect(center: Vec2) -> Rect {
        let s = JellyBlock.blockSize
        return Rect(x: center.x - s.width / 2, y: center.y - s.height / 2, width: s.width, height: s.height)
    }

    /// p = 1 − (y − to)/(from − to): 0 at the bottom, 1 at the top (and at rest).
    public func progress(centerY y: Double) -> Double {
        let span = fromY - toY
        guard abs(span) > 1e-9, y.isFinite else { return 1 }
        return 1 - (y - toY) / span
    }

    /// d = h/2 · (0.5 − |p − 0.5|), clamped to ±h/4 (see `maxBulgeFraction`).
    public static func bulge(progress p: Double, height h: Double = blockSize.height) -> Double {
        guard p.isFinite else { return 0 }
        let d = h / 2 * (0.5 - abs(p - 0.5))
        let limit = h * maxBulgeFraction
        return min(max(d, -limit), limit)
    }

    public func bulge(centerY y: Double) -> Double { JellyBlock.bulge(progress: progress(centerY: y)) }

    /// The jelly outline for a centre (the spec's jelly-block path, moved from block to window
    /// coordinates).
    public static func shape(rect r: Rect, bulge d: Double, into path: inout Path) {
        let w = r.width, h = r.height
        path.move(to: Vec2(r.x, r.y + d))
        path.quad(to: Vec2(r.x + w, r.y + d), control: Vec2(r.x + w / 2, r.y))
        path.line(to: Vec2(r.x + w, r.y + h))
        path.quad(to: Vec2(r.x, r.y + h), control: Vec2(r.x + w / 2, r.y + h - d))
        path.close()
    }

    public func resize(to newSize: Size) {
        let oldP = progress(centerY: sim.world.position(block).y)
        let oldSpan = fromY - toY
        size = JellyBlock.sanitized(newSize)
        let x = size.width / 2
        if dragger == nil, sim.world.isAtRest(block) {
            sim.world.teleport(block, to: Vec2(x, y(of: end)))
            return
        }
        // Mid-motion: keep the progress and the motion, rescaled to the new span.
        let v = sim.world.velocity(block)
        let span = fromY - toY
        let scale = abs(oldSpan) > 1e-9 ? span / oldSpan : 1
        let y = toY + (1 - oldP) * span
        if dragger != nil {
            sim.world.pin(block, at: Vec2(x, y))
        } else {
            sim.world.teleport(block, to: Vec2(x, y))
            sim.world.setTarget(block, Vec2(x, self.y(of: end)))
            sim.world.setVelocity(block, Vec2(0, v.y * scale))
        }
    }

    // MARK: Input

    public func handle(_ event: InputEvent) {
        switch event {
        case let .pointerDown(id, p) where dragger != nil && !controlRect.contains(p):
            guard p.isFinite, id != dragger, !waitingFingers.contains(id),
                  waitingFingers.count < JellyBlock.maxWaitingFingers else { return }
            waitingFingers.append(id)
            waitingFingerY.append(p.y)
        case let .pointerDown(id, p):
            guard p.isFinite else { return }
            if controlRect.contains(p) {
                guard controlPresser == nil else { return }
                controlPresser = id
                controlPressedInside = true
            } else if dragger == nil, grabArea.contains(p) {
                dragger = id
                let c = sim.world.position(block)
                grabOffset = c.y - p.y
                samples.removeAll(keepingCapacity: true)
                samples.append((sim.time, p.y))
                sim.world.pin(block, at: Vec2(size.width / 2, c.y))
            }
        case let .pointerMove(id, p) where id == dragger:
            drag(to: p)
        case let .pointerMove(id, p) where id == controlPresser:
            controlPressedInside = controlRect.contains(p)
        case let .pointerUp(id, p) where id == dragger:
            drag(to: p)
            if !handOver() { release() }
        case let .pointerUp(id, p) where id == controlPresser:
            controlPresser = nil
            if controlRect.contains(p) { launch() }
        case let .pointerCancel(id) where id == dragger:
            if !handOver() { release() }
        case let .pointerMove(id, p) where waitingFingers.contains(id):
            if let i = waitingFingers.firstIndex(of: id), p.y.isFinite { waitingFingerY[i] = p.y }
        case let .pointerUp(id, _) where waitingFingers.contains(id), let .pointerCancel(id) where waitingFingers.contains(id):
            if let i = waitingFingers.firstIndex(of: id) {
                waitingFingers.remove(at: i)
                waitingFingerY.remove(at: i)
            }
        case let .pointerCancel(id) where id == controlPresser:
            controlPresser = nil
        case .key(.space):
            launch()
        default:
            break
        }
    }

    /// Where a press grabs the block: its rectangle at the latest step, with a little slack.
    var grabArea: Rect {
        let r = blockRect(center: sim.world.position(block))
        let slack = 8.0
        return Rect(x: r.x - slack, y: r.y - slack, width: r.width + 2 * slack, height: r.height + 2 * slack)
    }

    private func drag(to p: Vec2) {
        guard p.isFinite else { return }
        sim.world.pin(block, at: Vec2(size.width / 2, p.y + grabOffset))
        samples.append((sim.time, p.y))
        if samples.count > 64 { samples.removeFirst(samples.count - 64) }
    }

    /// The pointer's vertical speed over the last `velocityWindow` seconds (0 when it stood still).
    public var pointerVelocity: Double {
        guard let last = samples.last else { return 0 }
        guard sim.time - last.time <= JellyBlock.velocityWindow else { return 0 }
        guard let first = samples.first(where: { last.time - $0.time <= JellyBlock.velocityWindow }),
              last.time - first.time > 1e-9 else { return 0 }
        return (last.y - first.y) / (last.time - first.time)
    }

    /// The dragging finger lifted: the earliest waiting finger carries the drag on, re-anchored so
    /// the block stays where it is. The velocity samples move into its frame. False when none waits.
    private func handOver() -> Bool {
        guard !waitingFingers.isEmpty else { return false }
        dragger = waitingFingers.removeFirst()
        let y = waitingFingerY.removeFirst()
        let newOffset = sim.world.position(block).y - y
        let shift = grabOffset - newOffset
        for i in samples.indices { samples[i].y += shift }
        grabOffset = newOffset
        return true
    }

    private func forgetFingers() {
        waitingFingers.removeAll(keepingCapacity: true)
        waitingFingerY.removeAll(keepingCapacity: true)
    }

    private func release() {
        forgetFingers()
        let v = pointerVelocity
        dragger = nil
        samples.removeAll(keepingCapacity: true)
        let y = sim.world.position(block).y
        end = abs(y - toY) <= abs(y - fromY) ? .top : .bottom
        // The fling's own velocity, not UIKit's kick: set it, then retarget.
        sim.world.setVelocity(block, Vec2(0, v))
        sim.world.setTarget(block, Vec2(size.width / 2, self.y(of: end)))
    }

    /// The main control (Start, Space): launches the block from the bottom; restarts it when moving.
    public func launch() {
        dragger = nil
        forgetFingers()
        samples.removeAll(keepingCapacity: true)
        end = .top
        sim.world.teleport(block, to: Vec2(size.width / 2, fromY))
        sim.world.animate(block, to: Vec2(size.width / 2, toY), with: mainSpring)
    }

    public func step(dt: Double) {
        sim.step(dt: dt)
    }

    public var isIdle: Bool { dragger == nil && controlPresser == nil && sim.isAtRest }

    // MARK: Drawing

    public func draw(into list: inout DrawList, tessellator: inout Tessellator, alpha: Double) {
        list.clearColor = .white
        let c = sim.world.interpolatedPosition(block, alpha: alpha)
        path.removeAll()
        JellyBlock.shape(rect: blockRect(center: c), bulge: bulge(centerY: c.y), into: &path)
        tessellator.fill(path, color: JellyBlock.color, into: &list)

        let r = controlRect
        let down = controlPresser != nil && controlPressedInside
        tessellator.fillRoundedRect(r, radius: min(10, r.height / 2),
                                    color: down ? JellyBlock.controlPressedColor : JellyBlock.controlColor, into: &list)
        list.commitTriangles(blend: .blend)
        list.addText(TextItem("Start", at: Vec2(r.x + r.width / 2, r.y + r.height / 2),
                              size: min(17, r.height * 0.45), color: .white))
    }

    public func setMainSpring(_ spring: SpringParameters) {
        sim.world.replaceSpring(mainSpring, with: spring, for: CollectionOfOne(block)); mainSpring = spring
    }
}
