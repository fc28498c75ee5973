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
    public static let originalHeight = 44.0
    public static let maxStretchHeight = 44.0
    public static let maxScaleFactor = 0.6
    /// The blob's top (and bottom) inset in the strip.
    public static let blobInset = 7.0
    public static let radius = 15.0
    public static let blobFill = RGBA(85, 85, 85).withOpacity(0.6)
    /// The list holds this much open while refreshing.
    public static let refreshingHeight = 44.0
    /// Pulling past this starts a refresh: 2 · originalHeight.
    public static var refreshThreshold: Double { originalHeight + maxStretchHeight }
    /// The demo's refresh takes this long unless Space ends it.
    public static let refreshDuration = 2.0
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
    public static let rowHeight = 44.0
    public static let rowCount = 30
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

    public private(set) var list: ListView
    public private(set) var blob: Entity
    public private(set) var size = Size(0, 0)
    public private(set) var state: StickyState = .original
    /// Whether the next refresh to end succeeds (S sets it, F clears it).
    public private(set) var nextRefreshSucceeds = true
    /// When the current refresh started and will end, and when its result appeared.
    public private(set) var refreshStart = 0.0
    public private(set) var refreshEnd = 0.0
    public private(set) var resultStart = 0.0
    /// The list is closing the strip after a result.
    public private(set) var isClosing = false
    /// The strip height the blob had when the refresh started (it shrinks from that shape).
    var frozenHeight = 88.0
    /// False for a refresh started by Space: no blob to shrink.
    var blobShrinksAway = true
    private var closeTween: Tween?
    var path = Path()
    let rowLabels: [String]

    public init(size: Size) {
        var s = Simulation()
        list = ListView(world: &s.world, name: "list", rowHeight: StickyRefresh.rowHeight, rowCount: StickyRefresh.rowCount)
        blob = s.world.spawn("blob", at: .zero, spring: ListView.bounceSpring)
        sim = s
        rowLabels = (0..<StickyRefresh.rowCount).map { "Row \($0 + 1)" }
        resize(to: size)
    }

    /// The pull h now: the strip's visible height (the list entity's y).
    public var h: Double { list.offset(in: sim.world) }

    // MARK: Blob geometry (the spec's numbers)

    /// The stretched blob's numbers in blob coordinates (centre line x = 15, top at the strip's y 7).
    public struct BlobGeometry: Hashable, Sendable {
        /// s = 1 − 0.6·(h − 44)/44: 1 at h = 44, 0.4 at h = 88.
        public var scale: Double
        /// Top half-circle: centre (15, 15), radius 15s.
        public var topRadius: Double
        /// Cy = (h − 14) − 15s²: the bottom half-circle's centre y.
        public var bottomCenterY: Double
        /// Bottom half-circle radius 15s².
        public var bottomRadius: Double
        /// The side curves' control points' y: 15 + (Cy − 15)/2.
        public var controlY: Double
    }

    /// The stretching blob for a strip of height h (clamped to 44…88).
    public static func blobGeometry(h: Double) -> BlobGeometry {
        let hh = min(max(h.isFinite ? h : originalHeight, originalHeight), refreshThreshold)
        let s = 1 - maxScaleFactor * (hh - maxStretchHeight) / maxStretchHeight
        let r = radius
        let cy = (hh - 2 * blobInset) - r * s * s
        return BlobGeometry(scale: s, topRadius: r * s, bottomCenterY: cy, bottomRadius: r * s * s,
                            controlY: r + (cy - r) / 2)
    }

    /// Appends the stretched blob for strip height h, in blob coordinates placed at `origin`
    /// (the window point of blob (0, 0)), shrunk by `shrink` (1 = full size) towards its top centre.
    public static func blobPath(h: Double, origin: Vec2 = .zero, shrink: Double = 1, into path: inout Path) {
        let g = blobGeometry(h: h)
        let q = max(0, min(shrink.isFinite ? shrink : 1, 1))
        guard q > 0 else { return }
        let r = radius
        func p(_ x: Double, _ y: Double) -> Vec2 { Vec2(origin.x + r + (x - r) * q, origin.y + y * q) }
        let s2 = r * g.scale * g.scale
        path.move(to: p(r - g.topRadius, r))
        path.arc(center: p(r, r), radius: g.topRadius * q, start: Double.pi, end: 2 * Double.pi, clockwise: true)
        path.quad(to: p(r + s2, g.bottomCenterY), control: p(r + s2, g.controlY))
        path.arc(center: p(r, g.bottomCenterY), radius: g.bottomRadius * q, start: 0, end: Double.pi, clockwise: true)
        path.quad(to: p(r - g.topRadius, r), control: p(r - s2, g.controlY))
        path.close()
    }

    // MARK: Scene

    public func resize(to newSize: Size) {
        let w = newSize.width.isFinite ? newSize.width : 1
        let hgt = newSize.height.isFinite ? newSize.height : 1
        size = Size(max(w, 1), max(hgt, 1))
        let bar = StickyRefresh.barHeight
        list.layout(frame: Rect(x: 0, y: bar, width: size.width, height: max(size.height - bar, 0)), world: &sim.world)
        placeBlob()
    }

    public func handle(_ event: InputEvent) {
        let now = sim.time
        switch event {
        case .key(.space):
            switch state {
            case .refreshing: finishRefresh()
            case .original, .normal, .stretching: beginRefresh(now: now, h: h, byKey: true)
            case .succeeded, .failed: break
            }
        case .key(.s):
            nextRefreshSucceeds = true
            reports.append("sticky-refresh: refreshes will succeed")
        case .key(.f):
            nextRefreshSucceeds = false
            reports.append("sticky-refresh: refreshes will fail")
        case .key:
            break
        default:
            if list.handle(event, world: &sim.world, time: now), list.isHeld, closeTween != nil {
                // Grabbed while closing: the finger takes over; releasing springs to 0.
                closeTween = nil
            }
        }
    }

    public func step(dt: Double) {
        guard dt.isFinite, dt > 0 else { return }
        sim.step(dt: dt)
        let now = sim.time
        list.step(world: &sim.world, time: now)
        update(now: now)
        placeBlob()
    }

    private func set(_ newState: StickyState) {
        guard newState != state else { return }
        state = newState
        reports.append("sticky-refresh: \(newState.rawValue)")
    }

    private func update(now: Double) {
        let h = self.h
        let held = list.isHeld
        switch state {
        case .original, .normal, .stretching:
            if h > StickyRefresh.refreshThreshold {
                beginRefresh(now: now, h: h)
            } else if h >= StickyRefresh.originalHeight {
                if held { set(.stretching) }
            } else if h > 1e-6 {
                set(.normal)
            } else if !held {
                set(.original)
            }
        case .refreshing:
            if now >= refreshEnd - 1e-9 { finishRefresh() }
        case .succeeded, .failed:
            if !isClosing, now >= resultStart + StickyRefresh.resultFadeDuration + StickyRefresh.resultHoldDuration - 1e-9 {
                isClosing = true
                list.setTopInset(0, world: &sim.world, time: now)
                if !held {
                    closeTween = Tween(from: h, to: 0, start: now, duration: StickyRefresh.closeDuration, easing: .easeInOut)
                }
            }
            if isClosing {
                if let tween = closeTween, !list.isHeld {
                    list.drive(to: tween.value(at: now), world: &sim.world)
                    if tween.isFinished(at: now) { closeTween = nil }
                }
                if closeTween == nil, !list.isHeld, self.h <= 1e-6 {
                    isClosing = false
                    set(.original)
                }
            }
        }
    }

    /// `byKey`: started by Space rather than a pull past 88; the list opens from wherever it is, and
    /// there is no stretched blob to shrink away (a full-size one would spill out of the opening strip).
    private func beginRefresh(now: Double, h: Double, byKey: Bool = false) {
        blobShrinksAway = !byKey
        frozenHeight = min(max(h, StickyRefresh.originalHeight), StickyRefresh.refreshThreshold)
        set(.refreshing)
        refreshStart = now
        refreshEnd = now + StickyRefresh.refreshDuration
        list.setTopInset(StickyRefresh.refreshingHeight, world: &sim.world, time: now)
        if !list.isHeld { list.settle(to: StickyRefresh.refreshingHeight, world: &sim.world) }
    }

    private func finishRefresh() {
        guard state == .refreshing else { return }
        resultStart = sim.time
        isClosing = false
        set(nextRefreshSucceeds ? .succeeded : .failed)
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

    public var isIdle: Bool {
        !list.isBusy && sim.isAtRest && closeTween == nil
            && (state == .original || state == .normal || state == .stretching)
    }

    public var mainSpring: SpringParameters { list.spring }
    public func setMainSpring(_ spring: SpringParameters) {
        sim.world.replaceSpring(list.spring, with: spring, for: CollectionOfOne(list.entity)); list.spring = spring
    }
}
