import ElasticCore

/// `gooey-menu` (seed 001, DGGooeySlideMenu): a round camera button toggles a Skype-like action
/// sheet. The sheet's top edge is a quadratic curve whose control point is bent by
/// diff = side helper − centre helper, two invisible spring entities launched towards the same
/// target with different UIKit springs; the body slides in 0.618 s ease-in-out under a dark veil.
/// The buttons the original left unfinished are built: pill buttons entering one after the other on
/// their own springs; a tap on one closes the menu and reports its index, a tap on the veil closes it.
/// Unlike the original, toggling mid-animation continues from where everything is.
public final class GooeyMenu: SimulationScene {
    public static let name = "gooey-menu"
    public let title = "gooey-menu: click the camera (Space) to toggle the menu"
    public let spaceAction = "open / close the menu"

    // The seed's constants (the spec's gooey-menu section).
    public static let menuColor = RGBA(0, 175, 240)
    /// The veil at full strength (its alpha tween scales this).
    public static let veilColor = RGBA(0, 0, 0, 115)
    /// Height of the blank band above the menu's edge, where the bulge lives.
    public static let blankBand = 80.0
    public static let slideDuration = 0.618
    public static let veilDuration = 0.3
    /// Helpers start this far below the window's bottom and close to `closedHelperOffset` below it.
    public static let startHelperOffset = 60.0
    public static let closedHelperOffset = 20.0
    public static let sideOpenSpring = try! SpringParameters.uikit(duration: 1.0, dampingRatio: 0.5, initialVelocity: 0.9)
    public static let centerOpenSpring = try! SpringParameters.uikit(duration: 1.0, dampingRatio: 0.8, initialVelocity: 2.0)
    public static let sideCloseSpring = try! SpringParameters.uikit(duration: 1.0, dampingRatio: 0.6, initialVelocity: 0.9)
    public static let centerCloseSpring = try! SpringParameters.uikit(duration: 1.0, dampingRatio: 0.7, initialVelocity: 2.0)
    // Buttons (the original's unfinished part, built to the spec's numbers).
    public static let buttonTitles = ["Take photo", "Photo library", "Record video", "Cancel"]
    public static let buttonHeight = 40.0
    public static let buttonSpace = 30.0
    public static let buttonMargin = 40.0
    /// A button enters from this far below its place.
    public static let buttonDrop = 90.0
    /// Button i of N starts after i · staggerTotal / N seconds.
    public static let staggerTotal = 0.3
    public static let buttonSpring = try! SpringParameters.uikit(duration: 0.7, dampingRatio: 0.6, initialVelocity: 0)
    public static let toggleRadius = 32.0
    public static let titleSize = 17.0

    /// What a pointer pressed.
    enum Target: Equatable {
        case toggle
        case button(Int)
        case veil
        case body
    }

    public private(set) var sim = Simulation()
    public private(set) var mainSpring = GooeyMenu.buttonSpring
    public var reports: [String] = []

    public let sideHelper: Entity
    public let centerHelper: Entity
    /// Button centres relative to the menu's edge: x in window coordinates, y below the edge
    /// (the buttons ride the sliding body, as subviews of the original's menu view would).
    public private(set) var buttons: [Entity] = []
    public private(set) var size = Size(1, 1)
    /// The state the menu is heading to.
    public private(set) var isOpen = false
    /// Body slide, 0 = closed (edge below the window) … 1 = open (edge at H/2), eased in and out.
    public private(set) var slide = Tween.constant(0)
    /// Veil opacity 0…1.
    public private(set) var veil = Tween.constant(0)
    /// Scene time at which each button's entrance spring starts (nil: none pending).
    public private(set) var pendingEntrance: [Double?]

    /// Fingers (and the mouse) down, each with what it pressed. Fingers on the same target make
    /// one press: it carries on with the remaining ones and acts once, when the last lifts over it.
    var pressers: [PointerID] = []
    var pressedTargets: [Target?] = []
    /// Ten fingers and the mouse fit; more are ignored.
    static let maxPressers = 16
    var path = Path()
    /// Button labels gathered while the pills are filled, added after them (reused: no per-frame allocation).
    var labels: [TextItem] = []

    public init(size: Size) {
        let rest = Vec2(0, 0)
        sideHelper = sim.world.spawn("side-helper", at: rest, spring: GooeyMenu.sideOpenSpring)
        centerHelper = sim.world.spawn("center-helper", at: rest, spring: GooeyMenu.centerOpenSpring)
        for i in GooeyMenu.buttonTitles.indices {
            buttons.append(sim.world.spawn("button\(i)", at: rest, spring: GooeyMenu.buttonSpring))
        }
        pendingEntrance = Array(repeating: nil, count: GooeyMenu.buttonTitles.count)
        pressers.reserveCapacity(GooeyMenu.maxPressers)
        pressedTargets.reserveCapacity(GooeyMenu.maxPressers)
        self.size = GooeyMenu.sanitized(size)
        layOutAtRest()
    }

    static func sanitized(_ s: Size) -> Size {
        Size(s.width.isFinite ? max(s.width, 1) : 1, s.height.isFinite ? max(s.height, 1) : 1)
    }

    // MARK: Layout (all from the window size)

    public var openEdgeY: Double { size.height / 2 }
    /// Closed, the edge and its band sit wholly below the window.
    public var closedEdgeY: Double { size.height + GooeyMenu.blankBand }
    public var openHelperY: Double { size.height / 2 }
    public var closedHelperY: Double { size.height + GooeyMenu.closedHelperOffset }
    public var startHelperY: Double { size.height + GooeyMenu.startHelperOffset }
    public var toggleCenter: Vec2 { Vec2(size.width / 2, size.height / 2) }
    public var toggleRadius: Double { max(min(GooeyMenu.toggleRadius, min(size.width, size.height) / 6), 0.5) }

    /// Buttons shrink (height, spacing and type together) only when the visible body is too short.
    var buttonScale: Double {
        let n = Double(GooeyMenu.buttonTitles.count)
        let stack = n * GooeyMenu.buttonHeight + (n - 1) * GooeyMenu.buttonSpace
        let visible = size.height / 2
        return max(min(1, visible / (stack + GooeyMenu.buttonSpace)), 0.01)
    }

    public var buttonWidth: Double {
        let w = size.width - 2 * GooeyMenu.buttonMargin
        return w >= size.width / 2 ? w : size.width * 2 / 3
    }

    public var buttonHeight: Double { GooeyMenu.buttonHeight * buttonScale }

    /// Button i's resting centre relative to the edge (stack centred in the visible body, H/2 tall).
    public func buttonPlace(_ i: Int) -> Vec2 {
        let s = buttonScale
        let n = Double(GooeyMenu.buttonTitles.count)
        let stack = (n * GooeyMenu.buttonHeight + (n - 1) * GooeyMenu.buttonSpace) * s
        let top = (size.height / 2 - stack) / 2
        let y = top + s * (Double(i) * (GooeyMenu.buttonHeight + GooeyMenu.buttonSpace) + GooeyMenu.buttonHeight / 2)
        return Vec2(size.width / 2, y)
    }

    func hiddenPlace(_ i: Int) -> Vec2 { buttonPlace(i) + Vec2(0, GooeyMenu.buttonDrop) }

    /// The edge's straight-line y at scene time `t`.
    public func edgeY(at t: Double) -> Double {
        closedEdgeY + (openEdgeY - closedEdgeY) * slide.value(at: t)
    }

    /// diff = sideHelper.y − centerHelper.y from the latest step.
    public var diff: Double { sim.world.position(sideHelper).y - sim.world.position(centerHelper).y }

    private func layOutAtRest() {
        let helperY = isOpen ? openHelperY : startHelperY
        sim.world.teleport(sideHelper, to: Vec2(size.width / 2, helperY))
        sim.world.teleport(centerHelper, to: Vec2(size.width / 2, helperY))
        for (i, b) in buttons.enumerated() {
            sim.world.teleport(b, to: isOpen ? buttonPlace(i) : hiddenPlace(i))
        }
    }

    public func resize(to newSize: Size) {
        let old = size
        let oldPlaces = buttons.indices.map(buttonPlace)
        let oldOpenY = openHelperY, oldClosedY = closedHelperY
        size = GooeyMenu.sanitized(newSize)
        if isIdle {
            layOutAtRest()
            return
        }
        // Mid-motion: move each entity by how much its goal moved, keeping its motion.
        let helperShift = isOpen ? openHelperY - oldOpenY : closedHelperY - oldClosedY
        shift(sideHelper, by: Vec2(size.width / 2 - old.width / 2, helperShift))
        shift(centerHelper, by: Vec2(size.width / 2 - old.width / 2, helperShift))
        for (i, b) in buttons.enumerated() { shift(b, by: buttonPlace(i) - oldPlaces[i]) }
    }

    private func shift(_ e: Entity, by d: Vec2) {
        let p = sim.world.position(e), t = sim.world.target(e), v = sim.world.velocity(e)
        let moving = !sim.world.isAtRest(e)
        sim.world.teleport(e, to: p + d)
        if moving {
            sim.world.setTarget(e, t + d)
            sim.world.setVelocity(e, v)
        }
    }

    // MARK: Input

    public func handle(_ event: InputEvent) {
        switch event {
        case let .pointerDown(id, p):
            guard !pressers.contains(id), pressers.count < GooeyMenu.maxPressers else { return }
            pressers.append(id)
            pressedTargets.append(hitTest(p))
        case let .pointerUp(id, p):
            guard let i = pressers.firstIndex(of: id) else { return }
            let wasPressed = pressedTargets[i]
            pressers.remove(at: i)
            pressedTargets.remove(at: i)
            // Another finger still on the same target carries the press on.
            guard let wasPressed, !pressedTargets.contains(wasPressed) else { return }
            if hitTest(p) == wasPressed { activate(wasPressed) }
        case let .pointerCancel(id):
            guard let i = pressers.firstIndex(of: id) else { return }
            pressers.remove(at: i)
            pressedTargets.remove(at: i)
        case .key(.space):
            toggle()
        default:
            break
        }
    }

    /// What lies under `p` now (latest step).
    func hitTest(_ p: Vec2) -> Target? {
        guard p.isFinite else { return nil }
        if isOpen {
            let edge = edgeY(at: sim.time)
            let u = min(max(p.x / size.width, 0), 1)
            let curveY = edge + 2 * u * (1 - u) * diff
            guard p.y >= curveY else { return .veil }
            for i in buttons.indices where buttonRect(i, edgeY: edge, position: sim.world.position(buttons[i])).contains(p) {
                return .button(i)
            }
            return .body
        }
        if (p - toggleCenter).length <= toggleRadius { return .toggle }
        return nil
    }

    func buttonRect(_ i: Int, edgeY: Double, position: Vec2) -> Rect {
        let w = buttonWidth, h = buttonHeight
        return Rect(x: position.x - w / 2, y: edgeY + position.y - h / 2, width: w, height: h)
    }

    private func activate(_ target: Target) {
        switch target {
        case .toggle:
            toggle()
        case let .button(i):
            reports.append("gooey-menu: button \(i) \"\(GooeyMenu.buttonTitles[i])\" tapped")
            close()
        case .veil:
            close()
        case .body:
            break
        }
    }

    /// The main control (the camera button, Space).
    public func toggle() { isOpen ? close() : open() }

    public func open() {
        isOpen = true
        let t = sim.time
        sim.world.animate(sideHelper, to: Vec2(size.width / 2, openHelperY), with: GooeyMenu.sideOpenSpring)
        sim.world.animate(centerHelper, to: Vec2(size.width / 2, openHelperY), with: GooeyMenu.centerOpenSpring)
        slide = slide.retargeted(to: 1, at: t, duration: GooeyMenu.slideDuration, easing: .easeInOut)
        veil = veil.retargeted(to: 1, at: t, duration: GooeyMenu.veilDuration, easing: .easeInOut)
        let n = Double(buttons.count)
        for i in buttons.indices { pendingEntrance[i] = t + Double(i) * GooeyMenu.staggerTotal / n }
        startDueEntrances()
    }

    public func close() {
        isOpen = false
        let t = sim.time
        sim.world.animate(sideHelper, to: Vec2(size.width / 2, closedHelperY), with: GooeyMenu.sideCloseSpring)
        sim.world.animate(centerHelper, to: Vec2(size.width / 2, closedHelperY), with: GooeyMenu.centerCloseSpring)
        slide = slide.retargeted(to: 0, at: t, duration: GooeyMenu.slideDuration, easing: .easeInOut)
        veil = veil.retargeted(to: 0, at: t, duration: GooeyMenu.veilDuration, easing: .easeInOut)
        for (i, b) in buttons.enumerated() {
            pendingEntrance[i] = nil
            sim.world.animate(b, to: hiddenPlace(i), with: mainSpring)
        }
    }

    private func startDueEntrances() {
        for i in buttons.indices {
            guard let start = pendingEntrance[i], start <= sim.time + 1e-9 else { continue }
            pendingEntrance[i] = nil
            sim.world.animate(buttons[i], to: buttonPlace(i), with: mainSpring)
        }
    }

    public func step(dt: Double) {
        startDueEntrances()
        sim.step(dt: dt)
    }

    public var isIdle: Bool {
        pressers.isEmpty && sim.isAtRest && slide.isFinished(at: sim.time) && veil.isFinished(at: sim.time)
            && pendingEntrance.allSatisfy { $0 == nil }
    }

    public func setMainSpring(_ spring: SpringParameters) {
        sim.world.replaceSpring(mainSpring, with: spring, for: buttons); mainSpring = spring
    }
}
