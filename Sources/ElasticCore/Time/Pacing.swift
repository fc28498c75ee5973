/// What paces the frames a person sees, and why: the start line, the stats header and the HUD
/// print `description`. Only a check of the presents themselves makes vsync "in effect".
public enum Pacing: Equatable, Sendable, CustomStringConvertible {
    /// The display's vertical sync paces the presents; its intervals were measured to follow it.
    case vsync(displayHz: Double)
    /// vsync holds, but the presents were measured at a rate more than 5 % from the display's (a
    /// compositor that repaints at its own rate, as a nested weston does, or frames too heavy for
    /// every refresh): the measured rate is the one the frames keep.
    case vsyncAtMeasuredRate(measuredHz: Double, displayHz: Double)
    /// vsync was asked for and the renderer says it is on, but the first presents are still being
    /// measured: not yet known to hold.
    case vsyncUnconfirmed(displayHz: Double)
    /// The loop paces itself to `hz` on an absolute schedule (`FramePacer`).
    case timer(hz: Double, reason: String)
    /// Nothing paces the frames.
    case unpaced(reason: String)

    public var description: String {
        switch self {
        case let .vsync(hz): "vsync (display \(Pacing.hz(hz)) Hz)"
        case let .vsyncAtMeasuredRate(measured, display):
            "vsync, presents measured at \(Pacing.hz(measured.rounded())) Hz (display reports \(Pacing.hz(display)) Hz)"
        case let .vsyncUnconfirmed(hz): "vsync requested (display \(Pacing.hz(hz)) Hz), not yet confirmed: measuring the first presents"
        case let .timer(hz, reason): "timer \(Pacing.hz(hz)) Hz (\(reason))"
        case let .unpaced(reason): "unpaced (\(reason))"
        }
    }

    /// The rate the loop's own timer keeps, if it keeps one.
    public var timerHz: Double? { if case let .timer(hz, _) = self { hz } else { nil } }

    /// The rate the frames come at, as far as is known: the frame budget people expect. Under a
    /// compositor's own rate, the measured one.
    public var pacedHz: Double? {
        switch self {
        case let .vsync(hz), let .vsyncUnconfirmed(hz), let .timer(hz, _): hz
        case let .vsyncAtMeasuredRate(measured, _): measured
        case .unpaced: nil
        }
    }

    /// 60, 59.94, 143.856: whole numbers without decimals, others with up to three.
    public static func hz(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let thousandths = (value * 1000).rounded()
        if thousandths.truncatingRemainder(dividingBy: 1000) == 0 { return String(Int(thousandths / 1000)) }
        var text = String(Int(thousandths / 1000)) + "."
        var frac = String(Int(thousandths.truncatingRemainder(dividingBy: 1000)))
        while frac.count < 3 { frac = "0" + frac }
        while frac.hasSuffix("0") { frac.removeLast() }
        text += frac
        return text
    }
}

/// What the display and the renderer report, as the pacing decision needs it. A real window's
/// front end fills it from SDL; tests fake a display that vsyncs (or does not).
public struct DisplayReport: Equatable, Sendable {
    public var headless: Bool
    /// The simulated display rate of a headless run.
    public var simulatedFPS: Double
    public var vsyncRequested: Bool
    /// The renderer's own flag after creation (not always truthful: SDL #8004).
    public var vsyncReported: Bool
    /// The renderer only imitates vsync with a timer of whole milliseconds (SDL's software
    /// renderer), so the display never paces it.
    public var vsyncSimulated: Bool
    /// The display's refresh rate, when known.
    public var refreshHz: Double?
    /// `--fps-limit`: 0 = none.
    public var fpsLimit: Double

    public init(headless: Bool = false, simulatedFPS: Double = 60, vsyncRequested: Bool, vsyncReported: Bool,
                vsyncSimulated: Bool = false, refreshHz: Double?, fpsLimit: Double = 0) {
        self.headless = headless
        self.simulatedFPS = simulatedFPS
        self.vsyncRequested = vsyncRequested
        self.vsyncReported = vsyncReported
        self.vsyncSimulated = vsyncSimulated
        self.refreshHz = refreshHz.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.fpsLimit = fpsLimit.isFinite && fpsLimit > 0 ? fpsLimit : 0
    }
}

/// The pacing decision: who paces the frames, given what the display reports and how the first
/// presents actually came.
public enum PacingPolicy {
    /// The rate the loop falls back to when the display's is unknown.
    public static let fallbackHz = 60.0

    /// The decision before any frame. `.vsyncUnconfirmed` means: measure the presents with a
    /// `VsyncCheck` and call `afterCheck`.
    public static func initial(_ r: DisplayReport) -> Pacing {
        if r.headless { return .unpaced(reason: "headless: simulated display at \(Pacing.hz(r.simulatedFPS)) Hz") }
        let limit = r.fpsLimit > 0 ? r.fpsLimit : nil
        guard r.vsyncRequested else {
            if let limit { return .timer(hz: limit, reason: "--fps-limit, vsync off") }
            return .unpaced(reason: "--no-vsync")
        }
        let vsyncMayHold = r.vsyncReported && !r.vsyncSimulated && r.refreshHz != nil
        if let limit, !(vsyncMayHold && r.refreshHz! <= limit) {
            if let hz = r.refreshHz, hz < limit { return timerToDisplay(r) }
            return .timer(hz: limit, reason: "--fps-limit")
        }
        if vsyncMayHold { return .vsyncUnconfirmed(displayHz: r.refreshHz!) }
        return timerToDisplay(r)
    }

    /// vsync was asked for and cannot pace: the loop keeps the display's rate itself.
    private static func timerToDisplay(_ r: DisplayReport) -> Pacing {
        guard let hz = r.refreshHz else {
            return .timer(hz: fallbackHz, reason: "refresh rate unknown, vsync not in effect")
        }
        if r.vsyncSimulated { return .timer(hz: hz, reason: "display \(Pacing.hz(hz)) Hz; this renderer has no vsync") }
        return .timer(hz: hz, reason: "display \(Pacing.hz(hz)) Hz; the renderer could not turn vsync on")
    }

    /// A measured present rate this far from the display's is stated beside it.
    public static let rateTolerance = 0.05

    /// The decision once the first presents were measured: vsync holds when they come about one
    /// refresh period apart or slower, not when they come far faster. When they hold at a rate
    /// more than 5 % from the display's, that measured rate is the one stated and budgeted.
    public static func afterCheck(_ r: DisplayReport, medianIntervalNs: UInt64) -> Pacing {
        guard case let .vsyncUnconfirmed(hz) = initial(r) else { return initial(r) }
        let periodNs = 1e9 / hz
        if Double(medianIntervalNs) >= VsyncCheck.holdsAbove * periodNs {
            let measured = 1e9 / Double(medianIntervalNs)
            if abs(measured - hz) > rateTolerance * hz { return .vsyncAtMeasuredRate(measuredHz: measured, displayHz: hz) }
            return .vsync(displayHz: hz)
        }
        let ms = Double(medianIntervalNs) / 1e6
        let shown = ms >= 1 ? "\(Int(ms.rounded())) ms" : "\(Int((ms * 1000).rounded())) µs"
        return .timer(hz: min(hz, r.fpsLimit > 0 ? r.fpsLimit : hz),
                      reason: "display \(Pacing.hz(hz)) Hz, but presents came every \(shown): vsync not in effect")
    }
}

/// Measures the intervals between the returns of the first presents, to tell whether vsync holds.
public struct VsyncCheck: Sendable {
    /// Presents left out at the start (window mapping, first uploads).
    public static let skipped = 3
    /// Intervals measured.
    public static let needed = 20
    /// vsync holds when the median interval is at least this share of the refresh period.
    public static let holdsAbove = 0.5

    private var lastNs: UInt64?
    private var seen = 0
    private var intervals: [UInt64] = []

    public init() { intervals.reserveCapacity(VsyncCheck.needed) }

    /// The return of a present; the median interval once enough were measured, else nil.
    public mutating func presented(atNs now: UInt64) -> UInt64? {
        seen += 1
        defer { lastNs = now }
        guard seen > VsyncCheck.skipped, let last = lastNs, now >= last, intervals.count < VsyncCheck.needed else { return nil }
        intervals.append(now - last)
        guard intervals.count == VsyncCheck.needed else { return nil }
        let sorted = intervals.sorted()
        return sorted[sorted.count / 2]
    }

    /// The loop did not present for a while (idle, hidden): the next interval would span it.
    public mutating func gap() { lastNs = nil }
}
