import ElasticCore

/// Pull-to-refresh over a list of rows under a header, as sticky-refresh and wave-balls share it.
///
/// Pulling the list down past `threshold` starts a refresh; it ends by itself after
/// `refreshDuration` (the demos' set time) or early on Space, and Space at rest starts one with the
/// list wherever it is. After a refresh the list closes back to 0 on a tween (ease-in-out) that a
/// grab cancels: the finger takes over, and releasing springs the list back as usual.
///
/// The scenes add their own phases and drawing on top: what the list does while refreshing (held
/// open, or locked and eased), what fills the revealed strip, and when an ended refresh is over.
/// The part owns the `ListView` (its offset entity is the world's `list`); it neither reports nor draws.
public struct RefreshingList: Sendable {
    /// The refresh cycle.
    public enum Phase: String, Sendable, Hashable {
        /// Scrolling and pulling.
        case idle
        /// Started by a pull past the threshold or by Space; the list is the scene's to hold.
        case refreshing
        /// The refresh is over: the scene shows its outcome while the list closes.
        case ending
    }

    /// What an input event asks of the scene.
    public enum Request: Sendable, Hashable {
        /// Space at rest: start a refresh from where the list is.
        case start
        /// Space while refreshing: end the refresh now.
        case end
    }

    /// The demos end a refresh this long after it started.
    public static let refreshDuration = 2.0

    public var list: ListView
    /// "Row 1", "Row 2", …, made once so drawing allocates nothing.
    public let rowLabels: [String]
    /// Pulling the list further than this starts a refresh.
    public let threshold: Double
    /// True: only a held pull starts a refresh (a gesture handler's trigger). False: any pull past
    /// the threshold does, the list's own motion included (a scroll observer's trigger).
    public let triggersOnlyWhileHeld: Bool
    public private(set) var phase: Phase = .idle
    /// When the current (or last) refresh started, when it ends unless Space ends it first, and
    /// when it did end.
    public private(set) var refreshStart = 0.0
    public private(set) var refreshDue = 0.0
    public private(set) var refreshEnded = 0.0
    /// The list has begun closing after the refresh (and is not back at rest yet).
    public private(set) var isClosing = false
    /// The closing motion; nil before it starts, once it arrives, or after a grab.
    private var closing: Tween?

    /// Spawns the list's offset entity, named `list`, into `world`.
    public init(world: inout World, rowHeight: Double, rowCount: Int, threshold: Double, triggersOnlyWhileHeld: Bool) {
        list = ListView(world: &world, name: "list", rowHeight: rowHeight, rowCount: rowCount)
        rowLabels = (0..<max(rowCount, 0)).map { "Row \($0 + 1)" }
        self.threshold = threshold
        self.triggersOnlyWhileHeld = triggersOnlyWhileHeld
    }

    /// The pull h: the list's offset, the height of the strip it reveals under the header.
    public func pull(in world: World) -> Double { list.offset(in: world) }

    /// Lays the list out under a header `headerHeight` tall in a window of `size`, made finite and
    /// at least 1×1; returns that size.
    public mutating func layout(window size: Size, headerHeight: Double, world: inout World) -> Size {
        let w = size.width.isFinite ? size.width : 1
        let h = size.height.isFinite ? size.height : 1
        let window = Size(max(w, 1), max(h, 1))
        let frame = Rect(x: 0, y: headerHeight, width: window.width, height: max(window.height - headerHeight, 0))
        list.layout(frame: frame, world: &world)
        return window
    }

    /// Advances the scene's springs by `dt`, then the list (its fling and spring bookkeeping follow
    /// the springs); returns the scene time now, nil for a step that is not a positive length.
    public mutating func step(_ sim: inout Simulation, dt: Double) -> Double? {
        guard dt.isFinite, dt > 0 else { return nil }
        sim.step(dt: dt)
        list.step(world: &sim.world, time: sim.time)
        return sim.time
    }

    // MARK: Input

    /// Applies an input event at scene time `now`. Space asks to start a refresh at rest or end the
    /// running one (nothing while one is ending); pointers and the wheel move the list, and a grab
    /// cancels the closing tween. Other keys are the scene's.
    public mutating func handle(_ event: InputEvent, world: inout World, now: Double) -> Request? {
        switch event {
        case .key(.space):
            switch phase {
            case .idle: return .start
            case .refreshing: return .end
            case .ending: return nil
            }
        case .key:
            return nil
        default:
            if list.handle(event, world: &world, time: now), list.isHeld { closing = nil }
            return nil
        }
    }

    // MARK: The cycle

    /// At rest and pulled past the threshold (held, where the effect asks for that).
    public func isPastThreshold(in world: World) -> Bool {
        phase == .idle && pull(in: world) > threshold && (list.isHeld || !triggersOnlyWhileHeld)
    }

    /// Starts a refresh at `now`, due to end `refreshDuration` later.
    public mutating func startRefresh(at now: Double) {
        phase = .refreshing
        refreshStart = now
        refreshDue = now + RefreshingList.refreshDuration
    }

    /// The running refresh has reached its set time.
    public func isRefreshOver(at now: Double) -> Bool {
        phase == .refreshing && now >= refreshDue - 1e-9
    }

    /// Ends the running refresh at `now`; false when none runs.
    public mutating func endRefresh(at now: Double) -> Bool {
        guard phase == .refreshing else { return false }
        phase = .ending
        refreshEnded = now
        isClosing = false
        return true
    }

    /// Starts closing at `now`: the list rests at 0 again and, unless a finger holds it, eases there
    /// from where it is over `duration`.
    public mutating func close(at now: Double, over duration: Double, world: inout World) {
        isClosing = true
        list.setTopInset(0, world: &world, time: now)
        if !list.isHeld {
            closing = Tween(from: pull(in: world), to: 0, start: now, duration: duration, easing: .easeInOut)
        }
    }

    /// Places the closing list at its tween's value for `now` (not while held).
    public mutating func driveClosing(at now: Double, world: inout World) {
        guard let tween = closing, !list.isHeld else { return }
        list.drive(to: tween.value(at: now), world: &world)
        if tween.isFinished(at: now) { closing = nil }
    }

    /// The closing list is back at 0, left alone.
    public func hasClosed(in world: World) -> Bool {
        closing == nil && !list.isHeld && pull(in: world) <= 1e-6
    }

    /// Back to scrolling and pulling.
    public mutating func rest() {
        phase = .idle
        isClosing = false
    }

    /// Nothing runs, nothing closes, and the list neither moves by itself nor is held.
    public var isAtRest: Bool { phase == .idle && closing == nil && !list.isBusy }

    /// Replaces the list's spring (the scene's main spring): in flight, it continues on the new one.
    public mutating func setSpring(_ spring: SpringParameters, world: inout World) {
        world.replaceSpring(list.spring, with: spring, for: CollectionOfOne(list.entity))
        list.spring = spring
    }
}
