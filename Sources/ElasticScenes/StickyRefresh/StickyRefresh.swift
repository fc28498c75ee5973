import Foundation
import ElasticCore

/// The states of the sticky refresher (ZNStickyRefresher's `refreshState`).
public enum StickyState: String, Sendable, Hashable, CaseIterable {
    /// At rest, nothing pulled.
    case original
    /// Pulled less than 44: a round blob centred in the strip.
    case normal
    /// Held between 44 and 88: the blob stretches.
    case stretching
    /// Pulled past 88: the list holds 44 open and a spinner turns.
    case refreshing
    case succeeded
    case failed
}

/// `sticky-refresh` (seed 003, ZNStickyRefresher: QQ's sticky pull-to-refresh). A list of rows
/// under a 64-pt bar; pulling it down by h reveals a strip of height h holding a grey blob with a
/// refresh arrow. Past 44 the blob stretches (two arcs joined by two quadratic curves), past 88 it
/// lets go: the list holds 44 open, the blob shrinks away, a spinner turns, and after the refresh
/// (2 s, or Space) a check mark with "Refreshed" or a "!" with "Refresh failed" fades in before
/// the list closes. S / F choose whether refreshes succeed or fail.
///
/// The state rules are the original's (its scroll-view observer): h < 44 → normal; 44 ≤ h ≤ 88
/// while held → stretching; h > 88 → refreshing, held or not; a released list between 44 and 88
/// keeps its state. Unlike the original, the blob follows h in every frame, and the list can be
/// grabbed at any time (mid-spring, mid-refresh, while closing) and continues from where it is.
///
/// Entities: `list` (y = the pull h, the strip's visible height), `blob` (x = its centre line,
/// y = the centre of its bottom circle, both in window coordinates).
public final class StickyRefresh: SimulationScene, TextMeasuringScene {
    public static let name = "sticky-refresh"
    public let title = "sticky-refresh: pull the list down; S / F: next refresh succeeds / fails"
    public let spaceAction = "start / end a refresh"

    // The seed's constants.
    public static let barHeight = 64.0
    /// The list holds this much open while refreshing.
    public static let refreshingHeight = 44.0
    /// The blob shrinks upward and fades over this…
    public static let shrinkDuration = 0.15
    /// …and the spinner starts this much later.
    public static let spinnerDelay = 0.2
    /// The result fades in over this…
    public static let resultFadeDuration = 0.5
    /// …stays this much longer…
    public static let resultHoldDuration = 0.5
    /// …then the list closes the strip over this (UIView.animate's default ease-in-out).
    public static let closeDuration = 0.5

    // Look (not in the seed's text: iOS defaults).
    public static let background = RGBA(239, 239, 244)
    public static let rowColor = RGBA.white
    public static let separatorColor = RGBA(200, 199, 204)
    public static let textColor = RGBA(0, 0, 0)
    public static let barColor = RGBA(248, 248, 248)
    public static let barLineColor = RGBA(178, 178, 178)
    public static let resultColor = RGBA(85, 85, 85)
    public static let iconSize = 20.0
    public static let spinnerSize = 22.0
    public static let successText = "Refreshed"
    public static let failureText = "Refresh failed"
    public var textWidth: ((_ text: String, _ size: Double) -> Double?)?

    public private(set) var sim = Simulation()
    public var reports: [String] = []

    /// The list under the bar and its refresh cycle (a refresh takes `RefreshingList.refreshDuration`
    /// unless Space ends it).
    public private(set) var refresh: RefreshingList
    public var list: ListView { refresh.list }
    public private(set) var blob: Entity
    public private(set) var size = Size(0, 0)
    /// The state while no refresh runs: original, normal or stretching.
    private var pullState: StickyState = .original
    /// How the last refresh ended.
    private var lastRefreshSucceeded = true
    /// Whether the next refresh to end succeeds (S sets it, F clears it).
    public private(set) var nextRefreshSucceeds = true
    /// When the current refresh started and will end, and when its result appeared.
    public var refreshStart: Double { refresh.refreshStart }
    public var refreshEnd: Double { refresh.refreshDue }
    public var resultStart: Double { refresh.refreshEnded }
    /// The list is closing the strip after a result.
    public var isClosing: Bool { refresh.isClosing }
    /// The strip height the blob had when the refresh started (it shrinks from that shape).
    var frozenHeight = 88.0
    /// False for a refresh started by Space: no blob to shrink.
    var blobShrinksAway = true
    var path = Path()

    public init(size: Size) {
        var s = Simulation()
        // UITableView's default 44-pt rows (the seed's text has none).
        refresh = RefreshingList(world: &s.world, rowHeight: 44, rowCount: 30,
                                 threshold: StickyRefresh.refreshThreshold, triggersOnlyWhileHeld: false)
        blob = s.world.spawn("blob", at: .zero, spring: ListView.bounceSpring)
        sim = s
        resize(to: size)
    }

    /// The pull h now: the strip's visible height (the list entity's y).
    public var h: Double { refresh.pull(in: sim.world) }

    /// The pull's state at rest, the refresh cycle's otherwise.
    public var state: StickyState {
        switch refresh.phase {
        case .idle: return pullState
        case .refreshing: return .refreshing
        case .ending: return lastRefreshSucceeded ? .succeeded : .failed
        }
    }

    // MARK: Scene

    public func resize(to newSize: Size) {
        size = refresh.layout(window: newSize, headerHeight: StickyRefresh.barHeight, world: &sim.world)
        placeBlob()
    }

    public func handle(_ event: InputEvent) {
        switch event {
        case .key(.s):
            nextRefreshSucceeds = true
            reports.append("sticky-refresh: refreshes will succeed")
        case .key(.f):
            nextRefreshSucceeds = false
            reports.append("sticky-refresh: refreshes will fail")
        default:
            switch refresh.handle(event, world: &sim.world, now: sim.time) {
            case .start?: beginRefresh(now: sim.time, h: h, byKey: true)
            case .end?: finishRefresh()
            case nil: break
            }
        }
    }

    public func step(dt: Double) {
        guard let now = refresh.step(&sim, dt: dt) else { return }
        update(now: now)
        placeBlob()
    }

    private func report(_ state: StickyState) {
        reports.append(StickyRefresh.reportLine(state))
    }

    /// "sticky-refresh: " and the state's name, as literals: states change inside `step`, in
    /// frames that allocate nothing, and an interpolated line allocated its text (2 mallocs).
    static func reportLine(_ state: StickyState) -> String {
        switch state {
        case .original: return "sticky-refresh: original"
        case .normal: return "sticky-refresh: normal"
        case .stretching: return "sticky-refresh: stretching"
        case .refreshing: return "sticky-refresh: refreshing"
        case .succeeded: return "sticky-refresh: succeeded"
        case .failed: return "sticky-refresh: failed"
        }
    }

    private func setPullState(_ newState: StickyState) {
        guard newState != pullState else { return }
        pullState = newState
        report(newState)
    }

    private func update(now: Double) {
        let h = self.h
        let held = refresh.list.isHeld
        switch refresh.phase {
        case .idle:
            if refresh.isPastThreshold(in: sim.world) {
                beginRefresh(now: now, h: h)
            } else if h >= StickyRefresh.originalHeight {
                if held { setPullState(.stretching) }
            } else if h > 1e-6 {
                setPullState(.normal)
            } else if !held {
                setPullState(.original)
            }
        case .refreshing:
            if refresh.isRefreshOver(at: now) { finishRefresh() }
        case .ending:
            // The result shows, then the list closes the strip; a grab while closing takes over
            // and releasing springs it to 0.
            if !isClosing, now >= resultStart + StickyRefresh.resultFadeDuration + StickyRefresh.resultHoldDuration - 1e-9 {
                refresh.close(at: now, over: StickyRefresh.closeDuration, world: &sim.world)
            }
            if isClosing {
                refresh.driveClosing(at: now, world: &sim.world)
                if refresh.hasClosed(in: sim.world) {
                    refresh.rest()
                    pullState = .original
                    report(.original)
                }
            }
        }
    }

    /// `byKey`: started by Space rather than a pull past 88; the list opens from wherever it is, and
    /// there is no stretched blob to shrink away (a full-size one would spill out of the opening strip).
    private func beginRefresh(now: Double, h: Double, byKey: Bool = false) {
        blobShrinksAway = !byKey
        frozenHeight = min(max(h, StickyRefresh.originalHeight), StickyRefresh.refreshThreshold)
        refresh.startRefresh(at: now)
        report(.refreshing)
        refresh.list.setTopInset(StickyRefresh.refreshingHeight, world: &sim.world, time: now)
        if !refresh.list.isHeld { refresh.list.settle(to: StickyRefresh.refreshingHeight, world: &sim.world) }
    }

    private func finishRefresh() {
        guard refresh.endRefresh(at: sim.time) else { return }
        lastRefreshSucceeded = nextRefreshSucceeds
        report(state)
    }

    /// Writes the blob entity: its centre line and the centre of its lowest circle.
    private func placeBlob() {
        let h = self.h
        let x = size.width / 2
        let top = StickyRefresh.barHeight
        let y: Double
        switch state {
        case .stretching:
            y = top + StickyRefresh.blobInset + StickyRefresh.blobGeometry(h: h).bottomCenterY
        case .refreshing, .succeeded, .failed:
            y = top + StickyRefresh.blobInset   // shrunk into its top
        case .original, .normal:
            y = top + h / 2
        }
        sim.world.pin(blob, at: Vec2(x, y))
    }

    public var isIdle: Bool { refresh.isAtRest && sim.isAtRest }

    public var mainSpring: SpringParameters { refresh.list.spring }
    public func setMainSpring(_ spring: SpringParameters) { refresh.setSpring(spring, world: &sim.world) }
}
