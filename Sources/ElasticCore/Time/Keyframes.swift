/// Values at evenly spaced key times over `duration`, with the easing applied to the whole run
/// (Core Animation's CAKeyframeAnimation with a single timing function), linear between keys.
public struct Keyframes: Hashable, Sendable {
    public var values: [Double]
    public var start: Double
    public var duration: Double
    public var easing: Easing

    public init(_ values: [Double], start: Double, duration: Double, easing: Easing = .linear) {
        precondition(!values.isEmpty, "keyframes need at least one value")
        self.values = values; self.start = start
        self.duration = duration.isFinite ? max(duration, 0) : 0
        self.easing = easing
    }

    public func value(at time: Double) -> Double {
        guard values.count > 1 else { return values[0] }
        let p = duration > 0 ? min(max((time - start) / duration, 0), 1) : (time >= start ? 1 : 0)
        let position = easing(p) * Double(values.count - 1)
        let i = min(Int(position), values.count - 2)
        let f = position - Double(i)
        return values[i] + (values[i + 1] - values[i]) * f
    }

    public func isFinished(at time: Double) -> Bool { time >= start + duration }
}

/// A periodic piecewise-linear wave through (time, value) keys over one `period`
/// (the floating balls' 0 → +5 → 0 → −5 → 0 cycle).
public struct Cycle: Hashable, Sendable {
    public var keys: [(time: Double, value: Double)] { zip(times, values).map { ($0, $1) } }
    private var times: [Double]
    private var values: [Double]
    public var period: Double

    /// `keys` must start at time 0 and be sorted; the wave repeats every `period`.
    public init(period: Double, keys: [(Double, Double)]) {
        precondition(period > 0 && !keys.isEmpty, "a cycle needs a period and keys")
        self.period = period
        self.times = keys.map(\.0)
        self.values = keys.map(\.1)
    }

    public func value(at time: Double) -> Double {
        guard time.isFinite else { return values[0] }
        var t = time.truncatingRemainder(dividingBy: period)
        if t < 0 { t += period }
        for i in 1..<times.count where t <= times[i] {
            let span = times[i] - times[i - 1]
            let f = span > 0 ? (t - times[i - 1]) / span : 1
            return values[i - 1] + (values[i] - values[i - 1]) * f
        }
        return values[values.count - 1]
    }

    public static func == (a: Cycle, b: Cycle) -> Bool { a.times == b.times && a.values == b.values && a.period == b.period }
    public func hash(into h: inout Hasher) { h.combine(times); h.combine(values); h.combine(period) }
}
