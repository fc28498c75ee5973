import Foundation
import ElasticCore

/// A vertical list scroller in the manner of UIScrollView, shared by the list scenes.
///
/// The scroll position is the *offset* h: how far the list's top sits below the top of its frame.
/// h = 0 at rest; h > 0 reveals a strip above the first row (pulling past the top: the visible
/// reveal the pull-to-refresh effects measure); h < 0 has scrolled into the content.
/// The offset is the y of a spring entity of the scene's world (normally named `list`), so it is
/// traced, interpolated between steps, and keeps its velocity from drag to fling to spring.
///
/// - Dragging follows the finger 1:1 inside the content range [−maxScroll, topInset] and with
///   UIScrollView's rubber-band resistance beyond it: for a finger travel x past the edge the list
///   moves `(1 − 1/(0.55·x/d + 1))·d`, d = max(frame height, 400) (the floor keeps a small
///   window pullable past the refresh thresholds).
/// - Releasing inside the range flings with UIScrollView's normal deceleration (0.998 per ms,
///   evaluated in closed form); a fling that reaches an edge bounces on `bounceSpring`.
/// - Releasing beyond an edge springs back to it on `bounceSpring` with the release velocity.
/// - The mouse wheel moves the target by the wheel's dy (positive dy moves the content down,
///   towards the top) on a short critically damped spring, rubber-banding past the top in the same
///   way; the list counts as held until `wheelReleaseDelay` after the last wheel event.
/// - Other fingers that go down during a drag wait; when the dragging finger lifts, the earliest
///   still down carries the drag on from where the list is (no jump, no spring back).
/// - A scene can hold the list open (`setTopInset`), take it over (`drive`, `settle`) or end a
///   drag (`endDrag`), and a grab always starts from wherever the list is, mid-flight included.
///
/// `handle` takes input events; `step` must be called once per fixed step *after* the world's
/// springs have stepped (it writes the fling into the entity so interpolation stays smooth).
/// Rows are laid out at `rowHeight` from the list's top; `visibleRows` gives the rows that
/// intersect the frame, so drawing is O(visible rows).
public struct ListView: Sendable {
    public enum Mode: Sendable, Hashable {
        /// At rest (or holding where it was left).
        case idle
        /// Following a pointer.
        case dragging
        /// Following the mouse wheel.
        case wheeling
        /// Gliding after a release, slowing down.
        case decelerating
        /// On its spring towards an edge or a scene-chosen offset.
        case springing
        /// Positioned by the scene every step (`drive`).
        case driven
    }

    /// UIScrollView's rubber-band constant.
    public static let rubberBandCoefficient = 0.55
    /// Smallest rubber-band dimension d, so tiny windows can still pull past the thresholds.
    public static let minimumRubberBandDimension = 400.0
    /// UIScrollView.DecelerationRate.normal: velocity multiplied by this every millisecond.
    public static let decelerationRate = 0.998
    /// Decay constant of the fling, 1000·ln(1/0.998) ≈ 2.002 per second.
    public static let decelerationConstant = -1000 * log(decelerationRate)
    /// A fling slower than this (points per second) stops.
    public static let minimumFlingSpeed = 10.0
    /// Back to an edge after an overscroll: UIKit spring (0.6 s, damping 1, velocity 0): critically
    /// damped like UIScrollView's bounce, starting from the list's own velocity.
    public static let bounceSpring = try! SpringParameters.uikit(duration: 0.6, dampingRatio: 1, initialVelocity: 0)
    /// Wheel scrolling glides to each new target on this short critically damped spring.
    public static let wheelSpring = try! SpringParameters.uikit(duration: 0.25, dampingRatio: 1, initialVelocity: 0)
    /// The wheel counts as released this long after its last event.
    public static let wheelReleaseDelay = 0.15
    /// Fingers remembered besides the dragging one (ten fingers and the mouse fit).
    public static let maxWaitingFingers = 16
    /// Release velocity is measured over the pointer samples of this last stretch of time.
    public static let velocityWindow = 0.1

    /// The offset's spring entity (its y is h; its x stays 0).
    public let entity: Entity
    /// What the list springs back on: `bounceSpring` unless tuned live.
    public var spring = ListView.bounceSpring
    public var rowHeight: Double
    public var rowCount: Int
    /// Empty space after the last row.
    public var bottomPadding: Double = 0
    /// The list's viewport in window coordinates (below the scene's bar).
    public private(set) var frame = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The largest offset the list rests at (0, or the strip a refresh holds open).
    public internal(set) var topInset = 0.0
    /// False while a scene locks the list (wave-balls during a refresh): input is ignored.
    public var scrollEnabled = true
    public internal(set) var mode: Mode = .idle

    var pointer: PointerID?
    /// A pointer whose drag `endDrag` cut off: its moves are ignored until it is lifted.
    var ignoredPointer: PointerID?
    var grabPointerY = 0.0
    var grabRaw = 0.0
    var lastPointerY = 0.0
    var lastRaw = 0.0
    var sampleTimes: [Double] = []
    var sampleRaws: [Double] = []
    /// Other fingers down while one drags, with their last y: when the dragging finger lifts, the
    /// drag passes to the earliest of them instead of letting the list go.
    var waitingFingers: [PointerID] = []
    var waitingFingerY: [Double] = []
    var flingStart = 0.0, flingFrom = 0.0, flingVelocity = 0.0
    var wheelRaw = 0.0, lastWheelTime = 0.0

    /// Spawns the offset entity (at 0) into `world`.
    public init(world: inout World, name: String = "list", rowHeight: Double, rowCount: Int) {
        entity = world.spawn(name, at: .zero, spring: ListView.bounceSpring)
        self.rowHeight = rowHeight
        self.rowCount = max(rowCount, 0)
        sampleTimes.reserveCapacity(32)
        sampleRaws.reserveCapacity(32)
        waitingFingers.reserveCapacity(ListView.maxWaitingFingers)
        waitingFingerY.reserveCapacity(ListView.maxWaitingFingers)
    }

    // MARK: Geometry

    public var contentHeight: Double { Double(rowCount) * rowHeight + bottomPadding }
    /// How far the content scrolls up: offsets go down to −maxScroll.
    public var maxScroll: Double { max(0, contentHeight - frame.height) }
    /// The rubber band's dimension d.
    public var rubberBandDimension: Double { max(frame.height, ListView.minimumRubberBandDimension) }

    /// The offset now (the last fixed step).
    public func offset(in world: World) -> Double { world.position(entity).y }
    /// The offset as drawn, `alpha` of the way from the previous step to the latest.
    public func interpolatedOffset(in world: World, alpha: Double) -> Double {
        world.interpolatedPosition(entity, alpha: alpha).y
    }

    /// The window y of the list's top (row 0's top edge) at `offset`.
    public func top(offset: Double) -> Double { frame.y + offset }
    /// The window y of row i's top edge at `offset`.
    public func rowTop(_ i: Int, offset: Double) -> Double { frame.y + offset + Double(i) * rowHeight }

    /// The rows that intersect the frame at `offset` (empty for a degenerate frame).
    public func visibleRows(offset: Double) -> Range<Int> {
        guard rowHeight > 0, offset.isFinite, frame.height > 0 else { return 0..<0 }
        let first = Int(max(0, min(Double(rowCount), (-offset / rowHeight).rounded(.down))))
        let last = Int(max(Double(first), min(Double(rowCount), ((frame.height - offset) / rowHeight).rounded(.up))))
        return first..<last
    }

    /// The rubber band: list travel for a finger travel x ≥ 0 past an edge.
    public static func rubberBand(_ x: Double, dimension d: Double) -> Double {
        guard x > 0, d > 0 else { return 0 }
        return (1 - 1 / (x * rubberBandCoefficient / d + 1)) * d
    }

    /// The finger travel that gives list travel y ≥ 0 past an edge (inverse of `rubberBand`).
    public static func inverseRubberBand(_ y: Double, dimension d: Double) -> Double {
        guard y > 0, d > 0 else { return 0 }
        let f = min(y / d, 0.99)
        return d / rubberBandCoefficient * (1 / (1 - f) - 1)
    }

    /// The offset for an unconstrained ("raw") finger position.
    public func offset(forRaw x: Double) -> Double {
        let d = rubberBandDimension
        if x > topInset { return topInset + ListView.rubberBand(x - topInset, dimension: d) }
        if x < -maxScroll { return -maxScroll - ListView.rubberBand(-maxScroll - x, dimension: d) }
        return x
    }

    /// The raw finger position that gives `offset` (so a grab mid-flight does not jump).
    public func raw(forOffset y: Double) -> Double {
        let d = rubberBandDimension
        if y > topInset { return topInset + ListView.inverseRubberBand(y - topInset, dimension: d) }
        if y < -maxScroll { return -maxScroll - ListView.inverseRubberBand(-maxScroll - y, dimension: d) }
        return y
    }

    /// d(offset)/d(raw) at a raw position: 1 inside the range, the rubber band's slope beyond.
    func slope(atRaw x: Double) -> Double {
        let d = rubberBandDimension, c = ListView.rubberBandCoefficient
        let beyond = x > topInset ? x - topInset : (x < -maxScroll ? -maxScroll - x : 0)
        guard beyond > 0 else { return 1 }
        let u = beyond * c / d + 1
        return c / (u * u)
    }

    // MARK: State

    /// A pointer or the wheel is moving the list.
    public var isHeld: Bool { mode == .dragging || mode == .wheeling }
    /// The list moves by itself or is held (a driven list is the scene's business).
    public var isBusy: Bool { mode != .idle && mode != .driven }
    public var isDragging: Bool { mode == .dragging }

    /// Lays the list out in `frame`; a list at rest stays inside its new range.
    public mutating func layout(frame newFrame: Rect, world: inout World) {
        frame = Rect(x: newFrame.x.isFinite ? newFrame.x : 0, y: newFrame.y.isFinite ? newFrame.y : 0,
                     width: max(newFrame.width.isFinite ? newFrame.width : 0, 0),
                     height: max(newFrame.height.isFinite ? newFrame.height : 0, 0))
        if mode == .idle {
            let y = offset(in: world)
            let clamped = min(max(y, -maxScroll), topInset)
            if clamped != y { world.teleport(entity, to: Vec2(0, clamped)) }
        }
    }
}
